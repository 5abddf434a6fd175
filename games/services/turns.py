"""Playing at a table: a move (made anyway when it commutes with the moves since an older
version) and undo, each one transaction that stores the new state and its log line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from pydantic import BaseModel

from games.core import commute
from games.core.engine import ROLE_NAMES, STORY_MASTER_SEAT, TABLE_SEAT, Game, RuleError, Seat
from games.core.words import either
from games.models import Move, Table
from games.services import catalogs
from games.services.access import Access
from games.services.record import state_before
from games.services.tables import (
    VersionConflict,
    Who,
    Written,
    find_seat,
    game_of,
    locked_for_write,
    save_move,
)


def apply_move(
    code: str,
    move: str,
    args: dict[str, Any] | Callable[[type[BaseModel]], dict[str, Any]] | None,
    *,
    expected_version: int,
    seat: Who,
) -> Written:
    """Run one named move for ``seat``; RuleError, VersionConflict or TableNotFound otherwise.

    ``seat`` is a seat id, or a request's ``Credential``, checked in the locked read itself
    (AccessDenied without a seat). ``args`` may be a function of the move's argument model (an
    HTML form is read that way), so a page needs no query of its own to learn which game the
    table plays.
    """
    # The transaction is rolled back on any exception, so a refused move changes nothing.
    with transaction.atomic():
        table, seat, held = locked_for_write(code, expected_version, seat, stale=True)
        game = game_of(table)
        needs = game.needs(table.state)  # opened once: the move and the answer's view share it
        keep = catalogs.keeps_for_group(game, table, held, move)
        if table.version != expected_version:  # made anyway if it commutes with the moves since
            known = game.catalog_from_state_fn(game.load(table.state, needs)) if keep else None
            args, new_state, sentence, state = _made_stale(
                table, game, expected_version, move, args, seat, held, needs
            )
        else:
            # Parsed once: the seat check and the move share it (big states parse slowly).
            state = game.load(table.state, needs)
            find_seat(table, seat, state)
            if callable(args):
                args = _form_args(game, state, move, args, seat)
            # The card data before the move (which changes ``state``): kept only if changed.
            known = game.catalog_from_state_fn(state) if keep else None
            new_state, sentence = game.apply_to(state, move, args, seat)
        logged = save_move(
            table,
            new_state,
            name=move,
            args=args or {},
            seat=seat,
            sentence=sentence,
            back_up=move in game.backup_after,
            model=state,
        )
        if keep:
            catalogs.keep_for_group(game, table, state, known)
    # The answer shows the new state: it is ``state`` (``new_state`` is its dump), so the
    # answer need not parse it again.
    _forget_private(state)
    game.hand(state, needs)  # as a fresh load is handed it
    return Written(table, logged, held, state)


def _form_args(game: Game, state: BaseModel, move: str, read: Callable, seat: str) -> dict:
    spec = game.spec_of(move)
    # The game's end and the role first: a seat the move is not for hears that, not what its
    # form lacks.
    game.check_open(spec, state, seat)
    return read(spec.args)


def _made_stale(
    table: Table, game: Game, expected_version: int, move: str, args, seat: str, held: Access, needs
):
    """(args, new state, sentence, model) of a move made against an older version: made on
    the latest state if it commutes with the moves since (games/core/commute.py), else — a refusal
    by the rules included — the VersionConflict it always was."""
    gap = table.version - expected_version
    rows = list(table.moves.only(*commute.ROW_FIELDS)[:gap]) if 0 < gap <= commute.WINDOW else []
    try:
        if callable(args):
            args = _form_args(game, game.load(table.state, needs), move, args, seat)
        made = commute.made_anyway(
            game, table, rows, move, args, seat, seen=expected_version, needs=needs
        )
    except (commute.Conflict, RuleError):
        raise VersionConflict(table, held) from None
    return args, made.state, made.sentence, made.model


def _forget_private(state: BaseModel) -> None:
    """Drop the model's private caches (dark_tales' catalog) as a parse would have none; what
    ``Game.needs`` gave it (galzyr's book) is handed again after, as a fresh load is."""
    for name, attr in type(state).__private_attributes__.items():
        setattr(state, name, attr.get_default())


def undo_last(code: str, *, expected_version: int, seat: Who) -> Written:
    """Restore the state before the newest move not yet undone; the undo is logged too."""
    with transaction.atomic():
        table, seat, held = locked_for_write(code, expected_version, seat)
        label = find_seat(table, seat).label
        last = (
            table.moves.exclude(name=Move.UNDO)
            .filter(undone=False)
            .only("id", "table_id", "seat", "sentence", "state_before", "patch")
            .first()
        )
        if last is None:
            raise RuleError(_("There is nothing to undo."))
        check_undo(table, held, last)
        sentence = _("%(who)s undid: %(what)s") % {"who": label, "what": last.sentence}
        before = state_before(last, table.state)
        _check_restorable(table, before)
        logged = save_move(
            table,
            before,
            name=Move.UNDO,
            args={"move": last.id},
            seat=seat,
            sentence=sentence,
        )
        Move.objects.filter(pk=last.pk).update(undone=True)
    return Written(table, logged, held)


def undoer(table: Table, held: Access) -> Seat:
    """The seat whose kind decides an undo: the shared display's own seat while it is handed
    to a player (it still stands in the middle of the table), else the seat held."""
    return find_seat(table, held.via or held.require_seat())


# Who may take back the last move (Undo): the shared display and the story master's device
# (seats every player watches, kept by the group) and the table's keeper, whoever made it; a
# player's device only a move its own seat made, so one phone never unmakes another's move.
UNDO_ANY_KINDS = (TABLE_SEAT, STORY_MASTER_SEAT)  # in the order a sentence names them


def may_undo(seat: Seat, mover: str, *, keeper: bool = False) -> bool:
    """Whether ``seat`` (``keeper``: its device keeps the table) may undo a move ``mover``
    made: the one declaration this service enforces and the pages read."""
    return keeper or seat.kind in UNDO_ANY_KINDS or seat.id == mover


def check_undo(table: Table, held: Access, last: Move) -> None:
    """Refuse an undo the declaration (``may_undo``) doesn't allow, naming who may."""
    if may_undo(undoer(table, held), last.seat, keeper=held.keeper):
        return
    game = game_of(table)
    state = game.load(table.state)
    mover = find_seat(table, last.seat, state).label if last.seat else _("the keeper")
    made_it = _("the device that made it (%(mover)s)") % {"mover": mover}
    raise RuleError(
        _("Only %(who)s can undo “%(what)s”: ask one of them to.")
        % {"who": who_may_undo(table, made_it, state), "what": last.sentence}
    )


def who_may_undo(table: Table, mover: str, state: BaseModel | None = None) -> str:
    """``mover``, the seats at this table that may undo any move and the keeper, in the game's
    words ("the device that made it (Ada), the shared display or the table's keeper"): from
    the declaration (``UNDO_ANY_KINDS`` among the table's seats), so a game without a story
    master names none."""
    game = game_of(table)
    kinds = {seat.kind for seat in game.seats_fn(state or game.load(table.state))}
    names = {**ROLE_NAMES, **game.role_names}
    others = [names[kind] for kind in UNDO_ANY_KINDS if kind in kinds]
    return either([mover, *others, _("the table's keeper")])


def last_undoable(recent: list[Move]) -> Move | None:
    """The move an Undo would take back, from the newest part of the log (None: not in it)."""
    return next((m for m in recent if m.name != Move.UNDO and not m.undone), None)


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
