"""The scene's effects hold the end of the turn (QA 8 item C): "The effects in the book must be
resolved as completely as possible" (lands-of-galzyr.txt), so "End the turn" is refused while
one that can be applied waits, with a sentence naming it and saying what to do; one the
campaign can't apply (gold the adventurer doesn't have) holds nothing up."""

from __future__ import annotations

from games.galzyr.moves.effects import still_to_apply
from tests.games.galzyr.moves.campaign.test_rulebook_cases import (
    player,
    refused,
    run,
    st,
    table,
)
from tests.games.galzyr.moves.campaign.test_rulebook_end_cases import DISCORD, PURSE, resolve
from tests.games.galzyr.test_roles import seat_holding
from tests.games.galzyr.worlds import game


def purse() -> dict:
    """Odile's turn: scene 9001 resolved on its purse (the active player gains 3 gold)."""
    return resolve(run(table(), "campaign-begin-story"), DISCORD, PURSE)


def test_the_turn_does_not_end_while_the_scenes_effects_wait():
    s = purse()
    assert refused(s, "campaign-end-turn") == (
        "Scene 9001's effects on the campaign are not applied yet: “Active player: gain 3 "
        "gold.” (Odile Brackwater). The book's effects are resolved before the turn ends: "
        "apply them (“Apply all” under the scene) or, for one the group already made by hand, "
        "tap “Done by hand” on its line; then end the turn."
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


def gold(s: dict) -> int:
    return st(s).campaign.adventurer("odile").gold


def test_an_effect_made_by_hand_is_marked_done_and_the_turn_ends():
    s = purse()
    s = run(s, "campaign-gold", {"player": player(s, "odile"), "amount": 3})  # by hand
    by_hand = gold(s)
    after, said = game.apply(s, "mark-effect-done", {"effect": 1}, "sm")
    assert said == (
        "“Active player: gain 3 gold.” (Odile Brackwater) marked as done by hand: the app left "
        "the campaign as it was."
    )
    assert gold(after) == by_hand  # not gained a second time
    assert st(after).effects[0].done and st(after).effects[0].by_hand
    assert still_to_apply(st(after)) == []
    active = st(after).active
    assert st(run(after, "campaign-end-turn")).active != active


def test_an_effect_marked_done_by_hand_is_neither_applied_nor_marked_again():
    s = run(purse(), "mark-effect-done", {"effect": 1})
    assert refused(s, "apply-effect", {"effect": 1}) == (
        "“Active player: gain 3 gold.” is marked done by hand already (undo to take it back)."
    )
    assert refused(s, "mark-effect-done", {"effect": 1}) == (
        "“Active player: gain 3 gold.” is marked done by hand already (undo to take it back)."
    )
    assert refused(s, "apply-all-effects") == "There is no effect left to apply."


def test_an_applied_effect_or_one_the_scene_lacks_is_not_marked():
    s = purse()
    assert refused(s, "mark-effect-done", {"effect": 2}) == "There is no effect 2 to mark."
    s = run(s, "apply-effect", {"effect": 1})
    assert refused(s, "mark-effect-done", {"effect": 1}) == (
        "“Active player: gain 3 gold.” is applied already (undo to take it back)."
    )


def test_a_player_waiting_for_their_turn_may_not_mark_an_effect_done():
    s = game.setup({"players": ["Mara", "Bo", "Ada"], "mode": "campaign"}, seed=5)
    s = resolve(run(s, "campaign-begin-story"), DISCORD, PURSE)
    waiting = seat_holding(s, "player")
    assert refused(s, "mark-effect-done", {"effect": 1}, seat=waiting) == (
        "“Done by hand” is for the active player, the story master or the shared display, "
        "not for a player waiting for their turn."
    )
    active = seat_holding(s, "active")
    assert st(run(s, "mark-effect-done", {"effect": 1}, seat=active)).effects[0].by_hand
