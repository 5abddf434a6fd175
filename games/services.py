"""Every change to a table goes through here: one function per action, one transaction each.

HTMX views and API views call these and nothing else writes tables or moves,
so an action is written once. Each write locks the table row, checks the
version the device saw, runs the pure rules, saves state with version + 1
and appends one Move row to the log.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from pydantic import BaseModel

from games import access, backups, blobs, catalogs, commute, exchange, group_results, live, patch
from games.access import Access, Credential, TableNotFound, find_table
from games.engine import Game, RuleError, Seat
from games.models import Move, Table, keeps_key_order
from games.registry import get_game

__all__ = ["TableNotFound"]  # raised by the actions below; the views catch it from here


@dataclass
class VersionConflict(Exception):
    """The device wrote against an old version; it gets the latest table instead."""

    table: Table
    held: Access | None = None  # who wrote, when the write came with a credential

    def __str__(self) -> str:
        return _("The table changed — here is the latest.")


def game_of(table: Table) -> Game:
    return get_game(table.game)


get_table = find_table


def current_version(code: str) -> int | None:
    """The one cheap query behind polling, answered every 2 s by every open page.

    Plain SQL on purpose: building the ORM query cost ten times more than running it
    (make bench), and this is the hottest path the server has.
    """
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT version FROM {Table._meta.db_table} WHERE code = %s", [code])
        row = cursor.fetchone()
    return row[0] if row else None


def seat_of(table: Table, seat_id: str, state: BaseModel | None = None) -> Seat:
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
        game = get_game(game_slug)
    except LookupError as exc:
        raise RuleError(str(exc)) from None
    name = clean_name(name, game.title)
    group = plain_text(group)
    if len(group) > 60:
        raise RuleError(_("A group name can be at most 60 characters."))
    group_key = group_results.key_for(group, []) if group and not group_key else group_key
    options = catalogs.with_saved_catalog(game, options, group_key)  # the group's card data
    state = game.setup(options, seed=secrets.randbits(64))
    return Table.objects.create(
        game=game.slug,
        name=name,
        group=group,
        group_key=group_key,
        state=state,
        blobs=blobs.needed(state),
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


def _locked(
    code: str, expected_version: int, who: Who, *, keeper: bool = False, stale: bool = False
) -> tuple[Table, str]:
    """The locked table and the seat writing; a credential is checked in the same query, and
    a writer without a seat (or, for a ``keeper`` action, not a keeper) is refused before the
    version is looked at. ``stale``: an older version is the caller's to judge."""
    if isinstance(who, Credential):
        if not who.secret:  # refused before the code is looked up: a guesser learns nothing
            access.ANONYMOUS.require_keeper() if keeper else access.ANONYMOUS.require_seat()
        table, held = access.locked(code, who.secret, who.as_seat)
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
    table.held = held  # what the answer's page shows this device (a keeper's buttons)
    return table, seat


def _save(
    table: Table,
    new_state: dict,
    *,
    name: str,
    args: dict,
    seat: str,
    sentence: str,
    back_up: bool = False,
):
    """Store the new state and its log line; back up when asked (a move the game names) or
    every ``backups.EVERY`` versions — undos and restores count, so no stretch goes longer."""
    move = Move(
        table=table,
        name=name,
        args=args,
        seat=seat,
        sentence=sentence[:400],
        version=table.version + 1,
        # Only what this move changed, not a copy of the state (see games/patch.py).
        patch=patch.diff(new_state, table.state, ordered=keeps_key_order()),
    )
    fields = ["state", "version", "updated"]
    # The data the new state names by digest is stored with the table before the state that
    # names it; a state naming only what the old one named (every ordinary move) costs nothing.
    new_names = blobs.named_in(new_state) - blobs.named_in(table.state)
    if new_names:
        table.blobs = {**table.blobs, **{digest: blobs.data_of(digest) for digest in new_names}}
        fields.append("blobs")
    table.state = new_state
    table.version += 1
    table.save(update_fields=fields)
    live.announce(table.code, table.version)  # to the open pages, once committed
    move.save()
    if back_up or (table.version - 1) % backups.EVERY == 0:
        backups.store(table, label=move.sentence, automatic=True)
    return move


