"""Lint: everything the schema cannot see — references, coverage, ways out, reachability.

``check_world(world)`` returns every finding beyond the schema; ``storybook.lint.folder``'s
``lint_world(path)`` adds them to the schema's, sorted by file and line. Errors make
``load_world`` refuse the world; warnings are advice to the writer.
"""

from __future__ import annotations

from storybook.format import (
    Card,
)
from storybook.format import effects as e
from storybook.lint.flow import FlowChecks, all_effects, scene_links
from storybook.lint.refs import RefChecks, a_type, card_label, scene_label
from storybook.lint.scenes import SceneChecks
from storybook.loading.diagnostics import Diagnostic, Severity
from storybook.loading.schema_text import did_you_mean
from storybook.loading.world import CARDS_FILE, EVENTS_FILE, WORLD_FILE, World

P = tuple  # a data path inside a file


def check_world(world: World) -> list[Diagnostic]:
    """The checks beyond the schema, over whatever parts of ``world`` loaded."""
    linter = _Linter(world)
    linter.run()
    return linter.diags


class _Linter(RefChecks, SceneChecks, FlowChecks):
    def __init__(self, world: World):
        self.w = world
        self.diags: list[Diagnostic] = []
        info = world.info
        self.has_info = info is not None
        self.skills = {s.id for s in info.skills} if info else set()
        self.tags = {t.id for t in info.tags} if info else set()
        self.terrain = {t.id for t in info.terrain} if info else set()
        self.adventurers = {a.id for a in info.adventurers} if info else set()
        self.icons = {a.icon for a in info.adventurers} if info else set()
        self.locations = {loc.id for loc in info.locations} if info else set()

    # -- helpers ---------------------------------------------------------------------------
    def add(self, severity: Severity, file: str, path: P, message: str) -> None:
        self.diags.append(Diagnostic(severity, file, self.w.line(file, path), message))

    def error(self, file: str, path: P, message: str) -> None:
        self.add("error", file, path, message)

    def warn(self, file: str, path: P, message: str) -> None:
        self.add("warning", file, path, message)

    def note(self, file: str, path: P, message: str) -> None:
        self.add("note", file, path, message)

    def card(self, file: str, path: P, number: int, types: tuple[str, ...] = ()) -> Card | None:
        if not self.w.cards_ok:
            return None
        card = self.w.cards.get(number)
        if card is None:
            self.error(file, path, f"unknown card {number:03d} (not in cards.yaml)")
            return None
        if types and card.type not in types:
            want = " or ".join(a_type(t) for t in types)
            self.error(
                file, path, f"{card_label(number)} '{card.name}' is {a_type(card.type)}, not {want}"
            )
        return card

    def scene_ref(self, file: str, path: P, number: int, what: str) -> None:
        # a scene whose file failed to load exists; its own errors are already reported
        if number not in self.w.scenes and number not in self.w.broken_scenes:
            self.error(file, path, f"{what} {scene_label(number)}, which does not exist")

    def known(self, kind: str, known: set[str], value: str, file: str, path: P) -> None:
        if self.has_info and value not in known:
            hint = did_you_mean(value, known)
            if not hint and 0 < len(known) <= 12:
                hint = f" (known: {', '.join(sorted(known))})"
            self.error(file, path, f"unknown {kind} '{value}'{hint}")

    def unique(self, file: str, base: P, items: list, attr: str, what: str) -> None:
        seen: dict[str, int] = {}
        for i, item in enumerate(items):
            value = getattr(item, attr)
            if value in seen:
                self.error(
                    file,
                    (*base, i, attr),
                    f"duplicate {what} '{value}' (first on line "
                    f"{self.w.line(file, (*base, seen[value]))})",
                )
            else:
                seen[value] = i

    # -- the checks ------------------------------------------------------------------------
    def run(self) -> None:
        if self.w.info is not None:
            self.check_world_file()
        if self.w.cards_ok:
            self.check_cards()
        self.check_events()
        for number in sorted(self.w.scenes):
            self.check_scene(self.w.scenes[number], self.w.scene_files[number])
        self.check_flow()

    def check_world_file(self) -> None:
        info, f = self.w.info, WORLD_FILE
        assert info is not None
        if len(info.skills) != 6:
            self.error(f, ("skills",), f"the skill circle has six skills, not {len(info.skills)}")
        self.unique(f, ("skills",), info.skills, "id", "skill")
        self.unique(f, ("terrain",), info.terrain, "id", "terrain")
        self.unique(f, ("tags",), info.tags, "id", "tag")
        self.unique(f, ("adventurers",), info.adventurers, "id", "adventurer")
        self.unique(f, ("adventurers",), info.adventurers, "icon", "adventurer icon")
        self.unique(f, ("locations",), info.locations, "id", "location")
        for i, adv in enumerate(info.adventurers):
            for j, tag in enumerate(adv.tags):
                self.known("tag", self.tags, tag, f, ("adventurers", i, "tags", j))
            for skill in adv.marks:
                self.known("skill", self.skills, skill, f, ("adventurers", i, "marks", skill))
        card_owner: dict[int, str] = {}
        numbers: dict[int, str] = {}
        for i, loc in enumerate(info.locations):
            if loc.number is not None:
                if loc.number in numbers:
                    self.error(
                        f,
                        ("locations", i, "number"),
                        f"location number {loc.number} is also '{numbers[loc.number]}'",
                    )
                numbers[loc.number] = loc.id
            for j, number in enumerate(loc.cards):
                self.card(f, ("locations", i, "cards", j), number, ("location",))
                if number in card_owner:
                    self.error(
                        f,
                        ("locations", i, "cards", j),
                        f"location card {number:03d} already forms '{card_owner[number]}'",
                    )
                card_owner[number] = loc.id
            for season in ("summer", "winter"):
                side = loc.side(season)
                for j, t in enumerate(side.terrain):
                    self.known(
                        "terrain", self.terrain, t, f, ("locations", i, season, "terrain", j)
                    )
                for j, s in enumerate(side.scenes):
                    self.scene_ref(
                        f, ("locations", i, season, "scenes", j), s, "the location offers"
                    )
        if self.w.cards_ok and info.locations:
            self.check_unplaced(card_owner)
        pairs: dict[frozenset[str], int] = {}
        for i, route in enumerate(info.routes):
            a, b = route.between
            for j, lid in enumerate(route.between):
                self.known("location", self.locations, lid, f, ("routes", i, "between", j))
            if a == b:
                self.error(f, ("routes", i), f"a route from '{a}' to itself")
            key = frozenset((a, b))
            if key in pairs:
                self.warn(f, ("routes", i), f"route {a} – {b} is listed twice")
            pairs[key] = i
        for j, s in enumerate(info.entry_scenes):
            self.scene_ref(f, ("entry_scenes", j), s, "entry_scenes names")
        for aid in info.reset.vault_on_reset if info.reset else ():
            self.known("adventurer", self.adventurers, aid, f, ("reset", "vault_on_reset", aid))

    def check_unplaced(self, card_owner: dict[int, str]) -> None:
        """Location cards no location is formed of: a warning, unless the world declares
        that placing them is the box's owner's to do (``owner_enters: [location_cards]``),
        then one note naming them all."""
        unplaced = [n for n, card in sorted(self.w.cards.items()) if card.type == "location"]
        unplaced = [n for n in unplaced if n not in card_owner]
        assert self.w.info is not None
        if unplaced and "location_cards" in self.w.info.owner_enters:
            listed = ", ".join(f"#{n:03d}" for n in unplaced)
            self.note(
                WORLD_FILE,
                ("owner_enters",),
                f"location cards {listed} form no location yet: which cards form which "
                "location is for the box's owner to enter (the catalog page's map)",
            )
            return
        for number in unplaced:
            self.warn(
                CARDS_FILE,
                self._card_path(number),
                f"location {card_label(number)} is not part of any location in world.yaml",
            )

    def _card_path(self, number: int) -> P:
        src = self.w.sources.get(CARDS_FILE)
        if src and isinstance(src.data, dict):
            for i, raw in enumerate(src.data.get("cards") or []):
                if isinstance(raw, dict) and raw.get("number") == number:
                    return ("cards", i)
        return ()

    def check_cards(self) -> None:
        f = CARDS_FILE
        for number, card in sorted(self.w.cards.items()):
            base = self._card_path(number)
            for j, tag in enumerate(card.tags):
                self.known("tag", self.tags, tag, f, (*base, "tags", j))
            if card.icon:
                self.known("adventurer icon", self.icons, card.icon, f, (*base, "icon"))
            for j, s in enumerate(card.scenes):
                self.scene_ref(f, (*base, "scenes", j), s, f"{card_label(number)} offers")
            if card.pickup is not None:
                self.known("location", self.locations, card.pickup, f, (*base, "pickup"))
                if card.type != "quest":
                    self.warn(f, (*base, "pickup"), "only quests have a pickup location")
            seen_icons: set[str] = set()
            for k, v in enumerate(card.variants):
                vb = (*base, "variants", k)
                if v.icon:
                    self.known("adventurer icon", self.icons, v.icon, f, (*vb, "icon"))
                    if v.icon in seen_icons:
                        self.error(f, (*vb, "icon"), f"two variants with the icon '{v.icon}'")
                    seen_icons.add(v.icon)
                for j, tag in enumerate(v.tags or []):
                    self.known("tag", self.tags, tag, f, (*vb, "tags", j))
                for j, s in enumerate(v.scenes or []):
                    self.scene_ref(f, (*vb, "scenes", j), s, f"{card_label(number)} offers")

    def check_events(self) -> None:
        f = EVENTS_FILE
        seen: dict[int, int] = {}
        for i, ev in enumerate(self.w.events):
            self.card(f, ("events", i, "card"), ev.card, ("event",))
            if ev.card in seen:
                self.error(
                    f,
                    ("events", i, "card"),
                    f"event {card_label(ev.card)} is listed twice "
                    f"(first on line {self.w.line(f, ('events', seen[ev.card]))})",
                )
            seen.setdefault(ev.card, i)
            fallback: int | None = None
            for j, entry in enumerate(ev.scenes):
                path = ("events", i, "scenes", j)
                self.scene_ref(f, (*path, "scene"), entry.scene, "the event card lists")
                if fallback is not None:
                    self.error(
                        f,
                        path,
                        f"{scene_label(entry.scene)} can never be chosen: the entry on line "
                        f"{self.w.line(f, ('events', i, 'scenes', fallback))} has no "
                        "prerequisite and always wins first",
                    )
                if entry.prerequisite is None:
                    fallback = j if fallback is None else fallback
                else:
                    self.condition(f, (*path, "prerequisite"), entry.prerequisite, None)
                scene = self.w.scenes.get(entry.scene)
                if scene is not None and scene.prerequisite is not None:
                    sf = self.w.scene_files[entry.scene]
                    self.warn(
                        sf,
                        ("prerequisite",),
                        f"{scene_label(entry.scene)} is opened by event {card_label(ev.card)}, "
                        "whose entry decides; the scene's own prerequisite is not used there",
                    )
            for j, entry in enumerate(ev.scenes):
                if entry.scene in self.w.scenes and not self._places_event(entry.scene):
                    self.warn(
                        f,
                        ("events", i, "scenes", j, "scene"),
                        f"{scene_label(entry.scene)} never says where the event card goes: "
                        "add 'put: {card: event, …}' or 'discard: event' (there or in a scene "
                        "it goes to)",
                    )
            if fallback is None:
                self.error(
                    f,
                    ("events", i),
                    f"event {card_label(ev.card)} has no fallback: give its last scene no "
                    "prerequisite so that some scene always opens",
                )

    def _places_event(self, start: int) -> bool:
        """Does the scene, or a scene it goes to, put or discard the drawn event card?"""
        seen: set[int] = set()
        todo = [start]
        while todo:
            n = todo.pop()
            if n in seen or n not in self.w.scenes:
                continue
            seen.add(n)
            scene = self.w.scenes[n]
            for eff in all_effects(scene):
                if isinstance(eff, e.Discard) and eff.discard == "event":
                    return True
                if isinstance(eff, e.Put) and eff.put.card == "event":
                    return True
            todo.extend(scene_links(scene))
        return False
