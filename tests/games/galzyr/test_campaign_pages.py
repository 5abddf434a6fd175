"""Campaign mode over the platform: a galzyr table tracking every card of the sample world."""

from __future__ import annotations

import html
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games.galzyr.campaign import check
from games.galzyr.shelf import forget_books
from games.galzyr.state import State
from games.models import Table
from games.services import tables
from tests.games.galzyr.playing import a_turn
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
ITEMS = [150, 151, 153, 154]  # items with several copies in the library


@pytest.fixture
def world():
    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())


@pytest.fixture
def table(world):
    return tables.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )


def seated(client, table, seat="sm"):
    return sit(client, table, seat)


def post_move(client, table, name, data=None):
    table.refresh_from_db()
    return client.post(
        reverse("games:move", args=[table.code, name]),
        {"version": table.version, **(data or {})},
        **HTMX,
    )


def state_of(table) -> State:
    table = Table.objects.get(pk=table.pk)
    return State.model_validate(table.state)


def page(client, table) -> str:
    return client.get(reverse("games:table", args=[table.code])).content.decode()


def test_book_mode_stays_the_default(world):
    t = tables.create_table("galzyr", "Friday", {"players": ["Mara"]})
    s = state_of(t)
    assert s.mode == "book" and s.campaign is None


def test_a_campaign_table_is_set_up_for_the_players(table):
    s = state_of(table)
    c = s.campaign
    assert s.mode == "campaign" and c is not None
    assert c.phase == "playing" and c.game.players == s.adventurers
    assert s.adventurers == ["odile", "marrow"]
    assert check(c) == []
    assert s.checklist_title == "Game setup" and s.checklist


def test_taking_a_card_moves_it_and_says_which_to_pull(client, table):
    seated(client, table)
    r = post_move(client, table, "campaign-take-card", {"number": 150, "player": 1})
    assert r.status_code == 200
    s = state_of(table)
    held = [s.campaign.copies[cid].number for cid in s.campaign.places["items:odile"]]
    assert held == [150]
    last = Table.objects.get(pk=table.pk)
    text = page(client, last)
    assert "Take card #150 from the library into Odile Brackwater" in text
    assert "Storm lantern" in text
    assert "Perception 1" in text  # Odile's skill marks, by name


def test_a_fourth_item_is_refused_in_place_and_nothing_changes(client, table):
    seated(client, table)
    for n in ITEMS[:3]:
        post_move(client, table, "campaign-take-card", {"number": n, "player": 1})
    before = state_of(table)
    assert len(before.campaign.places["items:odile"]) == 3
    r = post_move(client, table, "campaign-take-card", {"number": ITEMS[3], "player": 1})
    body = r.content.decode()
    assert 'class="flash error"' in body
    assert "Odile Brackwater already has 3 items: say which one to discard." in body
    after = state_of(table)
    assert after.campaign == before.campaign and after.checklist == before.checklist


def test_a_fourth_item_goes_in_when_one_is_discarded(client, table):
    seated(client, table)
    for n in ITEMS[:3]:
        post_move(client, table, "campaign-take-card", {"number": n, "player": 1})
    data = {"number": ITEMS[3], "player": 1, "discard": ITEMS[0]}
    post_move(client, table, "campaign-take-card", data)
    c = state_of(table).campaign
    held = sorted(c.copies[cid].number for cid in c.places["items:odile"])
    assert held == sorted(ITEMS[1:])
    assert check(c) == []


def test_save_then_continue_playing(client, table):
    seated(client, table)
    post_move(client, table, "campaign-take-card", {"number": 150, "player": 2})
    r = post_move(client, table, "campaign-save", {"pack": "false"})
    assert r.status_code == 200
    assert state_of(table).campaign.phase == "saved"
    r = post_move(client, table, "campaign-continue")
    assert r.status_code == 200
    s = state_of(table)
    assert s.campaign.phase == "playing"
    assert check(s.campaign) == []
    assert s.checklist_title == "Continue playing"


def test_where_is_answers_from_the_panel(client, table):
    seated(client, table)
    post_move(client, table, "campaign-take-card", {"number": 152, "player": 1})
    text = page(client, table)
    assert 'id="gz-where-form"' in text and 'id="gz-where-answer"' in text
    url = reverse("games:campaign-trays", args=[table.code])
    assert f'hx-get="{url}"' in text  # the form asks the trays page, not the whole panel
    answer = client.get(url, {"number": "152"}, HTTP_HX_REQUEST="true").content.decode()
    assert answer.strip().lower().startswith("card #152") and "odile brackwater" in answer.lower()


