"""Static facts about a world that the simulated campaign looks up all the time: every physical
copy of every card (a copy id is its position in these lists), locations, routes per season,
event cards, which places a scene's prerequisite asks for, the entry scenes.

Built once per world; ``Campaign`` (``storybook.campaign``) holds the state that changes.
"""

from __future__ import annotations

from typing import Any

from storybook.format import Card
from storybook.format import conditions as c
from storybook.loading.world import World


class Index:
    """Static facts about a world that the simulation looks up all the time."""

    def __init__(self, world: World):
        self.world = world
        info = world.info
        self.card: list[int] = []  # copy id → card number
        self.tags: list[frozenset[str]] = []
        self.icon: list[str | None] = []
        self.timer: list[int | None] = []
        self.scenes: list[tuple[int, ...]] = []
        self.type: list[str] = []
        self.name: list[str] = []
        self.by_card: dict[int, list[int]] = {}
        for number, card in sorted(world.cards.items()):
            for variant in card.variants or [None]:
                copies = variant.copies if variant is not None else card.copies
                for _ in range(copies):
                    self._add(number, card, variant)
        self.adventurers = list(info.adventurers) if info else []
        self.locations = [loc.id for loc in info.locations] if info else []
        self.location_names = {loc.id: loc.name for loc in info.locations} if info else {}
        self.location_cards = {n for loc in info.locations for n in loc.cards} if info else set()
        self.location_scenes: dict[tuple[str, str], tuple[int, ...]] = {}
        for loc in info.locations if info else []:
            for season in ("summer", "winter"):
                self.location_scenes[(loc.id, season)] = tuple(loc.side(season).scenes)
        self.routes: dict[str, dict[str, list[str]]] = {"summer": {}, "winter": {}}
        for route in info.routes if info else []:
            a, b = route.between
            for season in route.seasons:
                self.routes[season].setdefault(a, []).append(b)
                self.routes[season].setdefault(b, []).append(a)
        self.events = {ev.card: ev for ev in world.events}
        # scene → the locations its prerequisite asks for (``at``, alone or in an ``all``)
        self.scene_places: dict[int, tuple[str, ...]] = {}
        for n, scene in world.scenes.items():
            places = _places_of(scene.prerequisite)
            if places:
                self.scene_places[n] = places
        self.entry_scenes = list(info.entry_scenes) if info else []
        self.names = world.names()

    def _add(self, number: int, card: Card, variant: Any) -> None:
        def pick(attr: str) -> Any:
            value = getattr(variant, attr, None) if variant is not None else None
            return value if value is not None else getattr(card, attr)

        cid = len(self.card)
        self.card.append(number)
        self.tags.append(frozenset(pick("tags")))
        self.icon.append(pick("icon"))
        self.timer.append(pick("timer"))
        self.scenes.append(tuple(pick("scenes")))
        self.type.append(card.type)
        self.name.append(pick("name"))
        self.by_card.setdefault(number, []).append(cid)


def _places_of(cond: Any) -> tuple[str, ...]:
    if isinstance(cond, c.At):
        return tuple(cond.at)
    if isinstance(cond, c.All):
        return tuple(p for sub in cond.all for p in _places_of(sub))
    return ()
