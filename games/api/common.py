"""What every endpoint of the REST API shares: error bodies, the table's JSON, and one way to
answer for a table: ``table_endpoint`` finds the table and what the request's bearer token
proves there (games/api/credentials.py) and turns every refusal the services raise into its
JSON answer."""

from __future__ import annotations

from functools import wraps

from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from pydantic import BaseModel
from rest_framework import serializers, status
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request
from rest_framework.response import Response

from games.api import credentials
from games.core.engine import RuleError
from games.models import Move, Table
from games.services import access, backups, seating, tables
from games.services.access import Access, AccessDenied
from games.services.shown import shown


class TextField(serializers.CharField):
    """A request's text field: a JSON string only, as the schema says (DRF's own CharField
    turns 12 or 1.5 into "12" and "1.5")."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class ErrorSerializer(serializers.Serializer):
    error = serializers.CharField()


class ConflictSerializer(ErrorSerializer):
    version = serializers.IntegerField()
    state = serializers.JSONField(help_text="The latest table as this seat's view (as a table's).")


class SeatSerializer(serializers.Serializer):
    id = serializers.CharField()
    label = serializers.CharField()
    kind = serializers.CharField()


class TableSerializer(serializers.Serializer):
    code = serializers.CharField()
    game = serializers.CharField()
    name = serializers.CharField()
    version = serializers.IntegerField()
    seat = serializers.CharField(
        allow_null=True,
        help_text="The seat the credential holds; null: a keeper holding no seat, shown "
        "the shared display's view.",
    )
    keeper = serializers.BooleanField(help_text="Whether the credential keeps the table.")
    seats = SeatSerializer(many=True)
    state = serializers.JSONField(
        help_text="This seat's view of the table (the game's view for it: what it may see), "
        "not the stored state; its shape is the game's."
    )
    may = serializers.DictField(
        child=serializers.BooleanField(),
        help_text="Whether this seat's role may make each move now (move names with '_' for "
        "'-'), whose turn it is included; not whether the rules allow it in this position: a "
        "game's view lists those in state.moves where it has them, and the pages draw a button "
        "where both say yes. Empty without a seat.",
    )
    outcome = serializers.JSONField(allow_null=True)
    updated = serializers.DateTimeField()


class VisitorSerializer(serializers.Serializer):
    """A table as its code alone reads it (games/services/access.py ``visitor``)."""

    code = serializers.CharField()
    game = serializers.CharField()
    name = serializers.CharField()
    seats = SeatSerializer(many=True)
    detail = serializers.CharField(help_text="How to take a seat: with its join link.")


def visitor_json(found: access.Visitor) -> dict:
    return {
        "code": found.code,
        "game": found.game,
        "name": found.name,
        "seats": [vars(seat) for seat in found.seats],
        "detail": found.detail,
    }


class MoveSerializer(serializers.ModelSerializer):
    class Meta:
        model = Move
        fields = ["name", "args", "seat", "sentence", "version", "undone", "created"]


def table_json(table: Table, held: Access, state: BaseModel | None = None) -> dict:
    """The table as ``held`` may see it; ``state``: its state already parsed (by a move)."""
    game = tables.game_of(table)
    if state is None:  # parsed once for all below
        state = tables.loaded_state(table)
    seen = shown(game, state, held.view_seat, held.seat)
    return {
        "code": table.code,
        "game": table.game,
        "name": table.name,
        "version": table.version,
        "seat": held.seat,
        "keeper": held.keeper,
        "seats": [vars(s) for s in seen.seats],
        "state": seen.view,
        "may": seen.may,
        "outcome": seen.outcome.as_json() if seen.outcome else None,
        "updated": table.updated,
    }


def refused(message: str, code: int = status.HTTP_400_BAD_REQUEST) -> Response:
    return Response({"error": message}, status=code)


def not_found() -> Response:
    return refused(_("No table has this code."), status.HTTP_404_NOT_FOUND)


def denied(exc: Exception) -> Response:
    return refused(str(exc), status.HTTP_403_FORBIDDEN)


class SeatCredential(BaseAuthentication):
    """Documents the seat credential in the schema; the views read it through
    games/api/credentials.py (a table's credential is no user, so it authenticates nobody)."""

    def authenticate(self, request):
        return None

    def authenticate_header(self, request):
        return 'Bearer realm="table"'


class SeatCredentialScheme(OpenApiAuthenticationExtension):
    target_class = "games.api.common.SeatCredential"
    name = "seatCredential"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "The token a seat claim (or creating or importing a table) "
            "returned. Without it (or with another table's), a table's code finds its name, "
            "game and seats and nothing more: every other read is refused (403), and so is "
            "every move.",
        }


