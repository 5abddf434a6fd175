"""The campaign table's board and holding moves as pure rules: no database, the sample world
from its folder. Each new rule is tried once here; the pages test the same moves over HTMX."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.galzyr.campaign import check
from games.galzyr.state import State
from tests.games.galzyr.playing import end_a_turn, refused
from tests.games.galzyr.worlds import SHELF, game

ROOT = Path(__file__).resolve().parents[5]
SAMPLE = ROOT / "fixtures" / "worlds" / "sallowmere-marches"


def new(players=("Mara", "Bo"), seed=5, **options) -> dict:
    return game.setup({"players": list(players), "mode": "campaign", **options}, seed=seed)


def run(state: dict, move: str, args: dict | None = None, seat: str = "sm") -> tuple[dict, str]:
    after, sentence = game.apply(state, move, args or {}, seat)
    assert check(State.model_validate(after).campaign) == []
    return after, sentence


def campaign(state: dict):
    return State.model_validate(state).campaign


def numbers(state: dict, key: str) -> list[int]:
    c = campaign(state)
    return [c.copies[cid].number for cid in c.places[key]]


# -- gold and prestige ----------------------------------------------------------------------------
def test_gold_gained_says_which_dial_to_turn():
    s, said = run(new(), "campaign-gold", {"player": 1, "amount": 3})
    assert campaign(s).adventurer("odile").gold == 11  # Odile starts with 8
    assert said == (
        "Odile Brackwater gains 3 gold (turn Odile Brackwater's gold dial from 8 to 11): 11 gold."
    )


def test_gold_past_twenty_stops_at_twenty_and_says_so():
    s, said = run(new(), "campaign-gold", {"player": 1, "amount": 15})
    assert campaign(s).adventurer("odile").gold == 20
    assert "from 8 to 20" in said and "the dial stops at 20: 3 of the gold gained is lost" in said


def test_paying_more_than_the_dial_shows_is_refused():
    msg = refused(new(), "campaign-gold", {"player": 1, "amount": 9, "how": "pay"})
    assert msg == "Odile Brackwater has only 8 gold: paying 9 is refused."


def test_losing_more_than_the_dial_shows_stops_at_zero():
    s, said = run(new(), "campaign-gold", {"player": 2, "amount": 12, "how": "lose"})
    assert campaign(s).adventurer("marrow").gold == 0
    assert said.endswith("the dial stops at 0: Marrow Hollins had only 10 gold): 0 gold.")


def test_prestige_goes_up_and_never_below_zero():
    s, said = run(new(), "campaign-prestige", {"player": 1, "amount": 2})
    assert said == (
        "Odile Brackwater gains 2 prestige (move Odile Brackwater's prestige token from 0 to 2): "
        "2 prestige."
    )
    s, said = run(s, "campaign-prestige", {"player": 1, "amount": 5, "how": "lose"})
    assert campaign(s).adventurer("odile").prestige == 0 and "stops at 0" in said


def test_only_the_story_master_the_display_or_the_active_player_changes_a_board():
    s = new(players=("Mara", "Bo", "Ada"))
    # three at the table: the player after the active one waits (the one before reads)
    idle = f"p{(State.model_validate(s).active + 1) % 3 + 1}"
    assert refused(s, "campaign-gold", {"player": 1, "amount": 1}, seat=idle) == (
        "“Gold” is for the active player, the story master or the shared display, not for a "
        "player waiting for their turn."
    )


# -- skill marks and tags ---------------------------------------------------------------------------
def test_a_skill_mark_moves_within_the_limits():
    s, said = run(new(), "campaign-move-mark", {"player": 1, "source": "thievery", "to": "might"})
    assert campaign(s).adventurer("odile").marks == {"might": 1, "survival": 2, "perception": 1}
    assert said.startswith("Odile Brackwater moves a skill mark from Thievery to Might (move")
    assert said.endswith("marks Might 1, Survival 2, Perception 1.")
    assert refused(s, "campaign-move-mark", {"player": 1, "source": "might", "to": "survival"}) == (
        "Survival has 2 marks already."
    )
    assert "no mark on knowledge" in refused(
        s, "campaign-move-mark", {"player": 1, "source": "knowledge", "to": "might"}
    )


def test_a_tag_is_gained_once_and_lost_only_if_gained():
    s, said = run(new(), "campaign-tag", {"player": 1, "tag": "lamplighter"})
    assert said == "Odile Brackwater gains the tag Lamplighter (no card to move: the app keeps it)."
    assert refused(s, "campaign-tag", {"player": 1, "tag": "lamplighter"}) == (
        "Odile Brackwater already has the tag lamplighter."
    )
    assert "printed on Odile Brackwater's board" in refused(
        s, "campaign-tag", {"player": 1, "tag": "sailor", "how": "lose"}
    )
    assert refused(s, "campaign-tag", {"player": 1, "tag": "dragon"}) == (
        "This world has no tag “dragon”."
    )
    s, _ = run(s, "campaign-tag", {"player": 1, "tag": "lamplighter", "how": "lose"})
    assert campaign(s).adventurer("odile").tags == []


# -- statuses and companions ------------------------------------------------------------------------
def test_a_status_is_never_held_twice_gaining_it_again_restarts_its_timer():
    s, said = run(new(), "campaign-gain", {"player": 1, "number": 230})
    assert numbers(s, "statuses:odile").count(230) == 1
    assert "Take card #230 from the library into Odile Brackwater's statuses." in said
    c = campaign(s)
    (cid,) = [x for x in c.places["statuses:odile"] if c.copies[x].number == 230]
    first = [t.day for t in c.calendar.timers if t.copy_id == cid]
    for _turn in range(2):  # the round's last turn runs the calendar phase: the next day
        s = end_a_turn(s)
    s, said = run(s, "campaign-gain", {"player": 1, "number": 230})
    assert numbers(s, "statuses:odile").count(230) == 1
    assert "restarts its timed effects" in said
    again = [t.day for t in campaign(s).calendar.timers if t.copy_id == cid]
    assert again == [first[0] + 1]
    s, said = run(s, "campaign-lose", {"player": 1, "number": 230})
    assert 230 not in numbers(s, "statuses:odile") and "timer tokens" in said
    assert all(t.copy_id != cid for t in campaign(s).calendar.timers)


def test_a_companion_comes_and_goes():
    s, said = run(new(), "campaign-gain", {"player": 2, "number": 210, "kind": "companion"})
    assert numbers(s, "companions:marrow") == [210]
    assert said.startswith("Marrow Hollins gains the companion #210 “A lamp-moth”.")
    s, said = run(s, "campaign-lose", {"player": 2, "number": 210, "kind": "companion"})
    assert numbers(s, "companions:marrow") == [] and 210 in numbers(s, "library")


def test_gaining_a_card_of_another_kind_is_refused():
    assert refused(new(), "campaign-gain", {"player": 1, "number": 150}) == (
        "Card #150 is an item card, not an adventurer status."
    )
    assert refused(new(), "campaign-lose", {"player": 1, "number": 230}) == (
        "Odile Brackwater does not have card #230."
    )
    assert refused(new(), "campaign-lose", {"player": 1, "number": 0}) == (
        "Card #000 is Odile Brackwater's ability: it stays all game."
    )


# -- quests -------------------------------------------------------------------------------------------
def _at_pickup(s: dict, player: int = 1) -> tuple[dict, int]:
    """Player's figure placed where the first noticeboard quest is picked up."""
    c = campaign(s)
    cid = c.places["noticeboard"][0]
    s, _ = run(s, "campaign-place-figure", {"player": player, "to": c.copies[cid].pickup})
    return s, c.copies[cid].number


