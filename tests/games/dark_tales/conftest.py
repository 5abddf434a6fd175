"""A small table driver for the Dark Tales rules tests.

The Castle, Tower, Knight and Goblin are invented for the tests (the real card list is
not ours to guess): they give the Dragon and the Sword something typed to take.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from games.core.engine import RuleError, dump
from games.dark_tales.catalog import CARDS
from games.dark_tales.game import game
from games.dark_tales.state import State, visible_copies, zone

# A test deck of the real deck's 48 cards, its copies invented too (the rulebook prints no
# card's copies): a card's first play asks its copies until they are known
# (questions.NEEDED), so the rulebook examples play cards a group has entered. The Castles
# fill what the tests don't name (``discard_the_deck``).
COPIES = {
    "Castle": 20,
    "Tower": 2,
    "Knight": 3,
    "Goblin": 2,
    "Dragon": 2,
    "Wizard": 2,
    "Enchantment": 2,
    "Gypsy": 2,
    "Witch": 1,
    "Ogre": 2,
    "Princess": 2,
    "Old Sage": 1,
    "Dark Lord": 1,
    "Secret Helper": 1,
    "Night": 3,
    "Night Creature": 2,
}
INVENTED = [
    {"name": "Castle", "type": "place", "goes": "common", "vp": 1, "manual": False},
    {"name": "Tower", "type": "place", "goes": "common", "vp": 1, "manual": False},
    {"name": "Knight", "type": "male", "goes": "front", "vp": 2, "manual": False},
    {"name": "Goblin", "type": "villain", "goes": "front", "vp": 1, "manual": False},
]
# The invented cards with their copies: a table of these alone asks about every shipped card.
INVENTED_CARDS = [{**card, "count": COPIES[card["name"]]} for card in INVENTED]
TEST_CARDS = INVENTED_CARDS + [
    {"name": name, "count": n} for name, n in COPIES.items() if name in CARDS
]
assert sum(COPIES.values()) == 48


def discard_the_deck(state: State) -> None:
    """Empty the deck into the discard pile, as if played out: the copies no one has seen
    yet, the Castles last, so the hands left unnamed can still be played as Castles."""
    order = sorted(COPIES, key=lambda name: name == "Castle")
    for name in order:
        unseen = COPIES[name] - visible_copies(state, name)
        taken = min(max(unseen, 0), state.deck)
        state.discard += [name] * taken
        state.deck -= taken
    assert state.deck == 0, "the test deck has no copies left to discard"


class Table:
    def __init__(self, players=("Mara", "Bo"), seed: int = 7, **options: Any) -> None:
        opts = {
            "players": list(players),
            "setting_a": "A1",
            "setting_b": "B1",
            "first_player": players[0],
            "cards": TEST_CARDS,
            **options,
        }
        self.data = game.setup(opts, seed)
        self.log: list[str] = []

    def move(self, move: str, /, seat: str = "table", **args: Any) -> str:
        self.data, sentence = game.apply(self.data, move, args, seat)
        self.log.append(sentence)
        return sentence

    def refused(self, move: str, /, seat: str = "table", **args: Any) -> str:
        before = json.dumps(self.data, sort_keys=True)
        with pytest.raises(RuleError) as caught:
            self.move(move, seat=seat, **args)
        assert json.dumps(self.data, sort_keys=True) == before
        return str(caught.value)

    @property
    def state(self) -> State:
        return game.load(self.data)

    def edit(self, change: Callable[[State], None]) -> None:
        """Arrange a situation by hand (cards still add up: the invariants are checked)."""
        state = self.state
        change(state)
        game.check(state)
        self.data = dump(state)

    def put(self, name: str, at: str = "common") -> None:
        """A card from the deck lands in play (as if played earlier)."""

        def change(state: State) -> None:
            state.deck -= 1
            zone(state, at)[0].append(name)

        self.edit(change)

    def give(self, player: int, *names: str) -> None:
        """Name the unknown cards in a player's hand (or add cards from the deck)."""

        def change(state: State) -> None:
            p = state.players[player]
            for name in names:
                if p.hand_unknown:
                    p.hand_unknown -= 1
                else:
                    state.deck -= 1
                p.hand.append(name)

        self.edit(change)

    def vp(self, player: int) -> int:
        return self.state.players[player].vp

    def view(self, seat: str) -> dict[str, Any]:
        return game.view(self.data, seat)

    def to_card_phase(self) -> None:
        self.move("draw")
        self.move("skip-item")


@pytest.fixture
def table() -> Callable[..., Table]:
    return Table
