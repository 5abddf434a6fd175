"""The registered games as the services run them: handed what their rules need.

The rules do no I/O (games/core/needs.py): ``game(slug)`` is the registered game handed the
data its states name by digest (``blobs.stored``, as ``Game.named``) and, for a game whose
rules need more than a state's JSON, the supplier of its Django side (the registry's
``GAME_SUPPLIERS``). Every service that starts, loads or replays a state takes its game from
here, so a new table's setup and every stored state get what they need from the service, one
way for every game.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from importlib import import_module

from games.core.engine import Game
from games.core.needs import Supplier
from games.core.registry import GAME_SUPPLIERS, get_game
from games.services import blobs


# maxsize 16: one supplier per game that has one (GAME_SUPPLIERS), made once per process.
@lru_cache(maxsize=16)
def supplier(slug: str) -> Supplier | None:
    """Where the game ``slug``'s needs come from (its Django side, named in the registry's
    ``GAME_SUPPLIERS``); None for a game whose rules need only a state's JSON."""
    if slug not in GAME_SUPPLIERS:
        return None
    module, name = GAME_SUPPLIERS[slug].split(":")
    return getattr(import_module(module), name)()


def game(slug: str) -> Game:
    """The game ``slug`` as the services run it (LookupError for an unknown one). A copy made
    per call (a few microseconds), so it follows the registered game as it is now."""
    return dataclasses.replace(get_game(slug), named=blobs.stored, supplier=supplier(slug))
