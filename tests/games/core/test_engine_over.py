"""Once a game is over (``Game(over_fn=…)``), a move its end forbids is refused in the game's
words to every seat, before the seat's role is checked: no one has the turn any more, so the
role's refusal would name whose move it is ("… is for the player whose decision it is"), which
no one can act on. Moves the ended game still takes keep their role's refusal, and a move
declared ``any_time`` is never asked about. Each card game's own case: its end tests
(tests/games/dark_tales/test_dark_tales_end.py, tales_of_danger/test_endgame.py,
tavern_tales/test_tavern_turns.py). Lands of Galzyr gives none: its ended game is the ending
scene, played with the same roles, and no move of it is refused because the game is over."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.core.engine import RuleError
from games.core.moves import MoveSet, collect
from games.core.registry import get_game
from tests.conftest import tally

moves = MoveSet("tally.over")


@moves.move(roles={"player"})
def tap(state, args, seat: str) -> str:
    """A move of the players' that the game's end forbids."""
    return "tapped"


@moves.move(roles={"player"})
def fix(state, args, seat: str) -> str:
    """A move of the players' that the ended game still takes."""
    return "fixed"


@moves.move(roles={"player"}, any_time=True)
def note(state, args, seat: str) -> str:
    """Card data, made at any moment."""
    return "noted"


def _over(state, move: str) -> str | None:
    asked.append(move)
    return "The game is over." if max(state.totals) >= 20 and move != "fix" else None


asked: list[str] = []
game = replace(tally, moves=collect(moves), over_fn=_over)


@pytest.fixture
def ended() -> dict:
    data = game.setup({"players": ["Ada", "Bo"]}, 1)
    data["totals"] = [20, 3]
    asked.clear()
    return data


def test_a_move_the_end_forbids_is_refused_as_over_to_every_seat_its_role_left_out(ended):
    for seat in ("table", "p1", "p2"):
        with pytest.raises(RuleError, match="^The game is over.$"):
            game.apply(ended, "tap", {}, seat)


def test_a_move_the_ended_game_takes_keeps_its_roles_refusal(ended):
    assert game.apply(ended, "fix", {}, "p2")[1] == "fixed"
    with pytest.raises(RuleError, match="^“Fix” is for a player, not for the shared display.$"):
        game.apply(ended, "fix", {}, "table")


def test_a_move_made_at_any_time_is_never_asked_about(ended):
    assert game.apply(ended, "note", {}, "p1")[1] == "noted"
    assert "note" not in asked


def test_while_the_game_is_on_the_role_refuses_as_ever():
    data = game.setup({"players": ["Ada", "Bo"]}, 1)
    assert game.apply(data, "tap", {}, "p1")[1] == "tapped"
    with pytest.raises(RuleError, match="^“Tap” is for a player, not for the shared display.$"):
        game.apply(data, "tap", {}, "table")


def test_galzyr_declares_no_over_refusal_and_the_card_games_do():
    assert get_game("galzyr").over_fn is None
    for slug in ("dark-tales", "tales-of-danger", "tavern-tales"):
        assert get_game(slug).over_fn is not None, slug
