"""Whole seeded games played by a simple bot, with the invariants checked after every move."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.engine import RuleError
from games.core.rng import Rng
from games.dark_tales.catalog import ITEMS
from games.dark_tales.effects import countable_places
from games.dark_tales.game import game
from games.dark_tales.state import State, in_play, seat_id, take_from_hand, visible_copies
from tests.games.dark_tales.conftest import TEST_CARDS

WHERE = ["discard", "common", "front"]
TYPES = ["male", "female", "villain", "place", "event"]


def pick_card(state: State, rng: Rng, hand: list[str] | None) -> str:
    # an unseen card is one of the copies left, if the card data counts them (conftest's test
    # deck counts all 48)
    catalog = state.catalog()
    names = [
        n
        for n in sorted(catalog.cards)
        if catalog.card(n).count is None or visible_copies(state, n) < catalog.card(n).count
    ]
    if hand is None and state.deck_top is not None:  # drawing or revealing: it's that one
        return state.deck_top
    if hand and (rng.randbelow(2) or not state.current.hand_unknown):
        return rng.choice(hand)
    while True:  # one Witch at most, or every player might stop drawing for good
        name = rng.choice(names)
        if name != "Witch" or visible_copies(state, "Witch") == 0:
            return name


def card_args(state: State, rng: Rng, name: str, from_hand: bool = True) -> dict[str, Any]:
    catalog = state.catalog()
    info = catalog.card(name)
    args: dict[str, Any] = {"card": name}
    if info.vp is None:
        args["vp"] = rng.randbelow(4)
    if info.goes is None:
        args["goes"] = rng.choice(WHERE)
    if info.count is None:  # asked at its first play: as many as are seen, or one more
        args["count"] = visible_copies(state, name) + 1 + rng.randbelow(2)
    if info.type is None and rng.randbelow(3) == 0:
        args["card_type"] = rng.choice(TYPES)
    if info.manual and rng.randbelow(4) == 0:
        args["bonus_vp"] = 1
    if info.effect == "dragon":
        refs = []
        for kind in ("place", "male"):
            targets = [(at, c) for at, c in in_play(state) if catalog.card(c).type == kind]
            if targets:
                at, c = rng.choice(targets)
                refs.append({"card": c, "at": at})
        args["discard"] = refs
    if info.effect == "take_item":
        left = [item for item in ITEMS if state.supply[item]]
        args["item"] = rng.choice(left) if left else None
    if info.effect == "gypsy":
        after = state.model_copy(deep=True)  # the hands as they are once the Gypsy is played
        if from_hand:
            take_from_hand(after, after.active, name)
        if countable_places(after) is None:
            args["revealed_places"] = rng.randbelow(3)
    return args


def item_args(state: State, rng: Rng) -> dict[str, Any] | None:
    player = state.current
    usable = [it for it in ITEMS if player.items[it] - state.gained[it] > 0]
    if not usable or state.deck == 0 or rng.randbelow(2):
        return None  # after the deck runs out, no items: an Armor loop could go on and on
    item = rng.choice(usable)
    args: dict[str, Any] = {"item": item}
    catalog = state.catalog()
    effect = catalog.settings[state.setting_a].item_effects.get(item)
    if effect is None:
        args["vp"] = rng.randbelow(3)
    elif effect.discard_in_play is not None:
        targets = [(at, c) for at, c in in_play(state) if catalog.card(c).type in ("villain", None)]
        if targets:
            at, c = rng.choice(targets)
            args["discard"] = {"card": c, "at": at, "type": catalog.card(c).type or "villain"}
    return args


def bot_move(state: State, rng: Rng) -> tuple[str, dict[str, Any], bool]:
    """(move, args, may be refused): the bot's choices are legal except the ones it flags."""
    seat = seat_id(state.active)
    phase, player = state.phase, state.current
    if phase == "scoring":
        view = game.view(state.model_dump(mode="json"), "table")
        for entry in view["end"]:
            if entry["missing"] and entry["manual"] is None:
                return "enter-bonus", {"player": entry["seat"], "vp": rng.randbelow(6)}, False
        return "reveal-scores", {}, False
    if rng.randbelow(25) == 0 and state.deck:
        extra = rng.choice(
            [
                ("take-item", {"item": rng.choice(ITEMS)}),
                ("adjust-vp", {"vp": 1 + rng.randbelow(3), "reason": "bot"}),
                ("move-card", {"src": "deck", "dst": f"hand:{seat}"}),
            ]
        )
        return extra[0], extra[1], True
    if phase == "draw":
        card = pick_card(state, rng, None) if rng.randbelow(2) else None
        return "draw", {"card": card}, False
    if phase == "item":
        args = item_args(state, rng)
        if args is not None:
            return "play-item", args, True
    if phase in ("item", "card"):
        if player.hand_count == 0:
            return "pass-turn", {}, False
        return "play-card", card_args(state, rng, pick_card(state, rng, player.hand)), False
    if phase == "reveal":
        name = pick_card(state, rng, None)
        if rng.randbelow(3) == 0:
            return "leave-revealed", {"card": name}, False
        return "play-revealed", card_args(state, rng, name, from_hand=False), False
    raise AssertionError(f"no move for phase {phase}")


def check_views(data: dict[str, Any], state: State, seats: list[str]) -> None:
    over = state.phase == "over"
    for seat in seats:
        view = json.loads(json.dumps(game.view(data, seat)))
        for entry in view["players"]:
            mine = entry["seat"] == seat
            assert ("hand" in entry) == mine
            assert ("vp" in entry) == (mine or over)


@settings(max_examples=50, deadline=None)
@given(
    seed=st.integers(0, 2**63),
    players=st.integers(2, 6),
    a=st.sampled_from(["A1", "A2", "A3"]),
    b=st.sampled_from(["B1", "B2", "B3"]),
)
def test_a_random_game_runs_to_the_end_without_breaking_an_invariant(seed, players, a, b):
    names = [f"P{i}" for i in range(players)]
    # invented, typed cards so the Dragon and Sword find targets, and every card's copies
    options = {"players": names, "setting_a": a, "setting_b": b, "cards": TEST_CARDS}
    data = game.setup(options, seed)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(3000):
        state = game.load(data)
        if state.phase == "over":
            break
        move, args, may_fail = bot_move(state, rng)
        own = args["player"] if move == "enter-bonus" else seat_id(state.active)
        seat = "table" if rng.randbelow(2) else own
        try:
            data, sentence = game.apply(data, move, args, seat)
        except RuleError:
            if not may_fail:
                raise
            if move == "play-item":
                data, sentence = game.apply(data, "skip-item", {}, seat)
            else:
                continue
        assert sentence
        state = game.load(data)
        assert game.invariants_fn(state) == []
        assert json.loads(json.dumps(data)) == data == state.model_dump(mode="json")
        check_views(data, state, ["table", seat_id(rng.randbelow(players))])
    state = game.load(data)
    check_views(data, state, ["table"] + [seat_id(i) for i in range(players)])
    outcome = game.outcome(data)
    assert outcome.finished, "the game did not end"
    assert outcome.winners and set(outcome.winners) <= set(outcome.scores)
    best = max(outcome.scores.values())
    assert all(outcome.scores[w] == best for w in outcome.winners)
