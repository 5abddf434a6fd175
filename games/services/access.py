"""Who is asking: the seat and role a credential proves at one table.

A code finds a table; it opens nothing secret. A device proves a seat with the secret it was
given when it claimed the seat (games/services/seating.py). The server keeps only the secret's
SHA-256 in a ``Claim`` row, so a keeper can revoke it and a copy of the database hands out no
credential.

Every HTMX and DRF view asks here, and nowhere else, what a secret proves; where a request
carries it is theirs to read (games/web/credentials.py: a signed cookie; games/api/
credentials.py: the bearer header), so this module knows no HTTP. Without a valid secret a
request is anonymous: it reads what the code alone finds (``visitor``) and makes no move.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from django.db import connection
from django.db.models import F, FilteredRelation, JSONField, PositiveIntegerField, Q
from django.db.models.expressions import RawSQL
from django.utils.translation import gettext as _

from games.core.engine import TABLE_SEAT, RuleError, Seat
from games.models import Claim, Table
from games.services import handed

PUBLIC_SEAT = TABLE_SEAT  # whose view a keeper holding no seat gets: the shared display's


class AccessDenied(RuleError):
    """The request's credential does not allow this (the API answers 403)."""


class TableNotFound(Exception):
    """No table has this code (the page or API answers 404)."""


class SeatHeld(RuleError):
    """Another device holds this seat (the API answers 409)."""


@dataclass(frozen=True)
class Access:
    """What one request may do at one table."""

    seat: str | None  # None: holds no seat (anonymous, or a keeper between seats)
    keeper: bool = False
    claim_id: int | None = None
    # The seat the device itself holds when it plays ``seat`` for a player without a device:
    # the shared display ("table") after the hand-over (``act_for``). ``seat`` then decides
    # the view, the moves and their roles; None for a device playing its own seat.
    via: str | None = None
    # The table's version when the display was handed over (a page's request): the hand-over
    # ends by itself only after a move since (games/services/hand_over.py ``still_handed``).
    since: int | None = None

    @property
    def view_seat(self) -> str:
        """The seat whose view this request is shown."""
        return self.seat or PUBLIC_SEAT

    @property
    def own(self) -> Access:
        """What the device holds itself (the shared display's seat while it acts for one)."""
        return (
            Access(seat=self.via, keeper=self.keeper, claim_id=self.claim_id) if self.via else self
        )

    def require_seat(self) -> str:
        if self.seat is None:
            raise AccessDenied(
                _(
                    "This device holds no seat at this table. Open your seat's join link "
                    "(the keeper's screen shows it) to take one."
                )
            )
        return self.seat

    def require_keeper(self) -> None:
        if not self.keeper:
            raise AccessDenied(
                _(
                    "Only the table's keeper can do that (the device that started the table, "
                    "or one it named)."
                )
            )


ANONYMOUS = Access(seat=None)


# -- what the code alone reads ----------------------------------------------------------------
# A group reads its table's code aloud and the tablet shows it in its header, so someone at the
# next table may know it. The code finds the table and nothing more: the table's name, its game
# and its seats, with the way to take one (the seat page's "Take your seat"). Names' cards,
# scores, the log and a campaign's trays are read with a claim at the table: a seat, or the
# keeper's. Pages and API ask here, so the two agree.


@dataclass(frozen=True)
class Visitor:
    """What a request holding no claim at a table reads there (the seat page, the API)."""

    code: str
    game: str
    name: str
    seats: list[Seat]
    detail: str  # how to take a seat


def take_a_seat() -> str:
    return _(
        "Seats are handed out by the table's keeper, the device that started it. Scan your "
        "seat's QR code on the keeper's screen, or open the join link they send you."
    )


def reads_table(held: Access, table: Table | None = None, results_key: str = "") -> bool:
    """Whether ``held`` reads more of ``table`` than its code finds: any claim there (a seat,
    or a keeper between seats) does; so does the group's results key (``results_key``) for a
    finished table's scores, as the group's results link lists them."""
    if held.seat is not None or held.keeper:
        return True
    key = table.group_key if table is not None else ""
    return bool(results_key and key) and hmac.compare_digest(results_key.encode(), key.encode())


