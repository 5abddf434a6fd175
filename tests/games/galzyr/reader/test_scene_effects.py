"""Campaign mode: each kind of scene effect → the change to the campaign and the sentence to
mirror (gold, prestige, cards); refusals change nothing. Pure: the sample world from its
folder (effects_world.py), no database."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.galzyr import campaign as core
from games.galzyr.reader.scene_effects import (
    Pending,
    apply,
    choices,
    pending_from,
)
from games.galzyr.state import State
from tests.games.galzyr.worlds import game

from . import effects_world
from .effects_world import applied, pending, place, refused, view

# A campaign table's state (a test that asks).
state = effects_world.state


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
