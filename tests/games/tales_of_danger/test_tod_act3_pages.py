"""Tales of Danger over the platform: Act 3 (segments, paying, foraging, journals) and the end.

Form fields are posted the way the panel's forms send them (see test_tod_pages.py).
"""

import json
import re

import pytest
from django.urls import reverse

from games.tales_of_danger.game import game
from tests.games.tales_of_danger.pages import (
    QUEEN_HAND,
    forms,
    page,
    pick,
    post_move,
    seated,
    table_from,
)
from tests.seating import api_as

pytestmark = pytest.mark.django_db

JOURNAL_REFUSED = "“Write journal” is for a player, not for the shared display."


def test_act_3_begins_with_the_transition_steps(client, tod):
    seven = [*QUEEN_HAND, "monk", "monk", "farmer", "farmer"]
    nine = ["nun"] * 5 + ["royal-guard"] * 4
    pool = ["monk", "farmer", "deacon", "innkeeper", "captain"]
    table = table_from(tod.arranged([seven, nine], pool, ["queen", "bishop"]))
    seated(client, table, "table")
    response = post_move(
        client,
        table,
        "gather",
        {"picks": [pick("deacon"), pick("captain")], "discard": ["monk"]},
    )
    html = response.content.decode()
    assert "Act 3 begins" in html and "Unclaimed sponsors leave the table" in html
    # Hands are private now: the display prepares no segment for Ada, her seat does.
    assert "prepare-segment" not in forms(html)
    mine = page(seated(client, table, "p1"), table)
    assert "prepare-segment" in forms(mine) and "Difficulty 3" in mine
    # Hands are private now: the table shows counts, each phone its own hand.
    assert "Royal Guard" not in html.split("What happened")[0].split("Act 3 begins")[1]
    assert "Royal Guard" in page(seated(client, table, "p2"), table)


def test_prepare_a_segment_from_the_difficulty_card(client, tod):
    table = table_from(tod.act3([["monk"], ["nun"]], [None, (1, ["crew"])]))
    state = game.load(table.state)
    state.step = "prepare"
    table.state = state.model_dump(mode="json")
    table.save()
    seated(client, table, "p1")
    response = post_move(
        client,
        table,
        "prepare-segment",
        {"difficulty": "2", "source": "deck", "costs": ["illness"]},
    )
    assert b"A difficulty-2 segment gets exactly 2 cost cards." in response.content
    response = post_move(
        client,
        table,
        "prepare-segment",
        {"difficulty": "2", "source": "deck", "person": "", "costs": ["illness", "great-fishing"]},
    )
    assert b"Ada prepared a difficulty-2 segment costing Illness: 3 crew, Great Fishing!" in (
        response.content
    )


def test_complete_shows_what_is_owed_after_cancels_and_refuses_paying_too_little(client, tod):
    hand = ["doctor", "nun", "monk", "sailor"]
    table = table_from(tod.act3([hand, ["nun"]], [(3, ["illness", "illness", "supply"]), None]))
    html = page(seated(client, table, "p1"), table)
    assert "To pay: <strong>6 crew, 1 supply</strong>" in html
    assert "A Doctor cancels every Illness:\n      0 crew, 1 supply left" in html
    assert 'Doctor <span class="muted">(cancels Illness)</span>' in html
    # Each hand card's payment: "(N crew, 1 supply)", never "1 supplies" (issue 16).
    assert re.search(r"\(\d crew, 1 supply\)", html) and "1 supplies" not in html
    owed = json.loads(re.search(r'id="tod-owed"[^>]*>(.*?)</script>', html).group(1))
    assert owed == {"": {"crew": 6, "supplies": 1}, "illness": {"crew": 0, "supplies": 1}}
    response = post_move(client, table, "complete-segment", {"pay": [pick("doctor")]})
    assert b"That pays nothing, but the segment still costs 1 supply: 1 supply short." in (
        response.content
    )
    table.refresh_from_db()
    assert table.version == 1
    # The Doctor and a Nun (1 supply): the rulebook's example.
    response = post_move(client, table, "complete-segment", {"pay": [pick("doctor"), pick("nun")]})
    assert b"Ada completed a difficulty-3 segment (Illness cancelled), paying Doctor and Nun" in (
        response.content
    )
    assert "write-journal" in forms(response.content.decode())


