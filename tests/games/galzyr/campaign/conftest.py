"""Worlds for the campaign tests.

``galzyr`` is fixtures/worlds/lands-of-galzyr as shipped (facts only). ``rich`` is the same
world with invented cards added (items, companions, statuses with timer boxes and save effects,
local and global statuses, quests with pickup locations) and routes joining the 8 locations
in a ring with one shortcut: the published cards are not ours to guess, so these exist only
here, to exercise every rule.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from games.galzyr.campaign import Campaign, check, new_campaign, setup_game
from storybook.format import Card, Route
from storybook.lint.folder import load_world
from storybook.loading.world import World

ROOT = Path(__file__).resolve().parents[4]
GALZYR = ROOT / "fixtures" / "worlds" / "lands-of-galzyr"
LOCATIONS = [f"location-{i}" for i in range(1, 9)]


def _galzyr() -> World:
    return load_world(GALZYR)


GALZYR_WORLD = _galzyr()


def _card(**kw) -> Card:
    return Card.model_validate(kw)


EXTRA_CARDS = [
    _card(number=201, type="item", name="Lantern", gold=3, tags=["tool"]),
    _card(number=202, type="item", name="Rope", copies=3, gold=1),
    _card(number=203, type="item", name="Charm", timer=3, save="Discard this card."),
    _card(
        number=205,
        type="item",
        name="Trinket",
        variants=[{"name": "Compass", "gold": 4}, {"name": "Float", "copies": 2}],
    ),
    _card(number=213, type="item", name="Satchel"),
    _card(number=250, type="companion", name="Stray dog", timer=2, save="Discard this card."),
    _card(number=251, type="companion", name="Guide"),
    _card(number=301, type="adventurer_status", name="Soaked", timer=2, copies=2),
    _card(number=302, type="adventurer_status", name="Wounded", timer=4, save="Discard this card."),
    _card(number=303, type="adventurer_status", name="Rested"),
    _card(number=401, type="local_status", name="Fog", timer=3),
    _card(number=402, type="local_status", name="Market day"),
    _card(number=501, type="global_status", name="Storm season", timer=5),
    _card(
        number=502,
        type="global_status",
        name="Festival",
        save="Put this card into the global save slot.",
    ),
    *[
        _card(
            number=n,
            type="quest",
            name=f"Quest {n}",
            pickup=LOCATIONS[n % 8],
            abandon="Lose 1 prestige.",
        )
        for n in range(160, 166)
    ],
]
RING = [Route(between=[LOCATIONS[i], LOCATIONS[(i + 1) % 8]]) for i in range(8)]
SHORTCUT = Route(between=["location-1", "location-5"], seasons=["summer"])


def rich_world() -> World:
    """The Galzyr facts plus invented cards and routes; quests of the quest slot get pickups."""
    base = _galzyr()
    cards = dict(base.cards)
    for n in range(127, 149):
        cards[n] = cards[n].model_copy(update={"pickup": LOCATIONS[n % 8]})
    for card in EXTRA_CARDS:
        cards[card.number] = card
    info = base.info.model_copy(update={"routes": [*RING, SHORTCUT]})
    return dataclasses.replace(base, cards=cards, info=info)


RICH_WORLD = rich_world()


def roundtrip(state: Campaign) -> Campaign:
    data = json.loads(json.dumps(state.model_dump(mode="json")))
    again = Campaign.model_validate(data)
    assert again == state
    assert again.model_dump(mode="json") == data
    return again


def assert_ok(state: Campaign) -> None:
    assert check(state) == []


@pytest.fixture
def galzyr() -> Campaign:
    state, _ = new_campaign(GALZYR_WORLD, seed=1)
    return state


@pytest.fixture
def rich() -> Campaign:
    state, _ = new_campaign(RICH_WORLD, seed=3)
    return state


@pytest.fixture
def playing(rich: Campaign) -> Campaign:
    """Bumir and Mor in a co-operative game, both at location-1, Bumir starting."""
    setup_game(
        rich,
        ["bumir", "mor"],
        "cooperative",
        starting="bumir",
        positions={"bumir": "location-1", "mor": "location-1"},
    )
    assert_ok(rich)
    return rich


def cid_of(state: Campaign, number: int, key: str | None = None) -> int:
    """The first copy of ``number`` (in ``key`` if given)."""
    where = state.where()
    for cid in state.numbered(number):
        if key is None or where[cid] == key:
            return cid
    raise LookupError(number)
