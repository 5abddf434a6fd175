"""Which game the bench plays, and the one move it repeats (alternated with undo).

Pure data and plain functions: no Django, so the load test can use it too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# (state, JSON) -> (move name, arguments); must be legal again in the state after its undo.
# Given a state in which it isn't legal (the move was made and not undone yet), it raises
# NotReady: the load test then sends an undo instead. The state may be the stored one or a
# seat's view of it (the API answers with the view).
BenchMove = Callable[[dict[str, Any]], tuple[str, dict[str, Any]]]


class NotReady(Exception):
    """The bench move isn't legal in this state; undo the last one first."""


@dataclass(frozen=True)
class BenchGame:
    slug: str
    bench_move: BenchMove
    options: dict[str, Any] = field(default_factory=dict)  # as POST /api/tables/ takes them
    seat: str = "table"  # the seat that makes the moves and views the pages


def dark_tales_move(state: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The first player's draw: legal at the start, and legal again after each undo."""
    if state.get("phase") != "draw":
        raise NotReady(f"Dark Tales: the draw phase is over (phase {state.get('phase')!r})")
    return "draw", {}


DARK_TALES = BenchGame(
    slug="dark-tales",
    options={"players": ["Mara", "Jonas", "Ilse", "Pim"], "first_player": "Mara"},
    bench_move=dark_tales_move,
)

BENCH_GAMES: dict[str, BenchGame] = {DARK_TALES.slug: DARK_TALES}
