"""The scene player both playtests share: reads a chain of scenes at the simulated table,
chooses options and successes, carries out effects (``effects``) and records coverage and
findings.

``Runs`` (``runs``) drives it through random games, ``Exhaustive`` (``exhaustive``) through
every prepared combination.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from storybook.format import Scene
from storybook.interpreter import ChoiceError, option_views, read_scene, resolve
from storybook.interpreter.context import ReadContext
from storybook.interpreter.outcomes import outcome_ranges
from storybook.loading.world import World
from storybook.playtest.report import Finding, Report

from .effects import EffectRunner, Turn
from .index import Index
from .table import Table

MAX_CHAIN = 100  # scenes in a row in one turn before we call it an endless loop
MAX_TRAIL = 12


class Simulator:
    """Plays scenes at a Table, records coverage and findings into a Report."""

    def __init__(self, world: World, report: Report, rng: random.Random, prepared: bool):
        self.world = world
        self.ix = Index(world)
        self.report = report
        self.rng = rng
        self.prepared = prepared
        self.table: Table | None = None
        self.runner: EffectRunner | None = None
        self.file = ""
        self.trail: list[str] = []
        self.where = ""  # "run 4, turn 3" for the first occurrence of a finding
        self.read_seats: set[tuple[int, str]] = set()
        self.reached: set[int] = set()  # scenes read in this run (or combination)

    # -- findings -------------------------------------------------------------------------------
    def fault(
        self, severity: str, path: tuple, message: str, file: str | None = None, detail: str = ""
    ) -> None:
        """Record a finding at file:line; ``detail`` is kept with its first occurrence only."""
        file = self.file if file is None else file
        line = self.world.line(file, path) if file else 0
        key = (severity, file, line, message)
        found = self.report.findings.get(key)
        if found is None:
            trail = " → ".join(self.trail[-MAX_TRAIL:])
            first = f"{self.where}: {trail}" if trail else self.where
            first += f" ({detail})" if detail else ""
            found = self.report.findings[key] = Finding(severity, file, line, message, 0, first)
        found.count += 1

    def use(self, table: Table) -> EffectRunner:
        self.table = table
        self.runner = EffectRunner(
            table,
            self.rng,
            lambda sev, path, msg, detail="": self.fault(sev, path, msg, detail=detail),
            self.prepared,
        )
        return self.runner

    def merge_stats(self) -> None:
        if self.runner is not None:
            for k, v in self.runner.stats.items():
                self.report.stats[k] = self.report.stats.get(k, 0) + v
            self.runner.stats.clear()

    def stat(self, what: str, n: int = 1) -> None:
        self.report.stats[what] = self.report.stats.get(what, 0) + n

    # -- scenes ---------------------------------------------------------------------------------
    def play_chain(self, start: int, turn: Turn, *, via: tuple[str, tuple] | None = None) -> None:
        """Read ``start`` and every scene it goes to, until one ends."""
        number: int | str | None = start
        steps = 0
        while isinstance(number, int):
            steps += 1
            if steps > MAX_CHAIN:
                self.fault(
                    "error",
                    ("number",),
                    f"more than {MAX_CHAIN} scenes in a row without an end: the scenes go "
                    "round in a circle",
                )
                return
            scene = self.world.scenes.get(number)
            if scene is None:
                file, path = via or ("", ())
                self.fault("error", path, f"go to scene {number:04d}, which does not exist", file)
                return
            number, via = self.play_scene(scene, turn)

    def play_scene(self, scene: Scene, turn: Turn) -> tuple[int | str | None, tuple | None]:
        table, runner = self.table, self.runner
        assert table is not None and runner is not None
        n = scene.number
        self.file = self.world.scene_files.get(n, "")
        self.report.coverage.scene(n)
        self.reached.add(n)
        self.stat("scenes read")
        self.trail.append(f"{n:04d}")
        turn.moved, turn.scene = set(), n
        partner = turn.partner is not None
        answers = {q.id: self.rng.random() < 0.5 for q in scene.questions if q.test is None}
        if (n, "player") not in self.read_seats:
            self.read_once(scene, table.context(turn.active, partner=partner, answers=answers))
        for j, eff in enumerate(scene.effects):
            went = runner.apply(eff, turn, ("effects", j))
            if went is not None:
                return went, (self.file, ("effects", j))
        if not scene.options:
            self.fault("error", ("number",), "no way out of the scene: its effects do not end it")
            return None, None
        ctx = table.context(turn.active, partner=partner, answers=answers)
        i = self.choose_option(scene, ctx)
        if i is None:
            return None, None
        return self.take_option(scene, i, ctx, turn, self.successes(scene, i, turn))

    def read_once(self, scene: Scene, ctx: ReadContext) -> None:
        """What the reader shows, once per scene and seat: a crash there is a runtime error."""
        for seat in ("story_master", "player"):
            if (scene.number, seat) in self.read_seats:
                continue
            self.read_seats.add((scene.number, seat))
            try:
                read_scene(scene, with_seat(ctx, seat), names=self.ix.names)
            except Exception as exc:  # noqa: BLE001 - any crash of the reader is a finding
                self.fault("error", ("number",), f"the reader fails on this scene: {exc!r}")

    def choose_option(self, scene: Scene, ctx: ReadContext) -> int | None:
        views = option_views(scene, with_seat(ctx, "player"))
        open_ = [v.index for v in views if v.available]
        if not open_:
            reasons = "; ".join(f"option {v.index + 1}: {v.locked_reason}" for v in views)
            self.fault("error", ("options",), f"no option can be chosen ({reasons})")
            return None
        cov = self.report.coverage.options
        weights = [1.0 / (1 + cov.get((scene.number, i), 0)) for i in open_]
        return self.rng.choices(open_, weights)[0]

    def successes(self, scene: Scene, i: int, turn: Turn) -> int | None:
        opt = scene.options[i]
        if opt.check is None or opt.outcomes is None:
            return None
        assert self.table is not None
        challenge = self.table.challenge and scene.partner
        bounds = [b for r in outcome_ranges(opt.outcomes, challenge) for b in r if b is not None]
        top = max(bounds, default=0) + 1
        if self.rng.random() < 0.5:
            return self.rng.randint(0, top)
        return roll(self.rng, self.world, opt.check.skill, self.marks(turn))

    def marks(self, turn: Turn) -> dict[str, int]:
        """The active adventurer's skill marks, and the partner's (who may lend theirs)."""
        assert self.table is not None
        c = self.table.c
        marks = dict(c.adventurer(turn.active).marks)
        if turn.partner is not None:
            for s, m in c.adventurer(turn.partner).marks.items():
                marks[s] = marks.get(s, 0) + m
        return marks

    def take_option(
        self, scene: Scene, i: int, ctx: ReadContext, turn: Turn, successes: int | None
    ) -> tuple[int | str | None, tuple | None]:
        runner = self.runner
        assert runner is not None
        try:
            result = resolve(scene, i, ctx, successes)
        except (ChoiceError, ValueError) as exc:
            self.fault("error", ("options", i), f"option {i + 1} can't be resolved: {exc}")
            return None, None
        opt = scene.options[i]
        k = result.outcome
        self.report.coverage.option(scene.number, i, k)
        self.trail[-1] += f" o{i + 1}" + (f"[{successes}]" if successes is not None else "")
        if opt.cost:  # the reader's own cost effect, paid as the app pays it
            runner.apply_view(result.effects[0], turn, ("options", i, "cost"))
        if opt.outcomes is not None:
            base: tuple = ("options", i, "outcomes", k)
            res: Any = opt.outcomes[k]
        else:
            base, res = ("options", i, "result"), opt.result
        for j, eff in enumerate(res.effects):
            went = runner.apply(eff, turn, (*base, "effects", j))
            if went is not None:
                return went, (self.file, (*base, "effects", j))
        self.fault(
            "error",
            base,
            f"option {i + 1}, outcome {k + 1}: no way out of the scene (no 'end' or 'go')",
        )
        return None, None


def with_seat(ctx: ReadContext, seat: str) -> ReadContext:
    return ctx if ctx.seat == seat else replace(ctx, seat=seat)  # type: ignore[arg-type]


def roll(rng: random.Random, world: World, skill: str, marks: dict[str, int]) -> int:
    """A rough skill check: 5 dice, advanced ones for marks (at most 2 per skill), one reroll.

    Not the real dice (their faces are not in the format): a base die succeeds 1 time in 3;
    an advanced die of the tested skill 2 in 3 (sometimes twice), of a neighbour 1 in 2.
    """
    near = world.adjacent_skills(skill)
    pool: list[str] = []
    for s in [skill, *near]:
        pool += [s] * min(2, marks.get(s, 0))
    pool = pool[:5] + ["base"] * max(0, 5 - len(pool))

    def once() -> int:
        total = 0
        for die in pool:
            r = rng.random()
            if die == skill:
                total += 2 if r < 0.2 else 1 if r < 0.67 else 0
            elif die == "base":
                total += r < 1 / 3
            else:
                total += r < 0.5
        return total

    best = once()
    if best < 2:
        best = max(best, once())  # one reroll of all dice
    bonus = rng.choice((-1, 0, 0, 0, 1))  # card effects: a star or a broken star
    return max(0, best + bonus)
