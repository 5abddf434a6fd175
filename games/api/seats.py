"""Seats over REST: claim one (with its join key, or as the keeper), leave it, and the keeper's
list of seats with their join links."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, authentication_classes
from rest_framework.request import Request
from rest_framework.response import Response

from games.api import credentials
from games.api.common import (
    DENIED,
    NOT_FOUND,
    REFUSED,
    SeatCredential,
    TextField,
    refusals_answered,
    table_endpoint,
)
from games.models import Table
from games.services import seating
from games.services.access import Access


class ClaimRequestSerializer(serializers.Serializer):
    seat = TextField(min_length=1, max_length=16)
    invite = TextField(
        max_length=40,
        required=False,
        default="",
        allow_blank=True,
        help_text="The seat's join key (the last part of its join link); a keeper needs none.",
    )


class ClaimSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send as 'Authorization: Bearer …'. Shown once.")
    seat = serializers.CharField(allow_null=True)
    keeper = serializers.BooleanField()


class SeatLineSerializer(serializers.Serializer):
    id = serializers.CharField()
    label = serializers.CharField()
    kind = serializers.CharField(
        help_text="The seat's kind now: 'table', 'sm' or 'player'. Lands of Galzyr's Story "
        "master seat is of the 'table' kind while a player reads as story master (a campaign "
        "game of two or more, during a game) and 'sm' otherwise."
    )
    held = serializers.BooleanField()
    mine = serializers.BooleanField(help_text="Held by the credential asking.")
    keeper = serializers.BooleanField(help_text="The device holding it keeps the table too.")
    invite = serializers.CharField(help_text="The join key to claim this seat with.")
    join_url = serializers.CharField()


class SeatActionSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=["free", "keeper", "new-links"])
    seat = TextField(max_length=16, required=False, default="", allow_blank=True)


class MessageSerializer(serializers.Serializer):
    message = serializers.CharField()


def claim_json(token: str, held: Access) -> dict:
    """What a credential holds after a claim: the token to send (shown once) and its seat."""
    return {"token": token, "seat": held.seat, "keeper": held.keeper}


@extend_schema(
    request=ClaimRequestSerializer,
    responses={200: ClaimSerializer, 400: REFUSED, 403: DENIED, 404: NOT_FOUND, 409: REFUSED},
    tags=["seats"],
    description="Take a seat. Without a credential this is a new device and needs the seat's "
    "join key; with one, that device moves to the seat (a keeper needs no key). 409 when "
    "another device holds the seat.",
)
@api_view(["POST"])
@authentication_classes([SeatCredential])
@refusals_answered
def claim(request: Request, code: str) -> Response:
    body = ClaimRequestSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    secret, held = seating.claim_seat(
        code,
        body.validated_data["seat"],
        secret=credentials.api_secret(request),
        invite=body.validated_data["invite"],
    )
    return Response(claim_json(secret, held))


@extend_schema(
    request=None,
    responses={200: ClaimSerializer, 403: DENIED, 404: NOT_FOUND},
    tags=["seats"],
    description="Give the credential's seat up (a keeper stays keeper; anyone else's token "
    "stops working).",
)
@api_view(["POST"])
@authentication_classes([SeatCredential])
@table_endpoint
def leave(request: Request, table: Table, held: Access) -> Response:
    now = seating.leave_seat(table.code, held)
    return Response(claim_json("", now))


@extend_schema(
    methods=["GET"],
    responses={200: SeatLineSerializer(many=True), 403: DENIED, 404: NOT_FOUND},
    tags=["seats"],
    description="Every seat, who holds it and its join link: a keeper's credential only.",
)
@extend_schema(
    methods=["POST"],
    request=SeatActionSerializer,
    responses={200: MessageSerializer, 400: REFUSED, 403: DENIED, 404: NOT_FOUND},
    tags=["seats"],
    description="A keeper frees a seat ('free'), makes the device holding it a keeper "
    "('keeper'), or replaces every join link ('new-links').",
)
@api_view(["GET", "POST"])
@authentication_classes([SeatCredential])
@table_endpoint
def seats(request: Request, table: Table, held: Access) -> Response:
    code = table.code
    if request.method == "POST":
        body = SeatActionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        action, seat = body.validated_data["action"], body.validated_data["seat"]
        if action == "new-links":
            message = seating.new_links(code, by=held)
        elif action == "free":
            message = seating.free_seat(code, seat, by=held)
        else:
            message = seating.name_keeper(code, seat, by=held)
        return Response({"message": message})
    lines = seating.seat_lines(table, held)
    return Response(
        [
            {
                **vars(line.seat),
                "held": line.held,
                "mine": line.mine,
                "keeper": line.keeper,
                "invite": line.invite,
                "join_url": request.build_absolute_uri(
                    reverse("games:join-seat", args=[code, line.seat.id, line.invite])
                ),
            }
            for line in lines
        ],
        status=status.HTTP_200_OK,
    )
