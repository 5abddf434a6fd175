""" "Resetting the game": the rulebook's counts on the shipped Lands of Galzyr world."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core.engine import RuleError
from games.galzyr.campaign import (
    move_card,
    new_campaign,
    reset_adventurer,
    reset_game,
    setup_game,
    where_is,
)

from .conftest import GALZYR_WORLD, assert_ok, cid_of, roundtrip

# (place, how many cards, which numbers) right after a whole-game reset.
RESET_COUNTS = [
    ("save:global", 1 + 26 + 3),  # the d12 month card, #064–#089, the 3 front quests
    ("quest_slot", 22 - 3),
    ("vault", 8),  # #296–#299
    ("save:bumir", 2),  # #000 and #111 with the adventurer's icon
    ("save:mor", 2),
    ("save:aysala", 2),
    ("save:keridai", 2),
    ("library", 11),  # the other month cards: nothing else of the catalog is known
]


@pytest.mark.parametrize(("place", "count"), RESET_COUNTS)
def test_reset_counts(galzyr, place, count):
    assert len(galzyr.places[place]) == count
    assert_ok(galzyr)


def numbers(state, key):
    return sorted(state.copies[c].number for c in state.places[key])


def test_the_global_save_slot_holds_one_month_the_26_and_three_quests(galzyr):
    got = numbers(galzyr, "save:global")
    months = [n for n in got if 1 <= n <= 12]
    assert len(months) == 1
    assert [n for n in got if 64 <= n <= 89] == list(range(64, 90))
    quests = [n for n in got if 127 <= n <= 148]
    assert len(quests) == 3
    events = [c for c in galzyr.places["save:global"] if galzyr.copies[c].type == "event"]
    assert len(events) == 12


def test_the_quest_slot_holds_the_other_19_shuffled(galzyr):
    slot = numbers(galzyr, "quest_slot") + [
        galzyr.copies[c].number
        for c in galzyr.places["save:global"]
        if galzyr.copies[c].type == "quest"
    ]
    assert sorted(slot) == list(range(127, 149))


def test_the_vault_gets_296_to_299(galzyr):
    assert Counter(numbers(galzyr, "vault")) == {296: 2, 297: 2, 298: 2, 299: 2}


def test_each_adventurer_gets_their_own_000_and_111(galzyr):
    for adv in galzyr.world.adventurers:
        slot = galzyr.places[f"save:{adv.id}"]
        assert sorted(galzyr.copies[c].number for c in slot) == [0, 111]
        assert {galzyr.copies[c].icon for c in slot} == {adv.icon}
        state = galzyr.adventurer(adv.id)
        assert state.gold == 10
        assert state.marks == adv.marks and sum(state.marks.values()) == 4


def test_the_d12_picks_every_month_and_the_events_are_shuffled():
    months, orders = set(), set()
    for seed in range(120):
        state, steps = new_campaign(GALZYR_WORLD, seed)
        months.add(state.month)
        events = tuple(
            state.copies[c].number
            for c in state.places["save:global"]
            if state.copies[c].type == "event"
        )
        orders.add(events)
        assert any("d12 rolled" in s.text for s in steps)
    assert len(months) == 12
    assert len(orders) > 100


def test_the_checklist_follows_the_rulebook(galzyr):
    _, steps = new_campaign(GALZYR_WORLD, 5)
    text = [s.text for s in steps]
    assert text[0].startswith("Move all cards from the vault, the quest slot and all save slots")
    assert "#064–#089 (26 in total)" in text[2] and "shuffle the 12 event cards" in text[2]
    assert "#127–#148 (22 in total)" in text[3]
    assert "3 frontmost" in text[4]
    assert "#296–#299 (8 in total)" in text[5]
    assert "Move card #000 with Bumir's icon from the library to Bumir's save slot." in text
    assert not any(s.manual for s in steps)


def test_reset_again_after_a_game_gathers_everything(rich):
    setup_game(rich, ["bumir", "mor"], "competitive", positions={"bumir": "location-1"})
    from games.galzyr.campaign import save_game

    save_game(rich)
    reset_game(rich)
    assert_ok(rich)
    assert len(rich.places["vault"]) == 8
    assert len(rich.places["save:global"]) == 30
    roundtrip(rich)


def test_reset_only_between_games(playing):
    with pytest.raises(RuleError):
        reset_game(playing)
    with pytest.raises(RuleError):
        reset_adventurer(playing, "bumir")


def test_reset_mor_puts_296_back_in_the_vault(galzyr):
    for cid in [c for c in galzyr.numbered(296)]:
        move_card(galzyr, cid, "save:mor")
    move_card(galzyr, cid_of(galzyr, 297, "vault"), "library")
    reset_adventurer(galzyr, "mor")
    assert_ok(galzyr)
    assert where_is(galzyr, 296) == "Both copies of card #296 are in the vault."
    # #297 is Aysala's business: resetting Mor leaves it where it was
    assert galzyr.where()[cid_of(galzyr, 297, "library")] == "library"
    reset_adventurer(galzyr, "aysala")
    assert Counter(numbers(galzyr, "vault"))[297] == 2


def test_reset_an_adventurer_gathers_their_icon_cards_and_restores_the_board(galzyr):
    mine = cid_of(galzyr, 0, "save:bumir")
    move_card(galzyr, mine, "save:keridai")  # a card with Bumir's icon in another slot
    galzyr.adventurer("bumir").gold = 3
    galzyr.adventurer("bumir").marks = {"might": 2, "survival": 2}
    steps = reset_adventurer(galzyr, "bumir")
    assert_ok(galzyr)
    assert galzyr.where()[mine] == "save:bumir"
    assert galzyr.adventurer("bumir").gold == 10
    assert galzyr.adventurer("bumir").marks == galzyr.adventurer_def("bumir").marks
    assert any("abandon effects of card #111" in s.text and s.manual for s in steps)