def test_a_quest_is_picked_up_only_at_its_pickup_location_and_the_board_refills():
    s = new()
    c = campaign(s)
    first = c.copies[c.places["noticeboard"][0]]
    elsewhere = next(loc.id for loc in c.world.locations if loc.id != first.pickup)
    s, _ = run(s, "campaign-place-figure", {"player": 1, "to": elsewhere})
    assert "is picked up at" in refused(
        s, "campaign-pick-up-quest", {"player": 1, "number": first.number}
    )
    s, n = _at_pickup(s)
    s, said = run(s, "campaign-pick-up-quest", {"player": 1, "number": n})
    assert numbers(s, "quests:odile")[-1] == n
    assert said.startswith(f"Odile Brackwater picks up quest #{n:03d} “")
    assert len(numbers(s, "noticeboard")) == 3  # refilled from the quest slot


def test_a_fourth_quest_needs_one_abandoned_with_its_effects():
    s = new()
    c = campaign(s)
    spare = [c.copies[x].number for x in c.places["library"] if c.copies[x].type == "quest"]
    held = numbers(s, "quests:odile")  # her own quest (#100) is in hand already
    spare = [n for n in dict.fromkeys(spare) if not c.copies[c.numbered(n)[0]].icon]
    spare = spare[: 3 - len(held)]
    for n in spare:
        s, _ = run(s, "campaign-take-card", {"number": n, "player": 1})
    s, n = _at_pickup(s)
    assert refused(s, "campaign-pick-up-quest", {"player": 1, "number": n}) == (
        "Odile Brackwater already has 3 quests: say which one to abandon."
    )
    s, said = run(s, "campaign-pick-up-quest", {"player": 1, "number": n, "abandon": spare[0]})
    assert sorted(numbers(s, "quests:odile")) == sorted([*held, *spare[1:], n])
    assert f"abandons quest #{spare[0]:03d}" in said
    st = State.model_validate(s)
    assert any(x.manual and "abandon effects" in x.text for x in st.checklist)


