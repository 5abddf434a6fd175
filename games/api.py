"""The REST API over the same services as the pages: tables, moves, history, undo, export,
backups."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from games import backups, exchange, services
from games.engine import STORY_MASTER_SEAT, TABLE_SEAT, RuleError
from games.models import Backup, Move, Table
from games.registry import all_games


class ErrorSerializer(serializers.Serializer):
    error = serializers.CharField()


class ConflictSerializer(ErrorSerializer):
    version = serializers.IntegerField()
    state = serializers.JSONField()


class NewTableSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=[])
    name = serializers.CharField(max_length=80, required=False, allow_blank=True)
    options = serializers.DictField(required=False, default=dict)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = list(all_games())


class MoveRequestSerializer(serializers.Serializer):
    move = serializers.CharField(max_length=60)
    args = serializers.DictField(required=False, default=dict)
    version = serializers.IntegerField(min_value=1)
    seat = serializers.CharField(max_length=16, required=False, default=TABLE_SEAT)


class UndoRequestSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=1)
    seat = serializers.CharField(max_length=16, required=False, default=TABLE_SEAT)


class RestoreRequestSerializer(UndoRequestSerializer):
    """The table's version (a restore is a write like a move) and a keeper seat."""


class BackupRequestSerializer(serializers.Serializer):
    seat = serializers.CharField(max_length=16, required=False, default=TABLE_SEAT)


class BackupSerializer(serializers.ModelSerializer):
    token = serializers.CharField(read_only=True, help_text="Addresses the backup in URLs.")
    size = serializers.IntegerField(read_only=True, help_text="Bytes of the saved state.")

    class Meta:
        model = Backup
        fields = ["token", "created", "version", "label", "size"]
        read_only_fields = fields


class SeatSerializer(serializers.Serializer):
    id = serializers.CharField()
    label = serializers.CharField()
    kind = serializers.CharField()


class TableSerializer(serializers.Serializer):
    code = serializers.CharField()
    game = serializers.CharField()
    name = serializers.CharField()
    version = serializers.IntegerField()
    seat = serializers.CharField()
    seats = SeatSerializer(many=True)
    state = serializers.JSONField(help_text="The table as this seat may see it.")
    outcome = serializers.JSONField(allow_null=True)
    updated = serializers.DateTimeField()


class MoveSerializer(serializers.ModelSerializer):
    class Meta:
        model = Move
        fields = ["name", "args", "seat", "sentence", "version", "undone", "created"]


class MoveResultSerializer(serializers.Serializer):
    move = MoveSerializer()
    table = TableSerializer()


def table_json(table: Table, seat: str) -> dict:
    game = services.game_of(table)
    state = services.loaded_state(table)  # parsed once (or left by the move) for all below
    outcome = game.outcome_fn(state)
    return {
        "code": table.code,
        "game": table.game,
        "name": table.name,
        "version": table.version,
        "seat": seat,
        "seats": [vars(s) for s in game.seats_fn(state)],
        "state": game.view_fn(state, seat),
        "outcome": outcome.as_json() if outcome else None,
        "updated": table.updated,
    }


def refused(message: str, code: int = status.HTTP_400_BAD_REQUEST) -> Response:
    return Response({"error": message}, status=code)


def not_found() -> Response:
    return refused(_("No table has this code."), status.HTTP_404_NOT_FOUND)


def no_backup() -> Response:
    return refused(_("This table has no such backup."), status.HTTP_404_NOT_FOUND)


def conflict(exc: services.VersionConflict, seat: str) -> Response:
    table = exc.table
    return Response(
        {
            "error": str(exc),
            "version": table.version,
            "state": services.game_of(table).view(table.state, seat),
        },
        status=status.HTTP_409_CONFLICT,
    )


def _write(request: Request, code: str, body_serializer, action) -> Response:
    body = body_serializer(data=request.data)
    body.is_valid(raise_exception=True)
    seat = body.validated_data["seat"]
    try:
        table, logged = action(body.validated_data)
    except services.TableNotFound:
        return not_found()
    except backups.BackupNotFound:
        return no_backup()
    except services.VersionConflict as exc:
        try:
            return conflict(exc, seat)
        except RuleError as seat_error:
            return refused(str(seat_error))
    except RuleError as exc:
        return refused(str(exc))
    return Response({"move": MoveSerializer(logged).data, "table": table_json(table, seat)})


SEAT_PARAM = OpenApiParameter(
    "seat",
    str,
    description=f"Whose view: '{TABLE_SEAT}' (default), '{STORY_MASTER_SEAT}' or a player seat 'p1'…",
)
NOT_FOUND = OpenApiResponse(ErrorSerializer, description="No table has this code.")
REFUSED = OpenApiResponse(ErrorSerializer, description="Refused, with a sentence for the player.")
CONFLICT = OpenApiResponse(ConflictSerializer, description="Made against an old version.")


@extend_schema(
    request=NewTableSerializer, responses={201: TableSerializer, 400: REFUSED}, tags=["tables"]
)
@api_view(["POST"])
def create_table(request: Request) -> Response:
    body = NewTableSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    data = body.validated_data
    try:
        table = services.create_table(data["game"], data.get("name", ""), data["options"])
    except RuleError as exc:
        return refused(str(exc))
    return Response(table_json(table, TABLE_SEAT), status=status.HTTP_201_CREATED)


@extend_schema(
    parameters=[SEAT_PARAM],
    responses={200: TableSerializer, 400: REFUSED, 404: NOT_FOUND},
    tags=["tables"],
)
@api_view(["GET"])
def table_detail(request: Request, code: str) -> Response:
    seat = request.query_params.get("seat", TABLE_SEAT)
    try:
        table = services.get_table(code)
        services.seat_of(table, seat)
    except services.TableNotFound:
        return not_found()
    except RuleError as exc:
        return refused(str(exc))
    return Response(table_json(table, seat))


