"""The noticeboard: refilled to 3 from the front of the quest slot; pickup; a 4th quest."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.galzyr.campaign import abandon_quest, move_card, pick_up_quest, place_figure

from .conftest import assert_ok


def _pickup_for(state, cid):
    return state.copies[cid].pickup


def _go_and_pick(state, aid, cid, **kw):
    place_figure(state, aid, _pickup_for(state, cid))
    return pick_up_quest(state, aid, cid, **kw)


def test_setup_lays_three_quests(playing):
    assert len(playing.places["noticeboard"]) == 3
    assert len(playing.places["quest_slot"]) == 19


@pytest.mark.parametrize("taken", [1, 2, 3])
def test_refill_to_three_from_the_front_whenever_two_or_fewer(playing, taken):
    front = list(playing.places["quest_slot"][:taken])
    for _ in range(taken):
        cid = playing.places["noticeboard"][0]
        move_card(playing, cid, "library")
        assert len(playing.places["noticeboard"]) == 3  # refilled at once, every time
    assert playing.places["noticeboard"][-taken:] == front
    assert len(playing.places["quest_slot"]) == 19 - taken


def test_an_empty_quest_slot_leaves_the_noticeboard_short(playing):
    for cid in list(playing.places["quest_slot"]):
        move_card(playing, cid, "library")
    move_card(playing, playing.places["noticeboard"][0], "library")
    assert len(playing.places["noticeboard"]) == 2
    assert_ok(playing)


def test_quests_placed_in_the_quest_slot_go_to_the_back(playing):
    cid = playing.places["noticeboard"][0]
    _go_and_pick(playing, "bumir", cid)
    abandon_quest(playing, "bumir", cid, to="quest_slot")
    assert playing.places["quest_slot"][-1] == cid


def test_pick_up_only_at_the_pickup_location(playing):
    cid = playing.places["noticeboard"][0]
    elsewhere = next(
        loc.id for loc in playing.world.locations if loc.id != _pickup_for(playing, cid)
    )
    place_figure(playing, "bumir", elsewhere)
    with pytest.raises(RuleError, match="is picked up at"):
        pick_up_quest(playing, "bumir", cid)
    front = playing.places["quest_slot"][0]
    steps = _go_and_pick(playing, "bumir", cid)
    assert cid in playing.places["quests:bumir"]
    assert playing.places["noticeboard"][-1] == front
    assert "frontmost quest of the quest slot" in steps[-1].text


def test_a_fourth_quest_forces_an_abandon_with_its_effects(playing):
    picked = []
    for _ in range(2):
        cid = playing.places["noticeboard"][0]
        _go_and_pick(playing, "bumir", cid)
        picked.append(cid)
    assert len(playing.places["quests:bumir"]) == 3  # with the starting quest #111
    fourth = playing.places["noticeboard"][0]
    with pytest.raises(RuleError, match="say which one to abandon"):
        _go_and_pick(playing, "bumir", fourth)
    steps = _go_and_pick(playing, "bumir", fourth, abandon=picked[0])
    assert len(playing.places["quests:bumir"]) == 3
    assert playing.where()[picked[0]] == "library"
    label = f"abandon effects of card #{playing.copies[picked[0]].number:03d}"
    assert any(s.manual and label in s.text for s in steps)
    assert_ok(playing)


def test_only_players_in_the_game_pick_up(playing):
    cid = playing.places["noticeboard"][0]
    with pytest.raises(RuleError, match="not in this game"):
        pick_up_quest(playing, "keridai", cid)
