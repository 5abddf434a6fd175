"""Adventurer Powers, and the one the rulebook names: the Secret Door.

A power is used when an adventurer starts a claim; it goes back into the feat deck. The
Secret Door adds one Treasure feat to the claim from a depth next to the claimed one (the
first and last depths are not next to each other). The other two powers' texts are printed
on their cards only, so the app checks nothing more for them than where their feat lies.
"""

from __future__ import annotations

import json

import pytest

from games.core.engine import RuleError
from games.tavern_tales.game import game
from tests.games.tavern_tales.deciding import act

# Facts a group would enter from its cards (test data, not the rulebook's numbers), copies
# included, so naming a feat asks nothing (games/tavern_tales/copies.py).
CARDS = {
    "feats": [
        {"name": "Gold", "kind": "treasure", "count": 15},
        {"name": "Troll", "kind": "monster", "track": [2], "count": 40},
        {"name": "Rescue", "kind": "quest", "track": [2], "count": 4},
        {"name": "Trap Sense", "kind": "special", "track": [1], "count": 1},
        {"name": "Secret Door", "count": 1},
        {"name": "Mimic", "count": 2},  # its type left unknown
    ]
}
DWARF = {"hero": "Dwarf"}  # a specialist at the Mineshaft
CAVES = {"kind": "adventurer", "depths": ["Mineshaft", "Ice Caves"]}


def lay(state, depth, *feats):
    """Tap in the face-up feats at a depth; None leaves a place face-up but not tapped in."""
    shown = [{"feat": f} if f else {} for f in feats]
    state, _ = act(state, "show-feats", depth=depth, feats=shown)
    return state


def win_claim(state, depth="Catacombs"):
    """The active player claims a Troll with a specialist and everyone passes."""
    state = lay(state, depth, "Troll", "Troll", "Troll")
    tap = {"kind": "specialist", "depths": [depth]}
    state, sentence = act(state, "stake-claim", depth=depth, slots=[0], **tap)
    while state["phase"] == "claim":
        state, sentence = act(state, "pass-claim")
    return state, sentence


def holding(*powers, **options):
    """Mara's turn again, with the powers collected in her earlier turns."""
    options = {"players": ["Mara", "Bo", "Cy"], "first_player": 0, "catalog": CARDS, **options}
    state = game.setup(options, 11)
    for power in powers:
        state = lay(state, "Mineshaft", power, "Troll", "Troll")
        state, _ = act(state, "stake-claim", depth="Mineshaft", slots=[0], **DWARF)
        state, _ = act(state, "pass-claim")
        state, _ = act(state, "pass-claim")
        state, _ = win_claim(state)  # Bo
        state, _ = win_claim(state)  # Cy
    for depth in ("Mineshaft", "Ice Caves", "Caverns", "Inferno"):
        state = lay(state, depth, "Gold", "Troll", None)
    return state


# The Secret Door on a claim staked at the Mineshaft by an adventurer (Mineshaft, Ice Caves).
SECRET_DOOR_CASES = [
    # (where the added feat lies: depth and place, the refusal or None when accepted)
    pytest.param("Ice Caves", 0, None, id="a-treasure-from-the-depth-next-door"),
    pytest.param(
        "Ice Caves",
        1,
        "The Secret Door adds a Treasure feat: the Troll is a Monster Kill.",
        id="a-monster-kill-is-not-a-treasure",
    ),
    pytest.param(
        "Caverns",
        0,
        "The Secret Door adds a feat from a depth next to the Mineshaft (the Ice Caves), "
        "not from the Caverns.",
        id="two-depths-away-is-not-adjacent",
    ),
    pytest.param(
        "Inferno",
        0,
        "The Secret Door adds a feat from a depth next to the Mineshaft (the Ice Caves), "
        "not from the Inferno.",
        id="the-first-and-last-depths-are-not-adjacent",
    ),
    pytest.param(
        "Mineshaft",
        0,
        "The Secret Door adds a feat from a depth next to the Mineshaft (the Ice Caves), "
        "not from the Mineshaft.",
        id="the-claimed-depth-itself-is-not-adjacent",
    ),
    pytest.param(
        "Ice Caves",
        2,
        "Tap in the feat at Ice Caves 3 first: the Secret Door adds only a Treasure feat.",
        id="a-feat-not-tapped-in-may-not-be-a-treasure",
    ),
]


