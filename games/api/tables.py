"""Tables and moves over REST: create, read (as the credential's seat), move, undo, history,
export and import."""

from __future__ import annotations

import json
from functools import wraps

from drf_spectacular.utils import OpenApiResponse, PolymorphicProxySerializer, extend_schema
from pydantic import ValidationError
from rest_framework import serializers, status
from rest_framework.decorators import api_view, authentication_classes
from rest_framework.request import Request
from rest_framework.response import Response

from games.api import credentials
from games.api.common import (
    AS_SEAT,
    AS_SEAT_HELP,
    CONFLICT,
    DENIED,
    HELD,
    NOT_FOUND,
    REFUSED,
    UNSEATED,
    MoveSerializer,
    SeatCredential,
    TableSerializer,
    TextField,
    VisitorSerializer,
    conflict,
    refusals_answered,
    table_endpoint,
    table_json,
    visitor_json,
)
from games.api.schema import EXPORT_DOCUMENT
from games.core.refusals import describe_validation_error
from games.core.registry import all_games
from games.models import Table
from games.services import access, exchange, keeping, record, seating, tables, turns
from games.services.access import Access, Credential


class NewTableSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=[])
    name = TextField(max_length=80, required=False, allow_blank=True)
    options = serializers.DictField(required=False, default=dict)
    group = TextField(
        max_length=60,
        required=False,
        default="",
        allow_blank=True,
        help_text="The gaming group, for its results over time.",
    )
    group_key = TextField(
        max_length=32,
        required=False,
        default="",
        allow_blank=True,
        help_text="The group's results key (its results link's `key`), to add this table to "
        "the results of a group that already plays here; a new key when left out.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = list(all_games())

    def validate(self, data):
        # The body is JSON: its options hold JSON's own types, as the game's <Game>Options
        # schema says (pydantic's lax parse, right for a form's strings, would take 0 for false).
        game = all_games()[data["game"]]
        try:
            game.Options.model_validate_json(json.dumps(data["options"]), strict=True)
        except ValidationError as exc:
            # one sentence, not under a field name (describe_validation_error names the field)
            raise serializers.ValidationError(describe_validation_error(exc, "options")) from exc
        return data


class KeptTableSerializer(TableSerializer):
    token = serializers.CharField(
        help_text="The keeper's credential: send it as 'Authorization: Bearer …'. Shown once."
    )


class ActingSerializer(serializers.Serializer):
    as_seat = TextField(
        max_length=16,
        required=False,
        default="",
        allow_blank=True,
        help_text=AS_SEAT_HELP,
    )


class MoveRequestSerializer(ActingSerializer):
    move = TextField(max_length=60)
    args = serializers.DictField(required=False, default=dict)
    version = serializers.IntegerField(min_value=1)


class UndoRequestSerializer(ActingSerializer):
    version = serializers.IntegerField(min_value=1)


class MoveResultSerializer(serializers.Serializer):
    move = MoveSerializer()
    table = TableSerializer()


def moved(body_serializer):
    """An API write over a table (move, undo, restore), as ``action(code, body, who)``: the
    body checked, then the service, which checks the request's credential in its own locked
    read and refuses what it may not do; answers the move and the table."""

    def decorate(action):
        @wraps(action)
        @refusals_answered
        def view(request: Request, code: str, **kwargs) -> Response:
            body = body_serializer(data=request.data)
            body.is_valid(raise_exception=True)
            as_seat = body.validated_data.get("as_seat") or None
            who = Credential(credentials.api_secret(request), as_seat=as_seat)
            try:
                written = action(code, body.validated_data, who, **kwargs)
            except tables.VersionConflict as exc:
                return conflict(exc, exc.held or access.ANONYMOUS)
            table = table_json(written.table, written.held, written.state)
            return Response({"move": MoveSerializer(written.move).data, "table": table})

        return view

    return decorate


def _kept(table, secret: str) -> Response:
    """A table just started or imported, and the keeper's token (holding no seat yet)."""
    held = Access(seat=None, keeper=True)
    return Response({**table_json(table, held), "token": secret}, status=status.HTTP_201_CREATED)


@extend_schema(
    request=NewTableSerializer,
    responses={201: KeptTableSerializer, 400: REFUSED},
    tags=["tables"],
    description="Start a table. The answer's token makes the caller its keeper.",
)
@api_view(["POST"])
@authentication_classes([SeatCredential])
@refusals_answered
def create_table(request: Request) -> Response:
    body = NewTableSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    data = body.validated_data
    table = tables.create_table(
        data["game"],
        data.get("name", ""),
        data["options"],
        group=data["group"],
        group_key=data["group_key"] if data["group"] else "",
    )
    return _kept(table, seating.open_keeper(table))


class RenameSerializer(serializers.Serializer):
    name = TextField(max_length=80)


@extend_schema(
    methods=["GET"],
    parameters=[AS_SEAT],
    responses={
        200: PolymorphicProxySerializer(
            component_name="TableOrVisitor",
            serializers=[TableSerializer, VisitorSerializer],
            resource_type_field_name=None,
        ),
        403: DENIED,
        404: NOT_FOUND,
        409: HELD,
    },
    tags=["tables"],
    description="The table as the credential's seat may see it (a keeper's without a seat: "
    "the shared display's view). Without a credential, or with another table's, the code "
    "finds the table and nothing more: its `code`, `game`, `name` and `seats`, and a `detail` "
    "saying how to take a seat (the seat page's), as a `Visitor`. A group reads its code "
    "aloud; someone at the next table must not follow its names, cards and progress.",
)
@extend_schema(
    methods=["PATCH"],
    request=RenameSerializer,
    responses={200: TableSerializer, 400: REFUSED, 403: DENIED, 404: NOT_FOUND},
    tags=["tables"],
    description="A keeper renames the table.",
)
@extend_schema(
    methods=["DELETE"],
    request=None,
    responses={204: None, 403: DENIED, 404: NOT_FOUND},
    tags=["tables"],
    description="A keeper deletes the table with its log, seats and backups.",
)
@api_view(["GET", "PATCH", "DELETE"])
@authentication_classes([SeatCredential])
@table_endpoint
def table_detail(request: Request, table: Table, held: Access) -> Response:
    if request.method == "PATCH":
        body = RenameSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        table = keeping.rename_table(table.code, body.validated_data["name"], by=held)
    elif request.method == "DELETE":
        keeping.delete_table(table.code, by=held)
        return Response(status=status.HTTP_204_NO_CONTENT)
    found = access.visitor(table, held)
    if found is not None:
        return Response(visitor_json(found))
    return Response(table_json(table, held))


@extend_schema(
    request=MoveRequestSerializer,
    responses={
        200: MoveResultSerializer,
        400: REFUSED,
        403: DENIED,
        404: NOT_FOUND,
        409: CONFLICT,
    },
    tags=["moves"],
    description="Apply one of the game's moves as the credential's seat. The moves of each game "
    "and their arguments are listed in this schema's `MoveRequest` variants.",
)
@api_view(["POST"])
@authentication_classes([SeatCredential])
@moved(MoveRequestSerializer)
def make_move(code: str, body: dict, who: Credential):
    return turns.apply_move(
        code, body["move"], body["args"], expected_version=body["version"], seat=who
    )


@extend_schema(
    request=UndoRequestSerializer,
    responses={
        200: MoveResultSerializer,
        400: REFUSED,
        403: DENIED,
        404: NOT_FOUND,
        409: CONFLICT,
    },
    tags=["moves"],
)
@api_view(["POST"])
@authentication_classes([SeatCredential])
@moved(UndoRequestSerializer)
def undo(code: str, body: dict, who: Credential):
    return turns.undo_last(code, expected_version=body["version"], seat=who)


@extend_schema(
    responses={200: MoveSerializer(many=True), 403: UNSEATED, 404: NOT_FOUND},
    tags=["moves"],
    description="The log, newest first, for a seat's (or the keeper's) credential. A move's "
    "arguments can name hidden things (the card a player drew), so they are shown only to the "
    "seat that made the move.",
)
@api_view(["GET"])
@authentication_classes([SeatCredential])
@table_endpoint
def history(request: Request, table: Table, held: Access) -> Response:
    access.require_reader(held)
    moves = []
    for move, shown in record.visible_log(table, by=held):
        data = MoveSerializer(move).data
        if not shown:
            data["args"] = None
        moves.append(data)
    return Response(moves)


@extend_schema(
    responses={
        200: OpenApiResponse(
            EXPORT_DOCUMENT, description="The table as a versioned JSON document."
        ),
        403: DENIED,
        404: NOT_FOUND,
    },
    tags=["exchange"],
    description="The whole table, every secret included: for a keeper's credential only.",
)
@api_view(["GET"])
@authentication_classes([SeatCredential])
@table_endpoint
def export(request: Request, table: Table, held: Access) -> Response:
    return Response(keeping.export_document(table, by=held))


@extend_schema(
    request={"application/json": EXPORT_DOCUMENT},
    responses={201: KeptTableSerializer, 400: REFUSED},
    tags=["exchange"],
    description="A new table from an export. The answer's token makes the caller its keeper.",
)
@api_view(["POST"])
@authentication_classes([SeatCredential])
@refusals_answered
def import_table(request: Request) -> Response:
    exchange.check_size(len(request.body))  # before DRF parses it
    table = exchange.import_table(request.data if isinstance(request.data, dict) else {})
    return _kept(table, seating.open_keeper(table))
