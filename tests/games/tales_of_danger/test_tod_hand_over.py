"""Tales of Danger with fewer phones than players: after the hand-over, the shared display pays
for a phone-less player's segment (any number of cards) and the player places their face-down
journal on it; as itself it makes no Act 3 move (hands are private).

Rulebook facts: a completed segment adds a face-down journal from the hand (none with an empty
hand); payment is by discarding cards from the hand, so a segment (3 cost cards at most when
prepared, one more per forage) can take every card a player holds.
"""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.tales_of_danger.game import game
from tests.games.tales_of_danger.pages import HTMX, forms, page, pick, post_move, table_from
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db

SEVEN = ["monk", "nun", "sailor", "farmer", "deacon", "captain", "innkeeper"]


def pay_fields(html: str) -> list[str]:
    return re.findall(r"Card (\d+)\s*<select name=\"pay\"", html)


def test_the_display_pays_only_after_the_hand_over(client, tod):
    t = tod.act3([SEVEN, ["nun"]], [(3, ["bad-luck", "bad-luck", "rough-seas-supplies"]), None])
    table = table_from(t)
    html = page(sit(client, table, "table"), table)
    assert "complete-segment" not in forms(html) and pay_fields(html) == []
    hand_over = reverse("games:hand-over", args=[table.code, "p1"])
    assert f'href="{hand_over}"' in html
    client.post(hand_over)
    assert "complete-segment" in forms(page(client, table))


def test_seven_cards_named_on_the_display_pay_for_a_segment(client, tod):
    t = tod.act3(
        [SEVEN, ["nun"]], [(3, ["bad-luck", "bad-luck", "rough-seas-supplies"]), (1, ["crew"])]
    )
    table = table_from(t)
    sit(client, table, "table")
    client.post(reverse("games:hand-over", args=[table.code, "p1"]))
    state = game.load(table.state)
    owed = game.view(table.state, "table")["players"][0]["segment"]["owed"]
    crew = sum(state.catalog.person(p).crew for p in SEVEN)
    supplies = sum(state.catalog.person(p).supplies for p in SEVEN)
    assert crew >= owed["crew"] and supplies >= owed["supplies"], "the test catalog pays it"
    response = post_move(client, table, "complete-segment", {"pay": [pick(p) for p in SEVEN]})
    assert "HX-Trigger" not in response, response.content.decode()[:400]
    table.refresh_from_db()
    assert table.state["players"][0]["hand"] == [] and len(table.state["players"][0]["voyage"]) == 1


def test_a_phone_less_player_places_the_journal_after_the_hand_over(client, tod):
    t = tod.act3([["monk", "nun", "sailor"], ["nun"]], [(1, ["great-fishing"]), (1, ["crew"])])
    t.do("complete-segment", {})
    table = table_from(t)
    sit(client, table, "table")  # Ada has no phone; Bo's is the other seat
    sit(Client(), table, "p2")
    html = page(client, table)
    assert "1 journal to place" in html and "write-journal" not in forms(html)
    hand_over = reverse("games:hand-over", args=[table.code, "p1"])
    assert f'href="{hand_over}"' in html and "Hand the tablet to Ada to place it" in html
    assert "Hand the tablet to Bo" not in html  # Bo's phone holds his seat
    client.post(hand_over)
    html = page(client, table)
    assert "write-journal" in forms(html) and "Place the journal face down" in html
    assert "Done, hide again" in html and "Only you see what you enter here" in html
    response = post_move(client, table, "write-journal", {"person": "sailor", "value": "3"})
    assert b"Ada wrote a face-down journal for segment 1." in response.content
    assert response.context["view"]["you"] == "p1"
    table.refresh_from_db()
    assert table.moves.first().seat == "p1"
    assert table.state["players"][0]["voyage"][0]["journal"] == 3
    client.post(reverse("games:hide-again", args=[table.code]))
    html = page(client, table)
    assert "<strong data-journal>" not in html and "face down" in html