def test_a_player_pays_with_named_or_counted_cards(client, tod):
    table = table_from(
        tod.act3([["monk", "?", "nun"], ["nun"]], [(2, ["crew", "two-supplies"]), None])
    )
    seated(client, table, "p1")
    response = post_move(
        client,
        table,
        "complete-segment",
        {"pay": [json.dumps({"crew": 1, "supplies": 0}), pick("monk"), ""]},
    )
    assert b"paying an unnamed card and Monk (1 crew wasted)" in response.content


def test_great_fishing_only_needs_no_payment(client, tod):
    table = table_from(tod.act3([["monk"], ["nun"]], [(1, ["great-fishing"]), None]))
    seated(client, table, "p1")
    response = post_move(client, table, "complete-segment", {"bonus": ["sailor"]})
    assert b"with nothing to pay; Great Fishing gives 1 bonus card." in response.content
    assert table.__class__.objects.get().state["players"][0]["hand"] == ["monk", "sailor"]


def test_cards_named_into_a_hand_stay_out_of_the_log_and_other_seats(client, tod):
    table = table_from(tod.act3([["monk"], ["nun"]], [(1, ["crew"]), None]))
    seated(client, table, "p1")
    post_move(client, table, "forage", {"cost": "supply", "to_hand": ["doctor", "priest", ""]})
    table.refresh_from_db()
    sentence = table.moves.get().sentence
    assert sentence.startswith("Ada foraged: “1 supply” joins the segment and 3 cards go to hand")
    assert "Doctor" not in sentence and "Priest" not in sentence
    assert table.state["players"][0]["hand"] == ["monk", "doctor", "priest", "?"]
    mine = page(client, table)
    assert '<li class="chip">Doctor <small' in mine
    other = page(seated(client, table, "p2"), table)
    assert '<li class="chip">Doctor' not in other and "an unnamed card" not in other
    state = api_as(table, "table").get(f"/api/tables/{table.code}/").json()["state"]
    assert "hand" not in state["players"][0] and state["players"][0]["hand_count"] == 4
    history = f"/api/tables/{table.code}/history/"
    keeper = api_as(table, None, keeper=True)  # a keeper holding no seat: nobody's seat
    assert keeper.get(history).json()[0]["args"] is None
    assert api_as(table, "p2").get(history).json()[0]["args"] is None  # another seat's


def test_forage_from_the_players_seat(client, tod):
    table = table_from(tod.act3([["monk"], ["nun"]], [(1, ["crew"]), None]))
    seated(client, table, "p1")
    response = post_move(client, table, "forage", {"cost": "bad-luck"})
    assert (
        b"Ada foraged: \xe2\x80\x9cBad Luck: 2 crew, 3 supplies\xe2\x80\x9d joins the segment"
        in (response.content)
    )


def test_a_sixth_segment_is_refused(client, tod):
    legs = [(2, 2)] * 5
    t = tod.act3([["monk", "nun"], ["nun"], ["monk"]], [None, (1, ["crew"]), (1, ["crew"])],
                 [legs, [], []])  # fmt: skip
    state = t.state
    state.final_round_by, state.final_turns, state.active = 0, [1, 2], 1
    t.put(state)
    table = table_from(t)
    seated(client, table, "p1")
    html = page(client, table)
    assert "prepare-segment" not in forms(html) and "complete-segment" not in forms(html)
    assert "Final round" in html and "Ada completed a fifth segment" in html
    response = post_move(client, table, "prepare-segment", {"difficulty": "1", "costs": ["crew"]})
    assert response["HX-Trigger"] == "tk:refused"
    assert "It is Bo&#x27;s turn." in response.content.decode()
    table.refresh_from_db()
    assert table.version == 1


def test_journals_stay_on_their_owners_seat_until_the_reveal(client, tod):
    t = tod.act3([["monk", "nun", "sailor"], ["nun"]], [(1, ["great-fishing"]), (1, ["crew"])])
    table = table_from(t)
    seated(client, table, "p1")
    post_move(client, table, "complete-segment", {})
    html = page(client, table)
    assert "Place the journal face down" in html
    response = post_move(client, table, "write-journal", {"person": "sailor", "value": "3"})
    assert b"Ada wrote a face-down journal for segment 1." in response.content
    assert "<strong data-journal>3</strong>" in page(client, table)  # her own seat shows it
    for seat in ("table", "p2"):
        html = page(seated(client, table, seat), table)
        assert "<strong data-journal>" not in html and "face down" in html
        assert "write-journal" not in forms(html)
    for seat in ("table", "p2"):
        state = api_as(table, seat).get(f"/api/tables/{table.code}/").json()["state"]
        assert state["scoreboard"]["rows"][0]["segments"][0]["journal"] is None
        assert '"journal": 3' not in json.dumps(state)
        assert "sailor" not in json.dumps(state["players"][0])
    history = api_as(table, "p2").get(f"/api/tables/{table.code}/history/").json()
    assert history[0]["name"] == "write-journal" and history[0]["args"] is None
    mine = api_as(table, "p1").get(f"/api/tables/{table.code}/history/").json()
    assert mine[0]["args"] == {"person": "sailor", "value": "3"}
    # The history page shows sentences only (Bo's phone: the API's p2 token took his seat).
    seated(client, table, "p2")
    history_page = client.get(reverse("games:history", args=[table.code])).content.decode()
    assert "face-down journal" in history_page and "Sailor" not in history_page


