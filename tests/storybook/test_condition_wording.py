"""Issue 16, item 10: a prerequisite naming an adventurer reads as a sentence, on the event
card's question ("Is this prerequisite met: …?") and under a scene ("Prerequisite: …")."""

from __future__ import annotations

from storybook.conditions import describe_condition
from storybook.format import conditions as c


def test_an_adventurer_prerequisite_names_its_subject():
    cond = c.IsAdventurer.model_validate({"adventurer": ["wren"]})
    said = describe_condition(cond, {"wren": "Wren Tallowby"})
    assert said == "the active adventurer is Wren Tallowby"
    assert f"Is this prerequisite met: {said}?" == (
        "Is this prerequisite met: the active adventurer is Wren Tallowby?"
    )
