"""A card the catalog doesn't know, recorded for a group that holds it (issue 16, item 1).

The published box's facts name 66 cards; the printed book names any card number. Rulebook
facts: an inventory holds at most 3 items and a hand at most 3 quests (a 4th is discarded or
abandoned); an adventurer has any number of different statuses, never two of the same; each
adventurer's once-per-game ability is the adventurer status #000 matching their icon.
"""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.core.named import is_digest
from games.galzyr.campaign import Campaign, add_copy, setup_game, take_card

from .conftest import assert_ok, roundtrip


@pytest.fixture
def box(galzyr: Campaign) -> Campaign:
    setup_game(
        galzyr,
        ["bumir", "aysala"],
        "cooperative",
        starting="aysala",
        positions={"bumir": galzyr.world.locations[0].id, "aysala": galzyr.world.locations[0].id},
    )
    return galzyr


def test_an_added_card_gets_one_copy_in_the_library_and_a_new_catalog_name(box: Campaign):
    before = box.model_dump(mode="json")
    ids = len(box.copies)
    cid = add_copy(box, 213, "item")
    assert cid == ids and box.numbered(213) == [cid]
    assert box.copies[cid].type == "item" and box.copies[cid].name == "Card #213"
    assert box.where()[cid] == "library"
    after = box.model_dump(mode="json")
    assert is_digest(after["copies"]) and after["copies"] != before["copies"]
    # the old catalog keeps its name: the state before still reads as it was (undo)
    assert Campaign.model_validate(before).model_dump(mode="json") == before
    again = roundtrip(box)
    assert again.numbered(213) == [cid]
    assert_ok(again)


def test_a_card_taken_from_the_vault_is_recorded_there(box: Campaign):
    cid = add_copy(box, 310, "quest", tray="vault")
    assert box.where()[cid] == "vault"
    take_card(box, 310, source="vault", adventurer="bumir")
    assert box.where()[cid] == "quests:bumir"
    assert_ok(box)


def test_another_copy_of_a_recorded_card_is_the_same_kind(box: Campaign):
    first = add_copy(box, 213, "item")
    take_card(box, 213, adventurer="bumir")
    second = add_copy(box, 213, "item", another=True)
    take_card(box, 213, adventurer="aysala")
    assert box.numbered(213) == [first, second]
    assert box.where()[second] == "items:aysala"
    with pytest.raises(RuleError, match="Card #213 is an item card, not a quest."):
        add_copy(box, 213, "quest", another=True)
    assert_ok(roundtrip(box))


def test_a_known_number_or_an_unknown_kind_is_refused(box: Campaign):
    with pytest.raises(RuleError, match="already in the catalog"):
        add_copy(box, 296, "item")
    with pytest.raises(RuleError, match="what kind of card #213"):
        add_copy(box, 213, "event")


def test_an_added_item_counts_against_the_three_items(box: Campaign):
    for number in (213, 214, 215, 216):
        add_copy(box, number, "item")
    for number in (213, 214, 215):
        take_card(box, number, adventurer="bumir")
    with pytest.raises(RuleError):
        take_card(box, 216, adventurer="bumir")
    bumir = box.places["items:bumir"]
    take_card(box, 216, adventurer="bumir", discard=bumir[0])
    assert [box.copies[c].number for c in box.places["items:bumir"]] == [214, 215, 216]
    assert_ok(box)


def test_an_added_quest_counts_against_the_three_quests(box: Campaign):
    held = len(box.places["quests:bumir"])
    numbers = list(range(401, 401 + 4 - held))
    for number in numbers:
        add_copy(box, number, "quest")
    for number in numbers[:-1]:
        take_card(box, number, adventurer="bumir")
    assert len(box.places["quests:bumir"]) == 3
    with pytest.raises(RuleError):
        take_card(box, numbers[-1], adventurer="bumir")


def test_the_ability_gained_by_a_named_adventurer_is_their_own(box: Campaign):
    box.places["library"] += box.places["statuses:bumir"]
    box.places["statuses:bumir"] = []
    take_card(box, 0, pick="icon", adventurer="bumir", icon_of="bumir")
    (cid,) = box.places["statuses:bumir"]
    assert box.copies[cid].icon == box.adventurer_def("bumir").icon
    assert_ok(box)
