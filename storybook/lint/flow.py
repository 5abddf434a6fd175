"""Lint of the ways into scenes: reachability, and what a way in brings along.

A scene is opened by a location's side, a card, an event card or ``entry_scenes`` (its
*roots*), or by a ``go`` from a scene already open — the turn keeps the card that offered the
first scene (``this``) and the partner who joined it. So, over the same graph:

* a scene no root or ``go`` leads to is unreachable (a scene file that failed to load still
  counts as leading where its ``go`` keys point: its own error is the one to fix);
* a scene led to only by a starry option whose question asks for a tag nobody can gain is
  reachable on paper only;
* ``this`` in a scene no card offers, ``who: partner`` in a scene no partner can join;
* a scene a location's side offers whose prerequisite never holds in that side's months.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator

from storybook.format import MONTHS, Scene, season_of
from storybook.format import conditions as c
from storybook.format import effects as e
from storybook.lint.refs import scene_label
from storybook.loading.world import SCENES_DIR, WORLD_FILE

P = tuple  # a data path inside a file
ALL_MONTHS = frozenset(MONTHS)
GO = re.compile(r"\bgo:\s*(\d{1,4})\b")


def effect_paths(scene: Scene) -> Iterator[tuple[P, object, int | None]]:
    """Every effect of the scene with its path and the option it belongs to (None: the scene's)."""
    for j, eff in enumerate(scene.effects):
        yield ("effects", j), eff, None
    for i, opt in enumerate(scene.options):
        key = "outcomes" if opt.outcomes is not None else "result"
        for k, res in enumerate(opt.results()):
            base = ("options", i, key, k) if key == "outcomes" else ("options", i, key)
            for j, eff in enumerate(res.effects):
                yield (*base, "effects", j), eff, i


def all_effects(scene: Scene) -> list:
    """The scene's own effects and those of every option's results."""
    return [eff for _, eff, _ in effect_paths(scene)]


def scene_links(scene: Scene) -> list[int]:
    """Every scene a scene can go to."""
    return [eff.go for eff in all_effects(scene) if isinstance(eff, e.GoTo)]


def _raw_gos(data: object) -> Iterator[int]:
    """The ``go`` numbers written anywhere in a file that did not load."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "go" and isinstance(value, int) and not isinstance(value, bool):
                yield value
            else:
                yield from _raw_gos(value)
    elif isinstance(data, list):
        for item in data:
            yield from _raw_gos(item)


def uses_this(eff: object) -> str | None:
    """The verb of an effect about ``this`` card (the one that offered the scene)."""
    if isinstance(eff, e.Discard) and eff.discard == "this":
        return "discard: this"
    if isinstance(eff, e.Put) and eff.put.card == "this":
        return "put: {card: this}"
    for cls, verb in ((e.StartTimer, "timer"), (e.Delay, "delay"), (e.Hasten, "hasten")):
        if isinstance(eff, cls) and getattr(eff, verb).card == "this":
            return f"{verb}: {{card: this}}"
    return None


def months_of(cond: object) -> frozenset[str]:
    """The months in which ``cond`` can hold, judged by its month and season tests alone."""
    if isinstance(cond, c.InMonth):
        return frozenset(cond.month)
    if isinstance(cond, c.InSeason):
        return frozenset(m for m in MONTHS if season_of(m) == cond.season)
    if isinstance(cond, c.All):
        out = ALL_MONTHS
        for sub in cond.all:
            out &= months_of(sub)
        return out
    if isinstance(cond, c.AnyOf):
        return frozenset().union(*(months_of(sub) for sub in cond.any))
    if isinstance(cond, c.Not) and _only_time(cond.not_):
        return ALL_MONTHS - months_of(cond.not_)
    return ALL_MONTHS


def _only_time(cond: object) -> bool:
    if isinstance(cond, c.InMonth | c.InSeason):
        return True
    if isinstance(cond, c.All):
        return all(_only_time(s) for s in cond.all)
    if isinstance(cond, c.AnyOf):
        return all(_only_time(s) for s in cond.any)
    if isinstance(cond, c.Not):
        return _only_time(cond.not_)
    return False


def _month_list(months: frozenset[str]) -> str:
    return ", ".join(m.capitalize() for m in MONTHS if m in months) or "no month"


class FlowChecks:
    """Mixed into the linter: needs ``w``, ``warn``, ``error``, ``tags``, ``adventurers``."""

    # -- the roots -------------------------------------------------------------------------
    def roots(self) -> list[tuple[int, bool, str]]:
        """(scene, offered by a card?, who offers it) for every way into the book."""
        info, out = self.w.info, []
        for j, n in enumerate(info.entry_scenes):
            line = self.w.line(WORLD_FILE, ("entry_scenes", j))
            out.append((n, False, f"entry_scenes ({WORLD_FILE}:{line})"))
        for i, loc in enumerate(info.locations):
            for season in ("summer", "winter"):
                for j, n in enumerate(loc.side(season).scenes):
                    line = self.w.line(WORLD_FILE, ("locations", i, season, "scenes", j))
                    out.append((n, False, f"the location '{loc.id}' ({WORLD_FILE}:{line})"))
        for card in self.w.cards.values():
            out.extend((n, True, f"card {card.number:03d}") for n in card.all_scenes())
        for ev in self.w.events:
            out.extend((x.scene, False, f"event card {ev.card:03d}") for x in ev.scenes)
        return out

    def links(self) -> dict[int, list[tuple[int, int | None]]]:
        """Scene → (target, option) for every ``go``; a broken scene file's ``go`` keys too."""
        out: dict[int, list[tuple[int, int | None]]] = {}
        for n, scene in self.w.scenes.items():
            out[n] = [(eff.go, i) for _, eff, i in effect_paths(scene) if isinstance(eff, e.GoTo)]
        scenes_dir = self.w.root / SCENES_DIR
        for n in self.w.broken_scenes:
            out[n] = []
            for file in scenes_dir.rglob(f"{n:04d}*.yaml"):
                if not file.is_file() or file.name[4] not in ".-":  # 0104.yaml, 0104-….yaml
                    continue
                src = self.w.sources.get(file.relative_to(self.w.root).as_posix())
                if src is not None:
                    out[n] += [(t, None) for t in _raw_gos(src.data)]
                else:  # not even YAML: the numbers after 'go:' in its text
                    text = file.read_text(encoding="utf-8", errors="replace")
                    out[n] += [(int(t), None) for t in GO.findall(text)]
        return out

    def spread(self, starts, links, skip=frozenset()) -> set[int]:
        """Every scene reached from ``starts`` by ``go``, not through the (scene, option)s in
        ``skip``."""
        seen: set[int] = set()
        todo = deque(starts)
        while todo:
            n = todo.popleft()
            if n in seen:
                continue
            seen.add(n)
            todo.extend(t for t, opt in links.get(n, ()) if (n, opt) not in skip)
        return seen

    # -- the checks ------------------------------------------------------------------------
    def check_flow(self) -> None:
        if not self.w.scenes or self.w.info is None or not self.w.cards_ok or not self.w.events_ok:
            return  # the entry points are not all known: every scene would look unreachable
        roots, links = self.roots(), self.links()
        dead = self.dead_options()
        everything = self.spread([n for n, _, _ in roots], links)
        live = self.spread([n for n, _, _ in roots], links, skip=frozenset(dead))
        for n in sorted(set(self.w.scenes) - everything):
            self.warn(
                self.w.scene_files[n],
                ("number",),
                f"{scene_label(n)} is unreachable: no location, card, event card, entry_scenes "
                "or 'go' leads to it",
            )
        behind = {  # what each dead option's own 'go' leads to
            k: self.spread([t for t, opt in links.get(k[0], ()) if opt == k[1]], links)
            for k in dead
        }
        for n in sorted((everything - live) & set(self.w.scenes)):
            (via, i), why = next((k, v) for k, v in dead.items() if n in behind[k])
            self.warn(
                self.w.scene_files[n],
                ("number",),
                f"{scene_label(n)} is reached only through option {i + 1} of {scene_label(via)}, "
                f"which never opens: {why}",
            )
        self.check_this(roots, links)
        self.check_partner(links)
        self.check_sides()

    def gainable_tags(self) -> set[str]:
        info = self.w.info
        tags = {t for a in info.adventurers for t in a.tags}
        for card in self.w.cards.values():
            tags.update(card.tags)
            for v in card.variants:
                tags.update(v.tags or [])
        for scene in self.w.scenes.values():
            tags.update(eff.gain_tag for eff in all_effects(scene) if isinstance(eff, e.GainTag))
        return tags

    def dead_options(self) -> dict[tuple[int, int], str]:
        """(scene, option) → why: starry options whose question asks for a tag nobody gains."""
        gainable = self.gainable_tags()

        def never(cond: object) -> str | None:
            if isinstance(cond, c.HasTag) and cond.has_tag not in gainable:
                return cond.has_tag
            if isinstance(cond, c.All):
                return next((t for t in map(never, cond.all) if t), None)
            if isinstance(cond, c.AnyOf):
                found = [never(s) for s in cond.any]
                return found[0] if all(found) else None
            return None

        out: dict[tuple[int, int], str] = {}
        for n, scene in self.w.scenes.items():
            for i, opt in enumerate(scene.options):
                q = scene.question(opt.starry) if opt.starry else None
                tag = never(q.test) if q is not None and q.test is not None else None
                if tag:
                    out[(n, i)] = (
                        f"it is starry on the question '{q.id}', which asks for the tag '{tag}' "
                        "that no adventurer, card or 'gain_tag' gives"
                    )
        return out

    def check_this(self, roots, links) -> None:
        by_card = self.spread([n for n, card, _ in roots if card], links)
        cardless: dict[int, str] = {}
        for n, card, who in roots:
            if not card:
                for m in self.spread([n], links):
                    cardless.setdefault(m, who if m == n else f"{who}, through {scene_label(n)}")
        for n, scene in sorted(self.w.scenes.items()):
            if n not in cardless:
                continue
            for path, eff, _ in effect_paths(scene):
                verb = uses_this(eff)
                if verb is None:
                    continue
                say = self.warn if n in by_card else self.error
                also = " (and by a card, where it works)" if n in by_card else ""
                say(
                    self.w.scene_files[n],
                    path,
                    f"'{verb}' names the card that offered the scene, but {scene_label(n)} is "
                    f"opened by {cardless[n]}, which is no card{also}",
                )

    def check_partner(self, links) -> None:
        joined = self.spread([n for n, s in self.w.scenes.items() if s.partner], links)
        for n, scene in sorted(self.w.scenes.items()):
            if n in joined:
                continue
            for path, eff, _ in effect_paths(scene):
                if getattr(eff, "who", None) == "partner":
                    self.warn(
                        self.w.scene_files[n],
                        (*path, "who"),
                        f"'who: partner', but no partner can join {scene_label(n)} (neither it "
                        "nor a scene that goes to it has 'partner: true'): the effect reaches "
                        "nobody",
                    )

    def check_sides(self) -> None:
        for i, loc in enumerate(self.w.info.locations):
            for season in ("summer", "winter"):
                months = frozenset(m for m in MONTHS if season_of(m) == season)
                for j, n in enumerate(loc.side(season).scenes):
                    scene = self.w.scenes.get(n)
                    if scene is None or scene.prerequisite is None:
                        continue
                    holds = months_of(scene.prerequisite)
                    if not holds & months:
                        where = self.w.line(self.w.scene_files[n], ("prerequisite",))
                        self.warn(
                            WORLD_FILE,
                            ("locations", i, season, "scenes", j),
                            f"{scene_label(n)} can never open on the {season} side of "
                            f"'{loc.id}': its prerequisite ({self.w.scene_files[n]}:{where}) "
                            f"holds only in {_month_list(holds)}",
                        )
