"""The code finds the table, nothing more (issue 16; docs/api.md "Credentials, seats and the
keeper"). A group reads its table's code aloud and the tablet shows it in its header: someone
at the next table who knows it, or who holds a token of another table, reads the table's name,
game and seats with the way to take one, and no view, log, scores, trays or card data; a
player's token reads no other seat's. Pages and API ask one declaration
(games/services/access.py ``reads_table``), so they agree."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from django.utils.html import escape
from rest_framework.test import APIClient

from games.models import Table
from games.services import access, spare, tables, turns
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db

# Every read of one table, beyond the table itself (a keeper's reads: also 403 for a stranger).
READS = ["history/", "scores/", "trays/", "where/150/", "card-data/"]
KEEPER_READS = ["seats/", "export/", "backups/", "spare/"]
VISITOR_KEYS = {"code", "game", "name", "seats", "detail"}


@pytest.fixture
def table() -> Table:
    table = tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]}, group="Owls")
    for seat in ("p1", "p2") * 3:  # 15 each: the game runs (20 ends it)
        turns.apply_move(
            table.code, "add", {"points": 5}, expected_version=table.version, seat=seat
        )
        table.refresh_from_db()
    return table


@pytest.fixture
def other() -> Table:
    return tables.create_table("tally", "Next table", {"players": ["Cy"]}, group="Foxes")


STRANGERS = {
    "only the code": lambda other: APIClient(),
    "another table's player": lambda other: api_as(other, "p1"),
    "another table's keeper": lambda other: api_as(other, None, keeper=True),
}


def secrets_of(table: Table) -> list[str]:
    """What the group's table holds that a stranger must not read: each player's secret, the
    totals (as JSON numbers), the log's sentences and the spare keeper key."""
    state = table.state
    said = [move.sentence for move in table.moves.all()]
    keys = [spare.spare_key(table)]  # the keeper's spare (games/services/spare.py)
    return [f": {n}" for n in state["secrets"] + state["totals"] if n] + said + keys


@pytest.mark.parametrize("stranger", sorted(STRANGERS))
def test_a_stranger_reads_the_tables_name_game_and_seats_and_how_to_take_one(
    table, other, stranger
):
    api = STRANGERS[stranger](other)
    response = api.get(f"/api/tables/{table.code}/")
    assert response.status_code == 200
    body = response.json()
    assert set(body) == VISITOR_KEYS
    assert (body["code"], body["game"], body["name"]) == (table.code, "tally", "Friday")
    assert [seat["label"] for seat in body["seats"]] == ["Table", "Ada", "Bo"]
    assert body["detail"] == access.take_a_seat() and "join link" in body["detail"]
    assert not any(secret in response.content.decode() for secret in secrets_of(table))


@pytest.mark.parametrize("stranger", sorted(STRANGERS))
@pytest.mark.parametrize("read", READS + KEEPER_READS)
def test_every_other_read_refuses_a_stranger_with_a_sentence(table, other, stranger, read):
    response = STRANGERS[stranger](other).get(f"/api/tables/{table.code}/{read}")
    assert response.status_code == 403
    error = response.json()["error"]
    assert error.endswith(".") and " " in error
    assert not any(secret in error for secret in secrets_of(table))


def test_the_refusal_says_the_code_finds_only_the_table_and_how_to_take_a_seat(table):
    error = APIClient().get(f"/api/tables/{table.code}/history/").json()["error"]
    assert error.startswith("The table's code finds it and nothing more: take a seat")
    assert access.take_a_seat() in error


@pytest.mark.parametrize("read", ["", *READS])
def test_a_players_token_reads_no_other_seat(table, read):
    """``as_seat`` is the shared display's (a seat no device holds); a phone asking for
    another seat's view or log is refused, however it asks."""
    response = api_as(table, "p1").get(f"/api/tables/{table.code}/{read}", {"as_seat": "p2"})
    assert response.status_code == 403
    assert "shared display" in response.json()["error"]
    assert str(table.state["secrets"][1]) not in response.content.decode()


def test_a_seat_and_the_keeper_read_the_table_as_before(table):
    """The other side of the line: a claim at the table, a seat or the keeper's, reads it."""
    mine = api_as(table, "p1").get(f"/api/tables/{table.code}/").json()
    assert mine["seat"] == "p1" and mine["state"]["players"][0]["secret"] is not None
    keeper = api_as(table, None, keeper=True)
    kept = keeper.get(f"/api/tables/{table.code}/").json()
    assert (kept["seat"], kept["keeper"]) == (None, True)
    assert [p["secret"] for p in kept["state"]["players"]] == [None, None]  # the display's
    for who in (api_as(table, "p2"), keeper, api_as(table, "table")):
        for read in ("history/", "scores/"):
            assert who.get(f"/api/tables/{table.code}/{read}").status_code == 200


def test_a_finished_tables_scores_open_with_the_groups_results_key_only(table, other):
    """The group's results link lists its finished tables, each linking its scores: the
    group's key reads them; another group's key, or none, does not."""
    turns.apply_move(table.code, "add", {"points": 5}, expected_version=table.version, seat="p1")
    scores = f"/api/tables/{table.code}/scores/"
    answers = {
        key: APIClient().get(scores, {"key": key}).status_code
        for key in (table.group_key, other.group_key, table.group_key[:-1], "", "ключ")
    }
    assert list(answers.values()) == [200, 403, 403, 403, 403]
    assert APIClient().get(scores, {"key": table.group_key}).json()["finished"] is True
    # The key opens the scores, nothing else
    history = APIClient().get(f"/api/tables/{table.code}/history/", {"key": table.group_key})
    assert history.status_code == 403


def test_the_pages_send_a_stranger_to_the_seat_page_which_shows_what_the_api_answers(
    client, table, other
):
    sit(client, other, "p1")  # a device seated at the next table
    seat_page = reverse("games:seat", args=[table.code])
    for page in ("table", "history", "scores"):
        response = client.get(reverse(f"games:{page}", args=[table.code]))
        assert (response.status_code, response.url) == (302, seat_page), page
    html = client.get(seat_page).content.decode()
    visitor = APIClient().get(f"/api/tables/{table.code}/").json()
    assert escape(visitor["detail"]) in html and "data-visitor" in html
    assert all(f"<li>{seat['label']}</li>" in html for seat in visitor["seats"])
    assert not any(secret in html for secret in secrets_of(table))


def test_the_scores_page_opens_from_the_groups_results_page(client, table):
    turns.apply_move(table.code, "add", {"points": 5}, expected_version=table.version, seat="p1")
    results = client.get(reverse("games:results"), {"key": table.group_key}).content.decode()
    link = reverse("games:scores", args=[table.code]) + f"?key={table.group_key}"
    assert f'href="{link}"' in results
    assert client.get(link).status_code == 200
    wrong = client.get(reverse("games:scores", args=[table.code]), {"key": "nope"})
    assert wrong.status_code == 302


def test_the_version_alone_stays_public(client, table):
    """The poll tells that something changed (204 while nothing did), not what: a stranger's
    changed version is sent to take a seat."""
    poll = reverse("games:poll", args=[table.code])
    assert client.get(poll, {"v": table.version, "s": table.seating}).status_code == 204
    stale = {"v": table.version - 1, "s": table.seating}
    changed = client.get(poll, stale, HTTP_HX_REQUEST="true")
    assert changed["HX-Redirect"] == reverse("games:seat", args=[table.code])
    assert json.dumps(table.state["secrets"]) not in changed.content.decode()
