"""The random playtest: seeded games at the simulated table, turn by turn as the app plays
them (the core's setup, travel along the routes, quests from the noticeboard, the scene to
begin, event cards, the end of the turn and the calendar phase, the ending scene, saving and
continuing), the scenes read by the shared ``Simulator``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from functools import cached_property

from games.core.engine import RuleError
from games.galzyr import campaign as core
from games.galzyr.campaign.build import build_campaign
from storybook.format import MONTHS, Scene
from storybook.interpreter import pick_event_scene
from storybook.interpreter.conditions import evaluate
from storybook.interpreter.context import ReadContext

from .effects import Turn
from .simulator import Simulator
from .table import Table, spots

GAMES = (1, 1, 2, 2, 3)  # games per run: a campaign goes on from the save slots
PLAYERS = (1, 2, 2, 3, 3, 4)


class Runs(Simulator):
    @cached_property
    def base(self) -> core.Campaign:
        """The world's campaign before its reset, built once: each run resets a copy."""
        return build_campaign(self.world, 0)

    def fresh(self, players: int) -> Table:
        rng = self.rng
        table = Table(self.ix, self.base, [], rng.choice(MONTHS)).fork()
        c = table.c
        c.rng = rng.getrandbits(63)
        core.reset_game(c)
        chosen = list(self.ix.adventurers)
        rng.shuffle(chosen)
        table.players = chosen[:players]
        mode = "competitive" if rng.random() < 0.5 else "cooperative"
        challenge = rng.random() < 0.5
        positions = spots(self.ix, rng, table.players)
        core.setup_game(c, table.players, mode, challenge=challenge, positions=positions)
        return table

    def run(self, r: int) -> None:
        rng = self.rng
        n_adv = len(self.ix.adventurers)
        self.where, self.trail = f"run {r + 1}, setup", []
        if not n_adv:
            self.fault("error", (), "the world has no adventurer: nobody can play it", "world.yaml")
            return
        players = rng.choice([p for p in PLAYERS if p <= n_adv])
        table = self.fresh(players)
        self.use(table)
        self.reached = set()
        c = table.c
        if self.ix.entry_scenes:  # the least read first: they are often read once a game
            visits = self.report.coverage.scenes
            first = min(self.ix.entry_scenes, key=lambda n: (visits.get(n, 0), n))
            self.trail.append("entry")
            self.play_chain(first, Turn(table.players[0]))
        for game in range(rng.choice(GAMES)):
            if game:
                self.save_and_continue()
                self.stat("games continued from a save")
            while c.phase == "playing":
                g = c.game
                assert g is not None
                name = c.adventurer_def(g.active).name
                self.where = (
                    f"run {r + 1}, game {game + 1}, round {g.number}, {name}'s turn "
                    f"({table.month}, {table.weekday})"
                )
                self.trail = []
                self.turn(g.active)
                timers = len(c.calendar.timers)
                core.end_turn(c)
                table.changed()
                self.stat("timed effects resolved", max(0, timers - len(c.calendar.timers)))
            self.game_end(f"run {r + 1}, game {game + 1}, the game's end")
        core.save_game(c)  # and packed: the campaign's rules are checked between games
        for n in self.reached:
            self.report.coverage.runs[n] = self.report.coverage.runs.get(n, 0) + 1
        for problem in core.check(c):
            self.fault("error", (), f"the simulation broke the campaign's rules: {problem}", "")
        self.merge_stats()

    def save_and_continue(self) -> None:
        """The core's save (timers off, save effects, the next month card) and "Continue
        playing"; a world without month cards has the reader's month move on."""
        table = self.table
        assert table is not None
        core.save_game(table.c, pack=False)
        table.month = MONTHS[(MONTHS.index(table.month) + 1) % 12]
        core.continue_playing(table.c, positions=spots(self.ix, self.rng, table.players))
        table.changed()

    def game_end(self, where: str) -> None:
        """The scene Discord (competitive) or Harmony (solo and co-operative) names, as the
        app reads it when the last round is over (the core's ``endings``)."""
        table = self.table
        assert table is not None and table.c.game is not None
        mode = table.c.game.mode
        number = table.c.world.endings.get(mode)
        if number is None or number not in self.world.scenes:
            return
        self.where, self.trail = where, [mode]
        winners = core.winners(table.c) or table.players
        self.play_chain(number, Turn(self.rng.choice(winners)))

    def travel(self, aid: str) -> None:
        """Up to 2 moves along open routes (the core's ``travel``): often towards a place
        where a card held offers a scene (players go where their quests send them)."""
        table = self.table
        assert table is not None
        c = table.c
        routes = self.ix.routes[c.calendar.side or table.season]
        goals = self.goals(aid) if self.rng.random() < 0.7 else []  # 7 times in 10, a goal
        goal = self.rng.choice(goals) if goals else None
        for _ in range(self.rng.choice((0, 1, 2, 2)) if goal is None else 2):
            here = c.adventurer(aid).position
            options = routes.get(here or "", [])
            if not options or here == goal:
                return
            step = next_step(routes, here, goal) if goal is not None else None
            try:
                core.travel(c, aid, step if step is not None else self.rng.choice(options))
            except RuleError:
                return
            finally:
                table.changed()

    def goals(self, aid: str) -> list[str]:
        """Places named by the prerequisites of scenes offered by the cards ``aid`` holds, and
        places offering a scene nobody has read yet that ``aid`` could begin."""
        table = self.table
        assert table is not None
        visits = self.report.coverage.scenes
        out: list[str] = []
        for cid in table.held(aid):
            for n in self.ix.scenes[cid]:
                for place in self.ix.scene_places.get(n, ()):
                    out += [place] * (3 if not visits.get(n) else 1)
        now = table.season
        unread = [
            (loc, n)
            for (loc, season), scenes in self.ix.location_scenes.items()
            if season == now
            for n in scenes
            if not visits.get(n) and n in self.world.scenes
        ]
        if unread:
            ctx = table.context(aid, partner=False)
            there: dict[str, ReadContext] = {}  # the context as if standing at each place
            for loc, n in unread:
                scene = self.world.scenes[n]
                if scene.prerequisite is None:
                    out += [loc] * 3
                    continue
                if loc not in there:
                    there[loc] = _at(ctx, loc)
                if evaluate(scene.prerequisite, there[loc]):
                    out += [loc] * 3
        return out

    def turn(self, aid: str) -> None:
        table = self.table
        assert table is not None
        self.stat("turns")
        self.travel(aid)
        self.pick_up_quest(aid)
        core.begin_story(table.c)
        sources = self.sources(aid)
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
        partner = self.partner_for(aid)
        if kind == "event":
            self.draw_event(aid, partner)
            return
        self.trail.append(kind)
        scene = self.world.scenes[number]
        self.play_chain(number, Turn(aid, partner if scene.partner else None, this=cid))

    def partner_for(self, aid: str) -> str | None:
        table = self.table
        assert table is not None
        here = table.c.adventurer(aid).position
        near = [q for q in table.players if q != aid and table.c.adventurer(q).position == here]
        if near and self.rng.random() < 0.6:
            return self.rng.choice(near)
        return None

    def sources(self, aid: str) -> list[tuple[str, int, int | None]]:
        """What the active player may begin: (kind, scene, the copy offering it)."""
        table = self.table
        assert table is not None
        c = table.c
        found: list[tuple[str, int, int | None]] = []
        ctx: list[ReadContext] = []  # made for the first prerequisite, if any
        scenes = self.world.scenes

        def offer(kind: str, n: int, cid: int | None) -> None:
            scene = scenes.get(n)
            if scene is None:
                return
            if scene.prerequisite is not None and not ctx:
                ctx.append(table.context(aid, partner=False))
            if scene.prerequisite is None or _met(scene, ctx[0]):
                found.append((kind, n, cid))

        here = c.adventurer(aid).position
        if here is not None:
            for n in self.ix.location_scenes.get((here, c.calendar.side or table.season), ()):
                offer("location", n, None)
            for cid in c.places[f"local:{here}"]:
                for n in self.ix.scenes[cid]:
                    offer("local status", n, cid)
        for cid in table.held(aid):
            for n in self.ix.scenes[cid]:
                offer("card", n, cid)
        if c.places["event_deck"]:
            found.append(("event", 0, None))
        return found

    def pick_up_quest(self, aid: str) -> None:
        """A quest on the noticeboard whose pickup location is here, now and then, while the
        adventurer has room (the core's ``pick_up_quest``)."""
        c = self.table.c if self.table is not None else None
        assert c is not None
        for cid in list(c.places["noticeboard"]):
            pickup = c.copies[cid].pickup
            room = len(c.places[f"quests:{aid}"]) < 3
            if pickup == c.adventurer(aid).position and room and self.rng.random() < 0.6:
                core.pick_up_quest(c, aid, cid)
                self.table.changed()
                self.stat("quests picked up")

    def draw_event(self, aid: str, partner: str | None) -> None:
        table = self.table
        assert table is not None
        c = table.c
        core.draw_event(c)  # the event deck and the drawn card: no fact the book reads
        cid = c.places["drawn"][0]
        self.stat("event cards drawn")
        number = c.copies[cid].number
        self.trail.append(f"event {number:03d}")
        event = self.ix.events.get(number)
        pick = pick_event_scene(event, table.context(aid, partner=False)) if event else None
        if pick is None or pick.scene is None:
            self.fault(
                "error", ("events",), f"event card {number:03d}: no entry opens", "events.yaml"
            )
            core.place_drawn_event(c, "event_deck")
            return
        scene = self.world.scenes.get(pick.scene)
        turn = Turn(aid, partner if scene is not None and scene.partner else None, event=True)
        self.play_chain(pick.scene, turn, via=("events.yaml", ("events",)))
        if c.places["drawn"]:
            self.fault(
                "warning",
                (),
                f"event card {number:03d} was read but never put anywhere; it goes back on "
                "top of the event deck",
                self.world.scene_files.get(pick.scene, "events.yaml"),
            )
            core.place_drawn_event(c, "event_deck", position="top")


def next_step(routes: dict[str, list[str]], start: str | None, goal: str) -> str | None:
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
