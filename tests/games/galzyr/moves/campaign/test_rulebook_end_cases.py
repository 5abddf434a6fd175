"""Rulebook cases of a campaign game's end and of a turn's one scene, played on the sample
world with the pure rules (its ending scenes: 9001 Discord, 9002 Harmony). A continuation of
test_rulebook_cases.py (its helpers), which is at the 400-line limit.
"""

from __future__ import annotations

from games.galzyr.state import tracked_facts
from tests.games.galzyr.moves.campaign.test_rulebook_cases import (
    PARTNER_SCENE,
    play_out,
    player,
    refused,
    run,
    st,
    table,
)
from tests.games.galzyr.worlds import game

DISCORD, HARMONY = 9001, 9002
PURSE = 2  # 9001's second option: the active player gains 3 gold


def won_by(aid: str, *, tie: bool = False) -> dict:
    """A competitive game played out, won by ``aid`` (Bo's Marrow) or tied."""
    s = table("odile", "marrow", play="competitive")
    s = run(s, "campaign-prestige", {"player": player(s, aid), "amount": 3})
    if tie:
        s = run(s, "campaign-prestige", {"player": player(s, "odile"), "amount": 3})
    return play_out(s)


def resolve(s: dict, scene: int, option: int | None, seat: str = "sm") -> dict:
    s = run(s, "open-scene", {"number": scene}, seat)
    if option is not None:
        s = run(s, "choose", {"option": option}, seat)
    while not st(s).locked:
        s = run(s, "continue", {}, seat)
    return s


def gold(s: dict, aid: str) -> int:
    return st(s).campaign.adventurer(aid).gold


# -- the winner is the active player during the ending scene -----------------------------------
def test_rule_when_the_game_ends_the_winner_becomes_the_active_player():
    s = won_by("marrow")  # Odile had the first turn, so Marrow had the last
    assert st(s).active == player(s, "marrow") - 1


def test_rule_when_the_first_player_wins_the_ending_scene_is_theirs_not_the_last_players():
    s = won_by("odile")
    assert st(s).active == player(s, "odile") - 1
    winner = f"p{player(s, 'odile')}"
    s = run(s, "open-scene", {"number": DISCORD}, winner)  # the winner's own phone opens it
    assert st(s).scene == DISCORD


def test_rule_the_ending_scenes_reward_goes_to_the_winner():
    s = won_by("odile")
    before = gold(s, "odile"), gold(s, "marrow")
    s = resolve(s, DISCORD, PURSE)
    s = run(s, "apply-all-effects")
    assert (gold(s, "odile"), gold(s, "marrow")) == (before[0] + 3, before[1])


def test_rule_several_winners_are_all_active_players():
    s = won_by("marrow", tie=True)
    first, other = st(s).active, 1 - st(s).active
    s = run(s, "open-scene", {"number": DISCORD}, f"p{other + 1}")  # both phones may act
    s = run(s, "choose", {"option": PURSE}, f"p{first + 1}")
    while not st(s).locked:
        s = run(s, "continue")
    before = gold(s, "odile"), gold(s, "marrow")
    s = run(s, "apply-all-effects")
    assert (gold(s, "odile"), gold(s, "marrow")) == (before[0] + 3, before[1] + 3)


def test_rule_the_cooperative_ending_scene_is_read_by_whoever_the_group_chooses():
    s = play_out(table("odile", "marrow", play="cooperative"))
    for aid in ("odile", "marrow"):
        s = run(s, "set-active", {"player": player(s, aid)})
        assert st(s).active == player(s, aid) - 1


def test_rule_the_ending_scene_is_read_with_the_winners_cards_and_the_world_as_the_game_left_it():
    s = run(won_by("odile"), "open-scene", {"number": DISCORD})
    facts = tracked_facts(st(s))  # the book answers "is card #14 in play?" itself
    assert facts.adventurer == "odile" and facts.cards_in_play


# -- the ending scene is played before the save, and what it gives carries over ----------------
def test_rule_the_ending_scenes_effects_are_applied_after_the_game_ends():
    s = resolve(play_out(table(play="cooperative")), HARMONY, None)
    before = gold(s, "odile"), gold(s, "marrow")
    s = run(s, "apply-all-effects")
    assert (gold(s, "odile"), gold(s, "marrow")) == (before[0] + 1, before[1] + 1)
    s = run(s, "campaign-save", {"pack": False})
    assert game.outcome(s).finished


def test_rule_the_ending_scenes_card_is_taken_after_the_game_ends():
    s = resolve(won_by("odile"), DISCORD, 1)  # the tailor's coat, card #155
    s = run(s, "apply-effect", {"effect": 1})
    c = st(s).campaign
    assert any(c.copies[cid].number == 155 for cid in c.places["items:odile"])


def test_rule_the_game_is_not_saved_before_the_ending_scenes_effects_are_applied():
    s = resolve(play_out(table(play="cooperative")), HARMONY, None)
    msg = refused(s, "campaign-save", {"pack": False})
    assert (
        msg
        == "2 effects of scene 9002 wait to be applied: apply them, or mark them “Done by hand” "
        "if the group made them already, before saving (or undo the scene)."
    )


# -- a turn: move, then resolve one story scene --------------------------------------------------
def test_rule_a_turn_resolves_one_scene():
    s = resolve(run(table(), "campaign-begin-story"), DISCORD, PURSE)
    msg = refused(s, "open-scene", {"number": PARTNER_SCENE})
    assert msg == (
        "Scene 9001 is resolved: a turn resolves one story scene; the next opens on the next "
        "turn (“End the turn”)."
    )
    s = run(s, "apply-all-effects")  # its 3 gold: the turn ends once the effects are applied
    s = run(s, "campaign-end-turn")
    s = run(s, "open-scene", {"number": PARTNER_SCENE})  # the next player's turn
    assert st(s).scene == PARTNER_SCENE


def test_rule_the_game_ends_with_one_ending_scene():
    s = resolve(won_by("odile"), DISCORD, PURSE)
    msg = refused(s, "open-scene", {"number": DISCORD})
    assert msg == "Scene 9001 is resolved: it was the game's ending scene; save the game next."


def test_rule_the_game_end_says_one_winner_wins():
    s = won_by("marrow")
    texts = [step.text for step in st(s).checklist]
    assert any(t.endswith("Marrow Hollins wins with 3 prestige.") for t in texts), texts
    assert not any("win(s)" in t for t in texts)


def test_rule_tied_winners_share_the_victory():
    texts = [step.text for step in st(won_by("marrow", tie=True)).checklist]
    ends = [t for t in texts if t.endswith("share the victory with 3 prestige.")]
    assert len(ends) == 1 and "Marrow Hollins" in ends[0] and "Odile Brackwater" in ends[0]
    assert any(t.endswith("the winners are all active players.") for t in texts), texts