def conflict(exc: tables.VersionConflict, held: Access) -> Response:
    """A write against an old version: the latest table, as this seat may see it."""
    table = exc.table
    return Response(
        {
            "error": str(exc),
            "version": table.version,
            "state": tables.game_of(table).view(table.state, held.view_seat),
        },
        status=status.HTTP_409_CONFLICT,
    )


def refusal(exc: RuleError | access.TableNotFound | backups.BackupNotFound) -> Response:
    """The answer to what the services refuse: 404, 403, 409 for a held seat, else 400."""
    if isinstance(exc, access.TableNotFound):
        return not_found()
    if isinstance(exc, backups.BackupNotFound):
        return refused(_("This table has no such backup."), status.HTTP_404_NOT_FOUND)
    if isinstance(exc, seating.SeatHeld):
        return refused(str(exc), status.HTTP_409_CONFLICT)
    if isinstance(exc, AccessDenied):
        return denied(exc)
    return refused(str(exc))


REFUSALS = (RuleError, access.TableNotFound, backups.BackupNotFound)


def refusals_answered(view):
    """An API view whose refusals (RuleError and the not-founds) become their JSON answers."""

    @wraps(view)
    def wrapped(request: Request, *args, **kwargs) -> Response:
        try:
            return view(request, *args, **kwargs)
        except REFUSALS as exc:
            return refusal(exc)

    return wrapped


def table_endpoint(view):
    """An API view over one table, called as ``view(request, table, held, **kwargs)``: the
    table and what the request's bearer token proves there, found in one query; refusals and
    a stale version become their JSON answers."""

    @wraps(view)
    def wrapped(request: Request, code: str, **kwargs) -> Response:
        try:
            as_seat = request.query_params.get("as_seat") or None
            table, held = credentials.api_access(request, code, as_seat)
        except access.TableNotFound:
            return not_found()
        except RuleError as exc:  # as_seat refused: not the shared display, or a held seat
            return refusal(exc)
        try:
            return view(request, table, held, **kwargs)
        except tables.VersionConflict as exc:
            return conflict(exc, held)
        except REFUSALS as exc:
            return refusal(exc)

    return wrapped


NOT_FOUND = OpenApiResponse(ErrorSerializer, description="No table has this code.")
REFUSED = OpenApiResponse(ErrorSerializer, description="Refused, with a sentence for the player.")
DENIED = OpenApiResponse(
    ErrorSerializer, description="The credential does not allow this (no seat, or not a keeper)."
)
UNSEATED = OpenApiResponse(
    ErrorSerializer,
    description="No credential holding a seat (or the keeper's) at this table: the code alone "
    "reads the table's name, game and seats only (`GET /api/tables/{code}/`).",
)
CONFLICT = OpenApiResponse(ConflictSerializer, description="Made against an old version.")
HELD = OpenApiResponse(ErrorSerializer, description="as_seat names a seat a device holds.")
AS_SEAT_HELP = (
    "The shared display's credential (the 'table' seat) plays a seat no device holds: the "
    "table is seen, and the move made, as that seat (its roles checked). Refused (403) for "
    "any other credential and (409) for a seat a device holds."
)
AS_SEAT = OpenApiParameter("as_seat", str, required=False, description=AS_SEAT_HELP)
