"""Campaign mode: each kind of scene effect → the change to the campaign and the sentence to
mirror; refusals change nothing. Pure: the sample world from its folder, no database."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import TypeAdapter

from games.core.engine import RuleError
from games.galzyr import campaign as core
from games.galzyr.game import game
from games.galzyr.reader import book as books
from games.galzyr.reader.scene_effects import (
    NEW,
    Pending,
    abandon_choices,
    apply,
    choices,
    give_up_choices,
    make_room,
    needs_choice,
    pending_from,
)
from games.galzyr.state import State
from storybook.format.effects import Effect
from storybook.interpreter import effect_view

ROOT = Path(__file__).resolve().parents[4]
SAMPLE = ROOT / "fixtures" / "worlds" / "sallowmere-marches"
SHELF = books.FolderShelf({"sample": SAMPLE})
EFFECT = TypeAdapter(Effect)


@pytest.fixture(autouse=True)
def shelf():
    previous = books.install(SHELF)
    yield SHELF
    books.install(previous)


@pytest.fixture
def state() -> State:
    data = game.setup({"players": ["Mara", "Bo"], "world": "sample", "mode": "campaign"}, seed=11)
    return State.model_validate(data)


def view(effect: dict):
    return effect_view(EFFECT.validate_python(effect))


def pending(effect: dict, player: int = 0) -> Pending:
    v = view(effect)
    return Pending(scene=1001, verb=v.verb, args=dict(v.args), text=v.text, player=player)


def applied(c: core.Campaign, effect: dict, aid: str = "odile", choice=None, **room):
    """Apply one effect: (the changed campaign, the sentence); ``c`` itself never changes.
    ``room``: the card given up (``discard``) or abandoned (``abandon``) for a 4th."""
    before = c.model_dump(mode="json")
    after, steps = apply(c, pending(effect), aid, choice, **room)
    assert c.model_dump(mode="json") == before, "apply works on a copy"
    assert core.check(after) == []
    return after, " ".join(str(s) for s in steps)


def refused(c: core.Campaign, effect: dict, aid: str = "odile", choice=None, **room) -> str:
    before = c.model_dump(mode="json")
    with pytest.raises(RuleError) as exc:
        apply(c, pending(effect), aid, choice, **room)
    assert c.model_dump(mode="json") == before
    return str(exc.value)


def place(c: core.Campaign, number: int) -> str:
    return c.where()[c.numbered(number)[0]]


# -- gold and prestige ----------------------------------------------------------------------
def test_gold_turns_the_dial(state):
    c = state.campaign
    after, said = applied(c, {"gold": 3})
    assert after.adventurer("odile").gold == c.adventurer("odile").gold + 3
    assert "gold dial" in said


def test_an_option_cost_the_adventurer_cannot_pay_is_refused():
    effect = Pending(
        scene=1001,
        verb="gold",
        args={"gold": -20, "cost": True},
        text="Active player: pay 20 gold for this option.",
        player=0,
    )
    data = game.setup({"players": ["Mara"], "world": "sample", "mode": "campaign"}, seed=1)
    c = State.model_validate(data).campaign
    with pytest.raises(RuleError, match="paying 20 is refused"):
        apply(c, effect, "odile")


def test_losing_gold_stops_at_zero(state):
    after, said = applied(state.campaign, {"gold": -20})
    assert after.adventurer("odile").gold == 0 and "stops at 0" in said


def test_prestige_moves_the_token(state):
    after, said = applied(state.campaign, {"prestige": 2})
    assert after.adventurer("odile").prestige == 2 and "prestige token" in said


# -- cards ----------------------------------------------------------------------------------
def test_take_any_moves_a_copy_into_the_inventory_and_says_which(state):
    after, said = applied(state.campaign, {"take": 150})
    assert any(after.copies[cid].number == 150 for cid in after.places["items:odile"])
    assert "Take card #150 from the library into Odile" in said


def test_take_random_says_the_app_drew_it(state):
    after, said = applied(state.campaign, {"take": {"card": 151, "pick": "random"}})
    assert said.startswith("The app drew card #151 at random.")


def test_take_by_icon_takes_the_copy_with_the_adventurers_icon(state):
    after, _ = applied(state.campaign, {"take": {"card": 178, "pick": "icon"}}, aid="marrow")
    mine = [after.copies[cid] for cid in after.places["items:marrow"]]
    assert [cp.icon for cp in mine if cp.number == 178] == ["hammer"]


def test_any_n_with_different_copies_asks_which_one(state):
    c = state.campaign
    p = pending({"take": 170})
    options = choices(c, p, "odile")
    assert len(options) == 5 and all("#170" in label for _, label in options)
    assert "Choose which one" in refused(c, {"take": 170})
    value, label = options[2]
    after, said = applied(c, {"take": 170}, choice=value)
    assert int(value) in after.places["items:odile"] and label in said


def test_a_card_not_in_the_tray_is_refused_with_where_it_is(state):
    c, _ = applied(state.campaign, {"take": 152})
    assert "No card #152 is in the library" in refused(c, {"take": 152}, aid="marrow")


def test_status_and_companion_go_to_the_adventurer(state):
    c, _ = applied(state.campaign, {"status": 230})
    assert any(c.copies[cid].number == 230 for cid in c.places["statuses:odile"])
    c, said = applied(c, {"companion": 200})
    assert any(c.copies[cid].number == 200 for cid in c.places["companions:odile"])
    assert "timer token" in said  # a companion with a timer box starts it


def test_a_local_status_goes_on_the_adventurers_space(state):
    c = state.campaign
    assert "space" in refused(c, {"local_status": 271})  # the figure is off the board
    core.place_figure(c, "odile", "wickerbridge")
    after, _ = applied(c, {"local_status": 271})
    assert place(after, 271) == "local:wickerbridge"


def test_a_global_status_comes_into_play(state):
    after, _ = applied(state.campaign, {"global_status": 14})
    assert place(after, 14) == "global"


def test_put_into_the_vault_a_save_slot_and_the_quest_slot(state):
    c, said = applied(state.campaign, {"put": {"card": 152, "into": "vault"}})
    assert place(c, 152) == "vault" and "vault" in said
    c, _ = applied(c, {"put": {"card": 153, "into": "save_slot", "slot": "active"}})
    assert place(c, 153) == "save:odile"
    c, _ = applied(c, {"put": {"card": 153, "into": "save_slot", "slot": "global"}})
    assert place(c, 153) == "save:global"
    c, _ = applied(c, {"put": {"card": 102, "into": "quest_slot"}})
    assert c.places["quest_slot"][-1] == c.numbered(102)[0]


def test_put_takes_the_copy_in_play_first(state):
    c, _ = applied(state.campaign, {"take": 150})
    held = next(cid for cid in c.places["items:odile"] if c.copies[cid].number == 150)
    c, said = applied(c, {"put": {"card": 150, "into": "library"}})
    assert held in c.places["library"] and "Return card #150" in said


def test_discard_returns_the_held_card_and_refuses_one_not_in_play(state):
    assert "not in play" in refused(state.campaign, {"discard": 150})
    c, _ = applied(state.campaign, {"take": 150})
    c, said = applied(c, {"discard": 150})
    assert not c.places["items:odile"] or all(
        c.copies[cid].number != 150 for cid in c.places["items:odile"]
    )
    assert "library" in said


# -- a fourth item: which card to give up ---------------------------------------------------
HELD = (151, 153, 154)  # Eel pie, Peat spade, Blackthorn cudgel


@pytest.fixture
def full(state) -> State:
    """Odile holds 3 items, the most an adventurer may."""
    for number in HELD:
        core.take_card(state.campaign, number, adventurer="odile")
    return state


def items(c: core.Campaign, aid: str = "odile", kind: str = "items") -> list[int]:
    """The numbers of the adventurer's items (or ``quests``), in the order taken."""
    return [c.copies[cid].number for cid in c.places[f"{kind}:{aid}"]]


