"""An imported log made again by the rules, before anything is written: each move, run by the
game on the state before it, must give the state after it, and each undo must give back the
state before the move it takes back. A document changed by hand (a score raised, a card
moved, a move's arguments edited) is refused naming the first move that no longer fits.

Documents from format 4 on are replayed. Older ones were exported under older rules (a move
that has since been renamed or split would not replay), so they are checked as before —
every state against the game's model and invariants — rather than refused.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.core.engine import Game, RuleError
from games.models import Move

REPLAYED_FROM = 4  # the first format whose logs are replayed


class ReplayRefused(RuleError):
    """The log does not replay; the message names the move."""


def check(game: Game, moves: list[Any], befores: list[dict], final: dict) -> None:
    """``moves`` oldest first with ``befores`` (the state before each) and the table's state."""
    afters = [*befores[1:], final] if befores else []
    standing: list[tuple[Any, dict]] = []  # moves not undone yet, with their state before
    for record, before, after in zip(moves, befores, afters, strict=True):
        if record.name == Move.UNDO:
            taken, taken_before = standing.pop()  # the undone marks are checked already
            if after != taken_before:
                raise ReplayRefused(
                    _("Move %(n)s undoes move %(m)s but does not give back the state before it.")
                    % {"n": record.version, "m": taken.version}
                )
            continue
        standing.append((record, before))
        if record.name == Move.RESTORE:
            continue  # a backup's state: checked against the model and invariants only
        try:
            replayed, _sentence = game.apply(before, record.name, record.args, record.seat)
        except RuleError as exc:
            raise ReplayRefused(
                _("Move %(n)s (“%(what)s”) is not one the rules allow there: %(why)s")
                % {"n": record.version, "what": record.sentence, "why": exc}
            ) from None
        if replayed != after:
            raise ReplayRefused(
                _("Move %(n)s (“%(what)s”) does not give the state after it: the file was changed.")
                % {"n": record.version, "what": record.sentence}
            )
