"""A table's row: creating one, reading it, locking it for a write, and storing a write.

Every change to a table goes through the services (this package): one function per action,
one transaction each. HTMX views and API views call them and nothing else writes tables or
moves, so an action is written once. Each write locks the table row
(``locked_for_write``), checks the version the device saw, runs the pure rules, and stores
the new state with version + 1 and one Move row for the log (``save_move``). The moves and
undo are in games/services/turns.py, the log in record.py, a keeper's actions in keeping.py.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from django.db import connection
from django.utils.translation import gettext as _
from pydantic import BaseModel

from games import live
from games.core import patch
from games.core.engine import Game, RuleError, Seat
from games.core.named import named_in
from games.live.hub import Marks
from games.models import Move, Table, keeps_key_order
from games.services import access, backups, blobs, catalogs, exchange, group_results, handed
from games.services.access import Access, Credential, TableNotFound


@dataclass
class VersionConflict(Exception):
    """The device wrote against an old version; it gets the latest table instead."""

    table: Table
    held: Access | None = None  # who wrote, when the write came with a credential

    def __str__(self) -> str:
        return _("The table changed — here is the latest.")


class Written(tuple):
    """What a write gives back: ``(table, move)``, the table at its new version and the log
    line it appended; ``.held``, what the writer holds at the table, and ``.state``: when the
    write parsed the new state anyway (a move), its model, so the answer shows it without
    parsing the stored JSON again (tests/games/services/test_tables_loaded_state.py checks it
    shows what a parse shows)."""

    table: Table = property(itemgetter(0))  # type: ignore[assignment]
    move: Move = property(itemgetter(1))  # type: ignore[assignment]

    def __new__(
        cls, table: Table, move: Move, held: Access, state: BaseModel | None = None
    ) -> Written:
        written = super().__new__(cls, (table, move))
        written.held, written.state = held, state
        return written


def game_of(table: Table) -> Game:
    """The table's game as the services run it: handed what its rules need (handed.game)."""
    return handed.game(table.game)


def exists(code: str) -> bool:
    """Whether some table has this code (the join field asks before sending a device on)."""
    return Table.objects.filter(code=code).exists()


def current_marks(code: str) -> Marks | None:
    """The one cheap query behind polling, answered every 2 s by every open page, and behind
    a stream's first event: the table's version and seating (games/live/hub.py ``Marks``).

    Plain SQL on purpose: building the ORM query cost ten times more than running it
    (make bench), and this is the hottest path the server has.
    """
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT version, seating FROM {Table._meta.db_table} WHERE code = %s", [code]
        )
        row = cursor.fetchone()
    return Marks(*row) if row else None


def find_seat(table: Table, seat_id: str, state: BaseModel | None = None) -> Seat:
    """The seat, or a RuleError; pass the already loaded ``state`` to skip parsing it again."""
    game = game_of(table)
    seats = game.seats_fn(state) if state is not None else game.seats(table.state)
    for seat in seats:
        if seat.id == seat_id:
            return seat
    raise RuleError(_("There is no seat “%(seat)s” at this table.") % {"seat": seat_id})


def clean_name(name: str, fallback: str) -> str:
    name = plain_text(name) or fallback
    if len(name) > 80:
        raise RuleError(_("A table name can be at most 80 characters."))
    return name


def plain_text(text: str) -> str:
    """Typed text without its outer spaces; refused when it holds a control character."""
    try:
        return exchange.no_control_characters((text or "").strip())
    except ValueError:
        raise RuleError(_("Names can't hold control characters (tabs, NUL, …).")) from None


GROUP_NAME_MAX = 60  # Table.group's max_length


def group_name(text: str) -> str:
    """A group's name as typed, without its outer spaces; refused when it can't be kept."""
    name = plain_text(text)
    if len(name) > GROUP_NAME_MAX:
        raise RuleError(
            _("A group's name can be at most %(n)d characters.") % {"n": GROUP_NAME_MAX}
        )
    return name