def test_the_campaign_page_has_a_constant_number_of_queries(
    client, table, django_assert_num_queries
):
    seated(client, table)
    post_move(client, table, "campaign-take-card", {"number": 150, "player": 1})
    page(client, table)
    with django_assert_num_queries(3):  # the table, the world's hash, the recent log
        text = page(client, table)
    assert "Where is card" in text


def test_the_reader_follows_the_campaign_calendar(client, table):
    seated(client, table)
    s = state_of(table)
    assert s.month == s.campaign.month and s.day == s.campaign.calendar.day
    r = post_move(client, table, "advance-day")
    assert "campaign&#x27;s calendar" in r.content.decode() or "campaign's calendar" in (
        r.content.decode()
    )
    assert state_of(table).day == s.day
    for _turn in range(len(s.adventurers)):  # the round's last turn: the calendar phase
        for name, args in a_turn(table.state):
            post_move(client, table, name, args)
    after = state_of(table)
    assert after.campaign.calendar.day == s.campaign.calendar.day + 1
    assert after.day == after.campaign.calendar.day
    assert 'action="/t/' not in page(client, table) or "pick-month" not in page(client, table)


def test_turns_pass_and_the_active_player_follows(client, table):
    seated(client, table)
    s = state_of(table)
    first = s.active
    assert s.adventurers[first] == s.campaign.game.active
    r = post_move(client, table, "campaign-end-turn")
    assert "begin the story before ending the turn" in r.content.decode()
    post_move(client, table, "campaign-begin-story")
    r = post_move(client, table, "campaign-end-turn")  # no scene read yet: refused
    assert "Every turn resolves a scene: open this turn's scene" in html.unescape(r.text)
    assert state_of(table).active == first
    for name, args in a_turn(table.state)[1:]:
        post_move(client, table, name, args)
    s = state_of(table)
    assert s.adventurers[s.active] == s.campaign.game.active
    assert s.active != first


def test_timers_go_on_the_calendar_and_can_be_delayed(client, table):
    seated(client, table)
    post_move(client, table, "campaign-take-card", {"number": 150, "player": 1})
    post_move(client, table, "campaign-place-timer", {"number": 150, "days": 2})
    c = state_of(table).campaign
    (timer,) = [t for t in c.calendar.timers if c.copies[t.copy_id].number == 150]
    post_move(client, table, "campaign-delay", {"number": 150, "days": 1})
    c2 = state_of(table).campaign
    (later,) = [t for t in c2.calendar.timers if c2.copies[t.copy_id].number == 150]
    assert later.day == timer.day + 1
    assert check(c2) == []


def test_a_card_moves_and_a_packed_adventurer_resets(client, table):
    seated(client, table)
    post_move(client, table, "campaign-take-card", {"number": 150, "player": 1})
    # Odile's lantern (copies in two places: the move names which, moves/campaign/board.py)
    move = {"number": 150, "to": "vault", "source": "items:odile"}
    post_move(client, table, "campaign-move-card", move)
    c = state_of(table).campaign
    assert [c.copies[cid].number for cid in c.places["vault"]].count(150) == 1
    post_move(client, table, "campaign-save")
    assert state_of(table).campaign.phase == "packed"
    r = post_move(client, table, "campaign-reset-adventurer", {"player": 2})
    assert r.status_code == 200
    s = state_of(table)
    assert s.checklist_title == "Reset Marrow Hollins" and check(s.campaign) == []
    post_move(client, table, "campaign-setup")
    assert state_of(table).campaign.phase == "playing"


def test_a_book_table_refuses_the_campaign_moves(client, world):
    t = tables.create_table("galzyr", "Friday", {"players": ["Mara"]})
    seated(client, t)
    r = post_move(client, t, "campaign-take-card", {"number": 150, "player": 1})
    assert "reads the book only" in r.content.decode()


def test_figures_are_placed_then_travel_along_routes(client, table):
    seated(client, table)
    s = state_of(table)
    c = s.campaign
    player = s.active + 1
    route = c.world.routes[0].between
    post_move(client, table, "campaign-place-figure", {"player": player, "to": route[0]})
    post_move(client, table, "campaign-travel", {"player": player, "to": route[1]})
    s = state_of(table)
    assert s.campaign.adventurer(s.adventurers[player - 1]).position == route[1]
    assert s.checklist[-1].text.startswith("Move ")


def test_the_new_table_form_starts_a_campaign(client, world):
    client.post(
        reverse("games:new", args=["galzyr"]),
        {
            "name": "Friday",
            "player": ["Mara", "Bo"],
            "opt_world": "sallowmere-marches",
            "opt_mode": "campaign",
        },
    )
    s = State.model_validate(Table.objects.get().state)
    assert s.mode == "campaign" and s.campaign.phase == "playing"