def test_an_abandoned_quest_goes_where_its_effects_say():
    s = new()
    c = campaign(s)
    quest = next(
        c.copies[x].number
        for x in c.places["library"]
        if c.copies[x].type == "quest" and not c.copies[x].icon
    )
    s, _ = run(s, "campaign-take-card", {"number": quest, "player": 2})
    s, said = run(s, "campaign-abandon-quest", {"player": 2, "number": quest, "to": "quest_slot"})
    assert numbers(s, "quest_slot")[-1] == quest  # the back of the slot
    assert "(by hand) Resolve the abandon effects" in said


# -- setting up a game -------------------------------------------------------------------------------
def _packed() -> dict:
    s, _ = run(new(), "campaign-save", {"pack": True})
    return s


def test_a_new_game_takes_the_chosen_adventurers_and_mode():
    s, said = run(
        _packed(),
        "campaign-setup",
        {"adventurers": ["ysolde", "wren"], "mode": "competitive", "challenge": True},
    )
    st = State.model_validate(s)
    assert st.adventurers == ["ysolde", "wren"] and st.challenge
    g = st.campaign.game
    assert (g.mode, g.challenge, g.limit) == ("competitive", True, 7)
    assert said.startswith("A competitive game (Discord, challenge mode) of 7 rounds.")


def test_setup_refuses_an_adventurer_chosen_twice():
    msg = refused(_packed(), "campaign-setup", {"adventurers": ["wren", "wren"]})
    assert msg == "Wren Tallowby is chosen twice: each player plays a different adventurer."
    assert "one adventurer for each" in refused(
        _packed(), "campaign-setup", {"adventurers": ["wren"]}
    )


@pytest.mark.parametrize(("players", "limit"), [(1, 8), (2, 7), (3, 6), (4, 5)])
def test_the_round_limit_follows_the_player_count(players, limit):
    s = new(players=[f"P{i}" for i in range(players)])
    assert campaign(s).game.limit == limit
    s, _ = run(s, "campaign-save", {"pack": True})
    s, _ = run(s, "campaign-setup", {"mode": "competitive"})
    g = campaign(s).game
    assert g.limit == limit
    assert g.mode == ("cooperative" if players == 1 else "competitive")  # solo plays as co-op


def test_challenge_mode_chosen_for_the_table_reaches_the_campaign():
    assert campaign(new(challenge=True)).game.challenge


def test_before_the_first_scene_the_first_game_is_set_up_again_with_other_choices():
    s = new()
    before = campaign(s)
    args = {"adventurers": ["wren", "ysolde"], "mode": "competitive", "challenge": True}
    s, said = run(s, "campaign-first-setup", args)
    st = State.model_validate(s)
    c = st.campaign
    assert st.adventurers == ["wren", "ysolde"] and st.challenge
    assert (c.game.players, c.game.mode, c.game.challenge) == (
        ["wren", "ysolde"],
        "competitive",
        True,
    )
    assert c.month == before.month and c.places["event_deck"] == before.places["event_deck"]
    assert c.places["noticeboard"] == before.places["noticeboard"]
    assert said.startswith("The first game is set up again: competitive (Discord, challenge mode)")


def test_the_first_game_is_not_set_up_again_once_something_changed():
    s, _ = run(new(), "campaign-gold", {"player": 1, "amount": 1})
    assert refused(s, "campaign-first-setup", {"adventurers": ["wren", "ysolde"]}).startswith(
        "Something has already changed in this game"
    )
    s, _ = run(new(), "campaign-begin-story")
    assert refused(s, "campaign-first-setup", {"adventurers": ["wren", "ysolde"]}).startswith(
        "Only a new campaign's first game can be set up again"
    )


def test_a_fourth_quest_taken_from_the_library_abandons_the_one_named_to_make_room():
    s = new()
    c = campaign(s)
    spare = [c.copies[x].number for x in c.places["library"] if c.copies[x].type == "quest"]
    spare = [n for n in dict.fromkeys(spare) if not c.copies[c.numbered(n)[0]].icon]
    held = numbers(s, "quests:odile")
    for n in spare[: 3 - len(held)]:
        s, _ = run(s, "campaign-take-card", {"number": n, "player": 1})
    out = numbers(s, "quests:odile")[-1]
    new_quest = spare[3 - len(held)]
    s, _ = run(s, "campaign-take-card", {"number": new_quest, "player": 1, "discard": out})
    assert new_quest in numbers(s, "quests:odile") and out not in numbers(s, "quests:odile")
    steps = State.model_validate(s).checklist
    assert any(
        x.manual and x.text.startswith(f"Resolve the abandon effects of card #{out:03d}")
        for x in steps
    )


def test_no_quest_is_picked_up_in_the_middle_of_a_scene():
    s, n = _at_pickup(new())
    book = SHELF.book("sallowmere-marches")
    scene = book.titles[0][0]
    s, _ = run(s, "open-scene", {"number": scene})
    assert refused(s, "campaign-pick-up-quest", {"player": 1, "number": n}) == (
        "Quests are picked up between scenes: finish the scene first."
    )
