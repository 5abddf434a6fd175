"""The API plays a seat no device holds as the pages do (games/services/access.py ``act_for``): the
shared display's token with ``as_seat`` reads and moves as that seat; any other token is
refused (403), and so is a seat a device holds (409)."""

import pytest
from rest_framework.test import APIClient

from games.core.registry import all_games
from games.services import tables
from tests.seating import api_as, claim

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


def view_of(table, seat):
    table.refresh_from_db()
    return all_games()["tally"].view(table.state, seat)


def test_the_display_reads_an_unheld_seat_with_as_seat(table):
    display = api_as(table, "table")
    plain = display.get(f"/api/tables/{table.code}/").json()
    assert plain["seat"] == "table" and plain["state"] == view_of(table, "table")
    body = display.get(f"/api/tables/{table.code}/?as_seat=p1").json()
    assert body["seat"] == "p1" and body["state"] == view_of(table, "p1")


def test_the_display_moves_as_an_unheld_seat(table):
    response = api_as(table, "table").post(
        f"/api/tables/{table.code}/moves/",
        {"move": "add", "args": {"points": 4}, "version": 1, "as_seat": "p1"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["move"]["seat"] == "p1" and body["move"]["sentence"] == "Ada added 4."
    assert body["table"]["seat"] == "p1" and body["table"]["state"] == view_of(table, "p1")


def test_a_held_seat_is_refused_with_409_and_nothing_changes(table):
    claim(table, "p1")
    display = api_as(table, "table")
    response = display.get(f"/api/tables/{table.code}/?as_seat=p1")
    assert response.status_code == 409 and "A device holds “Ada”" in response.json()["error"]
    response = display.post(
        f"/api/tables/{table.code}/moves/",
        {"move": "add", "args": {"points": 4}, "version": 1, "as_seat": "p1"},
        format="json",
    )
    assert response.status_code == 409
    table.refresh_from_db()
    assert table.version == 1


@pytest.mark.parametrize("who", ["p2", "keeper", "stranger"])
def test_only_the_display_may_use_as_seat(table, who):
    client = {
        "p2": lambda: api_as(table, "p2"),
        "keeper": lambda: api_as(table, None, keeper=True),
        "stranger": APIClient,
    }[who]()
    response = client.get(f"/api/tables/{table.code}/?as_seat=p1")
    assert response.status_code == 403
    response = client.post(
        f"/api/tables/{table.code}/moves/",
        {"move": "add", "args": {"points": 4}, "version": 1, "as_seat": "p1"},
        format="json",
    )
    assert response.status_code == 403
    table.refresh_from_db()
    assert table.version == 1


def test_the_schema_documents_as_seat(client):
    schema = client.get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    assert "as_seat" in components["TallyAddMove"]["properties"]
    params = schema["paths"]["/api/tables/{code}/"]["get"]["parameters"]
    assert "as_seat" in [p["name"] for p in params]
