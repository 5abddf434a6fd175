"""Lint of scenes: questions, text variants, options, outcomes and ways out."""

from __future__ import annotations

import functools
import re

from storybook.format import (
    DIFFICULTY_SUCCESSES,
    MONTHS,
    WEEKDAYS,
    Paragraph,
    Scene,
    Variants,
    season_of,
)
from storybook.format import effects as e
from storybook.format.scenes import Filters
from storybook.interpreter.outcomes import coverage, outcome_ranges

P = tuple  # a data path inside a file


def _count_text(lo: int, hi: int | None) -> str:
    if hi is None:
        return f"{lo} or more successes"
    if lo == hi:
        return f"{lo} success{'es' if lo != 1 else ''}"
    return f"{lo}–{hi} successes"


class SceneChecks:
    """Mixed into the linter: needs ``error``, ``warn``, ``known``, ``condition``, ``effects``."""

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
        elif not any(e.is_terminal(eff) for eff in scene.effects):  # one misplaced: told once
            self.error(
                f,
                ("effects",) if scene.effects else ("number",),
                "no way out of the scene: give it options, or end its effects with 'end' or 'go'",
            )
        for i, opt in enumerate(scene.options):
            op = ("options", i)
            words = set(re.findall(r"[\w'-]+", opt.label.lower()))
            for j, verb in enumerate(opt.verbs):
                if verb.lower() not in words:
                    self.warn(
                        f,
                        (*op, "verbs", j),
                        f"the verb '{verb}' is not a word of the label, so players won't "
                        "see why their items react",
                    )
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
                if not any(e.is_terminal(eff) for eff in res.effects):
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


Signature = tuple[tuple[str, ...] | None, str | None, tuple[str, ...] | None]


def _signature(f: Filters) -> Signature:
    return (
        tuple(f.month) if f.month is not None else None,
        f.season,
        tuple(f.weekday) if f.weekday is not None else None,
    )


# 1024 shapes of month/season/weekday variants: a book reuses a few, and each entry is a small
# dict, so lint of any number of books stays a few hundred kB.
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
