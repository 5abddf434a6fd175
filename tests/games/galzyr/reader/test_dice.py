"""The dice helper: pools, faces, the seeded rolls, the reroll, card effects and the
successes entered from physical dice.

No database: the books come from world folders through a ``FolderShelf`` (worlds.py).
"""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.core.rng import Rng
from games.galzyr.reader import dice as dice_rules
from tests.games.galzyr.playing import play, refused
from tests.games.galzyr.worlds import game

from .book_world import (
    CIRCLE,
    checking,
)


# -- dice ----------------------------------------------------------------------------------
def test_each_skill_mark_swaps_a_base_die_for_an_advanced_one():
    pool = dice_rules.build_pool(["survival", "might", "might"], CIRCLE)
    assert pool == ["might", "might", "survival", "base", "base"]
    assert dice_rules.build_pool([], CIRCLE) == ["base"] * 5


@pytest.mark.parametrize(
    ("marks", "message"),
    [
        (["might"] * 3, "At most 2 advanced dice of one skill"),
        (["might", "might", "survival", "survival", "knowledge", "perception"], "5 dice"),
        (["swimming"], "no skill"),
    ],
)
def test_a_pool_keeps_to_the_rules(marks, message):
    with pytest.raises(RuleError, match=message):
        dice_rules.build_pool(marks, CIRCLE)


def test_the_face_tables_are_ours_and_count_double_successes():
    assert dice_rules.faces("base", CIRCLE) == [(s,) for s in CIRCLE]
    might = dice_rules.faces("might", CIRCLE)
    assert might[0] == ("might", "might")
    assert sum(f.count("might") for f in might) == 5  # strong for its own skill
    assert sum(f.count("survival") for f in might) == 2  # good for a neighbour
    assert sum(f.count("knowledge") for f in might) == 0
    pool = ["might", "base"]
    assert dice_rules.dice_successes(pool, [0, 1], "might", CIRCLE) == 3


def test_rolls_follow_the_seeded_generator():
    pool = dice_rules.build_pool(["might"], CIRCLE)
    first = dice_rules.roll(pool, CIRCLE, Rng(42))
    assert first == dice_rules.roll(pool, CIRCLE, Rng(42))
    assert all(0 <= i < 6 for i in first)


@pytest.mark.parametrize(
    ("dice", "stars", "broken", "total"), [(2, 0, 0, 2), (2, 1, 0, 3), (1, 0, 3, 0), (0, 2, 1, 1)]
)
def test_the_total_adds_stars_takes_broken_stars_and_never_goes_below_zero(
    dice, stars, broken, total
):
    assert dice_rules.total(dice, stars, broken) == total


def test_the_dice_helper_rolls_once_rerolls_once_then_resolves():
    state = play(checking(), "roll", {"marks": ["might", "might"]}, seat="p1")
    dice = state["dice"]
    assert dice["pool"] == ["might", "might", "base", "base", "base"] and dice["rolls"] == 1
    assert state["marks"][0] == ["might", "might"]  # remembered for Mara's next check
    assert "rolled" in refused(state, "roll", {"marks": []})
    state = play(state, "reroll", seat="p1")
    assert "one reroll" in refused(state, "reroll")
    state = play(state, "adjust-dice", {"broken": 1})
    state = play(state, "adjust-dice", {"stars": 1})
    check = game.view(state, "table")["check"]
    assert check["dice"]["total"] == max(0, check["dice"]["shown"])
    assert check["resolved"] is False
    state = play(state, "resolve-check", seat="p1")
    assert state["successes"] == check["dice"]["total"]
    assert "resolved" in refused(state, "reroll")


def test_broken_stars_never_take_the_total_below_zero():
    state = checking()
    for _ in range(4):
        state = play(state, "adjust-dice", {"broken": 1})
    state = play(state, "roll", {"marks": []})
    dice = game.view(state, "sm")["check"]["dice"]
    assert dice["broken"] == 4 and dice["total"] == max(0, dice["shown"] - 4)
    assert "nothing to take back" in refused(checking(), "adjust-dice", {"stars": -1})


def test_the_successes_from_physical_dice_can_be_entered_instead():
    state = play(checking(), "enter-successes", {"n": 2}, seat="table")
    assert state["successes"] == 2 and state["dice"] is None
    assert "Roll the dice first" in refused(checking(), "resolve-check")