def held_copy(c: core.Campaign, number: int, aid: str = "odile", kind: str = "items") -> str:
    held = c.places[f"{kind}:{aid}"]
    return str(next(cid for cid in held if c.copies[cid].number == number))


def test_a_fourth_item_offers_the_three_held_then_the_new_one(full):
    c = full.campaign
    offered = give_up_choices(c, pending({"take": 150}), "odile")
    assert [label for _, label in offered] == [
        "Card #151 (Eel pie)",
        "Card #153 (Peat spade)",
        "Card #154 (Blackthorn cudgel)",
        "Card #150 (Storm lantern)",
    ]
    assert offered[-1][0] == NEW and needs_choice(c, pending({"take": 150}), "odile")


def test_nothing_to_give_up_with_room_or_for_a_card_that_is_no_item(full):
    c = full.campaign
    assert give_up_choices(c, pending({"take": 150}), "marrow") == []  # Marrow holds nothing
    assert give_up_choices(c, pending({"status": 242}), "odile") == []
    assert not needs_choice(c, pending({"take": 150}), "marrow")


def test_the_new_item_comes_in_and_the_one_given_up_goes_back_to_the_library(full):
    c = full.campaign
    after, said = applied(c, {"take": 150}, discard=held_copy(c, 153))
    assert items(after) == [151, 154, 150]
    assert after.where()[int(held_copy(c, 153))] == "library"
    assert "Take card #150 from the library into Odile Brackwater's inventory." in said
    assert "Return card #153 from Odile Brackwater's inventory to the library." in said


