"""Bounds for the numbers a game's state keeps (issue 12): what the game can hold.

A game annotates each number with one of these (or with its own ``Field(ge=…, le=…)`` where
the box prints the limit), and ``tests/games/core/test_bounds.py`` fails on any number left
without both bounds. The model refuses an import that carries a number past them, and the
engine refuses a move that would store one, so no table can hold what no box could.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from games.core.rng import MASK

# A game whose turns pass this many would take months of evenings; the bound keeps a
# hand-edited import from carrying a number no table reaches.
MAX_TURNS = 100_000
# Scores and tokens: no game here comes near this; far under what PostgreSQL's integer holds.
MAX_SCORE = 10_000

Seed = Annotated[int, Field(ge=0, le=MASK)]  # the generator's whole state (games/core/rng.py)
Turn = Annotated[int, Field(ge=1, le=MAX_TURNS)]
Score = Annotated[int, Field(ge=-MAX_SCORE, le=MAX_SCORE)]


def upto(high: int, *, low: int = 0):
    """An int up to ``high`` from ``low`` (0 unless named), both included: ``upto(99)``,
    ``upto(5, low=1)``. ``low`` is named so no reader takes ``upto(5, 1)`` for 5 to 1."""
    return Annotated[int, Field(ge=low, le=high)]


def index_below(count: int):
    """A position in a list of at most ``count`` things (a player, a slot), from 0."""
    return Annotated[int, Field(ge=0, le=count - 1)]
