"""Campaign mode: a scene effect that brings a fourth item or quest asks which card to give up
or abandon, and the apply moves take the choice in one move. Pure: the sample world from its
folder (effects_world.py), no database."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.galzyr import campaign as core
from games.galzyr.reader.scene_effects import (
    NEW,
    abandon_choices,
    give_up_choices,
    make_room,
    needs_choice,
)
from games.galzyr.state import State
from tests.games.galzyr.worlds import game

from . import effects_world
from .effects_world import applied, pending, refused

# A campaign table's state (a test that asks).
state = effects_world.state

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