def test_giving_up_the_new_item_leaves_it_in_the_library(full):
    after, said = applied(full.campaign, {"take": 150}, discard=NEW)
    assert items(after) == list(HELD) and "card #150 stays in the library" in said


def test_a_random_item_given_up_is_the_one_the_app_drew(full):
    c = full.campaign
    effect = {"take": {"card": 170, "pick": "random"}}
    kept, kept_said = applied(c, effect, discard=held_copy(c, 151))
    given, given_said = applied(c, effect, discard=NEW)
    drawn = next(cid for cid in kept.places["items:odile"] if kept.copies[cid].number == 170)
    assert kept_said.split(".")[0] == given_said.split(".")[0]  # "The app drew card #170 (…)"
    assert given.where()[drawn] == "library" and items(given) == list(HELD)
    assert give_up_choices(c, pending(effect), "odile")[-1][1].endswith("(drawn at random)")


def test_giving_up_a_card_not_held_or_not_needed_is_refused(full):
    c = full.campaign
    assert "already has 3 items: choose which one to give up" in refused(c, {"take": 150})
    assert "does not hold that card" in refused(c, {"take": 150}, discard="9999")
    library_copy = str(c.places["library"][0])
    assert "does not hold that card" in refused(c, {"take": 150}, discard=library_copy)
    core.take_card(c, 155, adventurer="marrow")
    marrows = held_copy(c, 155, "marrow")
    assert "does not hold that card" in refused(c, {"take": 150}, discard=marrows)
    assert "nothing to give up" in refused(c, {"take": 150}, "marrow", discard=marrows)


def with_effects(s: State, *effects: dict) -> dict:
    s.effects = [pending(effect) for effect in effects]
    return s.model_dump(mode="json")


def apply_move(s: State, effect: dict, **args) -> tuple[State, str]:
    """The ``apply-effect`` move on ``effect``, alone under the scene: (the state, the log)."""
    data = with_effects(s, effect)
    after, said = game.apply(data, "apply-effect", {"effect": 1, **args}, "sm")
    return State.model_validate(after), said


def test_apply_takes_the_item_and_returns_the_one_given_up_in_one_move(full):
    s, said = apply_move(full, {"take": 150}, discard=held_copy(full.campaign, 151))
    assert items(s.campaign) == [153, 154, 150] and s.effects[0].done
    assert said == (
        "Odile Brackwater: Take card #150 from the library into Odile Brackwater's inventory. "
        "Return card #151 from Odile Brackwater's inventory to the library."
    )
    with pytest.raises(RuleError, match="does not hold that card"):
        apply_move(full, {"take": 150}, discard="9999")


