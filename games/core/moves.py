"""How a game declares its moves: ``moves = MoveSet("<game>.<area>")`` in each move module,
``@moves.move(Args, roles=…)`` over each move, and ``collect(...)`` in the game's ``game.py``,
which hands them to ``Game(moves=…)`` (games/core/engine.py). A move module imports this, never
the game, so the imports run one way. Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

MoveFn = Callable[[Any, Any, str], str]


# A place in a state: dict keys and list indices; a pattern may hold "*" for any one part.
Path = tuple[str | int | None, ...]


def path_of(dotted: str) -> Path:
    """``"campaign.game.turn"`` → ``("campaign", "game", "turn")``; digits are list indices."""
    return tuple(int(part) if part.isdigit() else part for part in dotted.split("."))


@dataclass(frozen=True)
class MoveSpec:
    name: str
    args: type[BaseModel]
    run: MoveFn  # (state, args, seat) -> sentence; mutates state
    label: str
    description: str
    # The roles that may make this move (a seat's kind, or the game's own roles such as
    # Galzyr's "active"); None: every seat. The engine enforces it and the pages draw their
    # buttons from it, so the rule is written once, here.
    roles: frozenset[str] | None = None
    # What else the move reads, beyond the places it writes and the game's ``contended``
    # ones (``@moves.move(..., reads={"market"})``): a move made against an older version is
    # refused when the moves since changed one of them (games/core/commute.py).
    reads: tuple[Path, ...] = ()
    # Made at any moment by whoever holds the box's cards (card data read off them): what it
    # does hangs on no one's turn, so the game's ``contended`` places are not among its reads.
    # Whether it really commutes is still proven by running it (games/core/commute.py).
    any_time: bool = False

    def allows(self, role: str) -> bool:
        return self.roles is None or role in self.roles


class NoArgs(BaseModel):
    """Arguments of a move that needs none."""


class MoveSet:
    """The moves one module declares: ``moves = MoveSet("galzyr.checks")`` and
    ``@moves.move(Args, roles={"sm"})`` over ``def draw(state, args, seat) -> str``.
    ``roles`` left out lets every seat make it; ``reads`` names places (dotted paths) the move
    decides on beyond those it writes. The game's module gathers its sets with ``collect``, so
    move modules never import the game and the imports run one way."""

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self.specs: dict[str, MoveSpec] = {}

    def move(
        self,
        args: type[BaseModel] = NoArgs,
        *,
        label: str = "",
        name: str = "",
        roles: frozenset[str] | set[str] | tuple[str, ...] | None = None,
        reads: frozenset[str] | set[str] | tuple[str, ...] = (),
        any_time: bool = False,
    ):
        def declare(fn: MoveFn) -> MoveFn:
            move_name = name or fn.__name__.replace("_", "-")
            if move_name in self.specs:
                raise ValueError(f"{self.owner}: move {move_name!r} registered twice")
            doc = (fn.__doc__ or "").strip()
            self.specs[move_name] = MoveSpec(
                name=move_name,
                args=args,
                run=fn,
                label=label or move_name.replace("-", " ").capitalize(),
                description=doc.splitlines()[0] if doc else "",
                roles=frozenset(roles) if roles is not None else None,
                reads=tuple(path_of(dotted) for dotted in sorted(reads)),
                any_time=any_time,
            )
            return fn

        return declare


def collect(*sets: MoveSet) -> dict[str, MoveSpec]:
    """Every move of ``sets`` by name, for ``Game(moves=...)``; a name declared twice fails."""
    moves: dict[str, MoveSpec] = {}
    for move_set in sets:
        for move_name, spec in move_set.specs.items():
            if move_name in moves:
                raise ValueError(f"{move_set.owner}: move {move_name!r} registered twice")
            moves[move_name] = spec
    return moves
