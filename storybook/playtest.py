"""Playtest a book: play it many times against a simulated campaign and count what was reached.

Pure Python. ``playtest(world, runs=2000, seed=1)`` plays ``runs`` seeded games: each a
fresh campaign (``storybook.campaign``) of 1–4 players, 1–3 games of 5–8 rounds each (a game
continues from the save of the one before, a month later). On
a turn the active player travels up to two spaces, may pick up a quest from the noticeboard,
and begins a scene from what is open to them — the location's scenes, a local status there,
a card they hold, or the top of the event deck — a mandatory one if there is one, otherwise
preferring scenes read less often. A partner joins partner scenes now and then; half of the
runs are in challenge mode. Questions the state can't answer get a random yes or no; options
are chosen among the open ones (less-chosen first); skill checks are rolled with a rough dice
pool or given any number of successes from 0 to one past the highest outcome. Effects change
the campaign (``storybook.playtest_effects``). Each run begins with one of the world's entry
scenes (the one read least so far), as the game would send the players to it.

``exhaustive(world)`` reads every scene from a state prepared for each combination of
answers (and partner / challenge mode in partner scenes), then every open option with every
number of successes (``storybook.playtest_prepare``).

Both return a ``Report``: coverage per scene, option and outcome, and the findings — runtime
errors (the playtest fails) and warnings — each at the file:line of the effect or scene.
"""

from __future__ import annotations

import random
import time
from collections import deque
from dataclasses import replace
from typing import Any

from .campaign import Campaign, Index, Player
from .conditions import evaluate
from .context import ReadContext
from .format import Scene
from .interpreter import ChoiceError, option_views, pick_event_scene, read_scene, resolve
from .outcomes import outcome_ranges
from .playtest_effects import EffectRunner, Turn
from .playtest_report import Finding, Report
from .world import World

ROUNDS = {1: 8, 2: 7, 3: 6, 4: 5}  # rounds per game by player count, as in the rules
GAMES = (1, 1, 2, 2, 3)  # games per run: a campaign goes on from the save slots
MAX_CHAIN = 100  # scenes in a row in one turn before we call it an endless loop
MAX_TRAIL = 12


