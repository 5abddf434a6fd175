"""Rounds: turn order, travel, the calendar phase, the round limit and the game's end."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.galzyr.campaign import (
    active,
    begin_story,
    change_gold,
    change_prestige,
    distance,
    end_turn,
    move_mark,
    movement,
    place_figure,
    setup_game,
    story_master_of,
    tags_of,
    take_card,
    travel,
)

from .conftest import RICH_WORLD, assert_ok


def _turn(state):
    begin_story(state)
    return end_turn(state)


def _round(state):
    steps = []
    for _ in state.game.players:
        steps = _turn(state)
    return steps


@pytest.mark.parametrize(("players", "limit"), [(1, 8), (2, 7), (3, 6), (4, 5)])
def test_the_game_ends_after_the_round_limit(rich, players, limit):
    names = ["bumir", "mor", "aysala", "keridai"][:players]
    setup_game(rich, names, "competitive")
    for n in range(1, limit + 1):
        assert rich.game.number == n and rich.phase == "playing"
        steps = _round(rich)
        assert_ok(rich)
    assert rich.phase == "over"
    mode = "Harmony" if players == 1 else "Discord"  # solo games are co-operative
    scene = "0200" if players == 1 else "0150"
    assert steps[-1].text.startswith(f"Begin scene {scene} as shown on {mode}")


def test_turns_go_clockwise_from_the_starting_player(rich):
    setup_game(rich, ["bumir", "mor", "aysala"], "cooperative", starting="mor")
    seen = []
    for _ in range(3):
        seen.append((active(rich), story_master_of(rich)))
        _turn(rich)
    assert seen == [("mor", "bumir"), ("aysala", "mor"), ("bumir", "aysala")]
    assert active(rich) == "mor"  # the token stays with the same player


def test_the_calendar_phase_moves_the_day_token(playing):
    day = playing.calendar.day
    steps = _round(playing)
    assert playing.calendar.day == day + 1
    assert any(s.text.startswith("Move the day token to") for s in steps)


def test_a_turn_needs_its_scene(playing):
    with pytest.raises(RuleError, match="begin the story"):
        end_turn(playing)


def test_travel_up_to_two_moves_along_routes(playing):
    assert distance(playing, "location-1", "location-3") == 2
    travel(playing, "bumir", "location-2")
    travel(playing, "bumir", "location-3")
    with pytest.raises(RuleError, match="no moves left"):
        travel(playing, "bumir", "location-4")
    with pytest.raises(RuleError, match="not travelling"):
        travel(playing, "mor", "location-2")
    begin_story(playing)
    with pytest.raises(RuleError):
        travel(playing, "bumir", "location-4")


def test_routes_follow_the_season(playing):
    playing.calendar.side = "summer"  # the shortcut is open in summer only
    summer = distance(playing, "location-1", "location-5")
    playing.calendar.side = "winter"
    assert (summer, distance(playing, "location-1", "location-5")) == (1, 4)


def test_movement_never_below_zero(playing):
    movement(playing, "bumir", -5)
    assert playing.game.moves["bumir"] == 0
    movement(playing, "bumir", 1)
    travel(playing, "bumir", "location-2")


def test_only_adjacent_spaces(playing):
    with pytest.raises(RuleError, match="No route"):
        travel(playing, "bumir", "location-3")


def test_co_op_travel_lets_everyone_move_first(rich):
    setup_game(
        rich,
        ["bumir", "mor"],
        "cooperative",
        coop_travel=True,
        challenge=True,
        starting="bumir",
        positions={"bumir": "location-1", "mor": "location-1"},
    )
    travel(rich, "mor", "location-8")
    travel(rich, "bumir", "location-2")
    begin_story(rich)
    end_turn(rich)
    assert rich.game.step == "story"  # Mor resolves a scene without a travel of their own
    assert rich.game.challenge


def test_an_off_board_figure_cannot_move(playing):
    place_figure(playing, "bumir", None)
    with pytest.raises(RuleError, match="off the board"):
        travel(playing, "bumir", "location-2")


def test_gold_stays_on_the_dial(playing):
    change_gold(playing, "bumir", 50)
    assert playing.adventurer("bumir").gold == 20
    change_gold(playing, "bumir", -25)
    assert playing.adventurer("bumir").gold == 0
    with pytest.raises(RuleError, match="only 0 gold"):
        change_gold(playing, "bumir", -1, pay=True)


def test_prestige_never_below_zero(playing):
    change_prestige(playing, "mor", 3)
    change_prestige(playing, "mor", -5)
    assert playing.adventurer("mor").prestige == 0


def test_skill_marks_four_in_all_two_at_most(playing):
    move_mark(playing, "bumir", "thievery", "might")
    assert playing.adventurer("bumir").marks == {"might": 2, "survival": 1, "knowledge": 1}
    with pytest.raises(RuleError, match="has 2 marks already"):
        move_mark(playing, "bumir", "survival", "might")
    with pytest.raises(RuleError, match="no mark on"):
        move_mark(playing, "bumir", "thievery", "perception")
    assert_ok(playing)


def test_tags_come_from_the_board_the_book_and_held_cards(playing):
    take_card(playing, 201, adventurer="bumir")  # Lantern: tool
    from games.galzyr.campaign import gain_tag

    gain_tag(playing, "bumir", "outlaw")
    assert {"tool", "outlaw"} <= tags_of(playing, "bumir")
    assert RICH_WORLD.info is not None
