"""Lint: everything the schema cannot see — references, coverage, ways out, reachability.

``lint_world(path)`` returns every diagnostic (schema errors included), sorted by file and
line. Errors make ``load_world`` refuse the world; warnings are advice to the writer.
"""

from __future__ import annotations

import functools
from collections import deque
from pathlib import Path

from .diagnostics import Diagnostic, Severity, sort_diagnostics
from .format import (
    DIFFICULTY_SUCCESSES,
    MONTHS,
    WEEKDAYS,
    Card,
    Paragraph,
    Scene,
    Variants,
    season_of,
)
from .format import conditions as c
from .format import effects as e
from .format.scenes import Filters
from .outcomes import coverage, outcome_ranges
from .world import CARDS_FILE, EVENTS_FILE, WORLD_FILE, World

P = tuple  # a data path inside a file


def lint_world(path: str | Path) -> list[Diagnostic]:
    """Every error and warning for the world folder at ``path``."""
    from .loader import read_world

    world, diagnostics = read_world(path)
    return sort_diagnostics(set(diagnostics + check_world(world)))


def check_world(world: World) -> list[Diagnostic]:
    """The checks beyond the schema, over whatever parts of ``world`` loaded."""
    linter = _Linter(world)
    linter.run()
    return linter.diags


def _count_text(lo: int, hi: int | None) -> str:
    if hi is None:
        return f"{lo} or more successes"
    if lo == hi:
        return f"{lo} success{'es' if lo != 1 else ''}"
    return f"{lo}–{hi} successes"


def _a(card_type: str) -> str:
    words = card_type.replace("_", " ")
    return ("an " if words[0] in "aeiou" else "a ") + words


def _card_label(n: int) -> str:
    return f"card {n:03d}"


def _scene_label(n: int) -> str:
    return f"scene {n:04d}"


