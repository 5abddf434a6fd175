"""Who may make a move, as the engine decides it: for the tests that check a game's view offers
each seat exactly the moves the moves' own ``roles=`` let it make."""

from __future__ import annotations

from typing import Any

from games.core.engine import Game, RuleError


def passes_role_check(game: Game, state: Any, move: str, seat: str) -> bool:
    """Whether the engine's role check lets ``seat`` make ``move`` in ``state``."""
    try:
        game.check_role(game.spec_of(move), state, seat)
    except RuleError:
        return False
    return True
