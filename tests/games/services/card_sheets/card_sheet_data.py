"""Filled-in card-data sheets for the tests: invented values (the real cards are not ours to
guess) on top of what the rulebooks print, and the POST a browser sends for a sheet."""

from __future__ import annotations

from typing import Any

from games.services import card_sheets
from games.services.card_sheets.base import grid
from tests.games.tales_of_danger.conftest import full_catalog


def post_for(slug: str, data: dict[str, Any], **extra: str) -> dict[str, Any]:
    """What the sheet page's form sends when nobody changes a value (lists for ticked boxes)."""
    post: dict[str, Any] = dict(extra)
    for section in card_sheets.rows(slug, data):
        post[f"{section.key}-rows"] = str(len(section.rows))
        for line in grid(section):
            if line["row"].fixed:
                post[line["id"]] = line["row"].id
            else:
                post[line["name"]] = line["row"].values.get("name", "")
            for cell in line["cells"]:
                post[cell["name"]] = cell["value"]
    return post


def tales_of_danger() -> dict[str, Any]:
    data = full_catalog()
    for i, values in enumerate(data["sponsors"].values()):
        values.update(name=f"Patron {i + 1}", title="of the Coast", icon=f"icon{i + 1}")
    return data


DARK_NEW = [("Prince", 6, "male", 2, "front"), ("Castle", 6, "place", 1, "common")]


def dark_tales() -> dict[str, Any]:
    """Every shipped card counted and typed, and two new names: 48 cards in all."""
    cards: list[dict[str, Any]] = []
    shipped = {
        "Dragon": (2, "villain", None, "discard"),
        "Wizard": (3, "male", None, None),
        "Enchantment": (3, "event", None, None),
        "Gypsy": (3, "female", None, "discard"),
        "Witch": (2, "villain", 0, "front"),
        "Ogre": (3, "villain", 2, None),
        "Princess": (4, "female", 2, "front"),
        "Old Sage": (3, "male", 1, None),
        "Dark Lord": (2, "villain", 3, "front"),
        "Secret Helper": (3, "male", 1, "discard"),
        "Night": (5, "event", 0, "common"),
        "Night Creature": (3, "villain", 1, None),
    }
    for name, (count, kind, vp, goes) in shipped.items():
        card = {"name": name, "count": count, "type": kind}
        if vp is not None:
            card["vp"] = vp
        if goes is not None:
            card["goes"] = goes
        cards.append(card)
    for name, count, kind, vp, goes in DARK_NEW:
        cards.append({"name": name, "count": count, "type": kind, "vp": vp, "goes": goes})
    return {"cards": cards}


def tavern_tales() -> dict[str, Any]:
    return {
        "catalog": {
            "feats": [
                {"name": "Gold", "kind": "treasure", "count": 7},
                {"name": "Dragon Egg", "kind": "treasure", "count": 4, "track": [2, 2, -3]},
                {"name": "Mimic", "kind": "monster", "count": 3, "track": [3, -2]},
                {"name": "Ruby", "kind": "treasure", "count": 6, "track": [1, 2, 3, 4]},
            ],
            "heroes": [
                {"name": "Boblin", "kind": "adventurer", "depths": ["Caverns", "Inferno"]},
                {"name": "Dwarf", "count": 4},
            ],
        }
    }


FILLED = {
    "tales-of-danger": tales_of_danger,
    "dark-tales": dark_tales,
    "tavern-tales": tavern_tales,
}
