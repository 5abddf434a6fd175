"""PUT /api/tables/<code>/card-data/: the card-data sheet's write over REST (the keeper's)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.core.registry import get_game
from games.models import GroupCatalog
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
    assert APIClient().get(url(table)).json()["data"] == body["data"]


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
