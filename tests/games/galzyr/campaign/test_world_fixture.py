"""fixtures/worlds/lands-of-galzyr: facts about the published components, valid without scenes."""

from __future__ import annotations

from collections import Counter

import pytest

from games.galzyr.campaign import GALZYR_PLAN
from games.galzyr.campaign.build import plan_for, unroll
from storybook.lint.folder import lint_world

from .conftest import GALZYR, GALZYR_WORLD

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August"]
MONTHS += ["September", "October", "November", "December"]


def test_the_world_lints_without_errors_and_has_no_scenes():
    errors = [d for d in lint_world(GALZYR) if d.severity == "error"]
    assert errors == []
    assert GALZYR_WORLD.scenes == {} and GALZYR_WORLD.events == []


def test_four_adventurers_with_their_own_icons():
    advs = GALZYR_WORLD.info.adventurers
    assert [(a.name, a.icon) for a in advs] == [
        ("Bumir", "bumir"),
        ("Mor", "mor"),
        ("Aysala", "aysala"),
        ("Keridai", "keridai"),
    ]
    assert all(a.gold == 10 and sum(a.marks.values()) == 4 for a in advs)


@pytest.mark.parametrize(
    ("numbers", "kind", "count"),
    [
        (range(1, 13), "global_status", 12),  # the month cards
        (range(64, 66), "global_status", 2),  # Discord, Harmony
        (range(66, 78), "location", 12),
        (range(78, 90), "event", 12),
        (range(127, 149), "quest", 22),
        (range(296, 300), None, 8),  # the vault's cards at a reset
    ],
)
def test_card_ranges(numbers, kind, count):
    cards = [GALZYR_WORLD.cards[n] for n in numbers]
    assert sum(card.total_copies for card in cards) == count
    if kind:
        assert {card.type for card in cards} == {kind}


def test_the_month_cards_and_discord_and_harmony():
    assert [GALZYR_WORLD.cards[n].name for n in range(1, 13)] == MONTHS
    assert (GALZYR_WORLD.cards[64].name, GALZYR_WORLD.cards[65].name) == ("Discord", "Harmony")


def test_eight_locations_formed_by_location_cards():
    locations = GALZYR_WORLD.info.locations
    assert len(locations) == 8
    cards = [n for loc in locations for n in loc.cards]
    assert len(cards) == len(set(cards)) and set(cards) <= set(range(66, 78))
    assert all(1 <= len(loc.cards) <= 3 for loc in locations)


@pytest.mark.parametrize("number", [0, 111])
def test_each_adventurer_has_a_copy_with_their_icon(number):
    icons = Counter(c.icon for c in unroll(GALZYR_WORLD) if c.number == number)
    assert icons == dict.fromkeys(["bumir", "mor", "aysala", "keridai"], 1)


def test_the_rulebook_plan_is_chosen_for_this_catalog():
    assert plan_for(unroll(GALZYR_WORLD)) == GALZYR_PLAN
    assert len(GALZYR_PLAN.to_global) == 26
    assert len(GALZYR_PLAN.to_quest_slot) == 22
