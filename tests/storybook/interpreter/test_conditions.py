"""Conditions: three-valued, every kind, and the months a context accepts."""

from __future__ import annotations

import pytest

from storybook.interpreter import (
    Facts,
    ReadContext,
    describe_condition,
    evaluate,
    prerequisite_met,
)
from tests.storybook.interpreter.ferry import scene


def test_conditions_are_three_valued():
    sc = scene(
        """
number: 400
prerequisite:
  all:
    - at: [mill, wood]
    - any: [{has_tag: sailor}, {gold_at_least: 5}]
    - not: {season: winter}
effects: [{end: true}]
"""
    )
    summer = ReadContext(month="june")
    assert prerequisite_met(sc, summer) is None  # location not tracked
    assert prerequisite_met(sc, ReadContext(month="december")) is False  # winter decides
    at_mill = Facts(location="mill", tags=frozenset(), gold=None)
    assert prerequisite_met(sc, ReadContext(month="june", facts=at_mill)) is None
    rich = Facts(location="mill", tags=frozenset(), gold=6)
    assert prerequisite_met(sc, ReadContext(month="june", facts=rich)) is True
    assert (
        describe_condition(sc.prerequisite, {"mill": "The Mill"})
        == "at The Mill or wood and (has the tag sailor or has at least 5 gold) and not in winter"
    )


def test_each_condition_kind_evaluates():
    def cond(yaml: str):
        return scene(f"number: 1\nprerequisite: {yaml}\neffects: [{{end: true}}]\n").prerequisite

    facts = Facts(
        adventurer="pell",
        cards=frozenset({201}),
        cards_here=frozenset({402}),
        cards_in_play=frozenset({12, 201}),
        card_places={297: "vault"},
        marks={"might": 2},
    )
    ctx = ReadContext(month="march", weekday="friday", facts=facts, partner=True)
    assert evaluate(cond("{month: [march, april]}"), ctx) is True
    assert evaluate(cond("{weekday: saturday}"), ctx) is False
    assert evaluate(cond("{has_card: 201}"), ctx) is True
    assert evaluate(cond("{card_here: 401}"), ctx) is False
    assert evaluate(cond("{card_in_play: 12}"), ctx) is True
    assert evaluate(cond("{card_in: {card: 297, place: vault}}"), ctx) is True
    assert evaluate(cond("{card_in: {card: 296, place: vault}}"), ctx) is False
    assert evaluate(cond("{adventurer: quill}"), ctx) is False
    assert evaluate(cond("{marks_at_least: {might: 2}}"), ctx) is True
    assert evaluate(cond("{marks_at_least: {might: 1, knowledge: 1}}"), ctx) is False
    assert evaluate(cond("{partner: true}"), ctx) is True
    assert evaluate(cond("{partner: true}"), ReadContext()) is None


def test_bad_month_names_are_refused():
    with pytest.raises(ValueError):
        ReadContext(month="smarch")
