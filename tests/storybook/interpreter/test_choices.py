"""Options: locks and their reasons, ``resolve``, results and effects as data."""

from __future__ import annotations

import dataclasses
import json

import pytest

from storybook.interpreter import (
    ChoiceError,
    Facts,
    ReadContext,
    answers,
    option_views,
    read_scene,
    resolve,
    scene_text,
)
from tests.storybook.interpreter.ferry import SEASONS, scene, texts


def test_a_starry_option_is_locked_with_a_reason_until_a_yes():
    unknown = option_views(SEASONS, ReadContext(seat="player"))[1]
    assert unknown.starry and not unknown.available
    assert unknown.locked_reason == "Starry option: opens with a yes to “Are you a sailor?”"

    said_no = option_views(SEASONS, ReadContext(answers={"sailor": False}))[1]
    assert said_no.locked_reason == "Starry option: the answer to “Are you a sailor?” was no"

    tracked = ReadContext(facts=Facts(tags=frozenset({"sailor"})))
    opened = option_views(SEASONS, tracked)[1]
    assert opened.available and opened.locked_reason is None
    # the yes also shows the paragraph that depends on it
    assert "The ferryman grins at a fellow sailor." in texts(scene_text(SEASONS, tracked))

    tracked_no = ReadContext(facts=Facts(tags=frozenset()), answers={"sailor": True})
    assert answers(SEASONS, tracked_no)["sailor"] is False  # tracked state wins


def test_a_chosen_option_locked_afterwards_shows_no_outcome():
    # A starry option chosen with a yes; then the answer (or the day, or the tracked
    # campaign) changed: reading the scene must not fail, and must not reveal an outcome.
    opened = read_scene(SEASONS, ReadContext(answers={"sailor": True}), option=1, successes=3)
    assert opened.result is not None and opened.result.text
    closed = read_scene(SEASONS, ReadContext(answers={"sailor": False}), option=1, successes=3)
    assert closed.result is None and not closed.options[1].available
    with pytest.raises(ChoiceError, match="was no"):
        resolve(SEASONS, 1, ReadContext(answers={"sailor": False}), 3)


def test_gold_cost_locks_an_option_only_when_gold_is_tracked_and_short():
    assert option_views(SEASONS, ReadContext())[0].available
    poor = option_views(SEASONS, ReadContext(facts=Facts(gold=1)))[0]
    assert poor.cost == 2 and not poor.available
    assert poor.locked_reason == "Costs 2 gold; the active player has 1"
    assert option_views(SEASONS, ReadContext(facts=Facts(gold=2)))[0].available


def test_resolve_returns_text_and_effects_as_data():
    ctx = ReadContext(answers={"sailor": True}, seat="player")
    res = resolve(SEASONS, 1, ctx, successes=2)
    assert res.key == "0104.o2.r2"
    assert texts(res.text) == ["You cross, soaked."]
    assert [(x.verb, x.who, x.args) for x in res.effects] == [
        ("status", "active", {"card": 202, "pick": "any"}),
        ("end", "active", {"end": True}),
    ]
    assert res.effects[0].text == "Active player: gain the status card 202."
    assert res.ends_scene and res.go is None
    fail = resolve(SEASONS, 1, ctx, successes=0)
    assert fail.go == 105 and not fail.ends_scene
    paid = resolve(SEASONS, 0, ctx)
    assert [x.text for x in paid.effects] == [
        "Active player: pay 2 gold for this option.",
        "The scene ends.",
    ]
    assert paid.effects[0].args == {"gold": -2, "cost": True}
    with pytest.raises(ChoiceError, match="give the successes"):
        resolve(SEASONS, 1, ctx)
    with pytest.raises(ChoiceError, match="opens with a yes"):
        resolve(SEASONS, 1, ReadContext(), successes=3)
    with pytest.raises(ChoiceError, match="Costs 2 gold; the active player has 0"):
        resolve(SEASONS, 0, ReadContext(facts=Facts(gold=0)))
    with pytest.raises(ChoiceError, match="no option 9"):
        resolve(SEASONS, 8, ctx)


def test_a_player_sees_a_check_result_only_once_successes_are_in():
    ctx = ReadContext(seat="player", answers={"sailor": True})
    assert read_scene(SEASONS, ctx, option=1).result is None
    assert read_scene(SEASONS, ctx, option=1, successes=5).result.outcome == 0
    assert read_scene(SEASONS, ctx, option=0).result.key == "0104.o1.r1"


def test_effects_as_data_cover_every_verb():
    sc = scene(
        """
number: 300
effects:
  - {gold: 3, who: everyone}
  - {prestige: 2, who: partner}
  - {take: {card: 805, pick: random}}
  - {take: {card: 827, pick: icon}, optional: true}
  - {take: 401, from: vault, at: here}
  - {companion: 250}
  - {local_status: 402, at: mill}
  - {global_status: 12}
  - {discard: this}
  - {put: {card: 201, into: save_slot, slot: global}}
  - {put: {card: event, into: event_deck, position: top}}
  - {put: {card: 140, into: quest_slot}}
  - {timer: {card: 202}}
  - {delay: {card: 202, days: 2}}
  - {hasten: {card: 202, days: 1}}
  - {gain_tag: brave}
  - {lose_tag: brave}
  - {skill_mark: {from: any, to: might}}
  - {note: Shuffle the event deck.}
  - {end: true}
"""
    )
    view = read_scene(sc, ReadContext())
    said = [x.text for x in view.effects]
    assert said == [
        "Everyone: gain 3 gold.",
        "Partner: gain 2 prestige.",
        "Active player: take a random card 805 from the library.",
        "Active player: take card 827 with the active adventurer's icon from the library (optional).",
        "Active player: take card 401 from the vault, placed at the active player's space.",
        "Active player: gain the companion card 250.",
        "Active player: place the local status card 402 at mill.",
        "Put the global status card 012 into play.",
        "Active player: discard this card.",
        "Put card 201 into the global save slot.",
        "Put the event card at the top of the event deck.",
        "Put card 140 into the quest slot.",
        "Active player: place a timer token for card 202, as its timer box shows.",
        "Active player: delay the timer of card 202 by 2 days.",
        "Active player: hasten the timer of card 202 by 1 day.",
        "Active player: gain the tag brave.",
        "Active player: lose the tag brave.",
        "Active player: move a skill mark from any skill to might.",
        "Shuffle the event deck.",
        "The scene ends.",
    ]
    assert view.effects[2].args == {"card": 805, "pick": "random", "from": "library"}
    assert view.effects[9].args == {"card": 201, "into": "save_slot", "slot": "global"}
    assert view.ends_scene
    json.dumps(dataclasses.asdict(view))  # plain data all the way down
