"""Random games: whatever legal-looking moves are tapped, the rules keep the table consistent.

Each step offers the moves the view says this moment allows, with random taps for their
arguments; a refused move must leave the state untouched, an accepted one must keep every
invariant, round-trip through JSON, and never show a face-down hero to another seat.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.engine import RuleError
from games.tavern_tales.catalog import DEPTHS
from games.tavern_tales.game import game
from games.tavern_tales.state import State

# A complete catalog a group might have entered (test data): 71 feats with tracks and types.
FEATS = [
    {"name": "Gold", "kind": "treasure", "count": 7},
    {"name": "Dragon Egg", "kind": "treasure", "count": 3, "track": [2, -3, 4]},
    {"name": "Mimic", "kind": "monster", "count": 3, "track": [-2]},
    {"name": "Boss Armor", "kind": "treasure", "count": 2},
    {"name": "Crystal Golem", "kind": "monster", "count": 2},
    {"name": "Gelatinous Cube", "kind": "monster", "count": 2},
    {"name": "Secret Door", "count": 1},
    {"name": "Trap Sense", "kind": "special", "count": 1},
    {"name": "Lucky Map", "kind": "special", "count": 1},
    {"name": "Ruby", "kind": "treasure", "gem": True, "count": 8, "track": [1, 2, 4, 6, 8]},
    {"name": "Troll", "kind": "monster", "count": 12, "track": [3]},
    {"name": "Goblin", "kind": "monster", "count": 14, "track": [1]},
    {"name": "Rescue", "kind": "quest", "count": 15, "track": [2, 2, 3, 3, 4]},
]
NAMES = [feat["name"] for feat in FEATS]
assert sum(feat["count"] for feat in FEATS) == 71


def a_tap(rnd, depth=None):
    """A hero as a player would tap it; usually one that fits ``depth`` when given."""
    if depth and rnd.random() < 0.7:
        return {"kind": "specialist", "depths": [depth]}
    return rnd.choice(
        [
            {"hero": "Dwarf"},
            {"hero": "Darkmander"},
            {"kind": "specialist", "depths": [rnd.choice(DEPTHS)]},
            {"kind": "adventurer", "depths": rnd.sample(DEPTHS, 2)},
        ]
    )


def spare_feats(state):
    """Feat names that still have copies neither on the table nor held."""
    named = [s["feat"] for row in state["depths"] for s in row["slots"] if s["feat"]]
    named += [h["feat"] for p in state["players"] for h in p["feats"]]
    return [f["name"] for f in FEATS if named.count(f["name"]) < f["count"]]


def candidates(rnd, state, view):
    """(move, args, seat) tuples worth trying now, most of them legal."""
    claim = state["claim"]
    turn_seat = f"p{state['active'] + 1}"
    found = []
    for move in view["moves"]:
        if move == "think-n-drink":
            found += [(move, {}, turn_seat)] * 2
        elif move == "redraw-hand":
            found.append((move, {}, "table"))
        elif move == "stake-claim":
            tap = a_tap(rnd)
            depth = rnd.choice(tap.get("depths") or list(DEPTHS))
            row = state["depths"][DEPTHS.index(depth)]
            filled = [i for i, slot in enumerate(row["slots"]) if not slot["empty"]] or [0]
            slots = rnd.sample(filled, min(len(filled), rnd.choice([1, 1, 2])))
            found += [(move, {**tap, "depth": depth, "slots": slots}, turn_seat)] * 3
        elif move == "pass-claim":
            found += [(move, {}, "table")] * 3
        elif move in ("one-up", "flip-table"):
            found.append((move, a_tap(rnd, claim["depth"]), "table"))
        elif move == "collect":
            unknown = sum(1 for feat in view["claim"]["feats"] if feat["feat"] is None)
            spare = spare_feats(state) or NAMES
            args = {
                "reveal": [rnd.choice(spare) for _ in range(unknown)],
                "boss_armor": rnd.choice(["two", "per-monster"]),
                "crystal_golem": rnd.choice(["two", "Ruby"]),
                "gelatinous_cube": rnd.choice(["two", "draw"]),
                "drawn": [rnd.choice(spare)],
            }
            found += [(move, args, "table"), (move, {**args, "crystal_golem": "two"}, "table")]
    if rnd.random() < 0.3:
        depth = rnd.choice(state["depths"])
        spare = spare_feats(state) or NAMES
        shown = [
            {**slot, "feat": None if slot["face_down"] or slot["empty"] else rnd.choice(spare)}
            for slot in depth["slots"]
        ]
        found.append(("show-feats", {"depth": depth["name"], "feats": shown}, "table"))
    if rnd.random() < 0.05:
        who = rnd.randrange(len(state["players"]))
        found.append(("adjust-prestige", {"player": who, "points": rnd.randint(-5, 10)}, "table"))
    return found


def check_secrets(state):
    if not state["claim"]:
        return
    for index, play in enumerate(state["claim"]["plays"]):
        if not play["secret"]:
            continue
        for seat in ["table"] + [f"p{i + 1}" for i in range(len(state["players"]))]:
            shown = game.view(state, seat)["claim"]["plays"][index]
            assert ("hero" in shown) == (seat == f"p{play['player'] + 1}")


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    players=st.integers(2, 5),
    elites=st.booleans(),
    rooms=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_random_games_keep_the_table_consistent(data, players, elites, rooms, seed):
    options = {
        "players": [f"P{i}" for i in range(players)],
        "modules": {"elite_heroes": elites, "rooms": rooms},
        "epic_duel": players == 2 and data.draw(st.booleans()),
        "catalog": {"feats": FEATS},
    }
    state = game.setup(options, seed)
    # One seed drives the taps: hypothesis-backed randoms cost more than the rules themselves.
    rnd = random.Random(data.draw(st.integers(0, 2**32)))
    accepted = 0
    for _ in range(150):
        if state["phase"] == "over":
            break
        view = game.view(state, "table")
        move, args, seat = rnd.choice(candidates(rnd, state, view))
        before = json.dumps(state, sort_keys=True)
        try:
            new, sentence = game.apply(state, move, args, seat)
        except RuleError as refused:
            assert str(refused) and not str(refused).startswith("That would break the rules")
            assert json.dumps(state, sort_keys=True) == before
            continue
        accepted += 1
        assert sentence and isinstance(sentence, str)
        loaded = State.model_validate(json.loads(json.dumps(new)))
        assert loaded.model_dump(mode="json") == new
        assert game.invariants_fn(loaded) == []
        assert all(p["prestige"] >= 0 for p in new["players"])
        check_secrets(new)
        state = new
    for seat in game.seats(state):
        json.dumps(game.view(state, seat.id))
    outcome = game.outcome(state)
    assert outcome.finished == (state["phase"] == "over")
    assert accepted > 0