def test_apply_all_stops_at_the_effect_that_needs_a_choice(full):
    data = with_effects(full, {"gold": 1}, {"take": 150}, {"prestige": 1})
    after, said = game.apply(data, "apply-all-effects", {}, "sm")
    s = State.model_validate(after)
    assert [p.done for p in s.effects] == [True, False, False]
    assert said.startswith("1 effect applied. “") and "(Odile Brackwater) needs a choice" in said
    assert items(s.campaign) == list(HELD)
    with pytest.raises(RuleError, match="needs a choice"):
        game.apply(with_effects(full, {"take": 150}), "apply-all-effects", {}, "sm")


# -- a fourth quest: which one to abandon --------------------------------------------------
LEDGER = {"take": 102}  # "The Bellfounder's Ledger": abandon "Lose 1 prestige. Put card 101 …"


@pytest.fixture
def quests(state) -> State:
    """Odile holds 3 quests, the most an adventurer may: her own (#100), #103 and #104."""
    for number in (103, 104):
        core.take_card(state.campaign, number, adventurer="odile")
    return state


def quest_numbers(c: core.Campaign, aid: str = "odile") -> list[int]:
    return items(c, aid, "quests")


def quest_copy(c: core.Campaign, number: int, aid: str = "odile") -> str:
    return held_copy(c, number, aid, "quests")


def test_a_fourth_quest_offers_the_three_held_then_the_new_one(quests):
    c = quests.campaign
    offered = abandon_choices(c, pending(LEDGER), "odile")
    assert [label for _, label in offered] == [
        "Card #100 with Odile Brackwater's icon (Old Debts)",
        "Card #103 (The Salt-Wardens' Due)",
        "Card #104 (Still the Bell)",
        "Card #102 (The Bellfounder's Ledger)",
    ]
    assert offered[-1][0] == NEW and needs_choice(c, pending(LEDGER), "odile")
    assert make_room(c, pending(LEDGER), "odile") == {"arg": "abandon", "options": offered}
    assert give_up_choices(c, pending(LEDGER), "odile") == []  # a quest is no item
    assert abandon_choices(c, pending(LEDGER), "marrow") == []  # Marrow holds 1 quest
    assert make_room(c, pending(LEDGER), "marrow") is None


def test_the_new_quest_comes_in_and_the_one_abandoned_resolves_its_abandon_effects(quests):
    c = quests.campaign
    out = quest_copy(c, 103)
    after, said = applied(c, LEDGER, abandon=out)
    assert quest_numbers(after) == [100, 104, 102]
    assert after.where()[int(out)] == "library"
    assert said == (
        "Take card #102 from the library into Odile Brackwater's quests. "
        "Return card #103 from Odile Brackwater's quests to the library. "
        "(by hand) Resolve the abandon effects of card #103: Lose 1 prestige. "
        "Put card 101 into the quest slot."
    )


def test_abandoning_the_new_quest_leaves_it_in_the_library_with_its_abandon_effects(quests):
    after, said = applied(quests.campaign, LEDGER, abandon=NEW)
    assert quest_numbers(after) == [100, 103, 104]
    assert said.startswith("No room: card #102 stays in the library. (by hand) Resolve the ")
    assert "abandon effects of card #102: Lose 1 prestige." in said


def test_abandoning_nothing_a_quest_not_held_or_with_room_is_refused(quests):
    c = quests.campaign
    assert "already has 3 quests: choose which one to abandon" in refused(c, LEDGER)
    assert "does not hold that card: abandon one of the quests" in refused(
        c, LEDGER, abandon="9999"
    )
    marrows = quest_copy(c, 100, "marrow")
    assert "does not hold that card" in refused(c, LEDGER, abandon=marrows)
    assert "has room for it: there is nothing to abandon" in refused(
        c, LEDGER, "marrow", abandon=marrows
    )
    assert "gives no item" in refused(c, LEDGER, discard=quest_copy(c, 103))
    assert "gives no quest" in refused(c, {"take": 150}, abandon=quest_copy(c, 103))