def storable_text(data: Any) -> bool:
    """Every string in ``data`` (keys too) is UTF-8 without a NUL, walked without recursion."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend([*value.keys(), *value.values()])
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str):
            if "\x00" in value:
                return False
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return False
    return True


def create_table(
    game_slug: str,
    name: str,
    options: dict[str, Any] | None = None,
    group: str = "",
    group_key: str = "",
) -> Table:
    """A new table; ``group_key`` joins the results of the device's own tables of the same
    group (group_results.key_for), else the group gets a key of its own."""
    try:
        game = handed.game(game_slug)
    except LookupError as exc:
        raise RuleError(str(exc)) from None
    name = clean_name(name, game.title)
    group = group_name(group)
    group_key = group_results.key_for(group, []) if group and not group_key else group_key
    options = catalogs.with_saved_catalog(game, options, group_key)  # the group's card data
    if not storable_text(options):
        # PostgreSQL's JSON can't keep a NUL, and half a surrogate pair isn't UTF-8: refused
        # here with a sentence rather than by the database with a server error.
        raise RuleError(_("A name holds a character no text can keep (a NUL or half a pair)."))
    model, state = game.start(options, seed=secrets.randbits(64))
    return Table.objects.create(
        game=game.slug,
        name=name,
        group=group,
        group_key=group_key,
        state=state,
        blobs=game.named_data(model),
    )


def locked(code: str) -> Table:
    """The table row, locked until the transaction ends (an action that checks no version)."""
    try:
        return Table.objects.select_for_update().get(code=code)
    except Table.DoesNotExist:
        raise TableNotFound(code) from None


# Who writes: a request's credential (checked in the write's own locked read), an access
# already resolved, or a seat id (trusted callers: tests, the bench, management commands).
Who = str | Access | Credential


def locked_for_write(
    code: str, expected_version: int, who: Who, *, keeper: bool = False, stale: bool = False
) -> tuple[Table, str, Access]:
    """The locked table, the seat writing and what the writer holds there (the answer's page
    shows it: a keeper's buttons); a credential is checked in the same query, and
    a writer without a seat (or, for a ``keeper`` action, not a keeper) is refused before the
    version is looked at. ``stale``: an older version is the caller's to judge."""
    if isinstance(who, Credential):
        if not who.secret:  # refused before the code is looked up: a guesser learns nothing
            access.ANONYMOUS.require_keeper() if keeper else access.ANONYMOUS.require_seat()
        table, held = access.locked_as_proven(code, who.secret, who.as_seat)
    else:
        held = who if isinstance(who, Access) else Access(seat=who or None)
        table = locked(code)
    if keeper:
        held.require_keeper()
        seat = held.seat or ""
    else:
        seat = held.require_seat()
    if table.version != expected_version and not stale:
        raise VersionConflict(table, held)
    return table, seat, held


def save_move(
    table: Table,
    new_state: dict,
    *,
    name: str,
    args: dict,
    seat: str,
    sentence: str,
    back_up: bool = False,
    model: BaseModel | None = None,
):
    """Store the new state and its log line; back up when asked (a move the game names) or
    every ``backups.EVERY`` versions — undos and restores count, so no stretch goes longer.
    ``model``: the new state parsed, when a move made it (a name it made new is stored from
    it: ``Game.named_data``)."""
    move = Move(
        table=table,
        name=name,
        args=args,
        seat=seat,
        sentence=sentence[:400],
        version=table.version + 1,
        # Only what this move changed, not a copy of the state (see games/core/patch.py).
        patch=patch.diff(new_state, table.state, ordered=keeps_key_order()),
    )
    fields = ["state", "version", "updated"]
    # The data the new state names by digest is stored with the table before the state that
    # names it; a state naming only what the old one named (every ordinary move) costs nothing.
    new_names = named_in(new_state) - named_in(table.state)
    if new_names:
        made = game_of(table).named_data(model) if model is not None else {}
        found = {d: made[d] if d in made else blobs.data_of(d) for d in sorted(new_names)}
        table.blobs = {**table.blobs, **found}
        fields.append("blobs")
    table.state = new_state
    table.version += 1
    table.save(update_fields=fields)
    # to the open pages, once committed
    live.announce(table.code, Marks(table.version, table.seating))
    move.save()
    if back_up or (table.version - 1) % backups.EVERY == 0:
        backups.store(table, label=move.sentence, automatic=True)
    return move


def seating_changed(table: Table) -> None:
    """A device took, left or was freed from a seat of ``table`` (locked, in the transaction
    that changed it): the open pages hear of it as of a move, so the shared display's
    "Hand the tablet to …" list follows at once (games/live/hub.py ``Marks``)."""
    table.seating += 1
    table.save(update_fields=["seating"])
    live.announce(table.code, Marks(table.version, table.seating))


def loaded_state(table: Table) -> BaseModel:
    """``table.state`` parsed (a write that parsed it anyway hands its model over instead:
    ``Written.state``), handed what its rules need beyond it (``Game.needs``)."""
    game = game_of(table)
    return game.load(table.state, game.needs(table.state))
