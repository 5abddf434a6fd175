"""Declaring moves (games/core/moves.py): a move's name, label and roles come from its
declaration, and a name declared twice fails where it is declared, not at a table."""

from __future__ import annotations

import pytest

from games.core.moves import MoveSet, NoArgs, collect, path_of


def draw_a_card(state, args, seat) -> str:
    """Draw the top card.

    More that the log never shows."""
    return "drawn"


def test_a_move_is_named_and_labelled_after_its_function_and_keeps_its_roles():
    moves = MoveSet("test.cards")
    moves.move(roles={"table", "active"}, reads={"deck.0"})(draw_a_card)
    (spec,) = moves.specs.values()
    assert (spec.name, spec.label, spec.args) == ("draw-a-card", "Draw a card", NoArgs)
    assert spec.description == "Draw the top card."
    assert spec.roles == frozenset({"table", "active"}) and spec.reads == (("deck", 0),)
    assert spec.allows("active") and not spec.allows("player")
    assert path_of("campaign.0.turn") == ("campaign", 0, "turn")  # digits: a list's index


def test_a_name_declared_twice_fails_in_one_set_and_across_sets():
    first, second = MoveSet("test.first"), MoveSet("test.second")
    first.move()(draw_a_card)
    with pytest.raises(ValueError, match="test.first: move 'draw-a-card' registered twice"):
        first.move()(draw_a_card)
    second.move()(draw_a_card)
    with pytest.raises(ValueError, match="test.second: move 'draw-a-card' registered twice"):
        collect(first, second)
    assert list(collect(first, MoveSet("test.empty"))) == ["draw-a-card"]