def test_players_see_the_campaign_and_the_active_player_takes_cards(client, table):
    s = state_of(table)
    seat = f"p{s.active + 1}"
    seated(client, table, seat)
    text = page(client, table)
    assert "campaign-take-card" in text and "campaign-move-card" not in text
    post_move(client, table, "campaign-take-card", {"number": 150, "player": s.active + 1})
    c = state_of(table).campaign
    aid = s.adventurers[s.active]
    assert [c.copies[cid].number for cid in c.places[f"items:{aid}"]] == [150]


def test_undo_puts_the_card_back(client, table):
    seated(client, table)
    before = state_of(table)
    post_move(client, table, "campaign-take-card", {"number": 150, "player": 1})
    table.refresh_from_db()
    client.post(reverse("games:undo", args=[table.code]), {"version": table.version}, **HTMX)
    assert state_of(table) == before


def api_move(table, move, args, seat="sm"):
    """A move posted to the REST API at the table's current version, by ``seat``'s token."""
    api = api_as(table, seat)
    base = f"/api/tables/{table.code}/"
    version = api.get(base).json()["version"]
    body = {"move": move, "args": args, "version": version}
    return api.post(base + "moves/", body, format="json")


def test_the_api_takes_a_card_with_a_sentence(table):
    response = api_move(table, "campaign-take-card", {"number": 151, "player": 2, "pick": "random"})
    assert response.status_code == 200, response.content
    sentence = json.dumps(response.json())
    assert "at random" in sentence and "Marrow Hollins" in sentence


def _events(s: State) -> tuple[list[int], list[int]]:
    c = s.campaign
    return (
        [c.copies[cid].number for cid in c.places["event_deck"]],
        [c.copies[cid].number for cid in c.places["drawn"]],
    )


def test_the_reader_draws_from_the_campaign_event_deck(client, table):
    seated(client, table)
    s = state_of(table)
    deck, drawn = _events(s)
    assert s.deck == deck and deck and drawn == []
    post_move(client, table, "draw-event")
    s = state_of(table)
    deck_after, drawn_after = _events(s)
    assert deck_after == s.deck
    assert drawn_after == ([s.drawn.card] if s.drawn else [])
    assert check(s.campaign) == []
    assert sorted(deck_after + drawn_after) == sorted(deck) or s.drawn is None


def test_the_panel_says_its_numbers_in_data_attributes_too(client, table):
    """Scripts and browser tests read these instead of parsing the sentences."""
    seated(client, table)
    post_move(client, table, "campaign-gold", {"player": 1, "amount": 3})
    text = page(client, table)
    s = state_of(table)
    first = s.campaign.adventurer(s.adventurers[0])
    row = text.split(f'data-adventurer="{first.id}"')[1].split(">")[0]
    assert f'data-gold="{first.gold}"' in row and f'data-prestige="{first.prestige}"' in row
    assert 'data-phase="playing"' in text and f'data-round="{s.campaign.game.number}"' in text
    assert f'data-count="{len(s.campaign.places["library"])}"' in text


def test_only_the_story_master_is_told_which_event_card_is_drawn(client, table):
    """The story master draws an event card and looks at it privately: "where is" tells every
    other seat, and a stranger, that the card is still in the event deck. Two at the table:
    the player who is not active reads as story master and is told; the Story master seat is
    a second display then (one story master at a time), and is not."""
    seated(client, table)
    post_move(client, table, "draw-event")
    s = state_of(table)
    assert s.campaign.places["drawn"], "the sample campaign's event deck drew nothing"
    number = s.campaign.copies[s.campaign.places["drawn"][0]].number
    url = f"/api/tables/{table.code}/where/{number}/"
    active, reader = f"p{s.active + 1}", f"p{2 - s.active}"
    assert "in your hand" in api_as(table, reader).get(url).json()["where"]
    # every seat but the reader's, and the keeper's token holding none (a stranger reads no
    # tray: tests/api/test_code_alone.py): any card of the deck may be the one drawn, this one
    # no more than the others
    askers = (
        *(api_as(table, a) for a in (active, "table", "sm")),
        api_as(table, None, keeper=True),
    )
    for asker in askers:
        where = asker.get(url).json()["where"]
        assert "your hand" not in where and "event deck, or in the story master's" in where
        everything = asker.get(f"/api/tables/{table.code}/trays/").json()["where"]
        assert "your hand" not in json.dumps(everything)
        assert "drawn event" not in json.dumps(everything)
    page = sit(Client(), table, active).get(
        reverse("games:campaign-trays", args=[table.code]), {"number": number}
    )
    assert b"your hand" not in page.content and b"drawn event" not in page.content
