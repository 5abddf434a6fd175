"""The reader's test worlds for its rules tests: a world folder of its own (``reader_world``)
and the minimal fixture world, on a ``FolderShelf``, and the states those tests start from.
A test module uses the ``shelf`` fixture (imported) to read them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.galzyr.game import game
from games.galzyr.reader import book as books
from tests.games.galzyr.playing import play

ROOT = Path(__file__).resolve().parents[4]
READER = Path(__file__).parent / "reader_world"
MINIMAL = ROOT / "fixtures" / "worlds" / "_minimal"
SHELF = books.FolderShelf({"reader": READER, "minimal": MINIMAL}, default="reader")
CIRCLE = ["thievery", "might", "survival", "knowledge", "communication", "perception"]


@pytest.fixture(autouse=True)
def shelf():
    previous = books.install(SHELF)
    yield SHELF
    books.install(previous)


def new(players=("Mara", "Bo", "Cy"), seed=7, **options) -> dict:
    return game.setup({"players": list(players), **options}, seed=seed)


def reading(scene=2001, month="june", **options) -> dict:
    state = play(new(**options), "pick-month", {"month": month})
    return play(state, "open-scene", {"number": scene})


def as_json(state: dict, seat: str) -> str:
    return json.dumps(game.view(state, seat))


def checking(**options) -> dict:
    return play(reading(**options), "choose", {"option": 1})
