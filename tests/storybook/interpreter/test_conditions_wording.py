"""Issue 16, item 10: a prerequisite naming an adventurer reads as a sentence, on the event
card's question ("Is this prerequisite met: …?") and under a scene ("Prerequisite: …")."""

from __future__ import annotations

from storybook.format import conditions as c
from storybook.interpreter.conditions import describe_condition


def test_an_adventurer_prerequisite_names_its_subject():
    cond = c.IsAdventurer.model_validate({"adventurer": ["wren"]})
    said = describe_condition(cond, {"wren": "Wren Tallowby"})
    assert said == "the active adventurer is Wren Tallowby"
    assert f"Is this prerequisite met: {said}?" == (
        "Is this prerequisite met: the active adventurer is Wren Tallowby?"
    )


def test_a_choice_of_tags_reads_without_a_bracket():
    cond = c.AnyOf.model_validate({"any": [{"has_tag": "healer"}, {"has_tag": "soldier"}]})
    said = describe_condition(cond, {"healer": "Healer", "soldier": "Soldier"})
    assert said == "has the tag Healer or the tag Soldier"


def test_a_choice_inside_another_phrase_keeps_its_bracket():
    cond = c.All.model_validate(
        {"all": [{"at": ["mill"]}, {"any": [{"has_tag": "healer"}, {"gold_at_least": 2}]}]}
    )
    said = describe_condition(cond, {"mill": "The Mill", "healer": "Healer"})
    assert said == "at The Mill and (has the tag Healer or has at least 2 gold)"