def apply_move(
    code: str,
    move: str,
    args: dict[str, Any] | Callable[[type[BaseModel]], dict[str, Any]] | None,
    *,
    expected_version: int,
    seat: Who,
) -> tuple[Table, Move]:
    """Run one named move for ``seat``; RuleError, VersionConflict or TableNotFound otherwise.

    ``seat`` is a seat id, or a request's ``Credential``, checked in the locked read itself
    (AccessDenied without a seat). ``args`` may be a function of the move's argument model (an
    HTML form is read that way), so a page needs no query of its own to learn which game the
    table plays.
    """
    # The transaction is rolled back on any exception, so a refused move changes nothing.
    with transaction.atomic():
        table, seat = _locked(code, expected_version, seat, stale=True)
        game = game_of(table)
        if table.version != expected_version:  # made anyway if it commutes with the moves since
            args, new_state, sentence, state = _made_stale(
                table, game, expected_version, move, args, seat
            )
        else:
            # Parsed once: the seat check and the move share it (big states parse slowly).
            state = game.load(table.state)
            seat_of(table, seat, state)
            if callable(args):
                args = _form_args(game, state, move, args, seat)
            new_state, sentence = game.apply_to(state, move, args, seat)
        logged = _save(
            table,
            new_state,
            name=move,
            args=args or {},
            seat=seat,
            sentence=sentence,
            back_up=move in game.backup_after,
        )
    # The answer shows the new state: it is ``state`` (``new_state`` is its dump), so the
    # answer need not parse it again. Set only now, after the commit: _save replaces
    # table.state and would leave an older one behind.
    _forget_private(state)
    table.loaded_state = (table.state, state)
    return table, logged


def _form_args(game: Game, state: BaseModel, move: str, read: Callable, seat: str) -> dict:
    spec = game.moves.get(move)
    if spec is None:
        raise RuleError(_("This game has no move called “%(move)s”.") % {"move": move})
    # The role first: a seat the move is not for hears that, not what its form lacks.
    game.check_role(spec, state, seat)
    return read(spec.args)


def _made_stale(table: Table, game: Game, expected_version: int, move: str, args, seat: str):
    """(args, new state, sentence, model) of a move made against an older version: made on
    the latest state if it commutes with the moves since (games/commute.py), else — a refusal
    by the rules included — the VersionConflict it always was."""
    gap = table.version - expected_version
    rows = list(table.moves.only(*commute.ROW_FIELDS)[:gap]) if 0 < gap <= commute.WINDOW else []
    try:
        if callable(args):
            args = _form_args(game, game.load(table.state), move, args, seat)
        made = commute.made_anyway(game, table, rows, move, args, seat, seen=expected_version)
    except (commute.Conflict, RuleError):
        raise VersionConflict(table, table.held) from None
    return args, made.state, made.sentence, made.model


def loaded_state(table: Table) -> BaseModel:
    """``table.state`` parsed: the one a move left on the table, or a fresh parse.

    A move's own model is what a fresh parse of the state it stored gives (the moves change
    the model, the dump is of it; tests/games/test_services.py checks every game), minus
    the private caches a game keeps on it, which are dropped. Kept only while it is still
    the table's state: a model left for another ``table.state`` is not used.
    """
    loaded = getattr(table, "loaded_state", None)
    if loaded is not None and loaded[0] is table.state:
        return loaded[1]
    return game_of(table).load(table.state)


def _forget_private(state: BaseModel) -> None:
    """Drop the model's private caches (galzyr's book, dark_tales' catalog) as a parse would
    have none: the view opens them again (galzyr's book is handed over, see its book.py)."""
    for name, attr in type(state).__private_attributes__.items():
        setattr(state, name, attr.get_default())


