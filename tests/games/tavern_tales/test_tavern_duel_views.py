"""Tavern Tales through the pages and the REST API: the 2-player duel (a face-down hero stays
hidden), the game's end, a claim over the API."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Table
from tests.games.tavern_tales.pages import (
    LIE,
    SPECIALIST,
    accepted,
    make,
    page,
    refused,
    seated,
    stake,
)
from tests.seating import api_as

pytestmark = pytest.mark.django_db


# -- the 2-player duel ----------------------------------------------------------------------------


def test_a_face_down_hero_is_only_in_its_owners_html(client):
    table = make(("Mara", "Bo"))
    seated(client, table, "p1")
    stake(client, table)
    bo = seated(client.__class__(), table, "p2")
    secret = json.dumps({"hero": "Nightblade", "kind": "specialist", "depths": ["Caverns"]})
    text = accepted(bo, table, "one-up", {"args_json": secret}, "Bo one-upped with a face-down")
    assert "Nightblade · Specialist · Caverns" in text and "only you can see this" in text
    for seat in ("p1", "table"):
        shown = page(seated(client, table, seat), table)
        plays = shown[shown.index('class="tt-plays"') :].split("</ol>")[0]
        assert "Nightblade" not in shown and "Caverns" not in plays
        assert "🂠 a face-down hero" in plays
    assert "Flip the table" in page(seated(client, table, "p1"), table)
    # Flipping shows it to everyone: a lie, so Mara wins the claim.
    text = accepted(client, table, "flip-table", {}, "Bo's the Nightblade doesn't match")
    assert "Mara wins the claim" in text


def test_the_shared_tablet_plays_face_down_and_the_flip_asks_for_the_card(client):
    table = make(("Mara", "Bo"))
    seated(client, table)
    stake(client, table)
    text = page(client, table)
    assert "Bo: pass, or one-up with a face-down hero." in text
    assert "One-up face-down" in text  # handed over to Bo, whose decision it is
    accepted(client, table, "one-up", {}, "Bo one-upped with a face-down hero.")
    refused(client, table, "pass-claim", {}, "one-up again or flip the table")
    refused(client, table, "flip-table", {}, "Tap the hero you turned over.")
    text = accepted(client, table, "flip-table", {"args_json": SPECIALIST}, "matches the Mineshaft")
    assert "Bo wins the claim" in text
    assert table.state["active"] == 0  # Mara lost the claim and starts the next


def test_last_call_is_played_face_up(client):
    table = make(("Mara", "Bo"))
    seated(client, table)
    stake(client, table)  # Mara 3 cards, Bo 4
    for _ in range(6):
        accepted(client, table, "one-up", {})
    text = page(client, table)
    assert "Last call!" in text and "Play it face-up" in text
    refused(client, table, "one-up", {}, "Last call")
    text = accepted(client, table, "one-up", {"args_json": LIE}, "Last call: Bo played")
    assert "Mara wins the claim" in text


# -- the game's end -------------------------------------------------------------------------------


def test_the_winning_claim_ends_the_game_with_a_link_to_the_scores(client):
    table = make(("Mara", "Bo"))
    seated(client, table)
    accepted(client, table, "adjust-prestige", {"player": "0", "points": "10"})
    accepted(client, table, "adjust-prestige", {"player": "0", "points": "10"})
    accepted(client, table, "adjust-prestige", {"player": "0", "points": "9"})
    stake(client, table)
    text = accepted(client, table, "pass-claim", {}, "Mara wins the claim")
    text = accepted(client, table, "collect", {"reveal": "Gold"}, "Mara reaches 30 prestige")
    assert "Game over" in text and "Mara won with 30 prestige." in text
    assert reverse("games:scores", args=[table.code]) in text
    assert "Stake a claim here" not in text and "Fix a score" not in text
    scores = client.get(reverse("games:scores", args=[table.code])).content.decode()
    assert "<polyline" in scores


# -- the REST API ---------------------------------------------------------------------------------


def test_a_claim_through_the_api():
    response = APIClient().post(
        "/api/tables/",
        {"game": "tavern-tales", "options": {"players": ["Mara", "Bo", "Cy"], "first_player": 0}},
        format="json",
    )
    assert response.status_code == 201
    code, version = response.json()["code"], response.json()["version"]
    table = Table.objects.get(code=code)
    players = {seat: api_as(table, seat) for seat in ("p1", "p2", "p3")}

    def move(name, seat, **args):
        nonlocal version
        reply = players[seat].post(
            f"/api/tables/{code}/moves/",
            {"move": name, "args": args, "version": version},
            format="json",
        )
        if reply.status_code == 200:
            version = reply.json()["table"]["version"]
        return reply

    refusal = move("stake-claim", "p2", depth="Mineshaft", slots=[0], hero="Dwarf")
    assert refusal.status_code == 400
    assert refusal.json() == {"error": "It is Mara's turn."}
    assert move("stake-claim", "p1", depth="Mineshaft", slots=[0], hero="Dwarf").status_code == 200
    assert move("one-up", "p2", kind="specialist", depths=["Mineshaft"]).status_code == 200
    assert move("pass-claim", "p3").status_code == 200
    reply = move("pass-claim", "p1")
    assert reply.json()["table"]["state"]["claim"]["needs"] == ["reveal"]
    # The first Gold the table names: its copies are asked once, answered with the collect.
    reply = move("collect", "p2", reveal=["Gold"])
    assert reply.status_code == 400 and "How many Gold cards" in reply.json()["error"]
    reply = move("collect", "p2", reveal=["Gold"], copies=7)
    assert reply.status_code == 200
    assert reply.json()["move"]["sentence"].startswith("Bo collects Gold (+1): 0 → 1 prestige.")
    state = players["p3"].get(f"/api/tables/{code}/").json()["state"]
    assert [p["prestige"] for p in state["players"]] == [0, 1, 0]
    assert state["active"] == "p2" and state["deciding"] == []
