"""The card catalog: what the rulebook gives, what stays unknown, and a table's own entries."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from games.core.engine import RuleError
from games.tavern_tales.catalog import CatalogPatch, merge, shipped, unknowns
from games.tavern_tales.game import game
from tests.games.tavern_tales.deciding import act


def test_the_shipped_catalog_holds_only_what_the_rulebook_states():
    catalog = shipped()
    assert catalog.totals.feats == 71 and catalog.totals.heroes == 51
    assert catalog.feat("Gold").track == [1, 1, 6, 6, 6, 6, 6]
    assert catalog.feat("Gold").count is None  # printed on the cards, not in the rulebook
    assert catalog.feat("Dragon Egg").track is None
    assert {f.name: f.rule for f in catalog.feats if f.rule != "track"} == {
        "Boss Armor": "boss-armor",
        "Crystal Golem": "crystal-golem",
        "Gelatinous Cube": "gelatinous-cube",
    }
    assert catalog.hero("Dwarf").depths == ["Mineshaft"]
    assert catalog.drink("Magician's Mead").low_hand_limit == 5
    gaps = unknowns(catalog)
    assert "Dragon Egg: type, count, scoring track" in gaps
    assert "Boblin: type and depths" in gaps


def test_a_patch_changes_only_the_fields_it_gives():
    catalog = merge(
        shipped(), CatalogPatch.model_validate({"feats": [{"name": "Gold", "count": 7}]})
    )
    assert catalog.feat("Gold").count == 7
    assert catalog.feat("Gold").track == [1, 1, 6, 6, 6, 6, 6]


@pytest.mark.parametrize(
    "patch",
    [
        {"heroes": [{"name": "Dwarf", "kind": "adventurer"}]},  # an adventurer shows 2 depths
        {"heroes": [{"name": "Elf", "kind": "specialist", "depths": ["Inferno", "Inferno"]}]},
        {"feats": [{"name": "Gold", "track": []}]},
        {"feats": [{"name": "Gold", "colour": "yellow"}]},
    ],
)
def test_card_data_that_does_not_fit_is_refused(patch):
    with pytest.raises((ValidationError, ValueError)):
        merge(shipped(), CatalogPatch.model_validate(patch))


def test_a_table_enters_card_data_once_and_later_moves_use_it():
    copies = {"feats": [{"name": "Dragon Egg", "count": 3}, {"name": "Gold", "count": 9}]}
    state = game.setup({"players": ["Mara", "Bo", "Cy"], "first_player": 0, "catalog": copies}, 1)
    feats = [{"feat": "Dragon Egg"}, {"feat": "Gold"}, {"feat": "Gold"}]
    state, _ = act(state, "show-feats", depth="Mineshaft", feats=feats)
    state, _ = act(state, "stake-claim", depth="Mineshaft", slots=[0, 1], hero="Dwarf")
    state, _ = act(state, "pass-claim")
    state, sentence = act(state, "pass-claim")
    assert sentence.endswith(
        "Mara wins the claim. Enter the scoring track of Dragon Egg from its card first."
    )
    assert state["phase"] == "collect" and state["claim"]["needs"] == ["catalog"]
    with pytest.raises(RuleError, match="Enter the scoring track of Dragon Egg"):
        act(state, "collect", seat="p1")
    egg = {"name": "Dragon Egg", "kind": "treasure", "track": [2, -4]}
    state, sentence = act(state, "collect", seat="p1", catalog=[egg])
    assert sentence == "Mara collects Dragon Egg (+2), Gold (+1): 0 → 3 prestige."
    assert game.view(state, "table")["catalog"]["feats"][1]["track"] == [2, -4]
    # The edit-catalog move does the same between claims; too many copies are refused.
    state, sentence = act(state, "edit-catalog", feats=[{"name": "Gold", "count": 7}])
    assert sentence == "The catalog now records Gold."
    with pytest.raises(RuleError, match="only 1 Gold"):
        act(state, "edit-catalog", feats=[{"name": "Gold", "count": 1}])
    with pytest.raises(RuleError, match="Card data"):
        act(state, "edit-catalog", heroes=[{"name": "Dwarf", "kind": "elite"}])


def test_options_carry_a_groups_catalog():
    cards = {"heroes": [{"name": "Boblin", "kind": "adventurer", "depths": ["Caverns", "Inferno"]}]}
    state = game.setup({"players": ["Mara", "Bo"], "first_player": 0, "catalog": cards}, 1)
    state, sentence = act(state, "stake-claim", depth="Inferno", slots=[2], hero="Boblin")
    assert sentence == "Mara staked a claim with the Boblin on 1 feat at the Inferno."


# The rulebook's box: 71 feat cards, 3 of them the Special feats; 51 heroes, 6 of them elite.
# Counts a group enters can't add up to more cards than the box holds.
BOX_TOTALS = [
    pytest.param(
        {"feats": [{"name": "Gold", "count": 40}, {"name": "Troll", "count": 32}]},
        "The feat counts add up to 72 cards; the game has 71 feat cards.",
        id="71-feat-cards",
    ),
    pytest.param(
        {"feats": [{"name": "Trap Sense", "kind": "special", "count": 3}]},
        "The Special feat counts add up to 4 cards (Secret Door included); the game has 3.",
        id="3-special-feats",
    ),
    pytest.param(
        {"heroes": [{"name": "Boblin", "count": 30}, {"name": "Dwarf", "count": 22}]},
        "The hero counts add up to 52 cards; the game has 51 hero cards.",
        id="51-heroes",
    ),
    pytest.param(
        {"heroes": [{"name": "Darkmander", "count": 7}]},
        "The elite hero counts add up to 7 cards; the game has 6 elite heroes.",
        id="6-elite-heroes",
    ),
]


@pytest.mark.parametrize(("patch", "refusal"), BOX_TOTALS)
def test_entered_counts_fit_in_the_box(patch, refusal):
    players = {"players": ["Mara", "Bo", "Cy"], "first_player": 0}
    with pytest.raises(RuleError) as refused:
        game.setup({**players, "catalog": patch}, 1)
    assert str(refused.value) == refusal
    state = game.setup(players, 1)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError) as refused:
        act(state, "edit-catalog", **patch)
    assert str(refused.value) == refusal
    assert json.dumps(state, sort_keys=True) == before
