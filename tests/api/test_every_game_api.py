"""Every registered game through the REST API alone: start a table of each of its
``sample_options``, take a seat, make a move the rules accept, read the history, undo, export
and import. Nothing here names a game: a game in the registry is played as it is."""

from __future__ import annotations

import json
import random

import pytest
from rest_framework.test import APIClient

from games.core.engine import RuleError
from games.models import Table
from games.services import handed
from tests.games.services.test_tables_loaded_state import (
    random_args,
    sample_cases,
    scalars_of,
    world,  # noqa: F401 (a fixture)
)

pytestmark = pytest.mark.django_db


def an_accepted_move(
    slug: str, data: dict, tries: int = 400, seats: list[str] | None = None
) -> tuple[str, dict, str]:
    """(move, args, seat) the rules accept on ``data``, found as the generic walks find them
    (by one of ``seats``, or any)."""
    game = handed.game(slug)
    rng = random.Random(f"api-{slug}")
    found = scalars_of(data)
    seats = seats or [seat.id for seat in game.seats(data)]
    for _ in range(tries):
        name = rng.choice(sorted(game.moves))
        args = random_args(game.moves[name].args, rng, found)
        seat = rng.choice(seats)
        try:
            game.apply(data, name, args, seat)
        except (RuleError, ValueError, KeyError, IndexError, TypeError):
            continue
        return name, args, seat
    raise AssertionError(f"{slug}: no move found that the rules accept at the start")


def check_the_api_plays(slug: str, options: dict) -> None:
    game = handed.game(slug)
    keeper = APIClient()
    created = keeper.post(
        "/api/tables/", {"game": slug, "name": "Through the API", "options": options}, format="json"
    )
    assert created.status_code == 201, created.json()
    code = created.json()["code"]
    keeper.credentials(HTTP_AUTHORIZATION=f"Bearer {created.json()['token']}")
    start = Table.objects.get(code=code).state
    name, args, seat = an_accepted_move(slug, start)
    claimed = keeper.post(f"/api/tables/{code}/claim/", {"seat": seat}, format="json")
    assert claimed.status_code == 200 and claimed.json()["seat"] == seat

    before = keeper.get(f"/api/tables/{code}/").json()
    assert before["state"] == json.loads(json.dumps(game.view(start, seat)))
    moved = keeper.post(
        f"/api/tables/{code}/moves/",
        {"move": name, "args": args, "version": before["version"]},
        format="json",
    )
    assert moved.status_code == 200, moved.json()
    after = moved.json()["table"]
    assert after["version"] == before["version"] + 1
    history = keeper.get(f"/api/tables/{code}/history/").json()
    assert json.dumps(history).count(moved.json()["move"]["sentence"]) >= 1

    exported = keeper.get(f"/api/tables/{code}/export/")
    assert exported.status_code == 200
    imported = APIClient().post("/api/tables/import/", exported.json(), format="json")
    assert imported.status_code == 201, imported.json()
    assert (
        Table.objects.get(code=imported.json()["code"]).state == Table.objects.get(code=code).state
    )

    undone = keeper.post(f"/api/tables/{code}/undo/", {"version": after["version"]}, format="json")
    assert undone.status_code == 200, undone.json()
    assert undone.json()["table"]["state"] == before["state"]


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(("slug", "options"), sample_cases())
def test_every_game_plays_through_the_api(slug, options):
    check_the_api_plays(slug, options)
