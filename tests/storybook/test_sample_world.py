"""The original sample world, the Sallowmere Marches: lints clean and uses the whole format.

Everything is computed from the loaded World, so the test keeps holding when scenes are added,
renumbered or moved between folders.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from storybook.format import CONDITION_KEYS, EFFECT_VERBS, Paragraph, Variants
from storybook.format import conditions as c
from storybook.format import effects as e
from storybook.lint.folder import lint_world, load_world
from storybook.loading.world import World

SAMPLE = Path(__file__).resolve().parents[2] / "fixtures" / "worlds" / "sallowmere-marches"


@pytest.fixture(scope="module")
def world() -> World:
    return load_world(SAMPLE)


def _effects(world: World) -> list:
    out = []
    for scene in world.scenes.values():
        out.extend(scene.effects)
        for option in scene.options:
            for result in option.results():
                out.extend(result.effects)
    return out


def _conditions(world: World) -> list:
    roots = []
    for scene in world.scenes.values():
        if scene.prerequisite is not None:
            roots.append(scene.prerequisite)
        roots.extend(q.test for q in scene.questions if q.test is not None)
    for event in world.events:
        roots.extend(entry.prerequisite for entry in event.scenes if entry.prerequisite)
    out = []
    while roots:
        cond = roots.pop()
        out.append(cond)
        if isinstance(cond, c.All):
            roots.extend(cond.all)
        elif isinstance(cond, c.AnyOf):
            roots.extend(cond.any)
        elif isinstance(cond, c.Not):
            roots.append(cond.not_)
    return out


def _paragraphs(world: World) -> list:
    out = []
    for scene in world.scenes.values():
        out.extend(scene.text)
        for option in scene.options:
            for result in option.results():
                out.extend(result.text)
    return out


def test_the_sample_world_lints_without_errors_or_warnings():
    assert [str(d) for d in lint_world(SAMPLE)] == []


def test_the_sample_world_has_the_size_the_issue_asks_for(world):
    assert world.name == "The Sallowmere Marches"
    assert len(world.scenes) >= 80
    # distinct card numbers (copies and variants would count more: see total_copies)
    assert len(world.cards) >= 120
    assert sum(card.total_copies for card in world.cards.values()) >= len(world.cards)
    assert len(world.events) == 12
    assert len(world.info.locations) == 8
    assert sorted(n for loc in world.info.locations for n in loc.cards) == sorted(
        n for n, card in world.cards.items() if card.type == "location"
    )
    assert sum(len(loc.cards) for loc in world.info.locations) == 12
    assert len(world.info.adventurers) == 4
    assert world.skill_circle() == [
        "thievery",
        "might",
        "survival",
        "knowledge",
        "communication",
        "perception",
    ]


def test_every_card_type_and_the_twelve_months_are_in_the_catalog(world):
    types = {card.type for card in world.cards.values()}
    assert types == {
        "item",
        "quest",
        "companion",
        "adventurer_status",
        "local_status",
        "global_status",
        "event",
        "location",
        "ability",
    }
    months = [world.cards[n] for n in range(1, 13)]
    assert all(card.type == "global_status" for card in months)
    assert [card.name for card in months][0] == "January"
    assert [card.name for card in months][-1] == "December"
    icons = {adv.icon for adv in world.info.adventurers}
    with_every_icon = [card for card in world.cards.values() if set(card.icons()) == icons]
    assert len(with_every_icon) >= 3


def test_every_effect_verb_and_who_is_used(world):
    effects = _effects(world)
    verbs = {e.verb_of(eff) for eff in effects}
    assert verbs == set(EFFECT_VERBS)
    assert {eff.who for eff in effects} == {"active", "partner", "everyone"}
    picks = {
        e.pick_of(getattr(eff, verb))
        for eff in effects
        for verb in ("take", "status", "companion", "local_status", "global_status")
        if hasattr(eff, verb)
    }
    assert picks == {"any", "random", "icon"}
    puts = [eff.put for eff in effects if isinstance(eff, e.Put)]
    assert {p.into for p in puts} == {"library", "vault", "save_slot", "quest_slot", "event_deck"}
    assert {p.position for p in puts} >= {"top", "bottom"}
    assert {p.card for p in puts} >= {"this", "event"}
    assert {"global", "active"} <= {p.slot for p in puts}
    assert any(p.slot in {a.id for a in world.info.adventurers} for p in puts)
    assert {eff.discard for eff in effects if isinstance(eff, e.Discard)} >= {"this", "event"}
    assert any(isinstance(eff, e.Take) and eff.from_ == "vault" for eff in effects)
    assert any(isinstance(eff, e.Take) and eff.at for eff in effects)
    assert any(eff.optional for eff in effects)


def test_every_condition_kind_is_used(world):
    kinds = {type(cond) for cond in _conditions(world)}
    assert kinds == set(CONDITION_KEYS.values())
    places = {cond.card_in.place for cond in _conditions(world) if isinstance(cond, c.CardIn)}
    assert places == {"library", "vault", "quest_slot"}


def test_every_scene_construct_is_used(world):
    scenes = list(world.scenes.values())
    options = [o for s in scenes for o in s.options]
    questions = [q for s in scenes for q in s.questions]
    assert any(s.partner for s in scenes)
    assert any(s.mandatory for s in scenes)
    assert any(o.cost for o in options)
    assert any(o.starry for o in options)
    assert any(o.verbs for o in options)
    assert {o.check.difficulty for o in options if o.check} == {"easy", "medium", "hard", "unknown"}
    outcomes = [oc for o in options for oc in o.outcomes or []]
    assert any(oc.max is not None and not oc.min for oc in outcomes)
    assert any(oc.max is not None and oc.min for oc in outcomes)
    assert any(q.test is None for q in questions)
    assert any(q.secret for q in questions)

    paragraphs = [p for p in _paragraphs(world) if isinstance(p, Paragraph)]
    groups = [p for p in _paragraphs(world) if isinstance(p, Variants)]
    assert any(p.story_master for p in paragraphs)
    assert any(p.month for p in paragraphs)
    assert any(p.season for p in paragraphs)
    assert any(p.weekday for p in paragraphs)
    assert any(p.if_yes for p in paragraphs)
    assert any(p.if_no for p in paragraphs)
    assert any(g.story_master for g in groups)
    variants = [v for g in groups for v in g.variants]
    assert any(v.month for v in variants)
    assert any(v.season for v in variants)
    assert any(v.weekday for v in variants)

    event_scenes = {entry.scene for event in world.events for entry in event.scenes}
    assert event_scenes <= set(world.scenes)
    assert all(event.scenes[-1].prerequisite is None for event in world.events)
