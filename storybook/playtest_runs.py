"""The random playtest: seeded games of a simulated campaign, turn by turn (travel, quests,
the scene to begin, event cards, the calendar), played by the shared ``Simulator``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from functools import cached_property

from games.galzyr.campaign.build import endings_of
from storybook.campaign import Campaign, Player
from storybook.format import Scene
from storybook.interpreter import pick_event_scene
from storybook.interpreter.conditions import evaluate
from storybook.interpreter.context import ReadContext
from storybook.playtest_effects import Turn
from storybook.playtest_simulator import Simulator

ROUNDS = {1: 8, 2: 7, 3: 6, 4: 5}  # rounds per game by player count, as in the rules
GAMES = (1, 1, 2, 2, 3)  # games per run: a campaign goes on from the save slots


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
            self.game_end(camp, f"run {r + 1}, game {game + 1}, the game's end")
        for n in self.reached:
            self.report.coverage.runs[n] = self.report.coverage.runs.get(n, 0) + 1
        problems = camp.check()
        for problem in problems:
            self.fault("error", (), f"the simulation broke its own rules: {problem}", "")
        self.merge_stats()

    @cached_property
    def endings(self) -> dict[str, int]:
        return endings_of(self.world)  # type: ignore[arg-type]

    def game_end(self, camp: Campaign, where: str) -> None:
        """The scene Discord (competitive) or Harmony (solo and co-operative) names, as the
        app reads it when the last round is over (the app's own ``endings_of``)."""
        solo = len(camp.players) == 1
        mode = "cooperative" if solo or self.rng.random() < 0.5 else "competitive"
        number = self.endings.get(mode)
        if number is None or number not in self.world.scenes:
            return
        self.where, self.trail = where, [mode]
        self.play_chain(number, Turn(self.rng.choice(camp.players)))

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
