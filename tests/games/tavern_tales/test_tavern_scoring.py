"""Claim scoring, rule by rule: tracks, monster kills, positives before negatives, the choices."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.tavern_tales.catalog import CatalogPatch, FeatCard, merge, shipped
from games.tavern_tales.scoring import Choices, score_claim
from games.tavern_tales.state import Held

# Test data entered "from the cards" the way a group would; only Gold's track is the rulebook's.
CATALOG = merge(
    shipped(),
    CatalogPatch(
        feats=[
            FeatCard(name="Gold", kind="treasure"),
            FeatCard(name="Dragon Egg", kind="treasure", track=[-3]),
            FeatCard(name="Mimic", kind="monster", track=[-2]),
            FeatCard(name="Ruby", kind="treasure", gem=True, track=[1, 3, 6]),
            FeatCard(name="Troll", kind="monster", track=[4]),
            FeatCard(name="Ogre", kind="monster", track=[3]),
            FeatCard(name="Boss Armor", kind="treasure"),
            FeatCard(name="Crystal Golem", kind="monster"),
            FeatCard(name="Gelatinous Cube", kind="monster"),
            FeatCard(name="Rescue", kind="quest"),
        ]
    ),
)


def held(*names: str) -> list[Held]:
    return [Held(feat=name, stack=name) for name in names]


def score(already: list[Held], feats: list[str], deck: int = 10, **choices):
    return score_claim(CATALOG, already, feats, Choices(**choices), deck)


@pytest.mark.parametrize(
    ("golds_held", "points"),
    [(0, 1), (1, 1), (2, 6), (3, 6), (4, 6), (5, 6), (6, 6)],
)
def test_gold_scores_by_how_many_golds_are_already_held(golds_held, points):
    scored = score(held(*["Gold"] * golds_held), ["Gold"])
    assert scored.lines == [("Gold", points)]
    assert scored.apply(10) == 10 + points


def test_two_golds_in_one_claim_take_consecutive_places_on_the_track():
    scored = score(held("Gold"), ["Gold", "Gold"])
    assert [points for _, points in scored.lines] == [1, 6]


@pytest.mark.parametrize("trolls_held", [0, 1, 5])
def test_a_monster_kill_scores_the_same_however_many_are_held(trolls_held):
    assert score(held(*["Troll"] * trolls_held), ["Troll"]).lines == [("Troll", 4)]


@pytest.mark.parametrize(
    ("prestige", "feats", "after"),
    [
        # Negatives first would give 0 - 3 -> 0, then + 1 = 1; positives first gives 0.
        (0, ["Gold", "Dragon Egg"], 0),
        (0, ["Dragon Egg", "Gold"], 0),
        (2, ["Dragon Egg", "Gold"], 0),
        (3, ["Gold", "Dragon Egg"], 1),
        (1, ["Mimic"], 0),
        (0, ["Troll", "Mimic", "Dragon Egg"], 0),
        (5, ["Troll", "Mimic", "Dragon Egg"], 4),
    ],
)
def test_positive_points_come_before_negative_ones_and_prestige_stops_at_0(prestige, feats, after):
    assert score([], feats).apply(prestige) == after


def test_special_feats_score_1_each():
    assert score([], ["Secret Door"]).lines == [("Secret Door", 1)]


@pytest.mark.parametrize(
    ("already", "choice", "points"),
    [
        (held("Troll", "Troll", "Ogre", "Gold"), "two", 2),
        # Troll and Ogre held, a new Troll in this claim: 2 different names -> 4.
        (held("Troll", "Troll", "Ogre", "Gold"), "per-monster", 4),
        (held("Gold"), "per-monster", 2),  # only this claim's Troll
    ],
)
def test_boss_armor_scores_2_or_2_per_differently_named_monster_kill(already, choice, points):
    scored = score(already, ["Boss Armor", "Troll"], boss_armor=choice)
    assert ("Boss Armor", points) in scored.lines


def test_crystal_golem_can_join_a_gem_stack_formed_in_the_same_claim():
    scored = score(held("Ruby"), ["Crystal Golem", "Ruby"], crystal_golem="Ruby")
    # Ruby is the 2nd (3 points), the golem counts as the 3rd Ruby (6 points).
    assert scored.lines == [("Ruby", 3), ("Crystal Golem", 6)]
    assert scored.held[-1] == Held(feat="Crystal Golem", stack="Ruby")
    # ... and later Rubies count it.
    assert score(scored.held, ["Ruby"]).lines == [("Ruby", 6)]


@pytest.mark.parametrize(
    ("choice", "message"),
    [("Gold", "not one"), ("Ogre", "not one"), ("Dragon Egg", "you have no Dragon Egg")],
)
def test_crystal_golem_refuses_a_stack_that_is_not_a_held_gem(choice, message):
    catalog = merge(CATALOG, CatalogPatch(feats=[FeatCard(name="Gold", gem=False)]))
    with pytest.raises(RuleError, match=message):
        score_claim(
            catalog, held("Gold", "Ogre"), ["Crystal Golem"], Choices(crystal_golem=choice), 5
        )


def test_gelatinous_cube_draws_and_collects_another_feat():
    scored = score(
        held("Gold", "Gold"), ["Gelatinous Cube"], gelatinous_cube="draw", drawn=["Gold"]
    )
    assert scored.lines == [("Gelatinous Cube", 0), ("Gold", 6)]
    assert scored.drawn == 1
    assert [h.feat for h in scored.held] == ["Gold", "Gold", "Gelatinous Cube", "Gold"]


def test_gelatinous_cube_cannot_draw_from_an_empty_deck():
    with pytest.raises(RuleError, match="must take 2"):
        score([], ["Gelatinous Cube"], deck=0, gelatinous_cube="draw", drawn=["Gold"])


@pytest.mark.parametrize(
    ("feats", "choices", "message"),
    [
        (["Boss Armor"], {}, "Choose for the Boss Armor"),
        (["Crystal Golem"], {}, "Choose for the Crystal Golem"),
        (["Gelatinous Cube"], {}, "Choose for the Gelatinous Cube"),
        (["Gelatinous Cube"], {"gelatinous_cube": "draw"}, "Tap which feat you drew"),
        (["Whatever"], {}, "not a feat"),
    ],
)
def test_a_missing_choice_is_asked_for(feats, choices, message):
    with pytest.raises(RuleError, match=message):
        score([], feats, **choices)


def test_an_unknown_track_is_asked_for_not_guessed():
    with pytest.raises(RuleError, match="Enter the scoring track of Dragon Egg"):
        score_claim(shipped(), [], ["Dragon Egg"], Choices(), 5)


def test_boss_armor_per_monster_needs_the_types_of_held_feats():
    with pytest.raises(RuleError, match="enter the type of Gold"):
        score_claim(shipped(), held("Gold"), ["Boss Armor"], Choices(boss_armor="per-monster"), 5)
