"""Rulebook cases where the reader and the campaign meet: each case names the rulebook's fact
in its own words, plays it on the sample world with the pure rules (no database) and checks
that what the physical game forbids is refused with a sentence and changes nothing, and that
what it allows goes through.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from games.core.engine import RuleError
from games.galzyr import campaign as core
from games.galzyr.campaign.build import endings_of
from games.galzyr.reader.scene_effects import pending_from
from games.galzyr.state import State
from storybook.format.effects import Effect
from storybook.interpreter import effect_view
from storybook.lint.folder import load_world
from tests.games.galzyr.playing import end_a_turn
from tests.games.galzyr.worlds import game

ROOT = Path(__file__).resolve().parents[5]
SAMPLE = ROOT / "fixtures" / "worlds" / "sallowmere-marches"
GALZYR = ROOT / "fixtures" / "worlds" / "lands-of-galzyr"
EFFECT = TypeAdapter(Effect)
PARTNER_SCENE = 2002  # "The Last Run": a handshake scene, option 2 tests Survival
KEEPSAKE = 178  # an item printed once per adventurer icon


# -- helpers ------------------------------------------------------------------------------------
def table(active: str = "odile", other: str = "marrow", seed: int = 5, **options) -> dict:
    """Mara and Bo's campaign with ``active`` holding the first turn and ``other`` waiting."""
    for order in ([active, other], [other, active]):
        s = game.setup(
            {"players": ["Mara", "Bo"], "mode": "campaign", "adventurers": order, **options},
            seed=seed,
        )
        if st(s).adventurers[st(s).active] == active:
            return s
    raise AssertionError("no seating gives that player the first turn")


def st(s: dict) -> State:
    return State.model_validate(s)


def run(s: dict, move: str, args: dict | None = None, seat: str = "sm") -> dict:
    after, _ = game.apply(s, move, args or {}, seat)
    return after


def refused(s: dict, move: str, args: dict | None = None, seat: str = "sm") -> str:
    before = copy.deepcopy(s)
    with pytest.raises(RuleError) as exc:
        game.apply(s, move, args or {}, seat)
    assert s == before  # a refusal changes nothing
    return str(exc.value)


def player(s: dict, aid: str) -> int:
    return st(s).adventurers.index(aid) + 1


def place(s: dict, aid: str, to: str) -> dict:
    return run(s, "campaign-place-figure", {"player": player(s, aid), "to": to})


def next_turn(s: dict) -> dict:
    return end_a_turn(s)


def quest_on_board(s: dict) -> tuple[int, str]:
    c = st(s).campaign
    cid = c.places["noticeboard"][0]
    return c.copies[cid].number, c.copies[cid].pickup


def held_quests(s: dict, aid: str) -> list[int]:
    c = st(s).campaign
    return [c.copies[cid].number for cid in c.places[f"quests:{aid}"]]


def at_check(s: dict, option: int = 2) -> dict:
    """The partner scene open and its option with a Survival check chosen."""
    s = run(s, "open-scene", {"number": PARTNER_SCENE})
    return run(s, "choose", {"option": option})


# -- quests: picked up and abandoned on your own turn, between scenes ----------------------------
def test_rule_no_quest_is_abandoned_while_a_scene_is_being_read():
    s = table()
    mine = held_quests(s, "odile")[0]
    s = run(s, "open-scene", {"number": PARTNER_SCENE})
    msg = refused(s, "campaign-abandon-quest", {"player": player(s, "odile"), "number": mine})
    assert msg == "Quests are abandoned between scenes: finish the scene first."


def test_rule_a_quest_may_be_abandoned_once_the_scene_is_over():
    s = at_check(table())
    s = run(s, "enter-successes", {"n": 0})
    s = run(s, "continue")
    while not st(s).locked:
        s = run(s, "continue")
    mine = held_quests(s, "odile")[0]
    s = run(s, "campaign-abandon-quest", {"player": player(s, "odile"), "number": mine})
    assert mine not in held_quests(s, "odile")


