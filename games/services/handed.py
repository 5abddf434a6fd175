"""The registered games as the services run them: handed what their rules need.

The rules do no I/O (games/core/needs.py): ``game(slug)`` is the registered game handed the
data its states name by digest (``blobs.stored``, as ``Game.named``) and, for a game whose
rules need more than a state's JSON, the supplier of its Django side (``SUPPLIERS``). Every
service that starts, loads or replays a state takes its game from here, so a new table's setup
and every stored state get what they need from the service, one way for every game.
"""

from __future__ import annotations

import dataclasses

from games.core.engine import Game
from games.core.needs import Supplier
from games.core.registry import get_game
from games.galzyr.shelf import DatabaseShelf
from games.services import blobs

# slug -> where that game's needs come from (its Django side); a game that needs nothing beyond
# a state's JSON has no line. Lands of Galzyr: the world's book, from the stored worlds.
SUPPLIERS: dict[str, Supplier] = {"galzyr": DatabaseShelf()}


def game(slug: str) -> Game:
    """The game ``slug`` as the services run it (LookupError for an unknown one). A copy made
    per call (a few microseconds), so it follows the registered game as it is now."""
    return dataclasses.replace(get_game(slug), named=blobs.stored, supplier=SUPPLIERS.get(slug))
