"""Act 3's hands are private (the rulebook: "Hands will be kept private during Act 3"): the shared
display makes no move that names a card of a hand, neither for a seat a phone holds nor, before
the hand-over, for one no device holds; another player's phone makes none either. A refusal
says who the move is for and never what a hand holds, so no device can probe one by trying
names (QA session 7: "Fay has no Captain in hand.").
"""

import pytest
from django.test import Client
from django.urls import reverse

from games.core.engine import RuleError
from games.tales_of_danger.game import game
from tests.games.tales_of_danger.pages import forms, page, pick, post_move, table_from
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db

# Ada's turn, a 1-crew segment; she holds a Monk (1 crew) and no Captain.
HANDS = [["monk", "nun"], ["nun"]]
SEGMENTS = [(1, ["crew"]), (1, ["crew"])]
DISPLAY = "“Complete segment” is for the active player, not for the shared display."
PROBES = {
    "complete-segment": [{"pay": [{"person": "monk"}]}, {"pay": [{"person": "captain"}]}],
    "forage": [{"cost": "crew", "to_hand": ["captain"]}, {"cost": "crew"}],
}


def _table(tod):
    return table_from(tod.act3(HANDS, SEGMENTS))


@pytest.mark.parametrize("move", ["complete-segment", "forage"])
def test_the_display_as_itself_is_refused_the_same_sentence_whatever_the_hand(tod, move):
    t = tod.act3(HANDS, SEGMENTS)
    said = set()
    for args in PROBES[move]:
        with pytest.raises(RuleError) as refused:
            game.apply(t.data, move, args, "table")
        said.add(str(refused.value))
    label = game.moves[move].label
    assert said == {f"“{label}” is for the active player, not for the shared display."}


def test_another_players_phone_is_told_whose_turn_it_is_and_nothing_of_the_hand(tod):
    t = tod.act3(HANDS, SEGMENTS)
    for args in PROBES["complete-segment"]:
        with pytest.raises(RuleError, match="^It is Ada's turn.$"):
            game.apply(t.data, "complete-segment", args, "p2")


def test_the_display_prepares_no_segment_from_a_hand(tod):
    t = tod.act3([["monk"], ["nun"]], [None, (1, ["crew"])])
    state = t.state
    state.step = "prepare"
    t.put(state)
    args = {"difficulty": 2, "source": "hand", "person": "monk", "costs": ["crew", "supply"]}
    with pytest.raises(RuleError, match="^“Prepare segment” is for the active player, not for"):
        game.apply(t.data, "prepare-segment", args, "table")
    assert "Ada prepared" in game.apply(t.data, "prepare-segment", args, "p1")[1]


def test_the_page_offers_the_display_no_act_3_form_and_refuses_the_post(client, tod):
    table = _table(tod)
    sit(Client(), table, "p1")  # Ada's phone holds her seat
    html = page(sit(client, table, "table"), table)
    assert not {"complete-segment", "forage", "prepare-segment"} & set(forms(html))
    assert "Hand the tablet to Ada" not in html  # her phone holds her seat
    response = post_move(client, table, "complete-segment", {"pay": [pick("captain")]})
    assert response["HX-Trigger"] == "tk:refused"
    text = response.content.decode()
    assert DISPLAY in text and "Captain" not in text.split("What happened")[0]
    table.refresh_from_db()
    assert (table.version, table.moves.count()) == (1, 0)


def test_the_api_display_plays_a_seat_only_after_a_hand_over_to_an_unheld_one(tod):
    table = _table(tod)
    display = api_as(table, "table")
    moves = f"/api/tables/{table.code}/moves/"
    body = {"move": "complete-segment", "args": {"pay": [{"person": "captain"}]}, "version": 1}
    response = display.post(moves, body, format="json")
    assert (response.status_code, response.json()) == (400, {"error": DISPLAY})
    assert display.get(f"/api/tables/{table.code}/").json()["may"]["complete_segment"] is False
    # Bo's phone may not make Ada's move either.
    response = api_as(table, "p2").post(moves, body, format="json")
    assert (response.status_code, response.json()) == (400, {"error": "It is Ada's turn."})
    # Ada has no phone: the display plays her seat once handed over (as_seat), her rules apply.
    as_ada = {**body, "args": {"pay": [{"person": "monk"}]}, "as_seat": "p1"}
    response = display.post(moves, as_ada, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["move"]["seat"] == "p1"


def test_the_api_display_plays_no_seat_a_phone_holds(tod):
    table = _table(tod)
    api_as(table, "p1")  # Ada's phone
    display = api_as(table, "table")
    body = {"move": "complete-segment", "args": {"pay": [{"person": "monk"}]}, "version": 1}
    response = display.post(
        f"/api/tables/{table.code}/moves/", {**body, "as_seat": "p1"}, format="json"
    )
    assert response.status_code == 409
    assert "Monk" not in response.content.decode()
    table.refresh_from_db()
    assert (table.version, table.moves.count()) == (1, 0)


def test_the_page_hand_over_to_a_held_seat_is_refused(client, tod):
    table = _table(tod)
    sit(Client(), table, "p1")
    sit(client, table, "table")
    client.post(reverse("games:hand-over", args=[table.code, "p1"]))
    response = post_move(client, table, "complete-segment", {"pay": [pick("monk")]})
    assert response["HX-Trigger"] == "tk:refused"
    table.refresh_from_db()
    assert table.moves.count() == 0


@pytest.mark.parametrize("seat", ["table", "p1", "p2"])
def test_a_seat_offered_the_complete_form_sees_the_hand_it_pays_with(tod, seat):
    """Why _complete.html has no form for a hand it can't see: only the active player's own
    seat may complete a segment, and its view holds its hand (the tablet's "name the cards
    paid" branch for a hidden hand is gone)."""
    state = tod.act3(HANDS, SEGMENTS).state
    if game.may(state, seat)["complete_segment"]:
        active = next(p for p in game.view(state, seat)["players"] if p["active"])
        assert active["hand"] == ["monk", "nun"]
    else:
        assert seat != "p1"