@pytest.mark.parametrize("seat", ["sm", "table"])
def test_rule_in_round_two_nobody_picks_up_a_quest_for_the_player_waiting_their_turn(seat):
    s = next_turn(next_turn(table()))  # round 2: Odile's turn again
    assert st(s).campaign.game.number == 2
    number, pickup = quest_on_board(s)
    s = place(s, "marrow", pickup)
    msg = refused(
        s, "campaign-pick-up-quest", {"player": player(s, "marrow"), "number": number}, seat
    )
    assert msg == (
        "It is Odile Brackwater's turn: Marrow Hollins can pick up quests only on their own turn."
    )
    s = place(s, "odile", pickup)  # the active player may, the story master tapping for her
    s = run(s, "campaign-pick-up-quest", {"player": player(s, "odile"), "number": number}, seat)
    assert number in held_quests(s, "odile")


@pytest.mark.parametrize("seat", ["sm", "table"])
def test_rule_in_round_two_nobody_abandons_a_quest_for_the_player_waiting_their_turn(seat):
    s = next_turn(next_turn(table()))
    theirs = held_quests(s, "marrow")[0]
    msg = refused(
        s, "campaign-abandon-quest", {"player": player(s, "marrow"), "number": theirs}, seat
    )
    assert msg == (
        "It is Odile Brackwater's turn: Marrow Hollins can abandon quests only on their own turn."
    )
    s = next_turn(s)  # Marrow's turn: now it is his to do
    s = run(s, "campaign-abandon-quest", {"player": player(s, "marrow"), "number": theirs}, seat)
    assert theirs not in held_quests(s, "marrow")


def test_rule_at_setup_each_player_places_their_figure_and_may_pick_up_quests_there():
    s = table()
    number, pickup = quest_on_board(s)
    s = place(s, "marrow", pickup)
    s = run(s, "campaign-pick-up-quest", {"player": player(s, "marrow"), "number": number})
    assert number in held_quests(s, "marrow")


def test_rule_the_shared_travel_phase_of_co_op_travel_is_everyones_turn():
    world = load_world(SAMPLE)
    c, _ = core.new_campaign(world, 3)
    core.setup_game(c, ["odile", "marrow"], "cooperative", coop_travel=True, starting="odile")
    here = c.world.routes[0].between
    core.place_figure(c, "odile", here[0])
    core.place_figure(c, "marrow", here[0])
    core.travel(c, "odile", here[1])  # the setup is over: the shared travel is under way
    core.quest_turn(c, "marrow")  # no refusal: everyone's turn
    core.begin_story(c)  # each player's scene, one by one: only the active player's turn now
    with pytest.raises(RuleError, match="only on their own turn"):
        core.quest_turn(c, "marrow")


# -- the dice pool: a skill mark swaps one base die for an advanced die ----------------------------
def test_rule_no_advanced_die_without_a_mark_on_the_board():
    s = at_check(table("odile"))  # Odile has no Might mark, and no partner
    msg = refused(s, "roll", {"marks": ["might", "might"]})
    assert msg == (
        "Odile Brackwater has no Might mark on their board: 2 advanced Might dice can't join "
        "the pool."
    )


def test_rule_one_advanced_die_per_mark_on_the_board():
    s = at_check(table("odile"))  # Odile: Thievery 1, Survival 2, Perception 1
    assert "has 1 Thievery mark" in refused(s, "roll", {"marks": ["thievery", "thievery"]})
    s = run(s, "roll", {"marks": ["survival", "survival", "thievery", "perception"]})
    assert st(s).dice.pool.count("base") == 1


def test_rule_a_partner_lends_their_marks_but_a_skill_still_has_two_advanced_dice_at_most():
    s = table("odile", "marrow")  # Marrow has Might 2
    here = st(s).campaign.world.locations[0].id
    s = place(place(s, "odile", here), "marrow", here)
    s = run(s, "open-scene", {"number": PARTNER_SCENE})
    s = run(s, "join-partner", {"player": player(s, "marrow")})
    s = run(s, "choose", {"option": 2})
    assert "At most 2 advanced dice" in refused(s, "roll", {"marks": ["survival"] * 3})
    s = run(s, "roll", {"marks": ["might", "might", "survival"]})
    assert sorted(st(s).dice.pool) == ["base", "base", "might", "might", "survival"]