def test_apply_takes_the_quest_and_abandons_the_chosen_one_in_one_move(quests):
    s, said = apply_move(quests, LEDGER, abandon=quest_copy(quests.campaign, 104))
    assert quest_numbers(s.campaign) == [100, 103, 102] and s.effects[0].done
    assert said == (
        "Odile Brackwater abandons card #104 (Still the Bell) for the new quest: "
        "Take card #102 from the library into Odile Brackwater's quests. "
        "Return card #104 from Odile Brackwater's quests to the library. "
        "(by hand) Resolve the abandon effects of card #104: Lose 2 prestige. "
        "Put card 101 into the quest slot."
    )
    assert s.effects[0].said == said
    assert [x.manual for x in s.checklist] == [False, False, True]
    _, said = apply_move(quests, LEDGER, abandon=NEW)
    assert said.startswith("Odile Brackwater abandons the new quest, card #102 (The Bellf")


def test_apply_all_stops_at_the_quest_that_needs_one_abandoned(quests):
    data = with_effects(quests, {"gold": 1}, LEDGER, {"prestige": 1})
    after, said = game.apply(data, "apply-all-effects", {}, "sm")
    s = State.model_validate(after)
    assert [p.done for p in s.effects] == [True, False, False]
    assert "(Odile Brackwater) needs a choice" in said
    assert quest_numbers(s.campaign) == [100, 103, 104]


# -- timers, tags, skill marks ----------------------------------------------------------------
def test_timer_delay_and_hasten(state):
    c, _ = applied(state.campaign, {"status": 231})
    assert "no timer token" in refused(c, {"delay": {"card": 150, "days": 1}})
    cid = next(x for x in c.places["statuses:odile"] if c.copies[x].number == 231)
    day = core.timer_of(c, cid).day
    c, said = applied(c, {"delay": {"card": 231, "days": 2}})
    assert core.timer_of(c, cid).day == day + 2 and "Delay" in said
    c, said = applied(c, {"hasten": {"card": 231, "days": 1}})
    assert core.timer_of(c, cid).day == day + 1 and "Hasten" in said
    c, said = applied(c, {"timer": {"card": 231, "days": 5}})
    assert core.timer_of(c, cid).day == c.calendar.day + 5


def test_tags(state):
    c, said = applied(state.campaign, {"gain_tag": "ferryfolk"})
    assert "ferryfolk" in c.adventurer("odile").tags and "gains the tag" in said
    c, _ = applied(c, {"lose_tag": "ferryfolk"})
    assert "ferryfolk" not in c.adventurer("odile").tags


def test_skill_mark_from_a_named_skill_and_from_any(state):
    c = state.campaign
    assert "no mark on might" in refused(c, {"skill_mark": {"from": "might", "to": "knowledge"}})
    after, said = applied(c, {"skill_mark": {"from": "survival", "to": "knowledge"}})
    assert after.adventurer("odile").marks["knowledge"] == 1 and "skill mark" in said
    p = pending({"skill_mark": {"from": "any", "to": "might"}})
    assert [v for v, _ in choices(c, p, "odile")] == ["thievery", "survival", "perception"]
    after, _ = applied(c, {"skill_mark": {"from": "any", "to": "might"}}, choice="perception")
    assert "perception" not in after.adventurer("odile").marks


# -- who the effects are for ------------------------------------------------------------------
def test_partner_and_everyone_targets():
    views = [view({"gold": 1, "who": "partner"}), view({"gold": 2, "who": "everyone"})]
    alone = pending_from(views, 1001, active=0, partner=None, players=3)
    assert [(p.args["gold"], p.player) for p in alone] == [(2, 0), (2, 1), (2, 2)]
    paired = pending_from(views, 1001, active=0, partner=2, players=3)
    assert [(p.args["gold"], p.player) for p in paired][0] == (1, 2)


def test_notes_go_tos_and_the_event_card_are_not_pending():
    views = [
        view({"note": "Shuffle the deck."}),
        view({"put": {"card": "event", "into": "library"}}),
        view({"go": 1002}),
        view({"gold": 1}),
    ]
    assert [p.verb for p in pending_from(views, 1001, 0, None, 2)] == ["gold"]
