"""The loaded world: typed parts plus where each came from (file and line)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from storybook.format import Adventurer, Card, EventCard, Location, Scene, WorldInfo
from storybook.loading.diagnostics import Diagnostic
from yaml_source import Path as DataPath
from yaml_source import Source

WORLD_FILE = "world.yaml"
CARDS_FILE = "cards.yaml"
EVENTS_FILE = "events.yaml"
SCENES_DIR = "scenes"


@dataclass
class World:
    """A world package. Parts that failed to load are ``None`` / missing (lint only)."""

    root: Path
    info: WorldInfo | None = None
    cards: dict[int, Card] = field(default_factory=dict)
    events: list[EventCard] = field(default_factory=list)
    scenes: dict[int, Scene] = field(default_factory=dict)
    sources: dict[str, Source] = field(default_factory=dict)  # file → parsed source
    scene_files: dict[int, str] = field(default_factory=dict)  # scene number → file
    broken_scenes: set[int] = field(default_factory=set)  # files that exist but did not load
    cards_ok: bool = False
    events_ok: bool = True  # events.yaml is absent or validated  # cards.yaml validated, so "unknown card" checks are meaningful
    warnings: list[Diagnostic] = field(default_factory=list)
    notes: list[Diagnostic] = field(default_factory=list)  # what the owner is to enter

    @property
    def slug(self) -> str:
        return self.root.name

    @property
    def name(self) -> str:
        return self.info.name if self.info else self.slug

    def line(self, file: str, path: DataPath = ()) -> int:
        src = self.sources.get(file)
        return src.line(path) if src else 0

    def scene(self, number: int) -> Scene:
        return self.scenes[number]

    def event(self, card: int) -> EventCard | None:
        for ev in self.events:
            if ev.card == card:
                return ev
        return None

    def location(self, lid: str) -> Location | None:
        if self.info:
            for loc in self.info.locations:
                if loc.id == lid:
                    return loc
        return None

    def adventurer(self, aid: str) -> Adventurer | None:
        if self.info:
            for adv in self.info.adventurers:
                if adv.id == aid:
                    return adv
        return None

    def skill_name(self, sid: str) -> str:
        if self.info:
            for s in self.info.skills:
                if s.id == sid:
                    return s.name
        return sid

    def tag_name(self, tid: str) -> str:
        if self.info:
            for t in self.info.tags:
                if t.id == tid:
                    return t.name
        return tid

    def skill_circle(self) -> list[str]:
        return [s.id for s in self.info.skills] if self.info else []

    def adjacent_skills(self, sid: str) -> list[str]:
        """The two neighbours of a skill in the circle (they have synergy)."""
        circle = self.skill_circle()
        if sid not in circle:
            return []
        i = circle.index(sid)
        return [circle[i - 1], circle[(i + 1) % len(circle)]]
