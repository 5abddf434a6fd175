"""What the playtester looks up about a world all the time, built once per world: the scenes
each card copy offers (copy ids as the campaign core unrolls the catalog), the scenes of each
location per season, the routes, the event cards, the places a scene's prerequisite names,
the entry scenes and the ending scenes."""

from __future__ import annotations

from typing import Any

from games.galzyr.campaign.build import endings_of
from storybook.format import conditions as c
from storybook.interpreter.effect_text import EffectView
from storybook.loading.world import World


class Index:
    def __init__(self, world: World):
        self.world = world
        info = world.info
        # copy id → the scenes it offers, in the order ``campaign.build.unroll`` lays copies
        self.scenes: list[tuple[int, ...]] = []
        for _, card in sorted(world.cards.items()):
            for variant in card.variants or [None]:
                copies = variant.copies if variant is not None else card.copies
                offered = (
                    card.scenes if variant is None or variant.scenes is None else variant.scenes
                )
                self.scenes += [tuple(offered)] * copies
        self.adventurers = [a.id for a in info.adventurers] if info else []
        self.locations = [loc.id for loc in info.locations] if info else []
        self.location_names = {loc.id: loc.name for loc in info.locations} if info else {}
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
        self.names = info.names() if info else {}
        self.endings = endings_of(world)
        # id of an effect of the world's scenes → its view, made once for the whole playtest
        # (the world, which holds every effect, outlives it)
        self.views: dict[int, EffectView] = {}


def _places_of(cond: Any) -> tuple[str, ...]:
    if isinstance(cond, c.At):
        return tuple(cond.at)
    if isinstance(cond, c.All):
        return tuple(p for sub in cond.all for p in _places_of(sub))
    return ()
