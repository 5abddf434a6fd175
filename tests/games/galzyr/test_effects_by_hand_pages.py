"""An effect the group already made with the campaign's own forms is marked "Done by hand" on
its line under the scene (moves/effects.py ``mark_effect_done``): the app changes nothing in
the campaign, the history names the effect, undo takes the mark back, and the turn can end.
From the page and from the REST API; a stranger holding no seat is refused. Its number of
queries is counted with Apply's (test_scene_effects_pages)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Table
from tests.games.galzyr.test_scene_effects_pages import (
    post_move,
    resolve,
    sample_table,
    state_of,
    undo,
)
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db

GO_QUIETLY = (7009, 3)  # two statuses for the active player: #242, then #233


@pytest.fixture
def table():
    return sample_table()


@pytest.fixture
def seated(client, table):
    return sit(client, table, "sm")


def held_by_active(table, number: int) -> int:
    """How many copies of card ``number`` the active adventurer holds as statuses."""
    s = state_of(table)
    c = s.campaign
    mine = c.places[f"statuses:{s.adventurers[s.active]}"]
    return sum(c.copies[cid].number == number for cid in mine)


def last_said(table) -> str:
    return Table.objects.get(pk=table.pk).moves.first().sentence


def test_each_waiting_effect_has_a_done_by_hand_button(seated, table):
    text = resolve(seated, table, *GO_QUIETLY)
    assert (
        text.count('action="' + reverse("games:move", args=[table.code, "mark-effect-done"])) == 2
    )
    assert "Tap “Done by hand” on its line" in text


def test_an_effect_made_with_the_forms_is_marked_not_made_twice_and_the_turn_ends(seated, table):
    post_move(seated, table, "campaign-begin-story")
    resolve(seated, table, *GO_QUIETLY)
    player = state_of(table).active + 1
    post_move(seated, table, "campaign-take-card", {"number": "242", "player": player})
    assert held_by_active(table, 242) == 1  # the group made the first effect by hand
    response = post_move(seated, table, "mark-effect-done", {"effect": "1"})
    text = response.content.decode()
    assert response.status_code == 200 and "✓ Done by hand" in text
    assert "The app changed nothing in the campaign." in text
    assert held_by_active(table, 242) == 1  # not taken a second time
    assert last_said(table).startswith("“Active player: gain the status")
    assert "marked as done by hand" in last_said(table)
    post_move(seated, table, "apply-effect", {"effect": "2"})
    active = state_of(table).active
    text = post_move(seated, table, "campaign-end-turn").content.decode()
    assert "not applied yet" not in text and state_of(table).active != active


def test_undo_takes_the_mark_back(seated, table):
    resolve(seated, table, *GO_QUIETLY)
    post_move(seated, table, "mark-effect-done", {"effect": "1"})
    undo(seated, table)
    s = state_of(table)
    assert not s.effects[0].done and not s.effects[0].by_hand


def test_a_stranger_may_not_mark_an_effect(client, seated, table):
    resolve(seated, table, *GO_QUIETLY)
    before = state_of(table).model_dump(mode="json")
    stranger = sit(client.__class__(), table, None)
    response = post_move(stranger, table, "mark-effect-done", {"effect": "1"})
    assert response["HX-Redirect"] == reverse("games:seat", args=[table.code])  # take a seat
    assert state_of(table).model_dump(mode="json") == before
    table.refresh_from_db()
    body = {"move": "mark-effect-done", "args": {"effect": 1}, "version": table.version}
    answer = api_as(table, None).post(f"/api/tables/{table.code}/moves/", body, format="json")
    assert answer.status_code == 403 and "holds no seat" in answer.json()["error"]
    assert state_of(table).model_dump(mode="json") == before


def test_the_api_marks_an_effect_and_refuses_a_second_mark(seated, table):
    resolve(seated, table, *GO_QUIETLY)
    api = api_as(table, "sm")
    base = f"/api/tables/{table.code}/"
    got = api.get(base).json()
    assert got["may"]["mark_effect_done"]
    body = {"move": "mark-effect-done", "args": {"effect": 1}, "version": got["version"]}
    answer = api.post(base + "moves/", body, format="json")
    assert answer.status_code == 200, answer.content
    assert state_of(table).effects[0].by_hand
    assert "marked as done by hand" in answer.json()["move"]["sentence"]
    body["version"] = answer.json()["table"]["version"]
    again = api.post(base + "moves/", body, format="json")
    assert again.status_code == 400
    assert "is marked done by hand already (undo to take it back)" in again.json()["error"]
