"""What a state's rules need beyond its JSON (Lands of Galzyr: its world's book), and how it
reaches them: never looked for by the rules, always handed.

A game whose rules need something declares how a state takes it (``Game(hand_fn=…)``); where it
comes from is the game's Django side, a ``Supplier`` that the services hand the game
(games/services/handed.py). A new table's setup is handed ``for_options``'s answer
(``Game.start``), a stored state ``for_state``'s (``Game.load``); a load handed nothing (a
replay, a view) hands a ``Later``, which asks only if the rules read it. Tests hand a supplier
of their own (``Game.supplied_by``): the rules can't tell.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class Supplier(Protocol):
    """Where a game's needs come from (Galzyr: a shelf of books)."""

    def for_options(self, options: Any) -> Any:
        """What a new table's setup needs, from its parsed options (a RuleError when it can't
        be had, with a sentence for the players)."""
        ...

    def for_state(self, data: dict[str, Any]) -> Any:
        """What a stored state's rules need (None: not to be had; the rules say so if read)."""
        ...


class Later:
    """What a state's rules need, asked for the first time the rules read it (``Game.load``
    handed nothing): ``get()`` asks once and keeps the answer."""

    __slots__ = ("_ask", "_answer")

    def __init__(self, ask: Callable[[], Any]) -> None:
        self._ask: Callable[[], Any] | None = ask
        self._answer: Any = None

    def get(self) -> Any:
        if self._ask is not None:
            self._answer, self._ask = self._ask(), None
        return self._answer
