"""Lands of Galzyr for the owners of the published box (issue 16, item 1): the world of the
box's facts (fixtures/worlds/lands-of-galzyr, no scenes) is one choice on the new-table form,
started by the same service as POST /api/tables/, and played with book-less reading: the story
master enters the number of the scene read from the printed book, and its effects are entered
by hand with the campaign's tools.

Rulebook facts: each scene has a unique four-digit number (card numbers have three); after
travelling the active player must begin and resolve a single scene; an event card's scene is
the first from the top whose prerequisite is met, and the story master keeps the card for the
duration of the scene.
"""

from __future__ import annotations

import html
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from rest_framework.test import APIClient

from games.galzyr.shelf import forget_books
from games.models import Table
from games.services import tables
from tests.games.galzyr.playing import story_master
from tests.seating import sit

pytestmark = pytest.mark.django_db

BOX = "lands-of-galzyr"
CHOICE = "Lands of Galzyr — your own box, read from the printed book"
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def worlds():
    forget_books()
    for path in ("fixtures/worlds/sallowmere-marches", f"fixtures/worlds/{BOX}"):
        call_command("load_world", path, stdout=StringIO())


def form(**fields) -> dict:
    data = {
        "name": "Our box",
        "player": ["Mara", "Bo", "", "", "", ""],
        "opt_world": BOX,
        "opt_mode": "campaign",
        "opt_adventurers": ["-"] * 6,
        "opt_play": "cooperative",
    }
    return {**data, **fields}


def page(client, table) -> str:
    return html.unescape(client.get(reverse("games:table", args=[table.code])).content.decode())


def move(client, table, name, data=None) -> str:
    table.refresh_from_db()
    url = reverse("games:move", args=[table.code, name])
    answer = client.post(url, {"version": table.version, **(data or {})}, **HTMX)
    table.refresh_from_db()
    return html.unescape(answer.content.decode())


# -- the form and the API: one service ---------------------------------------------------------
def test_the_form_offers_the_box_as_one_clear_choice(client, worlds, django_assert_num_queries):
    with django_assert_num_queries(1):  # the worlds with their adventurers (and the default)
        content = html.unescape(client.get(reverse("games:new", args=["galzyr"])).content.decode())
    assert f'value="{BOX}" data-gz-printed>{CHOICE}</option>' in content
    assert 'value="sallowmere-marches" selected>The Sallowmere Marches</option>' in content
    assert "enters its number here" in content
    assert 'value="bumir">Bumir</option>' in content  # the box's adventurers for campaign mode


def test_the_box_starts_from_the_form_in_campaign_mode(client, worlds):
    answer = client.post(reverse("games:new", args=["galzyr"]), form())
    table = Table.objects.get()
    assert answer.status_code == 302 and answer["Location"].endswith(f"/t/{table.code}/seat/")
    state = table.state
    assert state["world"] == BOX and state["mode"] == "campaign"
    assert state["adventurers"] == ["bumir", "mor"] and state["campaign"]["phase"] == "playing"


def test_the_box_without_campaign_mode_is_refused_with_the_form_as_filled(client, worlds):
    data = form(opt_mode="")
    answer = client.post(reverse("games:new", args=["galzyr"]), data)
    content = html.unescape(answer.content.decode())
    assert answer.status_code == 200 and not Table.objects.exists()
    assert "your own box, read from the printed book: the app keeps it in campaign mode" in content
    assert 'value="Our box"' in content and 'value="Mara"' in content
    assert f'value="{BOX}" data-gz-printed selected>' in content


def test_the_form_and_the_api_start_the_box_with_the_same_service(client, worlds, monkeypatch):
    calls = []
    create = tables.create_table

    def spy(*args, **kwargs):
        calls.append((args, kwargs))
        return create(*args, **kwargs)

    monkeypatch.setattr(tables, "create_table", spy)
    client.post(reverse("games:new", args=["galzyr"]), form())
    body = {
        "game": "galzyr",
        "name": "Our box",
        "options": {
            "players": ["Mara", "Bo"],
            "world": BOX,
            "mode": "campaign",
            "adventurers": ["-"] * 6,
            "play": "cooperative",
        },
    }
    answer = APIClient().post("/api/tables/", body, format="json")
    assert answer.status_code == 201, answer.content
    (form_args, form_kwargs), (api_args, api_kwargs) = calls
    assert form_args == api_args and form_kwargs["group"] == api_kwargs["group"] == ""
    form_table, api_table = Table.objects.order_by("id")
    for key in ("world", "mode", "players", "adventurers"):
        assert form_table.state[key] == api_table.state[key]
    assert answer.json()["state"]["printed"] is True  # the table's view says how it is read


def test_the_api_refuses_the_box_outside_campaign_mode_as_the_form_does(worlds):
    body = {"game": "galzyr", "options": {"players": ["Mara"], "world": BOX}}
    answer = APIClient().post("/api/tables/", body, format="json")
    assert answer.status_code == 400 and "Tick Campaign mode" in answer.json()["error"]
    assert not Table.objects.exists()


# -- a turn with the printed book --------------------------------------------------------------
@pytest.fixture
def table(worlds):
    table = tables.create_table(
        "galzyr", "Our box", {"players": ["Mara", "Bo"], "world": BOX, "mode": "campaign"}
    )
    return table


