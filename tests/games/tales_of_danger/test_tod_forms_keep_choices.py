"""Every Tales of Danger form answered with a refusal or a question keeps what the player chose
(issue 16 item 4; the take form's were kept in test_tod_take_refused.py): the page answering
the HTMX post shows the same selects chosen, boxes ticked and numbers typed, and nothing moved.
"""

import json
import re
from html import unescape

import pytest

from games.tales_of_danger.game import game
from tests.games.tales_of_danger.pages import (
    POOL,
    QUEEN_HAND,
    new_table,
    pick,
    post_move,
    seated,
    table_from,
)

pytestmark = pytest.mark.django_db

ONE_COPY = "kings-steward"  # the game has one King's Steward: a second is refused


def refused(client, table, move, data) -> str:
    """The page answering a refused ``move``, checked to have changed nothing."""
    table.refresh_from_db()
    version = table.version
    response = post_move(client, table, move, data)
    assert response["HX-Trigger"] == "tk:refused", response.content.decode()[:2000]
    table.refresh_from_db()
    assert table.version == version
    return response.content.decode()


def selected(html: str, name: str) -> list[str]:
    """The option chosen in each select called ``name``, in order ("" for none)."""
    out = []
    for options in re.findall(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S):
        chosen = re.findall(r"<option value=(?:\"([^\"]*)\"|'([^']*)') selected", options)
        out.append(unescape("".join(chosen[0])) if chosen else "")
    return out


def checked(html: str, name: str) -> list[str]:
    found = re.findall(
        rf"<input type=\"(?:checkbox|radio)\" name=\"{name}\" value=(?:\"([^\"]*)\"|'([^']*)')"
        r"[^>]*?(checked)?>",
        html,
    )
    return [unescape("".join(value)) for *value, on in found if on]


def form_of(html: str, move: str) -> str:
    """The page's form for ``move``."""
    (form,) = re.findall(rf'<form[^>]*hx-post="[^"]*/move/{move}/"[^>]*>(.*?)</form>', html, re.S)
    return form


def typed(html: str, name: str) -> list[str]:
    return re.findall(rf'<input type="number" name="{name}"[^>]*value="([^"]*)"', html)


def test_a_refused_deal_keeps_the_three_cards(client, tod):
    table = new_table(tod)
    seated(client, table, "table")
    sent = {"player": "p1", "people": [ONE_COPY, ONE_COPY, "nun"]}
    html = refused(client, table, "deal", sent)
    assert selected(html, "people") == [ONE_COPY, ONE_COPY, "nun"]


def test_a_phone_refused_its_deal_keeps_its_cards(client, tod):
    table = new_table(tod)
    seated(client, table, "p2")
    html = refused(client, table, "deal", {"player": "p2", "people": ["nun", ONE_COPY, ONE_COPY]})
    assert selected(html, "people") == ["nun", ONE_COPY, ONE_COPY]


def test_a_refused_refill_keeps_the_pool_cards(client, tod):
    t = tod.Table(2)
    t.do("deal", {"player": "p1", "people": QUEEN_HAND})
    t.do("deal", {"player": "p2", "people": ["nun", "nun", "monk"]})
    table = table_from(t)
    seated(client, table, "table")
    sent = {"people": ["monk", ONE_COPY, "farmer", ONE_COPY, "deacon"]}
    html = refused(client, table, "refill-pool", sent)
    assert selected(html, "people") == sent["people"]


def test_a_refused_discard_keeps_the_cards_tapped_in_that_players_form(client, tod):
    t = tod.arranged([[*QUEEN_HAND, "monk", "nun"], ["monk"]], POOL, ["queen", None])
    state = t.state
    state.players[0].discard_to = 3
    t.put(state)
    table = table_from(t)
    seated(client, table, "table")
    html = refused(client, table, "discard-down", {"player": "p1", "people": ["monk"]})
    assert checked(html, "people") == ["monk"]


def test_a_refused_free_take_keeps_the_new_pool_cards(client, tod):
    pool = ["doctor", "monk", "farmer", "deacon", "innkeeper"]  # the Doctor is free for the Queen
    table = table_from(tod.arranged([QUEEN_HAND, [ONE_COPY]], pool, ["queen", None]))
    seated(client, table, "table")
    html = refused(client, table, "take-free-cards", {"refill": [ONE_COPY]})
    assert selected(html, "refill") == [ONE_COPY]


def test_a_refused_free_take_with_unknown_marks_keeps_the_cards_tapped(client, tod):
    pool = ["doctor", "monk", "farmer", "deacon", "innkeeper"]
    t = tod.arranged([QUEEN_HAND, ["nun"]], pool, ["queen", None])
    t.do("set-person-card", {"person": "monk", "free_for": None})  # the app cannot tell
    table = table_from(t)
    seated(client, table, "table")
    html = refused(client, table, "take-free-cards", {"people": ["doctor", "farmer"]})
    assert "The Farmer is not free for" in html
    assert checked(html, "people") == ["doctor", "farmer"]


