"""The 2-player game: face-down one-ups, flipping the table, last call, the end-of-turn draw and
the Epic Duel; and the face-down hero kept out of every other seat's view."""

from __future__ import annotations

import json

import pytest

from games.core.engine import RuleError
from games.tavern_tales.game import game
from games.tavern_tales.state import State
from tests.games.tavern_tales.deciding import act

CARDS = {
    "feats": [
        {"name": "Gold", "kind": "treasure", "count": 15},
        {"name": "Troll", "kind": "monster", "track": [2], "count": 40},
    ]
}
MINE = {"kind": "specialist", "depths": ["Mineshaft"]}  # matches the claim
LIE = {"kind": "adventurer", "depths": ["Catacombs", "Inferno"]}  # doesn't
DWARF = {"hero": "Dwarf"}


def duel(**options):
    state = game.setup(
        {"players": ["Mara", "Bo"], "first_player": 0, "catalog": CARDS, **options}, 3
    )
    feats = [{"feat": "Gold"}, {"feat": "Troll"}, {"feat": "Troll"}]
    state, _ = act(state, "show-feats", depth="Mineshaft", feats=feats)
    state, _ = act(state, "stake-claim", seat="p1", depth="Mineshaft", slots=[0], **DWARF)
    return state


def with_state(state, **changes):
    """The same table with a few fields set directly (hands, prestige), counts kept whole."""
    raw = State.model_validate(state)
    for i, (hand, prestige) in enumerate(changes.get("players", [])):
        raw.hero_deck += raw.players[i].hand - hand
        raw.players[i].hand, raw.players[i].prestige = hand, prestige
    return raw.model_dump(mode="json")


def test_a_pass_hands_the_claim_to_its_starter_and_the_loser_starts_next():
    state, sentence = act(duel(), "pass-claim", seat="p2")
    assert sentence.startswith("Bo passed. Mara wins the claim and collects Gold (+1)")
    assert state["active"] == 1
    # Mara 3 -> draws to 5 -> discards 1; Bo 4 -> 5 -> 4. Setup discards 2, the claim 1.
    assert [p["hand"] for p in state["players"]] == [4, 4]
    assert state["hero_discard"] == 2 + 1 + 2
    assert game.view(state, "p2")["moves"][0] == "stake-claim"


def test_think_n_drink_is_not_a_2_player_turn():
    state = game.setup({"players": ["Mara", "Bo"], "first_player": 0}, 3)
    with pytest.raises(RuleError, match="every turn starts a claim"):
        act(state, "think-n-drink")


def test_after_the_first_face_down_one_up_there_is_no_passing():
    state, sentence = act(duel(), "one-up", seat="p2", **LIE)
    assert sentence == "Bo one-upped with a face-down hero."
    with pytest.raises(RuleError, match="one-up again or flip the table"):
        act(state, "pass-claim", seat="p1")
    assert game.view(state, "p1")["moves"][:2] == ["one-up", "flip-table"]


# (one-ups after Mara's claim: (seat, tap) ...), flipper, winner
FLIPS = [
    ([("p2", MINE)], "p1", "p2"),  # Bo told the truth: Bo wins
    ([("p2", LIE)], "p1", "p1"),  # Bo lied: the flipper wins
    ([("p2", MINE), ("p1", LIE)], "p2", "p2"),  # Mara lied back
    ([("p2", LIE), ("p1", MINE)], "p2", "p1"),  # Mara's one-up was true
    ([("p2", {"hero": "Darkmander"})], "p1", "p2"),  # an elite hero matches any claim
]


@pytest.mark.parametrize(("ups", "flipper", "winner"), FLIPS)
def test_flip_the_table_is_won_by_either_side(ups, flipper, winner):
    state = duel(modules={"elite_heroes": True})
    for seat, tap in ups:
        state, _ = act(state, "one-up", seat=seat, **tap)
    state, sentence = act(state, "flip-table", seat=flipper)
    winner_name = {"p1": "Mara", "p2": "Bo"}[winner]
    assert f"{winner_name} wins the claim" in sentence
    assert state["players"][int(winner[1]) - 1]["feats"] == [{"feat": "Gold", "stack": "Gold"}]
    assert state["active"] == 1 - (int(winner[1]) - 1)  # the loser starts the next claim


def test_a_face_down_hero_may_be_tapped_only_when_flipped():
    state, _ = act(duel(), "one-up", seat="p2")  # shared tablet: Bo doesn't say which
    with pytest.raises(RuleError, match="Tap the hero you turned over"):
        act(state, "flip-table", seat="p1")
    state, sentence = act(state, "flip-table", seat="p1", **LIE)
    assert "Bo's an adventurer (Catacombs / Inferno) doesn't match the Mineshaft" in sentence
    assert "Mara wins the claim" in sentence