@pytest.mark.parametrize(("depth", "slot", "refusal"), SECRET_DOOR_CASES)
def test_the_secret_door_adds_a_treasure_from_an_adjacent_depth(depth, slot, refusal):
    state = holding("Secret Door")
    power = {"powers": ["Secret Door"], "extra": [{"depth": depth, "slot": slot}]}
    if refusal is None:
        state, sentence = act(state, "stake-claim", depth="Mineshaft", slots=[1], **CAVES, **power)
        assert sentence.endswith("on 2 feats at the Mineshaft.")
        assert state["claim"]["feats"][-1] == {"depth": depth, "slot": slot}
        assert state["players"][0]["feats"] == []  # the power went back into the deck
        return
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError) as refused:
        act(state, "stake-claim", depth="Mineshaft", slots=[1], **CAVES, **power)
    assert str(refused.value) == refusal
    assert json.dumps(state, sort_keys=True) == before


def test_the_secret_door_asks_the_type_of_a_feat_the_catalog_does_not_know():
    state = holding("Secret Door")
    state = lay(state, "Ice Caves", "Gold", "Troll", "Mimic")  # the Mimic's type: not entered
    power = {"powers": ["Secret Door"], "extra": [{"depth": "Ice Caves", "slot": 2}]}
    with pytest.raises(RuleError) as refused:
        act(state, "stake-claim", depth="Mineshaft", slots=[1], **CAVES, **power)
    assert str(refused.value) == (
        "Enter the Mimic's type from its card first: the Secret Door adds only a Treasure feat."
    )


def test_each_power_adds_its_own_feat():
    # Another power's text is not the app's to read: its feat may lie here or next door.
    state = holding("Secret Door", "Trap Sense")
    both = {"powers": ["Secret Door", "Trap Sense"]}
    troll_and_gold = [{"depth": "Ice Caves", "slot": 1}, {"depth": "Ice Caves", "slot": 0}]
    state2, sentence = act(
        state, "stake-claim", depth="Mineshaft", slots=[1], **CAVES, **both, extra=troll_and_gold
    )
    assert "on 3 feats at the Mineshaft" in sentence
    two_trolls = [{"depth": "Ice Caves", "slot": 1}, {"depth": "Mineshaft", "slot": 2}]
    with pytest.raises(RuleError, match="The Secret Door adds a Treasure feat: the Troll is a"):
        act(state, "stake-claim", depth="Mineshaft", slots=[1], **CAVES, **both, extra=two_trolls)


def test_the_secret_door_cannot_take_a_face_down_feat():
    # A face-down feat is not inspected before it is collected: nobody can show it is a Treasure.
    rooms = {"modules": {"rooms": True}, "room_depths": ["Ice Caves", "Caverns", "Inferno"]}
    state = holding("Secret Door", **rooms)
    laid = [{"feat": "Gold"}, {"face_down": True}, {"feat": "Troll"}, {"face_down": True}]
    state, _ = act(state, "show-feats", depth="Ice Caves", feats=laid, room="Arcane Antechamber")
    power = {"powers": ["Secret Door"], "extra": [{"depth": "Ice Caves", "slot": 1}]}
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError) as refused:
        act(state, "stake-claim", depth="Mineshaft", slots=[1], **CAVES, **power)
    assert str(refused.value) == (
        "The feat at Ice Caves 2 lies face-down: the Secret Door adds only a Treasure feat."
    )
    assert json.dumps(state, sort_keys=True) == before
