"""The active player's own device runs their turn; a saved game can still be packed up; the
table's scores in campaign mode are the adventurers' prestige track."""

from __future__ import annotations

import pytest

from games.galzyr.rules import game
from games.services import tables

from .test_campaign_pages import page, post_move, seated, state_of, world  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(world):  # noqa: F811 - the fixture imported above
    """Mara and Bo's campaign of the sample world, as the other campaign page tests start it."""
    return tables.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )


def test_the_active_players_device_travels_begins_the_story_and_ends_the_turn(
    client, table, django_assert_num_queries
):
    s = state_of(table)
    c, active = s.campaign, s.active + 1
    route = c.world.routes[0].between
    seated(client, table)  # the story master puts the figures on the board
    post_move(client, table, "campaign-place-figure", {"player": active, "to": route[0]})
    seated(client, table, f"p{active}")
    with django_assert_num_queries(3):
        text = page(client, table)
    for move in ("campaign-travel", "campaign-begin-story", "campaign-end-turn"):
        assert f"/{move}/" in text, move
    # The calendar, the saves and the figures stay with the story master and the table.
    for move in ("campaign-advance-day", "campaign-save", "campaign-place-figure"):
        assert f"/{move}/" not in text, move
    post_move(client, table, "campaign-travel", {"player": active, "to": route[1]})
    s = state_of(table)
    assert s.campaign.adventurer(s.adventurers[active - 1]).position == route[1]


def test_a_player_who_is_not_active_gets_no_turn_controls(client, table):
    s = state_of(table)
    seated(client, table, f"p{2 - s.active}")
    text = page(client, table)
    assert "/campaign-end-turn/" not in text and "/campaign-travel/" not in text


def test_a_game_saved_to_continue_can_still_be_packed_up(client, table):
    seated(client, table)
    post_move(client, table, "campaign-save", {"pack": "false"})
    assert "/campaign-pack-up/" in page(client, table)
    r = post_move(client, table, "campaign-pack-up")
    assert r.status_code == 200
    s = state_of(table)
    assert s.campaign.phase == "packed" and s.checklist_title == "Pack up"
    body = post_move(client, table, "campaign-pack-up").content.decode()
    assert 'class="flash error"' in body  # packed already: nothing to pack


def test_campaign_scores_are_the_prestige_track(client, table):
    seated(client, table)
    post_move(client, table, "campaign-prestige", {"player": 2, "amount": 4, "how": "gain"})
    s = state_of(table)
    assert game.outcome(s.model_dump(mode="json")).scores == {"p1": 0, "p2": 4}
    assert game.view(s.model_dump(mode="json"), "sm")["players"][1]["prestige"] == 4
