"""The scene's effects hold the end of the turn (QA 8 item C): "The effects in the book must be
resolved as completely as possible" (lands-of-galzyr.txt), so "End the turn" is refused while
one that can be applied waits, with a sentence naming it and saying what to do; one the
campaign can't apply (gold the adventurer doesn't have) holds nothing up."""

from __future__ import annotations

from games.galzyr.moves.effects import still_to_apply
from tests.games.galzyr.moves.campaign.test_rulebook_cases import (
    refused,
    run,
    st,
    table,
)
from tests.games.galzyr.moves.campaign.test_rulebook_end_cases import DISCORD, PURSE, resolve


def purse() -> dict:
    """Odile's turn: scene 9001 resolved on its purse (the active player gains 3 gold)."""
    return resolve(run(table(), "campaign-begin-story"), DISCORD, PURSE)


def test_the_turn_does_not_end_while_the_scenes_effects_wait():
    s = purse()
    assert refused(s, "campaign-end-turn") == (
        "Scene 9001's effects on the campaign are not applied yet: “Active player: gain 3 "
        "gold.” (Odile Brackwater). The book's effects are resolved before the turn ends: "
        "apply them (“Apply all” under the scene), then end the turn."
    )
    active = st(s).active
    s = run(run(s, "apply-all-effects"), "campaign-end-turn")
    assert st(s).active != active  # the next player's turn


def test_an_effect_the_campaign_cannot_apply_does_not_hold_the_turn():
    s = purse()
    s["effects"][0]["args"] = {"gold": -99, "cost": True}  # pay 99 gold: Odile has less
    assert "gold" in refused(s, "apply-effect", {"effect": 1})
    assert still_to_apply(st(s)) == []
    active = st(s).active
    assert st(run(s, "campaign-end-turn")).active != active
