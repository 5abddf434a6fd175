"""PUT /api/tables/<code>/card-data/: the card-data sheet's write over REST (the keeper's)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.core.registry import get_game
from games.models import GroupCatalog, Table
from games.services import catalogs, tables
from tests.games.services.card_sheets.card_sheet_data import FILLED
from tests.seating import api_as

pytestmark = pytest.mark.django_db


def url(table) -> str:
    return f"/api/tables/{table.code}/card-data/"


@pytest.fixture
def table():
    return tables.create_table(
        "tavern-tales", "Tonight", {"players": ["Ada", "Bo", "Cy"]}, group="Thursday"
    )


def test_the_keeper_saves_the_groups_card_data(table):
    data = FILLED["tavern-tales"]()
    response = api_as(table, None, keeper=True).put(url(table), {"data": data}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["game"] == "tavern-tales" and body["group"] == "Thursday"
    assert body["data"] == catalogs.validate(get_game("tavern-tales"), data)
    assert GroupCatalog.objects.get(group_key=table.group_key).data == body["data"]
    assert api_as(table, "p2").get(url(table)).json()["data"] == body["data"]  # a player reads it


def test_a_player_is_refused_and_nothing_is_saved(table):
    response = api_as(table, "p1").put(url(table), {"data": {}}, format="json")
    assert response.status_code == 403
    assert "keeper" in response.json()["error"]
    assert not GroupCatalog.objects.exists()


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"data": {"catalog": {"feats": [{"name": "Gold", "count": 99}]}}}, "catalog.feats.0"),
        (
            {
                "data": {
                    "catalog": {"feats": [{"name": "Gold", "count": 70}, {"name": "X", "count": 9}]}
                }
            },
            "79 cards",
        ),
        ({"data": ["not", "an", "object"]}, "must be an object"),
        ({"cards": []}, "Send the card data"),
    ],
)
def test_bad_card_data_is_a_400_and_changes_nothing(table, body, said):
    response = api_as(table, None, keeper=True).put(url(table), body, format="json")
    assert response.status_code == 400
    assert said in response.json()["error"]
    assert not GroupCatalog.objects.exists()


def test_a_table_without_a_group_has_no_group_card_data_to_save():
    table = tables.create_table("dark-tales", "Solo", {"players": ["Ada", "Bo"]})
    response = api_as(table, None, keeper=True).put(url(table), {"data": {}}, format="json")
    assert response.status_code == 403 and "no group" in response.json()["error"]


def test_the_schema_documents_the_endpoint(client):
    schema = client.get("/api/schema/?format=json").json()
    operations = schema["paths"]["/api/tables/{code}/card-data/"]
    assert set(operations) >= {"get", "put"}
    assert "400" in operations["put"]["responses"] and "403" in operations["put"]["responses"]


def test_with_the_version_a_seat_enters_the_cards_at_the_table_in_one_move(table):
    data = FILLED["tavern-tales"]()
    client = api_as(table, "table", keeper=True)
    body = {"data": data, "version": table.version}
    response = client.put(url(table), body, format="json")
    assert response.status_code == 200, response.json()
    table.refresh_from_db()
    assert table.moves.first().name == "edit-catalog"
    state = get_game("tavern-tales").load(table.state)
    assert state.catalog.feat("Ruby").track == [1, 2, 3, 4]
    assert GroupCatalog.objects.filter(group_key=table.group_key).exists()
    stale = client.put(url(table), {"data": data, "version": "two"}, format="json")
    assert stale.status_code == 400 and "whole number" in stale.json()["error"]


def test_the_keeper_names_the_group_of_a_table_without_one():
    table = tables.create_table("tavern-tales", "Solo", {"players": ["Ada", "Bo", "Cy"]})
    data = FILLED["tavern-tales"]()
    body = {"data": data, "group": " Thursday ", "version": table.version}
    response = api_as(table, "table", keeper=True).put(url(table), body, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["group"] == "Thursday"
    table.refresh_from_db()
    assert table.group == "Thursday" and table.moves.first().name == "edit-catalog"
    saved = GroupCatalog.objects.get(group_key=table.group_key).data
    # The group's next table (its results key) starts with the cards.
    created = APIClient().post(
        "/api/tables/",
        {
            "game": "tavern-tales",
            "options": {"players": ["Ada", "Bo"]},
            "group": "Thursday",
            "group_key": table.group_key,
        },
        format="json",
    )
    later = Table.objects.get(code=created.json()["code"])
    assert later.group_key == table.group_key
    assert get_game("tavern-tales").load(later.state).catalog.feat("Ruby").track == [1, 2, 3, 4]
    assert saved == catalogs.saved(get_game("tavern-tales"), later.group_key)


def test_a_group_key_joins_that_group_under_its_name():
    owls = tables.create_table("dark-tales", "Last week", {"players": ["Ada", "Bo"]}, group="Owls")
    table = tables.create_table("dark-tales", "Solo", {"players": ["Ada", "Bo"]})
    client = api_as(table, "table", keeper=True)
    body = {"data": FILLED["dark-tales"](), "group_key": owls.group_key}
    assert client.put(url(table), body, format="json").json()["group"] == "Owls"
    table.refresh_from_db()
    assert table.group_key == owls.group_key
    assert GroupCatalog.objects.get().group_key == owls.group_key


@pytest.mark.parametrize(
    ("extra", "status", "said"),
    [
        ({"group": ""}, 403, "no group"),  # as GET answers a table without one
        ({"group": "x" * 200}, 400, "at most 60 characters"),
        ({"group": "Owls\u0000"}, 400, "control characters"),
        ({"group": ["Owls"]}, 400, "are text"),
        ({"group_key": "not-a-key"}, 400, "No group has that key"),
    ],
)
def test_a_group_that_cannot_be_named_changes_nothing(extra, status, said):
    table = tables.create_table("dark-tales", "Solo", {"players": ["Ada", "Bo"]})
    client = api_as(table, "table", keeper=True)
    response = client.put(url(table), {"data": {}, **extra}, format="json")
    assert response.status_code == status and said in response.json()["error"]
    table.refresh_from_db()
    assert table.group_key == "" and not GroupCatalog.objects.exists()


def test_only_the_keeper_names_the_group():
    table = tables.create_table("dark-tales", "Solo", {"players": ["Ada", "Bo"]})
    body = {"data": FILLED["dark-tales"](), "group": "Owls", "version": table.version}
    response = api_as(table, "p1").put(url(table), body, format="json")
    assert response.status_code == 403 and "keeper" in response.json()["error"]
    table.refresh_from_db()
    assert table.group_key == "" and not table.moves.exists()
    # Without a name, the player's cards go to this table alone.
    response = api_as(table, "p1").put(url(table), {**body, "group": ""}, format="json")
    assert response.status_code == 200 and response.json()["group"] == ""
    assert not GroupCatalog.objects.exists()


def test_a_table_keeps_its_group(table):
    client = api_as(table, None, keeper=True)
    read = client.get(url(table)).json()  # sent back whole: its own group is no change
    assert client.put(url(table), read, format="json").status_code == 200
    response = client.put(url(table), {**read, "group": "Bats"}, format="json")
    assert (
        response.status_code == 400
        and "already belongs to the group Thursday" in (response.json()["error"])
    )
    table.refresh_from_db()
    assert table.group == "Thursday"