def test_a_journal_is_refused_on_the_table_seat(client, tod):
    t = tod.act3([["monk", "nun"], ["nun"]], [(1, ["great-fishing"]), (1, ["crew"])])
    t.do("complete-segment", {})
    table = table_from(t)
    seated(client, table, "table")
    html = page(client, table)
    assert "Place the journal face down" not in html and "write-journal" not in forms(html)
    response = post_move(client, table, "write-journal", {"value": "2"})
    # The engine refuses the role the move leaves out, before the move runs.
    assert response["HX-Trigger"] == "tk:refused"
    assert JOURNAL_REFUSED in response.content.decode()
    table.refresh_from_db()
    assert table.version == 1 and table.state["players"][0]["voyage"][0]["journal"] is None


def test_game_over_shows_the_breakdown_and_links_the_scores(client, tod):
    t = tod.act3([["monk", "nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])],
                 [[(2, 3)] * 4, [(3, 1)]])  # fmt: skip
    t.do("complete-segment", {"pay": [{"person": "monk"}]})
    t.do("forage", {"cost": "crew"}, seat="p2")
    table = table_from(t)
    html = page(seated(client, table, "p2"), table)
    assert "Waiting for journals from Ada." in html
    ada_row = re.search(r'<tr data-seat="p1".*?</tr>', html, re.S).group(0)
    assert "<strong data-journal>" not in ada_row and "face down" in ada_row
    seated(client, table, "p1")
    post_move(client, table, "write-journal", {"person": "nun", "value": "1"})
    html = page(seated(client, table, "p2"), table)
    assert "Game over" in html and "Ada wins with 22 points." in html
    assert "Final round" not in html
    ada_row = re.search(r'<tr data-seat="p1".*?</tr>', html, re.S).group(0)
    assert ada_row.count("<strong data-journal>3</strong>") == 4
    assert (
        "<strong>22</strong>" in ada_row
        and '<small class="muted" data-breakdown>9+13</small>' in ada_row
    )
    assert f'href="/t/{table.code}/scores/"' in html
    assert client.get(reverse("games:scores", args=[table.code])).status_code == 200


def test_after_the_game_no_hand_over_and_the_undo_note_names_no_sm(client, tod):
    t = tod.act3([["monk", "nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])],
                 [[(2, 3)] * 4, [(3, 1)]])  # fmt: skip
    t.do("complete-segment", {"pay": [{"person": "monk"}]})
    t.do("forage", {"cost": "crew"}, seat="p2")
    table = table_from(t)
    html = page(seated(client, table, "table"), table)
    assert "Hand the tablet to Ada" in html  # her journal is still to place
    seated(client, table, "p1")
    post_move(client, table, "write-journal", {"person": "nun", "value": "1"})
    html = page(seated(client, table, "table"), table)
    assert "Game over" in html and "No device:" not in html and "Hand the tablet" not in html
    bo = page(seated(client, table, "p2"), table)  # Ada's phone made the last move
    assert "only it, the shared display or the table" in bo and "story master" not in bo


def test_a_hand_of_unnamed_cards_with_nothing_to_forage_shows_the_way_on(client, tod):
    t = tod.act3([["?", "?", "?"], ["nun"]], [(1, ["crew"]), None])
    state = t.state
    state.players[1].hand += ["?"] * (state.deck - 3)  # Bo holds the rest of the deck
    state.deck, state.discard = 3, []
    t.put(state)
    table = table_from(t)
    html = page(seated(client, table, "p1"), table)
    assert "<details open>\n        <summary>Unnamed cards in your hand" in html
    response = post_move(client, table, "forage", {"cost": "crew"})
    assert "Ada cannot forage: the deck and the discard pile hold 3 cards" in (
        response.content.decode()
    )
    assert "for an unnamed card, give its crew and supplies" in response.content.decode()
