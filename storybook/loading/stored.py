"""A loaded world as plain JSON, and back: what the database keeps and the reader opens.

Pure Python (no Django). ``world_data`` dumps the validated models with their YAML names
(``from``, ``not``) and without default values, so the JSON reads like the book and
``scene_from_data`` / ``world_from_data`` validate it back to equal models. Scene and card
keys are their numbers as text ("1001", "201"), as ``json.dumps`` writes an int key.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from storybook.format import Card, EventCard, Scene, WorldInfo
from storybook.loading.world import World

DATA_FORMAT = 1


def _dump(model: Any) -> Any:
    return model.model_dump(mode="json", by_alias=True, exclude_defaults=True)


def world_data(world: World) -> dict[str, Any]:
    """The whole validated world: info, cards, events and scenes (and each scene's file)."""
    assert world.info is not None, "only a loaded world (load_world) can be stored"
    return {
        "format": DATA_FORMAT,
        "info": _dump(world.info),
        "cards": {str(n): _dump(card) for n, card in sorted(world.cards.items())},
        "events": [_dump(ev) for ev in world.events],
        "scenes": {str(n): _dump(scene) for n, scene in sorted(world.scenes.items())},
        "scene_files": {str(n): world.scene_files[n] for n in sorted(world.scenes)},
    }


def content_hash(data: dict[str, Any]) -> str:
    """sha256 of the canonical JSON: equal worlds hash equal, whatever the YAML looked like."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def scene_from_data(data: dict[str, Any]) -> Scene:
    return Scene.model_validate(data)


def world_from_data(data: dict[str, Any], slug: str = "world") -> World:
    """A typed ``World`` from ``world_data`` output (no sources: lines are unknown)."""
    world = World(root=Path(slug))
    world.info = WorldInfo.model_validate(data["info"])
    world.cards = {int(n): Card.model_validate(c) for n, c in data["cards"].items()}
    world.events = [EventCard.model_validate(ev) for ev in data["events"]]
    world.scenes = {int(n): Scene.model_validate(s) for n, s in data["scenes"].items()}
    world.scene_files = {int(n): f for n, f in data.get("scene_files", {}).items()}
    world.cards_ok = True
    return world
