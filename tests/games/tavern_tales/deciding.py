"""Who makes a move in the rules tests: a turn or claim move is the decision of one player's seat
(games/tavern_tales/rules.py DECISION), the rest the shared display's."""

from __future__ import annotations

from games.core.engine import TABLE_SEAT
from games.tavern_tales.game import game


def decider(state: dict, move: str) -> str:
    """The seat that may make ``move`` now: the display for what every seat may make, else the
    seat whose decision it is."""
    if game.moves[move].allows(TABLE_SEAT):
        return TABLE_SEAT
    return game.turn_fn(game.load(state)) or TABLE_SEAT


def act(state: dict, move: str, seat: str | None = None, **args):
    return game.apply(state, move, args, seat or decider(state, move))
