"""The adventurer's board in the core: the gold dial and the prestige track say where they
stop, and a tag tapped by a player is refused where a book effect would simply do nothing."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.galzyr.campaign import (
    change_gold,
    change_prestige,
    gain_tag,
    lose_tag,
    tags_of,
    take_card,
)

from .conftest import assert_ok


def texts(steps) -> list[str]:
    return [s.text for s in steps]


def test_gold_past_twenty_is_lost_and_the_checklist_says_so(playing):
    assert texts(change_gold(playing, "bumir", 13)) == [
        "Turn Bumir's gold dial from 10 to 20.",
        "The dial stops at 20: 3 of the gold gained is lost.",
    ]
    assert playing.adventurer("bumir").gold == 20
    assert_ok(playing)


def test_gold_lost_below_zero_stops_the_dial_at_zero(playing):
    assert texts(change_gold(playing, "mor", -12)) == [
        "Turn Mor's gold dial from 10 to 0.",
        "The dial stops at 0: Mor had only 10 gold.",
    ]


def test_a_payment_is_met_in_full_or_refused_unchanged(playing):
    with pytest.raises(RuleError, match="Bumir has only 10 gold: paying 11 is refused."):
        change_gold(playing, "bumir", -11, pay=True)
    assert playing.adventurer("bumir").gold == 10
    assert texts(change_gold(playing, "bumir", -10, pay=True)) == [
        "Turn Bumir's gold dial from 10 to 0."
    ]


def test_prestige_past_ten_shows_the_tokens_plus_ten_side(playing):
    assert texts(change_prestige(playing, "bumir", 12)) == [
        "Move Bumir's prestige token from 0 to 2, its +10 side up."
    ]
    assert texts(change_prestige(playing, "bumir", -20)) == [
        "Move Bumir's prestige token from 12 to 0.",
        "The token stops at 0: Bumir had only 12 prestige.",
    ]


def test_a_tapped_tag_already_held_is_refused_a_book_effect_does_nothing(playing):
    gain_tag(playing, "bumir", "outlaw", strict=True)
    with pytest.raises(RuleError, match="Bumir already has the tag outlaw."):
        gain_tag(playing, "bumir", "outlaw", strict=True)
    gain_tag(playing, "bumir", "outlaw")  # the book's "gain the tag": nothing more to do
    assert playing.adventurer("bumir").tags == ["outlaw"]


def test_a_tag_from_the_board_or_a_card_is_not_lost_by_itself(playing):
    board_tag = "wanderer"  # the Galzyr facts leave board tags for the owner to enter
    playing.adventurer_def("bumir").tags.append(board_tag)
    with pytest.raises(RuleError, match="printed on Bumir's board"):
        lose_tag(playing, "bumir", board_tag, strict=True)
    take_card(playing, 201, adventurer="bumir")  # Lantern: tool
    with pytest.raises(RuleError, match="from card #201: losing that card takes the tag"):
        lose_tag(playing, "bumir", "tool", strict=True)
    with pytest.raises(RuleError, match="Bumir does not have the tag sailor-x."):
        lose_tag(playing, "bumir", "sailor-x", strict=True)
    lose_tag(playing, "bumir", "tool")  # a book effect on a card's tag: nothing changes
    assert "tool" in tags_of(playing, "bumir")
    assert_ok(playing)
