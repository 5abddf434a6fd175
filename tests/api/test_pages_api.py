"""The pages' data over REST: the games (home page), a game's card data (the card-data page),
a table's scores over time (the scores page), a group's results (the results page) and the
tables a device holds (the home page's list). Secrets: a running game's scores are nobody's
to read, and a token lists only the tables it holds."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.core.registry import all_games, get_game
from games.models import GameCatalog, GroupCatalog
from games.services import seating, tables, turns
from tests.seating import claim

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def finished_tally(group: str = "", group_key: str = ""):
    """A tally table Ada wins 20 to 16 (the tests' game ends at 20)."""
    table = tables.create_table(
        "tally", "Race", {"players": ["Ada", "Bo"]}, group=group, group_key=group_key
    )
    for _ in range(4):
        for seat in ("p1", "p2"):
            table, _move = turns.apply_move(
                table.code,
                "add",
                {"points": 5 if seat == "p1" else 4},
                expected_version=table.version,
                seat=seat,
            )
    return table


# -- the games and a game's card data ----------------------------------------------------


def test_the_games_are_listed_in_the_home_pages_order(api):
    games = api.get("/api/games/").json()
    assert [g["slug"] for g in games] == list(all_games())
    by_slug = {g["slug"]: g for g in games}
    assert by_slug["dark-tales"]["card_data"] is True and by_slug["tally"]["card_data"] is False
    assert by_slug["dark-tales"]["title"] == get_game("dark-tales").title


def test_a_games_card_data_is_the_groups_or_else_the_servers(api):
    GameCatalog.objects.create(game="tales-of-danger", data={"sponsors": {"queen": {"rank": 1}}})
    GroupCatalog.objects.create(
        group_key="owls-key", game="tales-of-danger", data={"sponsors": {"queen": {"rank": 2}}}
    )
    url = "/api/games/tales-of-danger/card-data/"
    assert api.get(url).json() == {
        "game": "tales-of-danger",
        "data": {"sponsors": {"queen": {"rank": 1}}},
    }
    assert api.get(url, {"group": "owls-key"}).json()["data"] == {
        "sponsors": {"queen": {"rank": 2}}
    }
    assert api.get(url, {"group": "another"}).json()["data"] == {"sponsors": {"queen": {"rank": 1}}}


@pytest.mark.parametrize("slug", ["chess", "tally"])  # unknown; no card data
def test_no_card_data_without_such_a_game_or_its_cards(api, slug):
    response = api.get(f"/api/games/{slug}/card-data/")
    assert response.status_code == 404 and response.json()["error"]


# -- a table's scores over time ------------------------------------------------------------


def test_a_running_tables_scores_are_given_to_nobody(api):
    table = tables.create_table("dark-tales", "Night", {"players": ["Ada", "Bo"]}, group="Owls")
    keeper = APIClient(headers={"Authorization": f"Bearer {claim(table, None, keeper=True)}"})
    player = APIClient(headers={"Authorization": f"Bearer {claim(table, 'p1')}"})
    # the keeper, a player, and anyone with the group's results key (the results page's link)
    for who, key in ((keeper, ""), (player, ""), (api, table.group_key)):
        body = who.get(f"/api/tables/{table.code}/scores/", {"key": key} if key else {}).json()
        assert body == {
            "finished": False,
            "unit": None,
            "score": None,
            "steps": [],
            "start": {},
            "series": {},
        }


def test_a_finished_tables_scores_turn_by_turn(api):
    table = finished_tally()
    player = APIClient(headers={"Authorization": f"Bearer {claim(table, 'p2')}"})
    body = player.get(f"/api/tables/{table.code}/scores/").json()
    assert body["finished"] is True and body["unit"] == "move"
    assert body["start"] == {"Ada": 0, "Bo": 0}
    assert body["series"]["Ada"][-1] == 20 and body["series"]["Bo"][-1] == 16
    assert len(body["steps"]) == len(body["series"]["Bo"]) == 8


def test_scores_of_no_table_are_404(api):
    assert api.get("/api/tables/NOPE-0000/scores/").status_code == 404


# -- a group's results ----------------------------------------------------------------------


def test_a_groups_results_list_its_finished_tables_only(api):
    table = finished_tally(group="Owls", group_key="owls-key")
    tables.create_table(
        "tally", "Still playing", {"players": ["Cy", "Di"]}, group="Owls", group_key="owls-key"
    )
    tables.create_table("tally", "Another group", {"players": ["Ed"]}, group="Cats")
    body = api.get("/api/results/", {"key": "owls-key"}).json()
    assert body["group"] == "Owls"
    (tally,) = body["games"]
    assert tally["game"] == "tally" and [t["name"] for t in tally["tables"]] == ["Race"]
    (race,) = tally["tables"]
    assert race["code"] == table.code
    assert race["scores"] == {"Ada": 20, "Bo": 16} and race["winners"] == ["Ada"]


@pytest.mark.parametrize("key", ["", "guessed"])
def test_results_need_the_groups_key(api, key):
    finished_tally(group="Owls", group_key="owls-key")
    response = api.get("/api/results/", {"key": key})
    assert response.status_code == 404 and "Owls" not in response.content.decode()


# -- the tables a device holds --------------------------------------------------------------


def test_tokens_list_the_tables_they_hold_and_no_other(api):
    mine = tables.create_table("tally", "Mine", {"players": ["Ada", "Bo"]}, group="Owls")
    kept = tables.create_table("dark-tales", "Kept", {"players": ["Ada", "Bo"]})
    theirs = tables.create_table("tally", "Theirs", {"players": ["Cy", "Di"]})
    claim(theirs, "p1")  # another device's seat
    tokens = [claim(mine, "p2"), seating.open_keeper(kept), "not-a-token"]
    body = api.post("/api/tables/held/", {"tokens": tokens}, format="json").json()
    assert {t["code"] for t in body} == {mine.code, kept.code}
    by_code = {t["code"]: t for t in body}
    assert by_code[mine.code]["seat"] == "p2" and by_code[mine.code]["keeper"] is False
    assert by_code[mine.code]["group"] == "Owls" and by_code[mine.code]["results_key"]
    assert by_code[kept.code]["seat"] is None and by_code[kept.code]["keeper"] is True


def test_a_stranger_holds_no_tables(api):
    tables.create_table("tally", "Theirs", {"players": ["Cy", "Di"]})
    assert api.post("/api/tables/held/", {"tokens": []}, format="json").json() == []


@pytest.mark.parametrize("body", [{}, {"tokens": "abc"}, {"tokens": [1]}, {"tokens": ["x"] * 61}])
def test_a_malformed_token_list_is_refused(api, body):
    response = api.post("/api/tables/held/", body, format="json")
    assert response.status_code == 400 and response.json()["error"]
