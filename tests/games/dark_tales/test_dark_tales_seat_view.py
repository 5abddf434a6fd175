"""Hidden information per seat, JSON round-trips, and the outcome before the reveal."""

from __future__ import annotations

import json

from games.dark_tales.game import game
from games.dark_tales.state import State
from tests.games.dark_tales.conftest import INVENTED_CARDS, discard_the_deck


def finish(t) -> None:
    """Empty the deck and play Castles until the game ends, then reveal (B2: all by hand)."""

    def empty_deck(state: State) -> None:
        for p in state.players:  # forget names: every card left is played as a Castle
            p.hand_unknown += len(p.hand)
            p.hand = []
        discard_the_deck(state)
        if state.phase == "draw":
            state.phase = "item"

    t.edit(empty_deck)
    while t.state.phase != "scoring":
        t.move("play-card", card="Castle")
    for i in range(len(t.state.players)):
        t.move("enter-bonus", player=f"p{i + 1}", vp=0)
    t.move("reveal-scores")


def to_scoring(t) -> None:
    """Empty the deck and play Castles until the last turn ends: the B card is to score."""

    def empty_deck(state: State) -> None:
        discard_the_deck(state)
        state.phase = "item"

    t.edit(empty_deck)
    while t.state.phase != "scoring":
        t.move("play-card", card="Castle")


def test_vp_totals_are_seen_only_by_their_owner_until_the_reveal(table):
    t = table(setting_b="B2")
    t.edit(lambda s: (setattr(s.players[0], "vp", 4187), setattr(s.players[1], "vp", 5293)))
    for seat in ("table", "p2"):
        assert "4187" not in json.dumps(t.view(seat))
    for seat in ("table", "p1"):
        assert "5293" not in json.dumps(t.view(seat))
    assert t.view("p1")["players"][0]["vp"] == 4187
    assert "vp" not in t.view("p1")["players"][1]
    assert "vp" not in t.view("table")["players"][0]
    assert game.outcome(t.data).scores == {}  # no standings leak through the outcome either

    finish(t)
    for seat in ("table", "p1", "p2"):
        shown = t.view(seat)
        # each played three Castles (1 VP each) before the end
        assert [p["vp"] for p in shown["players"]] == [4190, 5296]
        assert shown["outcome"]["scores"] == {"p1": 4190, "p2": 5296}


def test_vp_stay_hidden_while_the_b_card_is_scored(table):
    t = table(setting_b="B2")
    t.edit(lambda s: setattr(s.players[1], "vp", 6271))

    to_scoring(t)
    assert t.view("p2")["players"][1]["vp"] == 6274  # three Castles played
    assert "6274" not in json.dumps(t.view("table"))
    assert "6274" not in json.dumps(t.view("p1"))


def test_a_hand_is_seen_only_by_its_owner(table):
    t = table()
    t.move("note-hand", seat="p1", cards=["Ogre", "Secret Helper"])
    t.move("draw", seat="p1", card="Dragon")
    mine = t.view("p1")["players"][0]
    assert mine["hand"] == ["Ogre", "Secret Helper", "Dragon"]
    assert mine["hand_unknown"] == 1
    for seat in ("table", "p2"):
        theirs = t.view(seat)["players"][0]
        assert theirs["hand_count"] == 4
        assert "hand" not in theirs and "hand_unknown" not in theirs
    # The log does not name a drawn card either.
    assert t.log[-1] == "Mara drew a card (40 left in the deck)."


def test_views_say_who_may_act_and_what_to_do(table):
    t = table(cards=INVENTED_CARDS)  # what the shipped cards lack: their copies too
    mara, bo, shared = t.view("p1"), t.view("p2"), t.view("table")
    assert mara["can_act"] and shared["can_act"] and not bo["can_act"]
    assert mara["moves"][0] == "draw" and bo["moves"] == ["note-hand", "edit-card"]
    assert shared["prompt"] == "Mara: draw a card from the deck."
    assert shared["you"] is None and mara["you"] == "p1"
    cards = {c["name"]: c for c in shared["catalog"]}
    assert cards["Dragon"]["missing"] == ["count", "type", "goes"]
    assert cards["Enchantment"]["missing"] == ["count", "type"]
    assert cards["Ogre"]["missing"] == ["count", "type", "vp", "effect"]
    assert shared["setting_a"]["entered"] and shared["setting_b"]["entered"]
    assert "end" not in shared["setting_a"] and "item_effects" not in shared["setting_b"]


def test_the_state_round_trips_through_json(table):
    t = table(players=("Mara", "Bo", "Cy"))
    t.give(0, "Wizard")
    t.move("draw", card="Gypsy")
    t.move("take-item", item="sword", player="p3")
    t.move("play-card", card="Wizard")
    t.move("leave-revealed", card="Princess")
    t.move("draw")
    t.move("play-card", card="Princess", vp=2, goes="front", card_type="female")
    t.move("edit-card", name="Lantern", type="event", vp=1, goes="discard", text="Invented.")
    for data in (t.data, json.loads(json.dumps(t.data))):
        state = game.load(data)
        assert state.model_dump(mode="json") == t.data
        assert State.model_validate_json(json.dumps(data)) == state
    assert json.loads(json.dumps(t.data)) == t.data
    finish(t)
    state = game.load(json.loads(json.dumps(t.data)))
    assert state.model_dump(mode="json") == t.data
