"""Galzyr moves made on a state straight through the rules (no database), for the rules tests:
the state after, the sentence logged, or the refusal's sentence."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.galzyr.game import game


def play(state: dict, move: str, args: dict | None = None, seat: str = "sm") -> dict:
    return game.apply(state, move, args or {}, seat)[0]


def said(state: dict, move: str, args: dict | None = None, seat: str = "sm") -> str:
    return game.apply(state, move, args or {}, seat)[1]


def refused(state: dict, move: str, args: dict | None = None, seat: str = "sm") -> str:
    with pytest.raises(RuleError) as exc:
        game.apply(state, move, args or {}, seat)
    return str(exc.value)
