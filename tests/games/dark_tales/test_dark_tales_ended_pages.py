"""Dark Tales on the pages and the API: a game that has ended names no one to play and offers
no hand-over; a question about a card, answered once over the API, is not asked again."""

import pytest
from django.urls import reverse

from games.core.engine import dump
from games.dark_tales.game import game
from games.dark_tales.rules import begin_turn
from games.services import tables, turns
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
TO_PLAY = '<span class="chip">to play</span>'


@pytest.fixture
def table():
    """Three players and no phone: the tablet plays every seat."""
    options = {"players": ["Ivy", "Jo", "Kit"], "setting_a": "A1", "setting_b": "B1"}
    return tables.create_table("dark-tales", "One tablet", options)


def end_the_game(table) -> None:
    """Every card played out: the next player begins a turn with no cards, the game ends."""
    state = game.load(table.state)
    for player in state.players:
        state.discard += ["Night"] * player.hand_unknown
        player.hand_unknown = 0
    state.discard += ["Night"] * state.deck
    state.deck = 0
    begin_turn(state)
    game.check(state)
    table.state = dump(state)
    table.save()


def page(client, table) -> str:
    return client.get(reverse("games:table", args=[table.code]), **HTMX).content.decode()


def test_while_playing_the_tablet_offers_the_hand_over_and_names_who_plays(client, table):
    html = page(sit(client, table, "table"), table)
    assert "Hand the tablet to Ivy" in html and html.count(TO_PLAY) == 1


def test_an_ended_game_names_no_one_and_offers_no_hand_over(
    client, table, django_assert_num_queries
):
    end_the_game(table)
    sit(client, table, "table")
    # The claim with its table and the recent log: no query for the seats no device holds.
    with django_assert_num_queries(2):
        html = page(client, table)
    assert "The game is over" in html
    assert "Hand the tablet to" not in html and "No device:" not in html
    assert TO_PLAY not in html
    # The table itself finishes: the B card's points and the reveal are on its page.
    assert "/move/enter-bonus/" in html and "/move/reveal-scores/" in html


def test_at_the_scoring_every_phone_may_enter_points_and_none_is_to_play(client, table):
    end_the_game(table)
    state = table.state
    html = page(sit(client, table, "p2"), table)
    assert "/move/reveal-scores/" in html and TO_PLAY not in html
    assert game.to_act_fn(game.load(state)) == set()


def test_the_api_shows_no_one_to_play_once_the_game_has_ended(table):
    end_the_game(table)
    body = api_as(table, "p1").get(f"/api/tables/{table.code}/").json()
    assert [player["active"] for player in body["state"]["players"]] == [False, False, False]
    assert body["state"]["can_act"] is True  # the B card's points and the reveal
    assert "draw" not in body["state"]["moves"]


def test_a_question_answered_over_the_api_is_not_asked_again(table):
    api = api_as(table, "table")
    url = f"/api/tables/{table.code}/moves/"

    def post(move: str, args: dict, version: int):
        return api.post(url, {"move": move, "args": args, "version": version}, format="json")

    version = post("draw", {}, 1).json()["table"]["version"]
    refused = post("play-card", {"card": "Ogre"}, version)
    assert refused.status_code == 400
    assert refused.json()["error"].startswith("The app does not know these of the Ogre yet")
    answers = {"card": "Ogre", "vp": 3, "card_type": "villain", "count": 2}
    version = post("play-card", answers, version).json()["table"]["version"]
    version = post("draw", {}, version).json()["table"]["version"]
    played = post("play-card", {"card": "Ogre"}, version)
    assert played.status_code == 200
    ogre = next(c for c in played.json()["table"]["state"]["catalog"] if c["name"] == "Ogre")
    assert (ogre["vp"], ogre["count"], ogre["type"]) == (3, 2, "villain")


def drawn(name: str, group: str = ""):
    """A table whose first player has drawn: the play form is on the page."""
    options = {"players": ["Ivy", "Jo"], "setting_a": "A1", "setting_b": "B1"}
    table = tables.create_table("dark-tales", name, options, group=group)
    turns.apply_move(table.code, "draw", {}, expected_version=1, seat="table")
    table.refresh_from_db()
    return table


def test_the_play_form_says_where_its_answers_are_kept(client):
    alone = drawn("Alone")
    html = page(sit(client, alone, "table"), alone)
    assert "the answers stay with this table. A table started with your group" in html
    friday = drawn("Ours", group="Friday")
    html = page(sit(client, friday, "table", keeper=True), friday)
    assert "the answers are kept for Friday's next tables too" in html
    html = page(sit(client, friday, "table"), friday)
    assert "reach Friday's next tables when the keeper's device answers one" in html


def test_the_end_card_says_what_was_entered_and_counts_in_words(client, table):
    """QAF new problem 9: "Ivy: nothing yet · 0 VP entered" after Ivy's points were entered,
    and a field label ending in an unexplained "(0)"."""
    end_the_game(table)  # no one holds anything: all three tie for the Iron Army's 1st place
    tied = "tied 1st place in Gold Coins + cards in hand, with 0 each"
    html = page(sit(client, table, "table"), table)
    assert f"Ivy: points for {tied}" in html and "(0)" not in html
    turns.apply_move(
        table.code, "enter-bonus", {"player": "p1", "vp": 0}, expected_version=1, seat="table"
    )
    html = page(client, table)
    assert f"<strong>Ivy</strong>: 0 VP entered for {tied}</li>" in html
    assert "<strong>Jo</strong>: nothing yet</li>" in html  # Jo's are still to enter
