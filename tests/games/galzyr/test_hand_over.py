"""Galzyr on one tablet: the shared display handed to a player hides again by itself once that
player has nothing left to do (their turn is over), as the other games' do (the game's
``to_act_fn``: games/galzyr/state.py ``to_act``; games/services/hand_over.py)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.galzyr.game import game
from games.galzyr.state import reading_player, to_act
from games.services import tables
from tests.games.galzyr.playing import a_turn
from tests.seating import sit

from .test_campaign_pages import post_move, state_of, world  # noqa: F401

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table(world):  # noqa: F811 - the fixture imported above
    return tables.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )


def test_the_display_handed_to_the_active_player_hides_after_end_the_turn(client, table):
    active = f"p{state_of(table).active + 1}"
    sit(client, table, "table")
    client.post(reverse("games:hand-over", args=[table.code, active]))
    for name, args in a_turn(table.state)[:-1]:  # the story, its scene read
        response = post_move(client, table, name, args)
        assert response.context["seat"].id == active  # still their turn
    response = post_move(client, table, "campaign-end-turn")
    assert response.context["seat"].id == "table"
    assert response.context["hand_over"].playing is None
    assert "Done, hide again" not in response.content.decode()


def test_who_has_something_to_do_follows_the_turn_and_the_scene(table):
    state = state_of(table)
    active, reader = f"p{state.active + 1}", reading_player(state)
    assert to_act(state) == {active}  # travel: nothing to read yet
    state.scene = 1101
    assert to_act(state) == {active, reader}  # the reading player reads it
    assert game.has_to_act(state, reader) and not game.has_to_act(state, "sm")


def test_the_hand_over_offers_no_second_story_master_while_a_player_reads(client, table):
    sit(client, table, "table")
    offered = [
        s.id
        for s in client.get(reverse("games:table", args=[table.code])).context["hand_over"].unheld
    ]
    assert "sm" not in offered and offered == ["p1", "p2"]
    refused = client.post(reverse("games:hand-over", args=[table.code, "sm"]))
    assert refused.status_code in (403, 404)
