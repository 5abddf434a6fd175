"""The keeper's spare link over REST (games/services/spare.py): a keeper's token reads the spare
key and renews it; the spare key makes the token sending it (or a new one) a keeper. Refusals
are JSON with a sentence, as everywhere in the API."""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
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
from games.api.seats import ClaimSerializer, claim_json
from games.models import Table
from games.services import spare
from games.services.access import Access


class SpareSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="The spare key, for POST /api/tables/<code>/keeper/.")
    url = serializers.CharField(help_text="The spare keeper link for a browser (its QR code).")
    message = serializers.CharField(required=False, help_text="After a renewal.")


class UseSpareSerializer(serializers.Serializer):
    spare = TextField(
        max_length=64,
        # The key is hex (an HMAC's): anything else is no key at all, said before it is tried.
        validators=[RegexValidator(r"^[0-9a-f]+$", _("A spare key has only digits and a–f."))],
        help_text="The table's spare key (GET …/spare/ shows it).",
    )


def spare_json(request: Request, table: Table, key: str) -> dict:
    path = reverse("games:spare-keeper", args=[table.code, key])
    return {"key": key, "url": request.build_absolute_uri(path)}


@extend_schema(
    methods=["GET"],
    responses={200: SpareSerializer, 403: DENIED, 404: NOT_FOUND},
    tags=["seats"],
    description="The table's spare keeper link: a keeper's credential only. Keep it apart "
    "(saved, printed): it makes any device a keeper when the keepers' are lost.",
)
@extend_schema(
    methods=["POST"],
    request=None,
    responses={200: SpareSerializer, 403: DENIED, 404: NOT_FOUND},
    tags=["seats"],
    description="A keeper renews the spare link: the old one stops working.",
)
@api_view(["GET", "POST"])
@authentication_classes([SeatCredential])
@table_endpoint
def spare_link(request: Request, table: Table, held: Access) -> Response:
    if request.method == "POST":
        message = spare.renew_spare(table.code, by=held)
        table.refresh_from_db(fields=["spare_salt"])
        return Response(
            {**spare_json(request, table, spare.spare_for(table, held)), "message": message}
        )
    return Response(spare_json(request, table, spare.spare_for(table, held)))


@extend_schema(
    request=UseSpareSerializer,
    responses={200: ClaimSerializer, 400: REFUSED, 403: DENIED, 404: NOT_FOUND},
    tags=["seats"],
    description="Keep the table with its spare key: without a credential this is a new device "
    "and gets a keeper's token; with one, that device becomes a keeper and keeps its seat. "
    "403 with a wrong or renewed key.",
)
@api_view(["POST"])
@authentication_classes([SeatCredential])
@refusals_answered
def keep_with_spare(request: Request, code: str) -> Response:
    body = UseSpareSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    secret, held = spare.use_spare(
        code, body.validated_data["spare"], secret=credentials.api_secret(request)
    )
    return Response(claim_json(secret, held))
