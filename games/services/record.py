"""A table's record: the log of its moves, and the states before them (undo, scores)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.core import patch, scores
from games.core.engine import RuleError
from games.models import Move, Table
from games.services import handed
from games.services.access import Access


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


def finished_timeline(table: Table) -> scores.Timeline | None:
    """A finished table's scores at the end of each round (or turn, or move), undone moves
    left out; None while the game runs, whose scores may still be secret (face-down VP)."""
    game = handed.game(table.game)
    outcome = game.outcome(table.state)
    if not (outcome and outcome.finished):
        return None
    return scores.timeline(game, kept_states(table))


def history(table: Table, limit: int | None = None):
    """The log, newest first (the patches and old state copies left in the database)."""
    moves = table.moves.defer("state_before", "patch")
    return moves[:limit] if limit else moves


def visible_log(table: Table, *, by: Access) -> list[tuple[Move, bool]]:
    """The log, newest first, each move with whether its arguments may be shown: they can
    name hidden things (the card a player drew), so only to the seat that made the move."""
    return [(move, by.seat is not None and move.seat == by.seat) for move in history(table)]
