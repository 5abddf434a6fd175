"""The pages of issue 16's travel and event-card fixes: the own box's travel form offers every
other location and says once that the board decides; the sample world's offers the neighbours
open now; the story master draws an event card by its number and says where it goes when the
printed scene is closed. HTMX answers in place; a refusal leaves the table as it was.
"""

from __future__ import annotations

import html
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.galzyr.shelf import forget_books
from games.models import Table
from games.services import tables
from tests.games.galzyr.own_box import post as move
from tests.games.galzyr.playing import story_master
from tests.seating import sit

pytestmark = pytest.mark.django_db

BOX = "lands-of-galzyr"
SAMPLE = "sallowmere-marches"
BOARD = "This world's routes aren't entered: the app takes the board's word."


@pytest.fixture
def worlds():
    forget_books()
    for slug in (SAMPLE, BOX):
        call_command("load_world", f"fixtures/worlds/{slug}", stdout=StringIO())


def start(world: str) -> Table:
    options = {"players": ["Mara", "Bo"], "world": world, "mode": "campaign"}
    return tables.create_table("galzyr", "Our box", options)


def page(client, table) -> str:
    return html.unescape(client.get(reverse("games:table", args=[table.code])).content.decode())


def mover(table: Table) -> int:
    """The player number whose adventurer travels now (the starting player is drawn)."""
    state = table.state
    moves = state["campaign"]["game"]["moves"]
    return next(i + 1 for i, aid in enumerate(state["adventurers"]) if aid in moves)


def travel_buttons(content: str) -> list[list[str]]:
    """Each travel form's location buttons (their ``to`` values)."""
    forms = re.findall(r'action="[^"]*/campaign-travel/".*?</form>', content, re.S)
    return [re.findall(r'name="to" value="([^"]+)"', f) for f in forms]


# -- travel ---------------------------------------------------------------------------------------
def test_the_box_travels_anywhere_and_says_so_once(client, worlds, django_assert_num_queries):
    table = start(BOX)
    sm = sit(client, table, "sm")
    who = str(mover(table))
    content = move(sm, table, "campaign-place-figure", {"player": who, "to": "location-3"})
    assert content.count(BOARD) == 1
    others = [f"location-{i}" for i in range(1, 9) if i != 3]
    assert travel_buttons(content) == [others]
    with django_assert_num_queries(3):  # the claim with its table, the book's stamp, the log
        content = page(sm, table)
    assert travel_buttons(content) == [others]
    content = move(sm, table, "campaign-travel", {"player": who, "to": "location-7"})
    assert "figure to Location 7" in content
    assert travel_buttons(content) == [[f"location-{i}" for i in range(1, 9) if i != 7]]
    version = table.version
    content = move(sm, table, "campaign-travel", {"player": who, "to": "location-7"})
    assert "is at Location 7 already" in content and table.version == version


def test_known_routes_offer_only_the_neighbours_open_now(client, worlds):
    table = start(SAMPLE)
    sm = sit(client, table, "sm")
    who = mover(table)
    state = table.state
    c = state["campaign"]
    here = c["world"]["locations"][0]["id"]
    content = move(sm, table, "campaign-place-figure", {"player": str(who), "to": here})
    assert BOARD not in content
    (offered,) = [b for b in travel_buttons(content) if b]
    assert here not in offered and 0 < len(offered) < len(c["world"]["locations"]) - 1
    routes = c["world"]["routes"]
    side = c["calendar"]["side"] or c["season"] or "summer"
    linked = {
        b if a == here else a
        for a, b in (r["between"] for r in routes if side in r["seasons"])
        if here in (a, b)
    }
    assert set(offered) == linked


# -- event cards ----------------------------------------------------------------------------------
def test_the_story_master_draws_by_number_and_says_where_it_goes(
    client, worlds, django_assert_num_queries
):
    table = start(BOX)
    sm = sit(client, table, story_master(table.state))  # the reading player
    move(sm, table, "campaign-begin-story")
    with django_assert_num_queries(3):
        content = page(sm, table)
    options = re.findall(r'<option value="(\d+)">#(\d{3})</option>', content)
    assert [int(v) for v, _ in options] == list(range(78, 90))  # number order, not the deck's
    assert "Draw this event card" in content

    version = table.version
    content = move(sm, table, "draw-event", {"card": ""})
    assert "Enter the number of the event card you drew" in content
    assert table.version == version and table.state["drawn"] is None

    content = move(sm, table, "draw-event", {"card": "83"})
    assert "Event card #083" in content and table.state["drawn"]["card"] == 83
    player = sit(client.__class__(), table, f"p{table.state['active'] + 1}")  # the active one
    assert "#083" not in page(player, table)

    content = move(sm, table, "open-scene", {"number": "512"})
    assert 'name="event" required' in content
    assert "Event card #083 goes, as the printed scene says, to" in content
    for label in ("the bottom of the event deck", "the top of the event deck", "the vault"):
        assert label in content
    assert "they say where the event card in their hand goes" in page(player, table)

    version = table.version
    content = move(sm, table, "continue")
    assert "The story master says where the event card goes" in content
    assert table.version == version and table.state["drawn"]["card"] == 83

    move(sm, table, "continue", {"event": "vault"})
    assert table.state["drawn"] is None and 83 not in table.state["deck"]
    last = table.moves.order_by("-id")[0].sentence
    assert "Event card #083 leaves the event deck for the vault." in last