class _Linter:
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

    def card(self, file: str, path: P, number: int, types: tuple[str, ...] = ()) -> Card | None:
        if not self.w.cards_ok:
            return None
        card = self.w.cards.get(number)
        if card is None:
            self.error(file, path, f"unknown card {number:03d} (not in cards.yaml)")
            return None
        if types and card.type not in types:
            want = " or ".join(_a(t) for t in types)
            self.error(
                file, path, f"{_card_label(number)} '{card.name}' is {_a(card.type)}, not {want}"
            )
        return card

    def scene_ref(self, file: str, path: P, number: int, what: str) -> None:
        # a scene whose file failed to load exists; its own errors are already reported
        if number not in self.w.scenes and number not in self.w.broken_scenes:
            self.error(file, path, f"{what} {_scene_label(number)}, which does not exist")

    def known(self, kind: str, known: set[str], value: str, file: str, path: P) -> None:
        if self.has_info and value not in known:
            hint = f" (known: {', '.join(sorted(known))})" if 0 < len(known) <= 12 else ""
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
        self.check_reachable()

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
        if self.w.cards_ok:
            for number, card in sorted(self.w.cards.items()):
                if card.type == "location" and number not in card_owner and info.locations:
                    self.warn(
                        CARDS_FILE,
                        self._card_path(number),
                        f"location {_card_label(number)} is not part of any location in world.yaml",
                    )
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
                self.scene_ref(f, (*base, "scenes", j), s, f"{_card_label(number)} offers")
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
                    self.scene_ref(f, (*vb, "scenes", j), s, f"{_card_label(number)} offers")

    def check_events(self) -> None:
        f = EVENTS_FILE
        seen: dict[int, int] = {}
        for i, ev in enumerate(self.w.events):
            self.card(f, ("events", i, "card"), ev.card, ("event",))
            if ev.card in seen:
                self.error(
                    f,
                    ("events", i, "card"),
                    f"event {_card_label(ev.card)} is listed twice "
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
                        f"{_scene_label(entry.scene)} can never be chosen: the entry on line "
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
                        f"{_scene_label(entry.scene)} is opened by event {_card_label(ev.card)}, "
                        "whose entry decides; the scene's own prerequisite is not used there",
                    )
            for j, entry in enumerate(ev.scenes):
                if entry.scene in self.w.scenes and not self._places_event(entry.scene):
                    self.warn(
                        f,
                        ("events", i, "scenes", j, "scene"),
                        f"{_scene_label(entry.scene)} never says where the event card goes: "
                        "add 'put: {card: event, …}' or 'discard: event' (there or in a scene "
                        "it goes to)",
                    )
            if fallback is None:
                self.error(
                    f,
                    ("events", i),
                    f"event {_card_label(ev.card)} has no fallback: give its last scene no "
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

    # -- conditions and effects --------------------------------------------------------------
    def condition(self, f: str, path: P, cond: object, scene: Scene | None) -> None:
        if isinstance(cond, c.At):
            for j, lid in enumerate(cond.at):
                self.known("location", self.locations, lid, f, (*path, "at", j))
        elif isinstance(cond, c.HasTag):
            self.known("tag", self.tags, cond.has_tag, f, (*path, "has_tag"))
        elif isinstance(cond, c.HasCard):
            self.card(f, (*path, "has_card"), cond.has_card)
        elif isinstance(cond, c.CardHere):
            self.card(f, (*path, "card_here"), cond.card_here)
        elif isinstance(cond, c.CardInPlay):
            self.card(f, (*path, "card_in_play"), cond.card_in_play)
        elif isinstance(cond, c.CardIn):
            self.card(f, (*path, "card_in", "card"), cond.card_in.card)
        elif isinstance(cond, c.IsAdventurer):
            for j, aid in enumerate(cond.adventurer):
                self.known("adventurer", self.adventurers, aid, f, (*path, "adventurer", j))
        elif isinstance(cond, c.MarksAtLeast):
            for sid in cond.marks_at_least:
                self.known("skill", self.skills, sid, f, (*path, "marks_at_least", sid))
        elif isinstance(cond, c.All):
            for j, sub in enumerate(cond.all):
                self.condition(f, (*path, "all", j), sub, scene)
        elif isinstance(cond, c.AnyOf):
            for j, sub in enumerate(cond.any):
                self.condition(f, (*path, "any", j), sub, scene)
        elif isinstance(cond, c.Not):
            self.condition(f, (*path, "not"), cond.not_, scene)

    def effects(self, f: str, path: P, effects: list, scene: Scene) -> None:
        for j, eff in enumerate(effects):
            ep = (*path, j)
            if e.is_terminal(eff) and j != len(effects) - 1:
                self.error(
                    f,
                    (*path, j + 1),
                    "effects after 'go' or 'end' are never resolved; put them before it",
                )
            self.effect(f, ep, eff, scene)

    def effect(self, f: str, p: P, eff: object, scene: Scene) -> None:
        if isinstance(eff, e.Take):
            card = self.card(f, (*p, "take"), e.card_of(eff.take))
            self.pick(f, (*p, "take"), eff.take, card)
            if eff.at is not None:
                if card is not None and card.type != "local_status":
                    self.error(f, (*p, "at"), "'at' is only for taking a local status")
                self.place(f, (*p, "at"), eff.at)
        elif isinstance(eff, e.GainStatus):
            self.pick(
                f,
                (*p, "status"),
                eff.status,
                self.card(f, (*p, "status"), e.card_of(eff.status), ("adventurer_status",)),
            )
        elif isinstance(eff, e.GainCompanion):
            self.pick(
                f,
                (*p, "companion"),
                eff.companion,
                self.card(f, (*p, "companion"), e.card_of(eff.companion), ("companion",)),
            )
        elif isinstance(eff, e.PlaceLocalStatus):
            self.pick(
                f,
                (*p, "local_status"),
                eff.local_status,
                self.card(f, (*p, "local_status"), e.card_of(eff.local_status), ("local_status",)),
            )
            self.place(f, (*p, "at"), eff.at)
        elif isinstance(eff, e.PlaceGlobalStatus):
            self.pick(
                f,
                (*p, "global_status"),
                eff.global_status,
                self.card(
                    f, (*p, "global_status"), e.card_of(eff.global_status), ("global_status",)
                ),
            )
        elif isinstance(eff, e.Discard):
            if isinstance(eff.discard, int):
                self.card(f, (*p, "discard"), eff.discard)
        elif isinstance(eff, e.Put):
            if isinstance(eff.put.card, int):
                self.card(f, (*p, "put", "card"), eff.put.card)
            slot = eff.put.slot
            if slot is not None and slot not in ("global", "active"):
                self.known(
                    "save slot",
                    self.adventurers | {"global", "active"},
                    slot,
                    f,
                    (*p, "put", "slot"),
                )
        elif isinstance(eff, e.StartTimer | e.Delay | e.Hasten):
            verb = e.verb_of(eff) or "timer"
            target = getattr(eff, verb)
            if isinstance(target.card, int):
                card = self.card(f, (*p, verb, "card"), target.card)
                if (
                    card is not None
                    and not _has_timer(card)
                    and not (verb == "timer" and target.days)
                ):
                    self.error(
                        f,
                        (*p, verb),
                        f"{_card_label(card.number)} '{card.name}' has no timer box"
                        + ("; give 'days'" if verb == "timer" else ""),
                    )
        elif isinstance(eff, e.GainTag):
            self.known("tag", self.tags, eff.gain_tag, f, (*p, "gain_tag"))
        elif isinstance(eff, e.LoseTag):
            self.known("tag", self.tags, eff.lose_tag, f, (*p, "lose_tag"))
        elif isinstance(eff, e.MoveSkillMark):
            move = eff.skill_mark
            if move.from_ != "any":
                self.known("skill", self.skills, move.from_, f, (*p, "skill_mark", "from"))
            self.known("skill", self.skills, move.to, f, (*p, "skill_mark", "to"))
            if move.from_ == move.to:
                self.error(f, (*p, "skill_mark"), "a skill mark moved to the skill it came from")
        elif isinstance(eff, e.GoTo):
            if eff.go == scene.number:
                self.error(f, (*p, "go"), "a scene going to itself never ends")
            else:
                self.scene_ref(f, (*p, "go"), eff.go, "go to")

    def pick(self, f: str, path: P, ref: object, card: Card | None) -> None:
        if card is None or e.pick_of(ref) != "icon":  # type: ignore[arg-type]
            return
        icons = set(card.icons())
        if not icons:
            self.error(
                f, path, f"{_card_label(card.number)} has no adventurer-icon variants to match"
            )
            return
        missing = sorted(self.icons - icons)
        if missing:
            self.warn(
                f,
                path,
                f"{_card_label(card.number)} has no variant for the icon(s) {', '.join(missing)}",
            )

    def place(self, f: str, path: P, at: str) -> None:
        if at != "here":
            self.known("location", self.locations, at, f, path)

    # -- scenes ------------------------------------------------------------------------------
    def check_scene(self, scene: Scene, f: str) -> None:
        qids = {q.id for q in scene.questions}
        used: set[str] = set()
        self.unique(f, ("questions",), scene.questions, "id", "question id")
        if scene.prerequisite is not None:
            self.condition(f, ("prerequisite",), scene.prerequisite, scene)
        self.texts(f, ("text",), scene.text, qids, used)
        for i, q in enumerate(scene.questions):
            if q.test is not None:
                self.condition(f, ("questions", i, "test"), q.test, scene)
        self.effects(f, ("effects",), scene.effects, scene)
        if scene.options:
            for j, eff in enumerate(scene.effects):
                if e.is_terminal(eff):
                    self.error(
                        f, ("effects", j), "the scene ends here, before its options are read"
                    )
        elif not scene.effects or not e.is_terminal(scene.effects[-1]):
            self.error(
                f,
                ("effects",) if scene.effects else ("number",),
                "no way out of the scene: give it options, or end its effects with 'end' or 'go'",
            )
        for i, opt in enumerate(scene.options):
            op = ("options", i)
            if opt.starry is not None:
                used.add(opt.starry)
                if opt.starry not in qids:
                    self.error(
                        f,
                        (*op, "starry"),
                        f"'starry' names the question '{opt.starry}', which this scene does not ask",
                    )
            if opt.check is not None:
                self.known("skill", self.skills, opt.check.skill, f, (*op, "check", "skill"))
                self.check_outcomes(f, op, scene, opt)
            results = opt.results()
            key = "outcomes" if opt.outcomes is not None else "result"
            for k, res in enumerate(results):
                first = res.effects[0] if res.effects else None
                if opt.cost and isinstance(first, e.Gold) and first.gold == -opt.cost:
                    rp = (*op, key, k) if key == "outcomes" else (*op, key)
                    self.warn(
                        f,
                        (*rp, "effects", 0),
                        f"the cost of {opt.cost} gold is paid when the option is chosen; this "
                        "effect would charge it twice",
                    )
            for k, res in enumerate(results):
                rp = (*op, key, k) if key == "outcomes" else (*op, key)
                self.texts(f, (*rp, "text"), res.text, qids, used)
                self.effects(f, (*rp, "effects"), res.effects, scene)
                if not res.effects or not e.is_terminal(res.effects[-1]):
                    which = f"outcome {k + 1}" if key == "outcomes" else "its result"
                    self.error(
                        f,
                        rp,
                        f"option {i + 1} has no way out of the scene: {which} neither ends the "
                        "scene ('end: true') nor goes to another ('go: NNNN')",
                    )
        if scene.options and all(o.starry or o.cost for o in scene.options):
            self.error(
                f,
                ("options",),
                "every option is starry or costs gold, so a player can be left with no "
                "choice; add one free option",
            )
        for i, q in enumerate(scene.questions):
            if q.id not in used:
                self.warn(
                    f, ("questions", i), f"nothing in the scene depends on the question '{q.id}'"
                )

    def texts(self, f: str, path: P, items: list, qids: set[str], used: set[str]) -> None:
        for i, item in enumerate(items):
            ip = (*path, i)
            if isinstance(item, Paragraph):
                for key in ("if_yes", "if_no"):
                    qid = getattr(item, key)
                    if qid is not None:
                        used.add(qid)
                        if qid not in qids:
                            self.error(
                                f,
                                (*ip, key),
                                f"'{key}' names the question '{qid}', which this scene does not ask",
                            )
            elif isinstance(item, Variants):
                self.variants(f, ip, item)

    def variants(self, f: str, path: P, group: Variants) -> None:
        missing = _uncovered(tuple(_signature(v) for v in group.variants))
        for k, v in enumerate(group.variants):
            if not v.is_timed() and k < len(group.variants) - 1:
                self.warn(
                    f,
                    (*path, "variants", k + 1),
                    "this variant is never read: the one before it has no filter and always wins",
                )
                break
        if missing:
            self.warn(f, path, f"these variants leave {_describe_missing(missing)} without text")

    def check_outcomes(self, f: str, op: P, scene: Scene, opt) -> None:
        outcomes = opt.outcomes or []
        modes = [False, True] if scene.partner else [False]
        reported: set[str] = set()
        for challenge in modes:
            never, gaps = coverage(outcome_ranges(outcomes, challenge))
            mode = " in challenge mode" if challenge else ""
            for k in never:
                msg = f"outcome {k + 1} can never match{mode}: the outcomes before it already take every count it covers"
                if msg.replace(mode, "") not in reported:
                    reported.add(msg.replace(mode, ""))
                    self.error(f, (*op, "outcomes", k), msg)
            for lo, hi in gaps:
                msg = f"no outcome covers {_count_text(lo, hi)}{mode}"
                self.error(f, (*op, "outcomes"), msg)
        needed = DIFFICULTY_SUCCESSES[opt.check.difficulty]
        if needed is not None and needed not in {o.min for o in outcomes if o.min}:
            self.warn(
                f,
                (*op, "check", "difficulty"),
                f"a {opt.check.difficulty} check needs {needed} success"
                f"{'es' if needed > 1 else ''}, but no outcome starts at {needed}",
            )

    # -- reachability --------------------------------------------------------------------------
    def check_reachable(self) -> None:
        if not self.w.scenes or self.w.info is None or not self.w.cards_ok or not self.w.events_ok:
            return  # the entry points are not all known: every scene would look unreachable
        roots: set[int] = set()
        info = self.w.info
        if info is not None:
            roots.update(info.entry_scenes)
            for loc in info.locations:
                roots.update(loc.summer.scenes)
                roots.update(loc.winter.scenes)
        for card in self.w.cards.values():
            roots.update(card.all_scenes())
        for ev in self.w.events:
            roots.update(entry.scene for entry in ev.scenes)
        seen = set()
        todo = deque(n for n in roots if n in self.w.scenes)
        while todo:
            n = todo.popleft()
            if n in seen:
                continue
            seen.add(n)
            for target in scene_links(self.w.scenes[n]):
                if target in self.w.scenes and target not in seen:
                    todo.append(target)
        for n in sorted(set(self.w.scenes) - seen):
            self.warn(
                self.w.scene_files[n],
                ("number",),
                f"{_scene_label(n)} is unreachable: no location, card, event card, entry_scenes "
                "or 'go' leads to it",
            )


def all_effects(scene: Scene) -> list:
    """The scene's own effects and those of every option's results."""
    out = list(scene.effects)
    for opt in scene.options:
        for res in opt.results():
            out.extend(res.effects)
    return out


def scene_links(scene: Scene) -> list[int]:
    """Every scene a scene can go to."""
    return [eff.go for eff in all_effects(scene) if isinstance(eff, e.GoTo)]


def _has_timer(card: Card) -> bool:
    return card.timer is not None or any(v.timer is not None for v in card.variants)


Signature = tuple[tuple[str, ...] | None, str | None, tuple[str, ...] | None]


def _signature(f: Filters) -> Signature:
    return (
        tuple(f.month) if f.month is not None else None,
        f.season,
        tuple(f.weekday) if f.weekday is not None else None,
    )


@functools.lru_cache(maxsize=1024)
def _uncovered(signatures: tuple[Signature, ...]) -> dict[str, list[str]]:
    """Month → weekdays on which none of the variants is read (most books reuse a few shapes)."""
    missing: dict[str, list[str]] = {}
    for m in MONTHS:
        season = season_of(m)
        for d in WEEKDAYS:
            if not any(
                (months is None or m in months)
                and (s is None or s == season)
                and (days is None or d in days)
                for months, s, days in signatures
            ):
                missing.setdefault(m, []).append(d)
    return missing


def _describe_missing(missing: dict[str, list[str]]) -> str:
    whole = [m.capitalize() for m, days in missing.items() if len(days) == 7]
    parts = []
    if whole:
        parts.append(", ".join(whole))
    partial: dict[tuple[str, ...], list[str]] = {}
    for m, days in missing.items():
        if len(days) < 7:
            partial.setdefault(tuple(days), []).append(m.capitalize())
    for days, months in partial.items():
        day_text = ", ".join(d.capitalize() + "s" for d in days)
        parts.append(f"{day_text} in {', '.join(months)}")
    return "; ".join(parts)