def test_rule_the_dice_helper_starts_from_the_marks_on_the_board():
    s = at_check(table("marrow", "odile"))
    ticks = {m["skill"]: m["count"] for m in game.view(s, "sm")["check"]["marks"]}
    assert ticks == {
        "thievery": 0,
        "might": 2,
        "survival": 1,
        "knowledge": 1,
        "communication": 0,
        "perception": 0,
    }
    s = run(s, "roll", {"marks": []})  # a roll without marks: the board still has them
    assert st(s).marks[st(s).active] == ["might", "might", "survival", "knowledge"]


def test_rule_a_moved_mark_is_ticked_in_the_dice_helper():
    s = table("marrow", "odile")
    mark = {"player": player(s, "marrow"), "source": "might", "to": "perception"}
    s = run(s, "campaign-move-mark", mark)
    s = at_check(s)
    ticks = {m["skill"]: m["count"] for m in game.view(s, "sm")["check"]["marks"]}
    assert (ticks["might"], ticks["perception"]) == (1, 1)


# -- a partner is on the same space ----------------------------------------------------------------
def test_rule_a_partner_on_another_space_cannot_join():
    s = table("odile", "marrow")
    here, there = (loc.id for loc in st(s).campaign.world.locations[:2])
    s = place(place(s, "odile", here), "marrow", there)
    s = run(s, "open-scene", {"number": PARTNER_SCENE})
    msg = refused(s, "join-partner", {"player": player(s, "marrow")})
    c = st(s).campaign
    assert msg == (
        f"Marrow Hollins is at {c.location_name(there)}, not at {c.location_name(here)} with "
        "Odile Brackwater: a partner must be on the same space."
    )


def test_rule_a_partner_whose_figure_is_off_the_board_cannot_join():
    s = table("odile", "marrow")
    s = place(s, "odile", st(s).campaign.world.locations[0].id)
    s = run(s, "open-scene", {"number": PARTNER_SCENE})
    assert "Marrow Hollins is off the board" in refused(
        s, "join-partner", {"player": player(s, "marrow")}
    )


def test_rule_a_partner_on_the_same_space_joins():
    s = table("odile", "marrow")
    here = st(s).campaign.world.locations[0].id
    s = place(place(s, "odile", here), "marrow", here)
    s = run(s, "open-scene", {"number": PARTNER_SCENE})
    s = run(s, "join-partner", {"player": player(s, "marrow")})
    assert st(s).partner == player(s, "marrow") - 1


# -- a card by matching icon has the active player's icon, when the partner takes it too -----------
def test_rule_the_partner_given_a_matching_icon_card_gets_the_active_players_copy():
    s = table("odile", "marrow")
    here = st(s).campaign.world.locations[0].id
    s = run(place(place(s, "odile", here), "marrow", here), "open-scene", {"number": PARTNER_SCENE})
    state = st(run(s, "join-partner", {"player": player(s, "marrow")}))
    take = EFFECT.validate_python({"take": {"card": KEEPSAKE, "pick": "icon"}, "who": "partner"})
    state.effects = pending_from([effect_view(take)], PARTNER_SCENE, state.active, state.partner, 2)
    c = st(run(state.model_dump(mode="json"), "apply-effect", {"effect": 1})).campaign
    held = [c.copies[x] for x in c.places["items:marrow"] if c.copies[x].number == KEEPSAKE]
    assert [cp.icon for cp in held] == ["oar"]  # Odile's icon, not Marrow's hammer


# -- the game ends with the scene the world's Discord or Harmony card names ----------------------
def play_out(s: dict) -> dict:
    while st(s).campaign.phase == "playing":
        s = next_turn(s)
    return s


@pytest.mark.parametrize(
    ("play", "card", "scene"), [("competitive", "Discord", 9001), ("cooperative", "Harmony", 9002)]
)
def test_rule_the_ending_scene_is_the_one_the_worlds_card_names(play, card, scene):
    s = play_out(table(play=play))
    texts = [step.text for step in st(s).checklist]
    assert any(t.startswith(f"Begin scene {scene:04d} as shown on {card}") for t in texts), texts
    s = run(s, "open-scene", {"number": scene})  # the book has it
    assert st(s).scene == scene


def test_rule_the_published_box_ends_with_the_scenes_its_cards_name():
    assert endings_of(load_world(GALZYR)) == {"competitive": 150, "cooperative": 200}
    assert endings_of(load_world(SAMPLE)) == {"competitive": 9001, "cooperative": 9002}