def visitor(table: Table, held: Access) -> Visitor | None:
    """All ``held`` reads at ``table`` when it reads no more than the code finds, else None."""
    if reads_table(held):
        return None
    seats = handed.game(table.game).seats(table.state)
    return Visitor(table.code, table.game, table.name, seats, take_a_seat())


def require_reader(held: Access, table: Table | None = None, results_key: str = "") -> None:
    """AccessDenied, saying how to take a seat, unless ``held`` reads the table."""
    if not reads_table(held, table, results_key):
        raise AccessDenied(
            _("The table's code finds it and nothing more: take a seat to read it. %(how)s")
            % {"how": take_a_seat()}
        )


@dataclass(frozen=True)
class Credential:
    """A request's secret, unresolved: a write resolves it inside its own locked read of the
    table (``locked_as_proven``), so the credential check costs no query of its own. ``as_seat``: the
    seat the shared display plays (``act_for``), checked in that same locked read."""

    secret: str | None
    as_seat: str | None = None


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _of(claim: Claim) -> Access:
    return Access(seat=claim.seat or None, keeper=claim.keeper, claim_id=claim.pk)


# -- the shared display playing a seat no device holds ---------------------------------------


def _column(model, field: str) -> str:
    return f"{connection.ops.quote_name(model._meta.db_table)}.{connection.ops.quote_name(field)}"


def seats_held_at(table_id: str) -> RawSQL:
    """The held seats of the table whose id is the outer query's column ``table_id`` (from
    ``_column``), as one JSON list read by the query that reads the table row (``[]`` or
    NULL when no device holds a seat). Plain SQL on purpose: built by the ORM (a Subquery of
    an aggregate) it cost more CPU than the query it saves (make bench)."""
    aggregate = "JSONB_AGG" if connection.vendor == "postgresql" else "JSON_GROUP_ARRAY"
    claims = connection.ops.quote_name(Claim._meta.db_table)
    return RawSQL(
        f"SELECT {aggregate}(held.seat) FROM {claims} held "
        f"WHERE held.table_id = {table_id} AND held.seat <> ''",
        (),
        output_field=JSONField(),
    )


def _seating_as_it_was() -> RawSQL:
    """The locked row's seating mark as the query's other reads saw it (``locked_as_proven``)."""
    table = connection.ops.quote_name(Table._meta.db_table)
    return RawSQL(
        f"SELECT earlier.seating FROM {table} earlier WHERE earlier.id = {_column(Table, 'id')}",
        (),
        output_field=PositiveIntegerField(),
    )


def keep_held_seats(table: Table, seats: list[str] | None) -> None:
    """Keep the held seats read with the row (``seats_held_at``) for ``held_seats``."""
    table._held_seats = set(seats or ())


def held_seats(table: Table, *, fresh: bool = False) -> set[str]:
    """The seats some device holds; kept on ``table`` (this request's row) so a page and the
    check before it ask once, and not at all when the row was read with them
    (``keep_held_seats``). ``fresh``: asked again, in a statement of its own."""
    found = None if fresh else getattr(table, "_held_seats", None)
    if found is None:
        found = set(
            Claim.objects.filter(table=table).exclude(seat="").values_list("seat", flat=True)
        )
        table._held_seats = found
    return found


