"""Tales of Danger over the REST API: creating a table, the deal, refusals, the schema."""

import pytest
from rest_framework.test import APIClient

from games.models import Table
from tests.games.tales_of_danger.pages import POOL, new_table
from tests.seating import api_as

pytestmark = pytest.mark.django_db


def test_api_creates_a_table_and_plays_the_deal(tod):
    response = APIClient().post(
        "/api/tables/",
        {
            "game": "tales-of-danger",
            "name": "API voyage",
            "options": {"players": ["Ada", "Bo"], "first_player": 2, **tod.full_catalog()},
        },
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    code = body["code"]
    assert len(body["state"]["sponsors"]) == 3 and body["state"]["moves"][:1] == ["deal"]
    # The creating device keeps the table and holds no seat: it makes no move.
    keeper = APIClient()
    keeper.credentials(HTTP_AUTHORIZATION=f"Bearer {body['token']}")
    response = keeper.post(
        f"/api/tables/{code}/moves/",
        {"move": "deal", "args": {"player": "p1", "people": ["nun"] * 3}, "version": 1},
        format="json",
    )
    assert response.status_code == 403
    table = Table.objects.get(code=code)
    moves = [
        ("deal", {"player": "p1", "people": ["nun", "nun", "monk"]}, "table"),
        ("deal", {"people": ["sailor", "monk", "farmer"], "player": "p2"}, "p2"),
        ("refill-pool", {"people": POOL}, "table"),
    ]
    for version, (move, args, seat) in enumerate(moves, start=1):
        response = api_as(table, seat).post(
            f"/api/tables/{code}/moves/",
            {"move": move, "args": args, "version": version},
            format="json",
        )
        assert response.status_code == 200, response.json()
    assert response.json()["table"]["state"]["prompt"] == "Bo recruits 2 people."
    assert response.json()["table"]["may"]["write_journal"] is False  # the shared display
    response = api_as(table, "p1").post(
        f"/api/tables/{code}/moves/",
        {"move": "recruit", "args": {"picks": [{"person": "monk"}]}, "version": 4},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {"error": "It is Bo's turn."}
    response = api_as(table, "table").post(
        f"/api/tables/{code}/undo/", {"version": 4}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["table"]["state"]["stage"] == "deal"


def test_api_refuses_bad_options_and_bad_arguments(tod):
    api = APIClient()
    response = api.post(
        "/api/tables/",
        {"game": "tales-of-danger", "options": {"players": ["Ada"]}},
        format="json",
    )
    assert response.status_code == 400
    table = new_table(tod)
    response = api_as(table, "table").post(
        f"/api/tables/{table.code}/moves/",
        {"move": "deal", "args": {"player": "p1", "people": ["nun"]}, "version": 1},
        format="json",
    )
    assert response.status_code == 400
    assert "people" in response.json()["error"]


def test_schema_lists_the_moves():
    schemas = APIClient().get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    # MoveRequest is any game's union; each game's moves are a union of their own.
    games = [u["$ref"].rsplit("/", 1)[-1] for u in schemas["MoveRequest"]["anyOf"]]
    moves = [v["$ref"].rsplit("/", 1)[-1] for g in games for v in schemas[g]["oneOf"]]
    said = [schemas[m]["description"] for m in moves]
    assert any(
        d.startswith("Tales of Danger #1: Days of Discovery: Complete segment.") for d in said
    )