@extend_schema(
    request=MoveRequestSerializer,
    responses={200: MoveResultSerializer, 400: REFUSED, 404: NOT_FOUND, 409: CONFLICT},
    tags=["moves"],
    description="Apply one of the game's moves. The moves of each game and their arguments "
    "are listed in this schema's `MoveRequest` variants.",
)
@api_view(["POST"])
def make_move(request: Request, code: str) -> Response:
    return _write(
        request,
        code,
        MoveRequestSerializer,
        lambda body: services.apply_move(
            code, body["move"], body["args"], expected_version=body["version"], seat=body["seat"]
        ),
    )


@extend_schema(
    request=UndoRequestSerializer,
    responses={200: MoveResultSerializer, 400: REFUSED, 404: NOT_FOUND, 409: CONFLICT},
    tags=["moves"],
)
@api_view(["POST"])
def undo(request: Request, code: str) -> Response:
    return _write(
        request,
        code,
        UndoRequestSerializer,
        lambda body: services.undo_last(code, expected_version=body["version"], seat=body["seat"]),
    )


@extend_schema(
    parameters=[SEAT_PARAM],
    responses={200: MoveSerializer(many=True), 404: NOT_FOUND},
    tags=["moves"],
    description="The log, newest first. A move's arguments can name hidden things (the card a "
    "player drew), so they are shown only to the seat that made the move.",
)
@api_view(["GET"])
def history(request: Request, code: str) -> Response:
    seat = request.query_params.get("seat", TABLE_SEAT)
    try:
        table = services.get_table(code)
    except services.TableNotFound:
        return not_found()
    moves = MoveSerializer(services.history(table), many=True).data
    for move in moves:
        if move["seat"] != seat:
            move["args"] = None
    return Response(moves)


@extend_schema(
    responses={
        200: OpenApiResponse(description="The table as a versioned JSON document."),
        404: NOT_FOUND,
    },
    tags=["exchange"],
)
@api_view(["GET"])
def export(request: Request, code: str) -> Response:
    try:
        table = services.get_table(code)
    except services.TableNotFound:
        return not_found()
    return Response(exchange.export_table(table))


@extend_schema(
    request={"application/json": {"type": "object", "description": "An exported table document."}},
    responses={201: TableSerializer, 400: REFUSED},
    tags=["exchange"],
)
@api_view(["POST"])
def import_table(request: Request) -> Response:
    if len(request.body) > exchange.MAX_BYTES:
        return refused(_("The document is larger than 5 MB; a table export can be at most 5 MB."))
    try:
        table = exchange.import_table(request.data if isinstance(request.data, dict) else {})
    except RuleError as exc:
        return refused(str(exc))
    return Response(table_json(table, TABLE_SEAT), status=status.HTTP_201_CREATED)


NO_BACKUP = OpenApiResponse(ErrorSerializer, description="No such table, or no such backup.")


@extend_schema(
    methods=["GET"],
    parameters=[SEAT_PARAM],
    responses={200: BackupSerializer(many=True), 400: REFUSED, 404: NOT_FOUND},
    tags=["backups"],
    description="The table's backups, newest first (the last 20 are kept). Backups hold every "
    "secret: only the shared display ('table') and the story master ('sm') may use them.",
)
@extend_schema(
    methods=["POST"],
    request=BackupRequestSerializer,
    responses={201: BackupSerializer, 400: REFUSED, 404: NOT_FOUND},
    tags=["backups"],
    description="Back up now: store the table as it is (the oldest beyond 20 is dropped).",
)
@api_view(["GET", "POST"])
def table_backups(request: Request, code: str) -> Response:
    if request.method == "POST":
        body = BackupRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            _, backup = services.back_up(code, seat=body.validated_data["seat"])
        except services.TableNotFound:
            return not_found()
        except RuleError as exc:
            return refused(str(exc))
        return Response(BackupSerializer(backup).data, status=status.HTTP_201_CREATED)
    try:
        table = _keeper_table(code, request.query_params.get("seat", TABLE_SEAT))
    except services.TableNotFound:
        return not_found()
    except RuleError as exc:
        return refused(str(exc))
    return Response(BackupSerializer(backups.listing(table), many=True).data)


def _keeper_table(code: str, seat: str) -> Table:
    table = services.get_table(code)
    services.keeper_seat(table, seat)
    return table


@extend_schema(
    parameters=[SEAT_PARAM],
    responses={
        200: OpenApiResponse(description="The table as it was, as an export document."),
        400: REFUSED,
        404: NO_BACKUP,
    },
    tags=["backups"],
)
@api_view(["GET"])
def backup_document(request: Request, code: str, token: str) -> Response:
    try:
        table = _keeper_table(code, request.query_params.get("seat", TABLE_SEAT))
        backup = backups.find(table, token)
    except services.TableNotFound:
        return not_found()
    except backups.BackupNotFound:
        return no_backup()
    except RuleError as exc:
        return refused(str(exc))
    return Response(exchange.export_backup(backup))


@extend_schema(
    request=RestoreRequestSerializer,
    responses={200: MoveResultSerializer, 400: REFUSED, 404: NO_BACKUP, 409: CONFLICT},
    tags=["backups"],
    description="Put the backup's state back as a new move in the log (undo takes it back). "
    "Refused with 400, changing nothing, when the game's rules can't take the backup's state.",
)
@api_view(["POST"])
def restore_backup(request: Request, code: str, token: str) -> Response:
    return _write(
        request,
        code,
        RestoreRequestSerializer,
        lambda body: services.restore_backup(
            code, token, expected_version=body["version"], seat=body["seat"]
        ),
    )
