"""Galzyr moves made on a state straight through the rules (no database), for the rules tests:
the state after, the sentence logged, or the refusal's sentence."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.galzyr.game import game
from games.galzyr.state import State, reading_player


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