@pytest.mark.parametrize(("last", "winner"), [(MINE, "Bo"), (LIE, "Mara")])
def test_last_call_decides_by_the_final_face_up_hero(last, winner):
    state = duel()  # Mara 3 cards, Bo 4
    for seat in ["p2", "p1", "p2", "p1", "p2", "p1"]:
        state, _ = act(state, "one-up", seat=seat, **LIE)
    assert [p["hand"] for p in state["players"]] == [0, 1]
    with pytest.raises(RuleError, match="Last call"):
        act(state, "one-up", seat="p2")
    state, sentence = act(state, "one-up", seat="p2", **last)
    assert sentence.startswith("Last call: Bo played ")
    assert f"{winner} wins the claim" in sentence
    assert [p["hand"] for p in state["players"]] == [4, 4]  # both drew back up


def test_a_player_out_of_cards_can_only_flip_the_table():
    state = with_state(duel(), players=[(0, 0), (4, 0)])
    state, _ = act(state, "one-up", seat="p2", **MINE)
    assert game.view(state, "p1")["moves"][0] == "flip-table"
    with pytest.raises(RuleError, match="no heroes left"):
        act(state, "one-up", seat="p1", **MINE)


@pytest.mark.parametrize(
    ("prestige", "hand", "discarded"),
    [(0, 4, 1), (15, 4, 1), (16, 4, 0), (20, 4, 0)],
)
def test_the_end_of_turn_draw_depends_on_prestige(prestige, hand, discarded):
    state = with_state(duel(), players=[(3, 0), (4, prestige)])
    before = state["hero_discard"]
    state, _ = act(state, "pass-claim", seat="p2")  # Mara +1; Bo is at `prestige`
    assert state["players"][1]["hand"] == hand
    assert state["hero_discard"] == before + 1 + 1 + discarded  # claim hero, Mara's, Bo's


def test_the_face_down_hero_is_hidden_from_every_other_seat():
    secret = {"hero": "Sneaky Sal", "kind": "specialist", "depths": ["Caverns"]}
    state, sentence = act(duel(), "one-up", seat="p2", **secret)
    assert "Sneaky Sal" not in sentence
    for seat in ("table", "p1"):
        shown = game.view(state, seat)
        assert "Sneaky Sal" not in json.dumps(shown)
        assert shown["claim"]["plays"][1] == {"player": "p2", "face_up": False, "hidden": True}
        # The view is the same whatever Bo played, or whether he said at all.
        for other in (LIE, MINE, {}):
            alt, _ = act(duel(), "one-up", seat="p2", **other)
            assert game.view(alt, seat) == shown
    own = game.view(state, "p2")["claim"]["plays"][1]
    assert own["hero"] == {"name": "Sneaky Sal", "kind": "specialist", "depths": ["Caverns"]}
    # Mara one-ups face-down too: now Bo's view hides hers.
    state, _ = act(state, "one-up", seat="p1", hero="Dwarf")
    assert "hero" not in game.view(state, "p2")["claim"]["plays"][2]
    assert game.view(state, "p1")["claim"]["plays"][2]["hero"]["name"] == "Dwarf"
    # Flipping reveals Mara's card to everyone; Bo's stays hidden, even in the log.
    state, sentence = act(state, "flip-table", seat="p2")
    assert "Mara's the Dwarf matches the Mineshaft" in sentence and "Sneaky Sal" not in sentence


def test_the_epic_duel_plays_on_past_30_to_45():
    state = with_state(duel(epic_duel=True), players=[(3, 29), (4, 0)])
    state, sentence = act(state, "pass-claim", seat="p2")
    assert state["phase"] == "turn" and state["players"][0]["prestige"] == 30
    assert "Mark 30 with a spare token" in sentence
    assert game.view(state, "table")["target"] == 45
    state = with_state(state, players=[(4, 44), (4, 0)])
    feats = [{"feat": "Gold"}, {"feat": "Troll"}, {"feat": "Troll"}]
    state, _ = act(state, "show-feats", depth="Mineshaft", feats=feats)
    state, _ = act(state, "stake-claim", seat="p2", depth="Mineshaft", slots=[1], **DWARF)
    state, _ = act(state, "one-up", seat="p1", **MINE)
    state, sentence = act(state, "flip-table", seat="p2")
    assert sentence.endswith("Mara reaches 46 prestige and wins!")
    assert game.outcome(state).winners == ("p1",)