def test_a_turn_read_from_the_printed_book(client, table, django_assert_num_queries):
    sm = sit(client, table, "sm")
    move(sm, table, "campaign-begin-story")
    content = move(sm, table, "open-scene", {"number": "123"})
    assert "Story master: read scene 0123 aloud from the printed Book of Adventures" in content
    assert "Scene 0123 is read: close it" in content
    with django_assert_num_queries(3):  # the claim with its table, the book's stamp, the log
        content = page(sm, table)
    assert 'href="#gz-changes"' in content and "From the printed book" in content
    active = table.state["active"] + 1
    move(sm, table, "campaign-gold", {"player": active, "amount": "2", "how": "gain"})
    move(sm, table, "campaign-prestige", {"player": active, "amount": "1", "how": "gain"})
    move(sm, table, "campaign-take-card", {"number": "296", "source": "vault", "player": active})
    content = move(sm, table, "continue")
    assert "Scene 0123 was read from the printed book." in content
    aid = table.state["adventurers"][active - 1]
    adventurer = next(a for a in table.state["campaign"]["adventurers"] if a["id"] == aid)
    assert (adventurer["gold"], adventurer["prestige"]) == (12, 1)
    assert "read from the printed book. The scene ends." in table.moves.order_by("-id")[0].sentence
    content = move(sm, table, "open-scene", {"number": "124"})  # one scene a turn
    assert "a turn resolves one story scene" in content
    move(sm, table, "campaign-end-turn")
    assert table.state["active"] + 1 != active


def test_an_event_card_stays_with_the_story_master_for_the_scene_they_open(client, table):
    sm = sit(client, table, story_master(table.state))  # the reading player
    move(sm, table, "campaign-begin-story")
    card = 83  # the group's own deck decides: the story master enters the card drawn
    content = move(sm, table, "draw-event", {"card": str(card)})
    assert table.state["drawn"]["card"] == card
    assert f"Event card #{card:03d}" in content and "Look at the card in secret" in content
    active = sit(client.__class__(), table, f"p{table.state['active'] + 1}")
    assert f"#{card:03d}" not in page(active, table)
    move(sm, table, "open-scene", {"number": "512"})
    assert table.state["drawn"]["card"] == card and table.state["scene"] == 512
    move(sm, table, "continue", {"event": "bottom"})  # where the printed scene says
    assert table.state["drawn"] is None and table.state["deck"][-1] == card


def test_the_noticeboard_claims_nobody_at_a_pickup_location_it_does_not_know(client, table):
    """The box's quests have no pickup location entered: the noticeboard doesn't say every
    adventurer on the board is there; the adventurer on their turn says so with the button."""
    sm = sit(client, table, "sm")
    for player in (1, 2):
        move(sm, table, "campaign-place-figure", {"player": player, "to": "location-1"})
    board = page(sm, table).split('id="gz-noticeboard"')[1].split("</section>")[0]
    assert "is there" not in board and "picks it up" not in board
    assert "is at its pickup location: pick it up" in board


def test_the_boxs_locations_are_offered_with_their_location_cards(client, table):
    """The box's locations have no names entered ("Location 3"): each button names its location
    card too, which the group can find on the board."""
    sm = sit(client, table, "sm")
    figures = page(sm, table).split('id="gz-travel"')[1].split("</details>")[0]
    assert 'value="location-3">Location 3 · #068</button>' in figures
    assert ">Location 3</button>" not in figures


def test_the_boxs_placeholder_marks_say_so_until_one_is_moved(client, table):
    """The box's boards aren't entered: every adventurer starts with the same marks, and the
    panel says to match them to the board, until the group moves one."""
    sm = sit(client, table, "sm")
    note = "(the app doesn't know your box's starting marks: enter them from this adventurer's board with “Move a skill mark”)"
    assert page(sm, table).count(note) == 2
    move(sm, table, "campaign-move-mark", {"player": 1, "source": "thievery", "to": "perception"})
    assert page(sm, table).count(note) == 1


def test_no_moves_left_says_so_instead_of_the_travel_form(client, table):
    """The travel rule refuses a step with no moves left: the panel reads the same rule, offers
    no travel buttons and says why."""
    sm = sit(client, table, "sm")
    for player in (1, 2):
        move(sm, table, "campaign-place-figure", {"player": player, "to": "location-1"})
    travel = page(sm, table).split('id="gz-travel"')[1].split("</details>")[0]
    assert "/campaign-travel/" in travel and "no moves left" not in travel
    for player in (1, 2):  # the one travelling takes both moves (the other is refused)
        for to in ("location-2", "location-3"):
            move(sm, table, "campaign-travel", {"player": player, "to": to})
    travel = page(sm, table).split('id="gz-travel"')[1].split("</details>")[0]
    assert "/campaign-travel/" not in travel
    assert "has no moves left: the scene comes next." in travel


def test_the_setup_says_who_skips_placing_their_figure_and_why(client, table):
    """Rulebook, Game setup: a player with quest #111 (each adventurer's starting quest) skips
    placing their figure and picking up quests, as an Isolated one does: the checklist says
    which case is whose, with no self-contradicting "(or skips …)"."""
    checklist = page(sit(client, table, "sm"), table).split('id="gz-checklist"')[1]
    checklist = checklist.split("</details>")[0]
    assert "or skips" not in checklist
    assert "holds quest #111, their starting quest: their figure stays off the board" in checklist