def test_the_journal_is_refused_to_the_display_as_itself_and_to_a_held_seat(client, tod):
    t = tod.act3([["monk", "nun"], ["nun"]], [(1, ["great-fishing"]), (1, ["crew"])])
    table = table_from(t)
    t.do("complete-segment", {})
    table = table_from(t)
    display = api_as(table, "table")
    body = {"move": "write-journal", "args": {"value": 2}, "version": 1}
    response = display.post(f"/api/tables/{table.code}/moves/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == (
        "“Write journal” is for a player, not for the shared display."
    )
    # As Ada (no device holds her seat): the move is hers, its roles checked against her.
    ada = display.get(f"/api/tables/{table.code}/?as_seat=p1").json()
    assert ada["may"]["write_journal"] is True and "write-journal" in ada["state"]["moves"]
    response = display.post(
        f"/api/tables/{table.code}/moves/", {**body, "as_seat": "p1"}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["move"]["seat"] == "p1"
    # Once Ada's phone holds her seat, the display no longer plays it.
    api_as(table, "p1")
    response = display.get(f"/api/tables/{table.code}/?as_seat=p1")
    assert response.status_code == 409


def test_the_hand_over_answers_in_three_queries_over_htmx(client, tod, django_assert_num_queries):
    t = tod.act3([["monk", "nun"], ["nun"]], [(1, ["great-fishing"]), (1, ["crew"])])
    table = table_from(t)
    sit(client, table, "table")
    client.post(reverse("games:hand-over", args=[table.code, "p1"]))
    # The claim joined with its table, the held seats (asked once), the recent log.
    with django_assert_num_queries(3):
        response = client.get(reverse("games:table", args=[table.code]), **HTMX)
    state = response.context["view"]
    assert state["you"] == "p1" and state["players"][0]["hand"] == ["monk", "nun"]
    assert json.dumps(state["players"][1]).count("hand") == 1  # Bo's count only


def test_the_display_hides_again_by_itself_once_the_players_turn_is_over(
    client, tod, django_assert_num_queries
):
    """Issue 16: after Ada's turn (segment, journal, the next segment) the turn passes to Bo
    and the display stops showing Ada's hand, without "Done, hide again"."""
    t = tod.act3([["monk", "nun", "sailor"], ["nun"]], [(1, ["great-fishing"]), (1, ["crew"])])
    table = table_from(t)
    sit(client, table, "table")
    sit(Client(), table, "p2")
    client.post(reverse("games:hand-over", args=[table.code, "p1"]))
    post_move(client, table, "complete-segment", {})  # a journal owed: still Ada's
    response = post_move(client, table, "write-journal", {"person": "sailor", "value": "3"})
    assert response.context["view"]["you"] == "p1"  # she prepares the next segment
    assert "play_" + table.code not in response.cookies
    table.refresh_from_db()
    with django_assert_num_queries(7):  # the write, the move's log and backups, the page
        response = client.post(
            reverse("games:move", args=[table.code, "prepare-segment"]),
            {"version": table.version, "difficulty": "1", "costs": "crew"},
            **HTMX,
        )
    assert response.status_code == 200 and response.context["view"]["players"][1]["active"]
    assert response.context["seat"].id == "table"  # Ada's part is hidden again
    assert response.context["hand_over"].playing is None
    assert response.cookies["play_" + table.code]["max-age"] == 0  # the hand-over forgotten
    # Her view is no longer computed even for a display that kept the cookie.
    calls = []
    real = game.view_fn
    game.view_fn = lambda state, seat: calls.append(seat) or real(state, seat)
    try:
        response = client.get(reverse("games:table", args=[table.code]), **HTMX)
    finally:
        game.view_fn = real
    assert calls == ["table"] and "Done, hide again" not in response.content.decode()


def test_a_player_handed_the_display_off_turn_keeps_it_until_the_table_moves(client, tod):
    t = tod.act3([["monk", "nun", "sailor"], ["nun"]], [(1, ["great-fishing"]), (1, ["crew"])])
    table = table_from(t)
    sit(client, table, "table")
    client.post(reverse("games:hand-over", args=[table.code, "p2"]))  # Bo looks at his hand
    response = client.get(reverse("games:table", args=[table.code]), **HTMX)
    assert response.context["view"]["you"] == "p2"
    ada = Client()
    sit(ada, table, "p1")  # Ada's phone moves: Bo still has nothing to do
    post_move(ada, table, "complete-segment", {})
    response = client.get(reverse("games:table", args=[table.code]), **HTMX)
    assert response.context["seat"].id == "table"
