"""What a playtest found: coverage per scene, option and outcome, and findings at file:line."""

from __future__ import annotations

from dataclasses import dataclass, field

from storybook.loading.world import World


@dataclass
class Finding:
    severity: str
    file: str
    line: int
    message: str
    count: int = 0
    first: str = ""  # where it first happened: run, turn and the scenes that led there

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        times = f" ({self.count:,} times)" if self.count > 1 else ""
        return f"{where}: {self.severity}: {self.message}{times}"


@dataclass
class Coverage:
    scenes: dict[int, int] = field(default_factory=dict)  # visits
    runs: dict[int, int] = field(default_factory=dict)  # runs (or combinations) reaching it
    options: dict[tuple[int, int], int] = field(default_factory=dict)
    outcomes: dict[tuple[int, int, int], int] = field(default_factory=dict)

    def scene(self, n: int) -> None:
        self.scenes[n] = self.scenes.get(n, 0) + 1

    def option(self, n: int, i: int, k: int) -> None:
        self.options[(n, i)] = self.options.get((n, i), 0) + 1
        self.outcomes[(n, i, k)] = self.outcomes.get((n, i, k), 0) + 1


@dataclass
class Report:
    world: World
    mode: str  # "runs" or "exhaustive"
    runs: int
    seed: int | None
    coverage: Coverage = field(default_factory=Coverage)
    findings: dict[tuple[str, str, int, str], Finding] = field(default_factory=dict)
    stats: dict[str, int] = field(default_factory=dict)
    # Told under "Rules applied": what the pass itself does to the state (the sweep's gold).
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    # -- what was reached ------------------------------------------------------------------
    def all_options(self) -> list[tuple[int, int]]:
        return [(n, i) for n, s in sorted(self.world.scenes.items()) for i in range(len(s.options))]

    def all_outcomes(self) -> list[tuple[int, int, int]]:
        return [
            (n, i, k)
            for n, s in sorted(self.world.scenes.items())
            for i, opt in enumerate(s.options)
            for k in range(len(opt.results()))
        ]

    def missed(self) -> tuple[list[int], list[tuple[int, int]], list[tuple[int, int, int]]]:
        cov = self.coverage
        return (
            [n for n in sorted(self.world.scenes) if n not in cov.scenes],
            [o for o in self.all_options() if o not in cov.options],
            [o for o in self.all_outcomes() if o not in cov.outcomes],
        )

    @property
    def complete(self) -> bool:
        return not any(self.missed())

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.sorted_findings() if f.severity == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.sorted_findings() if f.severity == "warning"]

    def sorted_findings(self) -> list[Finding]:
        return sorted(self.findings.values(), key=lambda f: (f.file, f.line, f.message))

    def totals(self) -> dict[str, tuple[int, int]]:
        cov = self.coverage
        return {
            "scenes": (len(cov.scenes.keys() & self.world.scenes.keys()), len(self.world.scenes)),
            "options": (len(cov.options), len(self.all_options())),
            "outcomes": (len(cov.outcomes), len(self.all_outcomes())),
        }

    def summary(self) -> str:
        parts = []
        for what, (got, total) in self.totals().items():
            parts.append(f"{what} {got}/{total} ({_pct(got, total)})")
        return "coverage: " + ", ".join(parts)

    # -- the printed report ----------------------------------------------------------------------
    def lines(self, *, detail: bool = True) -> list[str]:
        w = self.world
        if self.mode == "runs":
            head = (
                f"Playtest of {w.name}: {self.runs:,} runs, seed {self.seed}, "
                f"{self.stats.get('turns', 0):,} turns, {self.stats.get('scenes read', 0):,} "
                f"scenes read in {self.seconds:.1f} s"
            )
        else:
            head = (
                f"Exhaustive playtest of {w.name}: {self.runs:,} combinations "
                f"(scene × answers × partner/challenge × option × successes) in {self.seconds:.1f} s"
            )
        out = [head, self.summary()]
        if detail:
            out.append("")
            out.extend(self.coverage_lines())
        scenes, options, outcomes = self.missed()
        if scenes or options or outcomes:
            out.append("")
            out.append(
                f"Never reached: {len(scenes)} scene(s), {len(options)} option(s), "
                f"{len(outcomes)} outcome(s) (below: the options of reached scenes and the "
                "outcomes of chosen options)"
            )
            for n in scenes:
                out.append(f"  {self._where(n, ())}: scene {n:04d}{self._title(n)}")
            for n, i in options:
                if n in scenes:
                    continue
                out.append(f"  {self._where(n, ('options', i))}: scene {n:04d} option {i + 1}")
            for n, i, k in outcomes:
                if (n, i) in options or n in scenes:
                    continue
                opt = w.scenes[n].options[i]
                key = ("options", i, "outcomes", k) if opt.outcomes else ("options", i, "result")
                out.append(f"  {self._where(n, key)}: scene {n:04d} option {i + 1} outcome {k + 1}")
        interesting = {k: v for k, v in sorted(self.stats.items()) if k not in _HEAD_STATS}
        if interesting and detail:
            out.append("")
            out.append("Rules applied: " + "; ".join(f"{k}: {v:,}" for k, v in interesting.items()))
            out.extend(f"  ({note})" for note in self.notes)
        errors, warnings = self.errors, self.warnings
        out.append("")
        out.append(f"Runtime errors: {len(errors)}")
        for f in errors:
            out.append(f"  {f}")
            if f.first:
                out.append(f"      first: {f.first}")
        if warnings:
            out.append(f"Warnings: {len(warnings)}")
            for f in warnings:
                out.append(f"  {f}")
                if f.first:
                    out.append(f"      first: {f.first}")
        return out

    def coverage_lines(self) -> list[str]:
        cov, out = self.coverage, []
        runs = self.mode == "runs"
        for n, scene in sorted(self.world.scenes.items()):
            visits = cov.scenes.get(n, 0)
            if runs:
                reach = f", in {_pct(cov.runs.get(n, 0), self.runs)} of runs" if visits else ""
                out.append(f"{n:04d}{self._title(n)}: {visits:,} visits{reach}")
            else:
                out.append(f"{n:04d}{self._title(n)}: {visits:,} answer combination(s)")
            for i, opt in enumerate(scene.options):
                chosen = cov.options.get((n, i), 0)
                results = opt.results()
                line = f"    option {i + 1}: {chosen:,}" + (
                    f" ({_pct(chosen, visits)})" if runs else ""
                )
                if len(results) > 1 or opt.check is not None:
                    counts = [cov.outcomes.get((n, i, k), 0) for k in range(len(results))]
                    line += " → outcomes " + ", ".join(
                        f"{k + 1}: {c:,}" + (f" ({_pct(c, chosen)})" if runs else "")
                        for k, c in enumerate(counts)
                    )
                out.append(line)
        return out

    def _title(self, n: int) -> str:
        title = self.world.scenes[n].title
        return f" {title}" if title else ""

    def _where(self, n: int, path: tuple) -> str:
        file = self.world.scene_files.get(n, f"scene {n:04d}")
        line = self.world.line(file, path)
        return f"{file}:{line}" if line else file


_HEAD_STATS = {"turns", "scenes read", "combinations"}  # in the report's first line


def _pct(part: int, whole: int) -> str:
    if not whole:
        return "0%"
    if part >= whole:
        return "100%"
    return f"{min(99.9, 100 * part / whole):.1f}%"