def act_for(table: Table, held: Access, seat_id: str | None) -> Access:
    """``held`` playing ``seat_id`` at ``table``: the shared display may play any seat no
    device holds (a player without a phone, the story master of a group with one tablet); no
    one else plays another seat, and a seat a device holds is played on that device only.

    The one rule for pages and the API alike: the answer's ``seat`` is ``seat_id`` (its view,
    its moves, the roles the engine checks) and ``via`` the shared display's own seat.
    AccessDenied for any device but the shared display's, SeatHeld for a held seat, RuleError
    for a seat the table lacks. Called with the table row locked by a write, so no device can
    take the seat between this check and the move.
    """
    if not seat_id or seat_id == held.seat:
        return held
    if held.via is not None:
        held = held.own
    if held.seat != TABLE_SEAT:
        raise AccessDenied(
            _(
                "Only the shared display plays for a seat no device holds; this device plays "
                "its own seat only."
            )
        )
    seat = next((s for s in handed.game(table.game).seats(table.state) if s.id == seat_id), None)
    if seat is None or seat.kind == TABLE_SEAT:
        raise RuleError(_("There is no seat “%(seat)s” at this table.") % {"seat": seat_id})
    if seat_id in held_seats(table, fresh=True):
        raise SeatHeld(
            _(
                "A device holds “%(seat)s”: only that device shows its private parts and makes "
                "its moves."
            )
            % {"seat": seat.label}
        )
    return Access(seat=seat_id, keeper=held.keeper, claim_id=held.claim_id, via=held.seat)


def seat_held(code: str, seat_id: str) -> bool:
    """Whether a device holds ``seat_id`` at the table with this code (a hand-over to it
    lapses)."""
    return Claim.objects.filter(table__code=code, seat=seat_id).exists()


# -- resolving: one indexed query ------------------------------------------------------------


def find_table(code: str) -> Table:
    try:
        return Table.objects.get(code=code)
    except Table.DoesNotExist:
        raise TableNotFound(code) from None


def table_and_access(code: str, secret: str | None) -> tuple[Table, Access]:
    """The table and what ``secret`` proves there, in one query when the secret is good; the
    held seats come with it (the shared display's hand-over part asks no more)."""
    if secret:
        claim = (
            Claim.objects.select_related("table")
            .defer("table__blobs")
            .annotate(seats_held=seats_held_at(_column(Claim, "table_id")))
            .filter(token_hash=digest(secret), table__code=code)
            .first()
        )
        if claim is not None:
            keep_held_seats(claim.table, claim.seats_held)
            return claim.table, _of(claim)
    return find_table(code), ANONYMOUS


def claim_access(code: str, secret: str | None) -> Access:
    """What ``secret`` proves at the table with this code, without reading the table (writes
    lock and read it themselves): one query, none without a secret."""
    if not secret:
        return ANONYMOUS
    claim = (
        Claim.objects.filter(token_hash=digest(secret), table__code=code)
        .only("id", "seat", "keeper")
        .first()
    )
    return _of(claim) if claim else ANONYMOUS


def locked_as_proven(
    code: str, secret: str | None, as_seat: str | None = None
) -> tuple[Table, Access]:
    """The table row locked for a write and what ``secret`` proves there, in one query (the
    device's claim joined to the row; only the table's row is locked); with ``as_seat``, the
    shared display playing that seat (``act_for``: one more query, for the held seats).

    The same query reads the held seats for the answer's hand-over part (the page after a
    move), so the answer asks nothing after its write. On PostgreSQL a query that waited for
    the lock gets the row as the locker left it but reads other rows as they were when it
    began: a seat taken meanwhile (its claim grew the row's ``seating``) would be missing,
    and the answer's seating mark already current. The mark read by a subquery as of then
    tells: when it differs, the held seats are asked again after the lock (``held_seats``).
    The check that decides a move (``act_for``) always asks after the lock."""
    mine = FilteredRelation("claims", condition=Q(claims__token_hash=digest(secret or "")))
    table = (
        Table.objects.select_for_update(of=("self",))
        .annotate(
            mine=mine,
            claim_id=F("mine__id"),
            claim_seat=F("mine__seat"),
            claim_keeper=F("mine__keeper"),
            seats_held=seats_held_at(_column(Table, "id")),
            seating_then=_seating_as_it_was(),
        )
        .filter(code=code)
        .first()
    )
    if table is None:
        raise TableNotFound(code)
    if table.seating_then == table.seating:  # else a claim came while the query waited
        keep_held_seats(table, table.seats_held)
    if not secret or table.claim_id is None:
        return table, ANONYMOUS
    held = Access(seat=table.claim_seat or None, keeper=table.claim_keeper, claim_id=table.claim_id)
    return table, act_for(table, held, as_seat)
