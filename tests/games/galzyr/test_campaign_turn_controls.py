"""The active player's own device runs their turn; a saved game can still be packed up; the
table's scores in campaign mode are the adventurers' prestige track."""

from __future__ import annotations

import pytest

from games.galzyr.game import game
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


def test_a_player_waiting_for_their_turn_gets_no_turn_controls(client, world):  # noqa: F811
    table = tables.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo", "Ada"], "world": "sallowmere-marches", "mode": "campaign"},
    )
    s = state_of(table)
    seated(client, table, f"p{(s.active + 1) % 3 + 1}")  # the one before the active one reads
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


def test_the_player_reading_as_story_master_draws_the_event_card_from_their_own_device(
    client,
    world,  # noqa: F811
):
    """ "Bo's player reads it as story master": Bo's phone is offered the event deck and its
    draw is accepted; once the turn passes, the next reader's phone is, and Bo's is not."""
    table = tables.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo", "Ada"], "world": "sallowmere-marches", "mode": "campaign"},
    )
    s = state_of(table)
    reader, waiting = f"p{(s.active - 1) % 3 + 1}", f"p{(s.active + 1) % 3 + 1}"
    seated(client, table, f"p{s.active + 1}")
    post_move(client, table, "campaign-begin-story")
    seated(client, table, waiting)
    assert "/draw-event/" not in page(client, table)
    seated(client, table, reader)
    assert "/draw-event/" in page(client, table)
    r = post_move(client, table, "draw-event")
    assert 'class="flash error"' not in r.content.decode()
    drawn = state_of(table).drawn
    assert drawn is not None
    views = {seat: game.view(table_state(table), seat)["event"] for seat in (reader, waiting)}
    assert views[reader]["card"] == drawn.card  # the reader looks at it in secret
    assert views[waiting]["card"] is None


def test_opening_a_scene_before_begin_the_story_begins_it_and_the_turn_can_end(client, table):
    s = state_of(table)
    active = f"p{s.active + 1}"
    seated(client, table, active)
    r = post_move(client, table, "open-scene", {"number": "1101"})
    said = r.content.decode().replace("&#x27;", "'")
    assert 'class="flash error"' not in said
    assert "player reads it as story master" in said
    assert state_of(table).campaign.game.step == "story"
    assert "/campaign-begin-story/" not in page(client, table)
    # the turn ends once the scene is read, no longer asking to begin the story first
    said = post_move(client, table, "campaign-end-turn").content.decode()
    assert "still being read" in said and "begin the story" not in said


def table_state(table) -> dict:
    table.refresh_from_db()
    return table.state


def test_the_saves_by_hand_steps_point_to_the_forms_that_enter_them(client, table):
    """QA9: after "Save and pack up" the checklist said "Take X gold from the library" by hand
    and pointed nowhere; its by-hand steps now link to the gold, items and statuses forms."""
    seated(client, table)
    post_move(client, table, "campaign-save", {"pack": "true"})
    assert any(step.manual for step in state_of(table).checklist)
    text = page(client, table)
    assert 'class="gz-checklist-forms"' in text and 'href="#gz-changes"' in text
    assert 'id="gz-changes"' in text  # the link's target is on the same page