# -- the simulator ----------------------------------------------------------------------------
class Simulator:
    """Plays scenes on a Campaign, records coverage and findings into a Report."""

    def __init__(self, world: World, report: Report, rng: random.Random, prepared: bool):
        self.world = world
        self.ix = Index(world)
        self.report = report
        self.rng = rng
        self.prepared = prepared
        self.camp: Campaign | None = None
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

    def use(self, camp: Campaign) -> EffectRunner:
        self.camp = camp
        self.runner = EffectRunner(
            camp,
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
        camp, runner = self.camp, self.runner
        assert camp is not None and runner is not None
        n = scene.number
        self.file = self.world.scene_files.get(n, "")
        self.report.coverage.scene(n)
        self.reached.add(n)
        self.stat("scenes read")
        self.trail.append(f"{n:04d}")
        turn.moved = set()
        partner = turn.partner is not None
        answers = {q.id: self.rng.random() < 0.5 for q in scene.questions if q.test is None}
        self.read_once(scene, camp.context(turn.active, partner=partner, answers=answers))
        for j, eff in enumerate(scene.effects):
            went = runner.apply(eff, turn, ("effects", j))
            if went is not None:
                return went, (self.file, ("effects", j))
        if not scene.options:
            self.fault("error", ("number",), "no way out of the scene: its effects do not end it")
            return None, None
        ctx = camp.context(turn.active, partner=partner, answers=answers)
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
                read_scene(scene, _with_seat(ctx, seat), names=self.ix.names)
            except Exception as exc:  # noqa: BLE001 - any crash of the reader is a finding
                self.fault("error", ("number",), f"the reader fails on this scene: {exc!r}")

    def choose_option(self, scene: Scene, ctx: ReadContext) -> int | None:
        views = option_views(scene, _with_seat(ctx, "player"))
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
        challenge = self.camp.challenge and scene.partner
        bounds = [b for r in outcome_ranges(opt.outcomes, challenge) for b in r if b is not None]
        top = max(bounds, default=0) + 1
        if self.rng.random() < 0.5:
            return self.rng.randint(0, top)
        return roll(self.rng, self.world, opt.check.skill, turn)

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
        if opt.cost:
            runner.gold(turn.active, -opt.cost, ("options", i, "cost"), "pay")
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


def _with_seat(ctx: ReadContext, seat: str) -> ReadContext:
    if ctx.seat == seat:
        return ctx
    return ReadContext(
        month=ctx.month,
        weekday=ctx.weekday,
        seat=seat,  # type: ignore[arg-type]
        challenge=ctx.challenge,
        partner=ctx.partner,
        facts=ctx.facts,
        answers=ctx.answers,
    )


def roll(rng: random.Random, world: World, skill: str, turn: Turn) -> int:
    """A rough skill check: 5 dice, advanced ones for marks (at most 2 per skill), one reroll.

    Not the real dice (their faces are not in the format): a base die succeeds 1 time in 3;
    an advanced die of the tested skill 2 in 3 (sometimes twice), of a neighbour 1 in 2.
    """
    marks = dict(turn.active.marks)
    if turn.partner is not None:  # the partner may lend their marks too
        for s, m in turn.partner.marks.items():
            marks[s] = marks.get(s, 0) + m
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


# -- random runs --------------------------------------------------------------------------------
class Runs(Simulator):
    def run(self, r: int) -> None:
        rng = self.rng
        n_adv = len(self.ix.adventurers)
        players = rng.choice([p for p in (1, 2, 2, 3, 3, 4) if p <= max(1, n_adv)])
        camp = Campaign.fresh(self.ix, rng, players)
        camp.challenge = rng.random() < 0.5
        self.use(camp)
        self.reached = set()
        self.where = f"run {r + 1}, setup"
        self.trail = []
        if self.ix.entry_scenes:  # the least read first: they are often read once a game
            visits = self.report.coverage.scenes
            self.entry(camp, min(self.ix.entry_scenes, key=lambda n: (visits.get(n, 0), n)))
        rounds = ROUNDS[min(players, 4)]
        games = rng.choice(GAMES)
        for game in range(games):
            if game:
                camp.save_and_continue(rng)
                self.stat("games continued from a save")
            for rnd in range(rounds):
                for p in camp.players:
                    self.where = (
                        f"run {r + 1}, game {game + 1}, round {rnd + 1}, {p.name}'s turn "
                        f"({camp.month}, {camp.weekday})"
                    )
                    self.trail = []
                    self.turn(p)
                self.calendar()
        for n in self.reached:
            self.report.coverage.runs[n] = self.report.coverage.runs.get(n, 0) + 1
        problems = camp.check()
        for problem in problems:
            self.fault("error", (), f"the simulation broke its own rules: {problem}", "")
        self.merge_stats()

    def entry(self, camp: Campaign, number: int) -> None:
        self.trail.append("entry")
        self.play_chain(number, Turn(camp.players[0]))

    def travel(self, p: Player) -> None:
        """Up to 2 moves along open routes: often towards a place where a card held offers
        a scene (players go where their quests send them), otherwise anywhere."""
        camp = self.camp
        assert camp is not None
        routes = self.ix.routes[camp.season]
        goals = self.goals(p)
        goal = self.rng.choice(goals) if goals and self.rng.random() < 0.7 else None
        for _ in range(self.rng.choice((0, 1, 2, 2)) if goal is None else 2):
            options = routes.get(p.location or "", [])
            if not options or p.location == goal:
                return
            if goal is not None:
                step = _next_step(routes, p.location, goal)
                p.location = step if step is not None else self.rng.choice(options)
            else:
                p.location = self.rng.choice(options)

    def goals(self, p: Player) -> list[str]:
        """Places named by the prerequisites of scenes offered by the cards ``p`` holds, and
        places offering a scene nobody has read yet that ``p`` could begin."""
        camp = self.camp
        assert camp is not None
        visits = self.report.coverage.scenes
        out: list[str] = []
        for cid in camp.held(p):
            for n in self.ix.scenes[cid]:
                for place in self.ix.scene_places.get(n, ()):
                    out += [place] * (3 if not visits.get(n) else 1)
        unread = [
            (loc, n)
            for (loc, season), scenes in self.ix.location_scenes.items()
            if season == camp.season
            for n in scenes
            if not visits.get(n) and n in self.world.scenes
        ]
        if unread:
            ctx = camp.context(p, partner=False)
            for loc, n in unread:
                scene = self.world.scenes[n]
                if scene.prerequisite is None or evaluate(scene.prerequisite, _at(ctx, loc)):
                    out += [loc] * 3
        return out

    def turn(self, p: Player) -> None:
        camp = self.camp
        assert camp is not None
        self.stat("turns")
        self.travel(p)
        self.pick_up_quest(p)
        sources = self.sources(p)
        if not sources:
            self.stat("turns with nothing to read")
            return
        mandatory = [s for s in sources if s[0] != "event" and self.world.scenes[s[1]].mandatory]
        pool = mandatory or sources
        visits = self.report.coverage.scenes
        weights = []
        for kind, n, _ in pool:
            if kind == "event":
                weights.append(1.0 / (1 + self.report.stats.get("event cards drawn", 0) / 10))
            else:
                weights.append(1.0 / (1 + visits.get(n, 0)))
        kind, number, cid = self.rng.choices(pool, weights)[0]
        partner = self.partner_for(p)
        if kind == "event":
            self.draw_event(p, partner)
            return
        self.trail.append(kind)
        scene = self.world.scenes[number]
        turn = Turn(p, partner if scene.partner else None, this=cid)
        self.play_chain(number, turn)

    def partner_for(self, p: Player) -> Player | None:
        here = [q for q in self.camp.players if q is not p and q.location == p.location]
        if here and self.rng.random() < 0.6:
            return self.rng.choice(here)
        return None

    def sources(self, p: Player) -> list[tuple[str, int, int | None]]:
        """What the active player may begin: (kind, scene, the copy offering it)."""
        camp = self.camp
        assert camp is not None
        found: list[tuple[str, int, int | None]] = []
        ctx = camp.context(p, partner=False)
        scenes = self.world.scenes

        def offer(kind: str, n: int, cid: int | None) -> None:
            scene = scenes.get(n)
            if scene is None:
                return
            if scene.prerequisite is None or _met(scene, ctx):
                found.append((kind, n, cid))

        if p.location is not None:
            for n in self.ix.location_scenes.get((p.location, camp.season), ()):
                offer("location", n, None)
            for cid in camp.at("at:" + p.location):
                for n in self.ix.scenes[cid]:
                    offer("local status", n, cid)
        for cid in camp.held(p):
            for n in self.ix.scenes[cid]:
                offer("card", n, cid)
        if camp.event_deck:
            found.append(("event", 0, None))
        return found

    def pick_up_quest(self, p: Player) -> None:
        camp = self.camp
        assert camp is not None
        camp.refill_noticeboard()
        for cid in list(camp.noticeboard):
            card = self.world.cards[self.ix.card[cid]]
            room = len(camp.count_held(p, "quest")) < 3
            if card.pickup == p.location and room and self.rng.random() < 0.6:
                camp.move(cid, p.pid)
                self.stat("quests picked up")
                camp.refill_noticeboard()

    def draw_event(self, p: Player, partner: Player | None) -> None:
        camp = self.camp
        assert camp is not None
        cid = camp.event_deck[0]
        camp.move(cid, "drawn")
        self.stat("event cards drawn")
        number = self.ix.card[cid]
        event = self.ix.events[number]
        self.trail.append(f"event {number:03d}")
        pick = pick_event_scene(event, camp.context(p, partner=False))
        if pick.scene is None:
            self.fault(
                "error", ("events",), f"event card {number:03d}: no entry opens", "events.yaml"
            )
            camp.move(cid, "event_deck")
            return
        scene = self.world.scenes.get(pick.scene)
        turn = Turn(p, partner if scene is not None and scene.partner else None, event=cid)
        self.play_chain(pick.scene, turn, via=("events.yaml", ("events",)))
        if camp.place[cid] == "drawn":
            self.fault(
                "warning",
                (),
                f"event card {number:03d} was read but never put anywhere; it goes to the "
                "bottom of the event deck",
                self.world.scene_files.get(pick.scene, "events.yaml"),
            )
            camp.move(cid, "event_deck")

    def calendar(self) -> None:
        camp, runner = self.camp, self.runner
        assert camp is not None and runner is not None
        camp.day += 1
        for cid, due in sorted(camp.timers.items(), key=lambda t: (t[1], t[0])):
            if due <= camp.day:
                self.stat("timed effects resolved")
                runner.expire(cid)


def _next_step(routes: dict[str, list[str]], start: str | None, goal: str) -> str | None:
    """The first move on a shortest way from ``start`` to ``goal`` (None: no way)."""
    if start is None:
        return None
    first: dict[str, str | None] = {start: None}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in routes.get(here, ()):
            if there not in first:
                first[there] = first[here] or there
                if there == goal:
                    return first[there]
                todo.append(there)
    return None


def _met(scene: Scene, ctx: ReadContext) -> bool:
    return evaluate(scene.prerequisite, ctx) is True


def _at(ctx: ReadContext, location: str) -> ReadContext:
    """``ctx`` as if the active player stood at ``location``."""
    return replace(ctx, facts=replace(ctx.facts, location=location))


def playtest(world: World, runs: int = 2000, seed: int = 1) -> Report:
    """``runs`` seeded random games; the same world and seed give the same report."""
    report = Report(world, "runs", runs, seed)
    start = time.perf_counter()
    sim = Runs(world, report, random.Random(seed), prepared=False)
    for r in range(runs):
        sim.run(r)
    report.seconds = time.perf_counter() - start
    return report


def exhaustive(world: World) -> Report:
    from .playtest_prepare import Exhaustive

    report = Report(world, "exhaustive", 0, None)
    start = time.perf_counter()
    Exhaustive(world, report, random.Random(0), prepared=True).sweep()
    report.seconds = time.perf_counter() - start
    return report