def test_a_refused_secure_keeps_the_sponsor_and_the_people_presented(client, tod):
    t = tod.arranged(
        [QUEEN_HAND, ["monk"], ["nun"]], POOL, on_table=list(tod.SPONSORS), step="acted"
    )
    table = table_from(t)
    seated(client, table, "table")
    sent = {"sponsor": "queen", "people": ["sailor", "minstrel"]}  # the Business Man left out
    html = refused(client, table, "secure-sponsor", sent)
    assert checked(html, "sponsor") == ["queen"]
    assert checked(html, "people") == ["sailor", "minstrel"]


def test_a_refused_journal_keeps_the_card_and_the_number(client, tod):
    """All 17 one-ship cards are on the table but the journal's: a question to answer."""
    t = tod.act3(
        [["monk", "nun"], ["nun"]],
        [(1, ["crew"]), (1, ["crew"])],
        [[(1, 1)] * 4, [(1, 1)] * 3 + [(1, None)]],
    )
    t.do("complete-segment", {"pay": [{"person": "monk"}]}, seat="p1")
    table = table_from(t)
    seated(client, table, "p1")
    html = refused(client, table, "write-journal", {"person": "nun", "value": "1"})
    assert "The game has only 17 cards with 1 ship" in html
    assert checked(html, "person") == ["nun"] and checked(html, "value") == ["1"]


def test_a_refused_segment_comes_back_open_at_its_difficulty(client, tod):
    t = tod.act3([["monk"], ["nun"]], [None, (1, ["crew"])])
    state = t.state
    state.step = "prepare"
    t.put(state)
    table = table_from(t)
    seated(client, table, "p1")
    sent = {"difficulty": "2", "source": "deck", "person": "monk", "costs": ["crew", "supply"]}
    html = refused(client, table, "prepare-segment", sent)
    assert "Only a card played from the hand is named here." in html
    forms = html.split('name="tod-difficulty"')[1:]
    assert [form.startswith(" open") for form in forms] == [False, True, False]
    assert selected(forms[1], "person") == ["monk"]
    assert selected(forms[1], "costs") == ["crew", "supply"]
    assert checked(forms[1], "source") == ["deck"]
    assert selected(forms[0], "costs") == [""] and checked(forms[0], "source") == ["deck"]


def test_a_refused_payment_keeps_the_cards_and_the_unnamed_values(client, tod):
    t = tod.act3([["monk", "nun", "?"], ["nun"]], [(3, ["crew"] * 3), (1, ["crew"])])
    table = table_from(t)
    seated(client, table, "p1")
    unnamed = json.dumps({"crew": 0, "supplies": 1})
    html = refused(client, table, "complete-segment", {"pay": [pick("monk"), unnamed]})
    assert "short" in html
    assert checked(html, "pay") == [pick("monk")]
    assert selected(html, "pay") == [unnamed]


def test_a_refused_forage_keeps_the_cost_and_the_cards_named(client, tod):
    t = tod.act3([["monk", ONE_COPY], ["nun"]], [(1, ["crew"]), (1, ["crew"])])
    table = table_from(t)
    seated(client, table, "p1")
    sent = {"cost": "supply", "to_hand": [ONE_COPY, "", "nun"]}
    html = refused(client, table, "forage", sent)
    assert selected(html, "cost") == ["supply"]
    assert selected(html, "to_hand") == [ONE_COPY, "", "nun"]


def test_a_refused_sponsor_card_keeps_what_was_typed(client, tod):
    table = new_table(tod)
    seated(client, table, "table")
    sent = {"sponsor": "bishop", "name": "Bishop Ansel", "rank": "2", "market": "3"}
    html = refused(client, table, "set-sponsor-card", sent)  # the Knights Templar rank 2
    assert "two sponsors share a rank" in html
    form = form_of(html, "set-sponsor-card")
    assert selected(form, "sponsor") == ["bishop"]
    assert 'name="name" maxlength="40" value="Bishop Ansel"' in form
    assert "<option selected>2</option>" in form and typed(form, "market") == ["3"]


def test_a_refused_people_card_keeps_what_was_typed(client, tod):
    table = new_table(tod)
    seated(client, table, "table")
    # One ribbon select and one "Free for" select per sponsor, in the catalog's order.
    sponsors = [s.id for s in game.load(table.state).catalog.sponsors]
    icons = [f"{s}=2" if s == "knights-templar" else "" for s in sponsors]
    free = ["queen=yes" if s == "queen" else "" for s in sponsors]
    sent = {
        "person": "farmer",
        "crew": "2",
        "evidence": "12",  # past what a card shows: refused
        "icons": icons,
        "free": free,
    }
    html = refused(client, table, "set-person-card", sent)
    form = form_of(html, "set-person-card")
    assert selected(form, "person") == ["farmer"]
    assert typed(form, "crew") == ["2"] and typed(form, "evidence") == ["12"]
    assert selected(form, "icons") == icons and selected(form, "free") == free
