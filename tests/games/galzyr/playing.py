"""Galzyr moves made on a state straight through the rules, for the rules tests (no database:
the worlds of worlds.py): the state after, the sentence logged, or the refusal's sentence."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.galzyr.state import State, reading_player
from tests.games.galzyr.worlds import game


def play(state: dict, move: str, args: dict | None = None, seat: str = "sm") -> dict:
    return game.apply(state, move, args or {}, seat)[0]


def said(state: dict, move: str, args: dict | None = None, seat: str = "sm") -> str:
    return game.apply(state, move, args or {}, seat)[1]


def refused(state: dict, move: str, args: dict | None = None, seat: str = "sm") -> str:
    with pytest.raises(RuleError) as exc:
        game.apply(state, move, args or {}, seat)
    return str(exc.value)


def story_master(state: dict) -> str:
    """The seat reading as story master now: the reading player of a campaign of two or more,
    else the Story master seat (games/galzyr/state.py ``role``)."""
    return reading_player(State.model_validate(state)) or "sm"


# "Silence" (the sample world's event scene 7022): no prerequisite, no option, read to its end
# by one "continue"; its one effect gives everyone 1 prestige, taken back by hand in a_turn so
# the tests' scores stay what their own moves made them.
QUIET_SCENE = 7022


def a_turn(state: dict) -> list[tuple[str, dict]]:
    """The moves of a turn with nothing else in it, as the rulebook has it: the story, its one
    scene begun and resolved, its effects applied (and taken back), the end of the turn."""
    return [
        ("campaign-begin-story", {}),
        ("open-scene", {"number": QUIET_SCENE}),
        ("continue", {}),
        ("apply-all-effects", {}),
        *(
            ("campaign-prestige", {"player": n, "amount": 1, "how": "lose"})
            for n in range(1, len(state["players"]) + 1)
        ),
        ("campaign-end-turn", {}),
    ]


def end_a_turn(state: dict, seat: str = "table") -> dict:
    """A turn played through (``a_turn``)."""
    for move, args in a_turn(state):
        state = play(state, move, args, seat)
    return state
