"""The keeper's spare link over REST (games/api/spare.py): a keeper's token reads and renews it;
the spare key gets a new keeper's token (or makes the sending token a keeper); a stranger, a
player, a renewed key and a forged one get a JSON sentence and change nothing."""

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from games.models import Claim, Table
from games.services import spare, tables
from tests.seating import api_as

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


def key_of(table):
    return spare.spare_key(Table.objects.get(pk=table.pk))


def claims(table):
    return sorted(Claim.objects.filter(table=table).values_list("token_hash", "seat", "keeper"))


def keep(client, table, key):
    return client.post(f"/api/tables/{table.code}/keeper/", {"spare": key}, format="json")


def test_a_keeper_reads_the_spare_and_a_new_client_keeps_the_table_with_it(
    table, django_assert_num_queries
):
    keeper = api_as(table, "p1", keeper=True)
    with django_assert_num_queries(1):  # the claim with its table
        got = keeper.get(f"/api/tables/{table.code}/spare/").json()
    assert got["key"] == key_of(table) and got["url"].endswith(f"/spare/{got['key']}/")
    answer = keep(APIClient(), table, got["key"])
    assert answer.status_code == 200
    assert answer.json()["keeper"] is True and answer.json()["seat"] is None
    new = APIClient()
    new.credentials(HTTP_AUTHORIZATION=f"Bearer {answer.json()['token']}")
    # The lost keeper's seat is freed by the new keeper, and the game goes on.
    freed = new.post(
        f"/api/tables/{table.code}/seats/", {"action": "free", "seat": "p1"}, format="json"
    )
    assert freed.status_code == 200
    assert not Claim.objects.filter(table=table, seat="p1").exists()


def test_a_players_token_made_keeper_keeps_its_seat_and_token(table):
    player = api_as(table, "p2")
    answer = keep(player, table, key_of(table)).json()
    assert answer["seat"] == "p2" and answer["keeper"] is True
    assert player.get(f"/api/tables/{table.code}/").json()["keeper"] is True


@pytest.mark.parametrize("method", ["get", "post"])
def test_only_a_keeper_reads_or_renews_the_spare(table, method):
    api_as(table, "table", keeper=True)
    old = key_of(table)
    for client in (APIClient(), api_as(table, "p1")):
        answer = getattr(client, method)(f"/api/tables/{table.code}/spare/")
        assert answer.status_code == 403
        assert answer.json()["error"].endswith(".") and old not in answer.json()["error"]
    assert key_of(table) == old


@pytest.mark.parametrize("forged", ["", "0" * 24, "a" * 64, "x"])
def test_a_forged_spare_key_is_refused_in_json_and_changes_nothing(table, forged):
    api_as(table, "table", keeper=True)
    player = api_as(table, "p1")
    before = claims(table)
    for client in (APIClient(), player):
        answer = keep(client, table, forged)
        assert answer.status_code in (400, 403)
        assert isinstance(answer.json()["error"], str)
    assert claims(table) == before


def test_a_wrong_key_says_so_and_a_non_string_key_is_a_400(table):
    answer = keep(APIClient(), table, "0" * 24)
    assert answer.status_code == 403
    assert "spare keeper link does not work" in answer.json()["error"]
    assert keep(APIClient(), table, 12345).status_code == 400


def test_a_renewed_spare_key_stops_working(table):
    keeper = api_as(table, "table", keeper=True)
    old = key_of(table)
    renewed = keeper.post(f"/api/tables/{table.code}/spare/").json()
    assert renewed["key"] == key_of(table) != old
    assert "old one no longer works" in renewed["message"]
    before = claims(table)
    assert keep(APIClient(), table, old).status_code == 403
    assert claims(table) == before
    assert keep(APIClient(), table, renewed["key"]).status_code == 200


def test_an_unknown_table_is_a_json_404(table):
    answer = keep(APIClient(), Table(code="ZZZZZZZZZZ"), key_of(table))
    assert answer.status_code == 404 and answer.json()["error"] == "No table has this code."


@override_settings(GUESS_RATE="3/min")
def test_wrong_spare_keys_count_as_guesses(table):
    client = APIClient()
    for n in range(3):
        assert keep(client, table, f"{n:024d}").status_code == 403
    assert keep(client, table, key_of(table)).status_code == 429
