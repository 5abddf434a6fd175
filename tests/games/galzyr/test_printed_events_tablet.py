"""QA session 7, its blocker: a group playing the published box from the shared display (the
tablet in the Table seat, nobody's phone reading as story master) draws an event card by its
number in round 2, opens the scene the card names and closes it. The close form must ask where
the card goes on the tablet too (it drew the card), the move and the REST API take the same
answer, and then the turn ends. "Where is card #078?" after the draw doesn't name the drawn card
to anyone but the story master, and doesn't pretend it is certainly in the deck either.
"""

from __future__ import annotations

import html
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.galzyr.shelf import forget_books
from games.galzyr.state import State
from games.models import Table
from games.services import tables, turns
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db

BOX = "lands-of-galzyr"
HTMX = {"HTTP_HX_REQUEST": "true"}
CARD = 78
GOES = "The event card drawn goes, as the printed scene says, to"


@pytest.fixture
def table() -> Table:
    forget_books()
    call_command("load_world", f"fixtures/worlds/{BOX}", stdout=StringIO())
    options = {"players": ["Mara", "Bo"], "world": BOX, "mode": "campaign"}
    return tables.create_table("galzyr", "Our box", options)


def play(table: Table, name: str, args: dict | None = None, seat: str = "table") -> None:
    """A move made from the tablet (the Table seat) through the service the pages use."""
    table.refresh_from_db()
    turns.apply_move(table.code, name, args or {}, expected_version=table.version, seat=seat)
    table.refresh_from_db()


def round_two(table: Table) -> None:
    """Round 1 played from the tablet: each player's turn reads one scene and ends."""
    day = table.state["campaign"]["calendar"]["day"]
    for number in (123, 124):
        play(table, "campaign-begin-story")
        play(table, "open-scene", {"number": number})
        play(table, "continue")
        play(table, "campaign-end-turn")
    assert table.state["campaign"]["calendar"]["day"] == day + 1  # the round ended


def drawn_and_opened(table: Table) -> None:
    round_two(table)
    play(table, "campaign-begin-story")
    play(table, "draw-event", {"card": CARD})
    play(table, "open-scene", {"number": 301})
    assert table.state["drawn"]["card"] == CARD and table.state["scene"] == 301


def page(client, table: Table) -> str:
    return page_of(client, reverse("games:table", args=[table.code]))


def page_of(client, url: str) -> str:
    return html.unescape(client.get(url).content.decode())


def test_the_tablet_says_where_the_card_goes_and_the_turn_ends(table):
    drawn_and_opened(table)
    play(table, "continue", {"event": "bottom"})
    state = table.state
    assert state["drawn"] is None and state["deck"][-1] == CARD
    c = State.model_validate(state).campaign
    assert c is not None and c.copies[c.places["event_deck"][-1]].number == CARD
    turn = table.state["campaign"]["game"]["turn"]
    play(table, "campaign-end-turn")
    assert table.state["campaign"]["game"]["turn"] == turn + 1


def test_the_tablets_close_form_asks_where_the_card_goes(client, table):
    drawn_and_opened(table)
    tablet = sit(client, table, "table")
    content = page(tablet, table)
    assert GOES in content and 'name="event" required' in content
    for label in ("the bottom of the event deck", "the top of the event deck", "the vault"):
        assert label in content
    assert f"#{CARD:03d} goes" not in content  # the drawn card stays unnamed on the tablet
    url = reverse("games:move", args=[table.code, "continue"])
    answer = tablet.post(url, {"version": table.version, "event": "library"}, **HTMX)
    assert answer.status_code == 200
    table.refresh_from_db()
    assert table.state["drawn"] is None and table.state["locked"]
    assert "leaves the event deck for the library" in table.moves.order_by("-id")[0].sentence


def test_the_api_closes_the_scene_with_the_same_answer(table):
    drawn_and_opened(table)
    api = api_as(table, "table")
    base = f"/api/tables/{table.code}/"
    body = {"move": "continue", "args": {"event": "bottom"}, "version": table.version}
    response = api.post(base + "moves/", body, format="json")
    assert response.status_code == 200, response.content
    table.refresh_from_db()
    assert table.state["drawn"] is None and table.state["deck"][-1] == CARD


def test_where_is_the_drawn_card_after_the_draw(client, table):
    """QA 7: "the story master's tablet" was told the card may be in the deck. That was the
    Story master seat, which runs the table as the shared display does while a player reads
    (2 players here): it, the Table seat and the active player are told both places the card
    may be, naming no drawn card; the reading player, who holds it, that it is in their hand,
    over the API and on the trays page alike."""
    drawn_and_opened(table)
    base = f"/api/tables/{table.code}/"
    unsure = (
        "is in the event deck, or in the story master's hand if it is the event card drawn now."
    )
    reader = "p1" if table.state["active"] else "p2"
    active = "p2" if reader == "p1" else "p1"
    for seat in ("table", "sm", active):
        answer = api_as(table, seat).get(f"{base}where/{CARD}/").json()["where"]
        assert answer == f"Card #{CARD:03d} {unsure}", seat
    held = f"Card #{CARD:03d} is in your hand: the event card you drew for this scene."
    assert api_as(table, reader).get(f"{base}where/{CARD}/").json()["where"] == held
    trays = reverse("games:campaign-trays", args=[table.code])
    assert held in page_of(sit(client, table, reader), trays + f"?number={CARD}")
    assert unsure in page_of(sit(client, table, "sm"), trays + f"?number={CARD}")