def undo_last(code: str, *, expected_version: int, seat: Who) -> tuple[Table, Move]:
    """Restore the state before the newest move not yet undone; the undo is logged too."""
    with transaction.atomic():
        table, seat = _locked(code, expected_version, seat)
        label = seat_of(table, seat).label
        last = (
            table.moves.exclude(name=Move.UNDO)
            .filter(undone=False)
            .only("id", "table_id", "sentence", "state_before", "patch")
            .first()
        )
        if last is None:
            raise RuleError(_("There is nothing to undo."))
        sentence = _("%(who)s undid: %(what)s") % {"who": label, "what": last.sentence}
        before = state_before(last, table.state)
        _check_restorable(table, before)
        logged = _save(
            table,
            before,
            name=Move.UNDO,
            args={"move": last.id},
            seat=seat,
            sentence=sentence,
        )
        Move.objects.filter(pk=last.pk).update(undone=True)
    return table, logged


def _check_restorable(table: Table, state: dict) -> None:
    """An undo puts back only a state the rules accept: a log changed behind the app's back
    (an edited import, the admin) could otherwise bring back one that never existed."""
    game = game_of(table)
    try:
        game.check(game.load(state))
    except (RuleError, ValueError) as exc:
        raise RuleError(
            _("This move can't be undone: the state before it breaks the rules (%(fault)s).")
            % {"fault": exc}
        ) from None


def state_before(move: Move, after: dict) -> dict:
    """The state before ``move``, given the state right after it (version ``move.version``).

    Rows logged before patches existed carry the whole state; newer ones a patch. The newest
    move not undone always has the table's own state after it: every later move was an undo
    that put that state back. A patch that does not fit means the state was changed outside
    the log (the admin): refused rather than half applied.
    """
    if move.state_before is not None:
        return move.state_before
    try:
        return patch.apply(after, move.patch)
    except patch.PatchError as exc:
        raise RuleError(
            _("This move can't be undone: the table no longer matches its log (%(fault)s).")
            % {"fault": exc}
        ) from None


def kept_states(table: Table) -> list[dict]:
    """The state before every move still counting (not undone, not an undo), oldest first,
    then the current state: the scores page plots one point per entry.

    Walks the whole log back from the current state, one patch per version.
    """
    moves = table.moves.only(
        "id", "table_id", "name", "version", "undone", "state_before", "patch"
    ).order_by("-id")
    states, after = [table.state], table.state
    for move in moves:
        after = state_before(move, after)
        if move.name != Move.UNDO and not move.undone:
            states.append(after)
    return states[::-1]


def history(table: Table, limit: int | None = None):
    """The log, newest first (the patches and old state copies left in the database)."""
    moves = table.moves.defer("state_before", "patch")
    return moves[:limit] if limit else moves


def visible_log(table: Table, *, by: Access) -> list[tuple[Move, bool]]:
    """The log, newest first, each move with whether its arguments may be shown: they can
    name hidden things (the card a player drew), so only to the seat that made the move."""
    return [(move, by.seat is not None and move.seat == by.seat) for move in history(table)]


def restore_backup(code: str, token: str, *, expected_version: int, by: Who):
    """Put the backup's state back as a new logged move, so it can be undone and is synced.

    RuleError (ImportRefused) when the current rules can't take the backup's state, and
    BackupNotFound; in both cases nothing changes.
    """
    with transaction.atomic():
        table, seat = _locked(code, expected_version, by, keeper=True)
        backup = backups.find(table, token)
        state = backups.restorable_state(game_of(table), backup)
        when = formats.date_format(timezone.localtime(backup.created), "DATETIME_FORMAT")
        sentence = _("Restored the backup of %(date)s (version %(version)s)") % {
            "date": when,
            "version": backup.version,
        }
        logged = _save(
            table,
            state,
            name=Move.RESTORE,
            args={"version": backup.version, "created": backup.created.isoformat()},
            seat=seat,
            sentence=sentence,
        )
    return table, logged
