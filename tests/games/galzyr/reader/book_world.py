"""The reader's test worlds for its rules tests: a world folder of its own (``reader_world``)
and the minimal fixture world (on worlds.py's ``FolderShelf``), and the states those tests
start from: a new table reads the reader's world unless told another."""

from __future__ import annotations

import json

from tests.games.galzyr.playing import play
from tests.games.galzyr.worlds import game

CIRCLE = ["thievery", "might", "survival", "knowledge", "communication", "perception"]


def new(players=("Mara", "Bo", "Cy"), seed=7, **options) -> dict:
    return game.setup({"players": list(players), "world": "reader", **options}, seed=seed)


def reading(scene=2001, month="june", **options) -> dict:
    state = play(new(**options), "pick-month", {"month": month})
    return play(state, "open-scene", {"number": scene})


def as_json(state: dict, seat: str) -> str:
    return json.dumps(game.view(state, seat))


def checking(**options) -> dict:
    return play(reading(**options), "choose", {"option": 1})
