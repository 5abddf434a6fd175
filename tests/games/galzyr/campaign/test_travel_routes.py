"""Travel with and without the world's routes (issue 16).

Rulebook facts: a player travels by moving their figure up to 2 times to an adjacent space
connected by a route; the movement keyword changes that number, never below 0; a figure off the
board cannot move. The published box's facts (fixtures/worlds/lands-of-galzyr) enter no routes:
the group follows the printed board, so any location is one move away, and each step still
costs a move.
"""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.galzyr.campaign import movement, place_figure, setup_game, travel
from games.galzyr.campaign.rounds import reachable, routes_known

from .conftest import LOCATIONS, assert_ok


@pytest.fixture
def box(galzyr):
    """Bumir and Mor on the box's world (no routes entered), both at location-3."""
    setup_game(
        galzyr,
        ["bumir", "mor"],
        "cooperative",
        starting="bumir",
        positions={"bumir": "location-3", "mor": "location-3"},
    )
    return galzyr


def test_the_box_enters_no_routes_and_the_sample_world_does(box, playing):
    assert not routes_known(box) and routes_known(playing)


# (from, season side, what one move reaches): the ring of 8 plus location-1's summer shortcut
REACH = [
    ("location-1", "summer", ["location-2", "location-5", "location-8"]),
    ("location-1", "winter", ["location-2", "location-8"]),
    ("location-3", "summer", ["location-2", "location-4"]),
    ("location-5", "summer", ["location-1", "location-4", "location-6"]),
]


@pytest.mark.parametrize(("start", "side", "expected"), REACH)
def test_known_routes_reach_the_neighbours_open_this_season(playing, start, side, expected):
    playing.calendar.side = side
    assert reachable(playing, start) == expected
    assert start not in reachable(playing, start)


@pytest.mark.parametrize("start", LOCATIONS)
def test_without_routes_every_other_location_is_one_move(box, start):
    assert reachable(box, start) == [x for x in LOCATIONS if x != start]


@pytest.mark.parametrize("to", ["location-4", "location-8", "location-1"])
def test_the_box_travels_to_any_location_at_the_cost_of_a_move(box, to):
    travel(box, "bumir", to)
    assert box.adventurer("bumir").position == to and box.game.moves["bumir"] == 1
    assert_ok(box)


# (moves taken, the refusal of the next): the move count still holds without routes
REFUSED = [
    (["location-4", "location-7"], "location-1", "no moves left"),
    ([], "location-3", "at Location 3 already"),
    ([], "nowhere", "There is no location “nowhere”"),
]


@pytest.mark.parametrize(("moves", "to", "refusal"), REFUSED)
def test_the_box_still_counts_moves_and_refuses_the_impossible(box, moves, to, refusal):
    for where in moves:
        travel(box, "bumir", where)
    before = box.model_dump()
    with pytest.raises(RuleError, match=refusal):
        travel(box, "bumir", to)
    assert box.model_dump() == before


def test_the_box_follows_the_movement_keyword_and_a_figure_off_the_board(box):
    place_figure(box, "bumir", None)
    with pytest.raises(RuleError, match="off the board"):
        travel(box, "bumir", "location-1")
    place_figure(box, "bumir", "location-3")
    movement(box, "bumir", 1)
    for to in ("location-4", "location-5", "location-6"):
        travel(box, "bumir", to)
    with pytest.raises(RuleError, match="no moves left"):
        travel(box, "bumir", "location-7")


def test_known_routes_still_refuse_a_space_that_is_not_adjacent(playing):
    with pytest.raises(RuleError, match="No route leads from"):
        travel(playing, "bumir", "location-3")
    with pytest.raises(RuleError, match="already"):
        travel(playing, "bumir", "location-1")
