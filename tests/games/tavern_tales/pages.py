"""Helpers for the Tavern Tales page tests: a table on the platform, HTMX posts that must be
accepted or refused in place (a refusal changes nothing)."""

from __future__ import annotations

import html

from django.urls import reverse

from games.core.engine import TABLE_SEAT
from games.models import Table
from games.services import tables
from games.tavern_tales.game import game as GAME
from tests.seating import sit

HTMX = {"HTTP_HX_REQUEST": "true"}
SPECIALIST = '{"kind": "specialist", "depths": ["Mineshaft"]}'  # as the hero chips send it
LIE = '{"kind": "adventurer", "depths": ["Catacombs", "Inferno"]}'
# Card facts a group entered (test data): Troll scores 3 as a monster kill; the copies of the
# feats the tests name, so no naming is asked them (games/tavern_tales/copies.py).
CARDS = {
    "feats": [
        {"name": "Troll", "kind": "monster", "track": [3], "count": 4},
        {"name": "Gold", "count": 9},
        {"name": "Mimic", "count": 3},
        {"name": "Boss Armor", "count": 1},
        {"name": "Crystal Golem", "count": 1},
        {"name": "Gelatinous Cube", "count": 1},
    ]
}


def make(players=("Mara", "Bo", "Cy"), **options) -> Table:
    options = {"players": list(players), "first_player": 0, "catalog": CARDS, **options}
    return tables.create_table("tavern-tales", "Friday", options)


def seated(client, table, seat="table"):
    client = sit(client, table, seat)
    client.tt_seat = seat  # the display is handed over for a player's decision (post, page)
    return client


def hand_over(client, table):
    """The display taps "Hand the tablet to …" for the seat whose decision it is (no device
    holds it in these tests): a turn or claim move is that seat's, never the display's own."""
    table.refresh_from_db()
    seat = GAME.turn_fn(GAME.load(table.state))
    if seat is not None:
        client.post(reverse("games:hand-over", args=[table.code, seat]))


def page(client, table) -> str:
    """The table page; the display's is handed over first to the seat whose decision it is."""
    if getattr(client, "tt_seat", None) == TABLE_SEAT:
        hand_over(client, table)
    return html.unescape(client.get(reverse("games:table", args=[table.code])).content.decode())


def post(client, table, move, data=None):
    if getattr(client, "tt_seat", None) == TABLE_SEAT and not GAME.moves[move].allows(TABLE_SEAT):
        hand_over(client, table)
    table.refresh_from_db()
    url = reverse("games:move", args=[table.code, move])
    response = client.post(url, {"version": table.version, **(data or {})}, **HTMX)
    assert response.status_code == 200  # htmx swaps only 2xx, refusals included
    assert b"<html" not in response.content
    table.refresh_from_db()
    return response, html.unescape(response.content.decode())


def accepted(client, table, move, data=None, sentence=""):
    version = table.version
    response, text = post(client, table, move, data)
    assert "HX-Trigger" not in response, text[text.find("flash") : text.find("flash") + 300]
    assert table.version == version + 1
    assert sentence in text
    return text


def refused(client, table, move, data, message):
    table.refresh_from_db()
    version, state = table.version, table.state
    response, text = post(client, table, move, data)
    assert response["HX-Trigger"] == "tk:refused"
    assert 'role="alert"' in text and message in text
    assert table.version == version and table.state == state
    return text


def set_state(table, **players):
    """Set hands or prestige directly (hero counts kept whole), as a table mid-game would be."""
    state = table.state
    for index, (hand, prestige) in players.items():
        player = state["players"][int(index[1:]) - 1]
        state["hero_deck"] += player["hand"] - hand
        player["hand"], player["prestige"] = hand, prestige
    Table.objects.filter(pk=table.pk).update(state=state)
    table.refresh_from_db()


def stake(client, table, slots=("0",), hero=SPECIALIST, depth="Mineshaft"):
    data = {"depth": depth, "slots": list(slots), "args_json": hero}
    return accepted(client, table, "stake-claim", data, "staked a claim")