# -- a full inventory, the outcome, the continue checklist, the active player -------------------
def test_rule_a_full_inventory_may_give_up_the_new_card_itself():
    s = table()
    c = st(s).campaign
    items = sorted(
        {
            cp.number
            for cid, cp in enumerate(c.copies)
            if cp.type == "item" and cid in c.places["library"] and not cp.icon
        }
    )
    who = player(s, "odile")
    for n in items:
        if len(st(s).campaign.places["items:odile"]) == 3:
            break
        s = run(s, "campaign-take-card", {"number": n, "player": who})
    full = list(st(s).campaign.places["items:odile"])
    new = next(n for n in items if n not in {c.copies[x].number for x in full})
    s = run(s, "campaign-take-card", {"number": new, "player": who, "discard": new})
    after = st(s).campaign
    assert after.places["items:odile"] == full
    assert any(after.copies[cid].number == new for cid in after.places["library"])


@pytest.mark.parametrize("play", ["competitive", "cooperative"])
def test_rule_at_the_games_end_the_outcome_names_the_winners_the_checklist_names(play):
    s = table(play=play)
    s = run(s, "campaign-prestige", {"player": player(s, "marrow"), "amount": 3})
    s = play_out(s)
    out = game.outcome(s)
    assert out.finished
    if play == "competitive":
        assert out.winners == (f"p{player(s, 'marrow')}",)
        assert st(s).checklist[-2].text.startswith("The game ends after round 7: Marrow Hollins")
    else:
        assert out.winners == () and "3 prestige in total" in out.summary
    s = run(s, "campaign-save", {"pack": False})
    assert game.outcome(s).finished  # saved after its end, still over


def test_rule_a_game_saved_before_its_round_limit_is_not_finished():
    s = run(table(), "campaign-save", {"pack": False})
    assert not game.outcome(s).finished


def test_rule_no_checklist_step_places_zero_event_cards():
    world = load_world(SAMPLE)
    c, _ = core.new_campaign(world, 3)
    for cid in [x for x in c.places["save:global"] if c.copies[x].type == "event"]:
        c.places["save:global"].remove(cid)
        c.places["library"].append(cid)
    steps = core.setup_game(c, ["odile", "marrow"])
    assert not any("event card" in step.text for step in steps)
    assert not c.places["event_deck"]


def test_rule_the_readers_active_player_is_the_campaigns():
    s = table("odile", "marrow")
    msg = refused(s, "set-active", {"player": player(s, "marrow")})
    assert msg == (
        "It is Odile Brackwater's turn in the campaign: Marrow Hollins becomes the active "
        "player when their turn comes (“End the turn”)."
    )
    s = run(s, "set-active", {"player": player(s, "odile")})  # already so: nothing changes
    assert st(s).active == player(s, "odile") - 1


def test_rule_the_competitive_ending_scene_is_read_to_a_winner():
    s = table("odile", "marrow", play="competitive")
    s = run(s, "campaign-prestige", {"player": player(s, "marrow"), "amount": 3})
    s = play_out(s)
    assert "did not win this game" in refused(s, "set-active", {"player": player(s, "odile")})
    s = run(s, "set-active", {"player": player(s, "marrow")})
    assert st(s).active == player(s, "marrow") - 1


# -- a turn: travel, then one scene resolved, then the turn ends -----------------------------------
def test_rule_nobody_travels_while_the_scene_is_being_read():
    s = table("odile")
    c = st(s).campaign
    here, there = c.world.routes[0].between
    s = place(s, "odile", here)
    s = run(s, "open-scene", {"number": PARTNER_SCENE})
    msg = refused(s, "campaign-travel", {"player": player(s, "odile"), "to": there})
    assert msg == "Travel comes before the scene, and scene 2002 is being read: finish it first."


def test_rule_the_turn_ends_once_its_scene_is_resolved():
    s = run(run(table(), "campaign-begin-story"), "open-scene", {"number": PARTNER_SCENE})
    msg = refused(s, "campaign-end-turn")
    assert msg == "Scene 2002 is still being read: the turn ends once it is resolved."


def test_rule_challenge_mode_is_one_choice_for_the_reader_and_the_campaign():
    s = run(table(), "set-challenge", {"on": True})
    assert st(s).challenge and st(s).campaign.game.challenge
