"""The exhaustive playtest: every scene × every answer combination × every option × successes.

Each combination starts from a prepared table (a game of two adventurers set up by the core):
the scene's origin is set up (the location offering it, the card offering it in the active
player's hand, the event card drawn), then the state is changed until the scene's
prerequisite holds and each tested question gets the wanted answer (``satisfy``). A
combination no state can give (two questions that contradict each other) is counted, not
played. Gold starts at 20 so that every option with a cost is open.
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from functools import cached_property
from typing import Any

from games.galzyr import campaign as core
from games.galzyr.campaign.build import build_campaign
from games.galzyr.campaign.cards import destination, relocate
from games.galzyr.campaign.facts import MAX_GOLD
from games.galzyr.campaign.state import HOLDINGS, in_play
from storybook.format import MONTHS, WEEKDAYS, Scene
from storybook.format import conditions as c
from storybook.interpreter import option_views, read_scene
from storybook.interpreter.conditions import evaluate
from storybook.interpreter.outcomes import outcome_ranges
from storybook.lint.checks import scene_links

from .effects import END, Turn
from .simulator import Simulator, with_seat
from .table import Table

MAX_QUESTIONS_FULL = 8  # above this, answer combinations are all-yes, all-no and single flips


def answer_combinations(n: int) -> list[tuple[bool, ...]]:
    if n <= MAX_QUESTIONS_FULL:
        return list(itertools.product((True, False), repeat=n))
    combos = {tuple([True] * n), tuple([False] * n)}
    for i in range(n):
        combos.add(tuple(j == i for j in range(n)))
        combos.add(tuple(j != i for j in range(n)))
    return sorted(combos, reverse=True)


class Exhaustive(Simulator):
    def sweep(self) -> None:
        if not self.ix.adventurers:
            self.fault("error", (), "the world has no adventurer: nobody can play it", "world.yaml")
            return
        self.origins = self.find_origins()
        for _, scene in sorted(self.world.scenes.items()):
            self.scene_sweep(scene)
        self.report.runs = self.report.stats.get("combinations", 0)

    @cached_property
    def base(self) -> Table:
        """A game of (up to) two adventurers on a campaign the core set up, built once."""
        camp = build_campaign(self.world, 0)
        core.reset_game(camp)
        players = self.ix.adventurers[:2]
        core.setup_game(camp, players, "cooperative" if len(players) == 1 else "competitive")
        return Table(self.ix, camp, players, "january")

    def find_origins(self) -> dict[int, dict[str, Any]]:
        """For each scene, one location, card and event card that lead to it (through 'go')."""
        ix, world = self.ix, self.world
        roots: list[tuple[str, Any, int]] = []
        for (loc, season), scenes in ix.location_scenes.items():
            roots += [("location", (loc, season), n) for n in scenes]
        for number, card in sorted(world.cards.items()):
            roots += [("card", number, n) for n in card.all_scenes()]
        for ev in world.events:
            roots += [("event", ev.card, entry.scene) for entry in ev.scenes]
        origins: dict[int, dict[str, Any]] = {}
        for kind, ref, start in roots:
            todo, seen = deque([start]), set()
            while todo:
                n = todo.popleft()
                if n in seen or n not in world.scenes:
                    continue
                seen.add(n)
                got = origins.setdefault(n, {})
                if kind in got:
                    continue  # an earlier root of this kind already leads here and beyond
                got[kind] = ref
                todo.extend(scene_links(world.scenes[n]))
        return origins

    def scene_sweep(self, scene: Scene) -> None:
        qids = [q.id for q in scene.questions]
        modes = [(False, False)]
        if scene.partner:
            modes += [(False, True)]
            if len(self.base.players) > 1:
                modes += [(True, False), (True, True)]
        for partner, challenge in modes:
            for combo in answer_combinations(len(qids)):
                want = dict(zip(qids, combo, strict=True))
                table = self.prepare(scene, want, partner, challenge)
                label = ", ".join(f"{q}: {'yes' if a else 'no'}" for q, a in want.items())
                mode = ", ".join(
                    m for m, on in (("with a partner", partner), ("challenge", challenge)) if on
                )
                self.where = f"exhaustive: scene {scene.number:04d}" + (
                    f" ({'; '.join(x for x in (label, mode) if x)})" if label or mode else ""
                )
                if table is None:
                    self.stat("answer combinations no state can give")
                    continue
                self.combination(scene, table, want, partner)

    # -- one combination -------------------------------------------------------------------------
    def combination(self, scene: Scene, table: Table, want: dict[str, bool], partner: bool):
        n = scene.number
        answers = {q.id: want[q.id] for q in scene.questions if q.test is None}
        self.file = self.world.scene_files.get(n, "")
        self.trail = []
        turn = self.turn_for(table, partner)
        turn.scene = n
        runner = self.use(table)
        ctx = table.context(turn.active, partner=partner, answers=answers)
        for seat in ("story_master", "player"):
            try:
                read_scene(scene, with_seat(ctx, seat), names=self.ix.names)
            except Exception as exc:  # noqa: BLE001
                self.fault("error", ("number",), f"the reader fails on this scene: {exc!r}")
        self.report.coverage.scene(n)
        self.stat("scenes read")
        for j, eff in enumerate(scene.effects):
            went = runner.apply(eff, turn, ("effects", j))
            if went is not None:
                self.check_target(went, ("effects", j))
                self.stat("combinations")
                self.merge_stats()
                return
        if not scene.options:
            self.fault("error", ("number",), "no way out of the scene: its effects do not end it")
            return
        self.merge_stats()
        base_moved = set(turn.moved)
        ctx = table.context(turn.active, partner=partner, answers=answers)
        views = option_views(scene, with_seat(ctx, "player"))
        if not any(v.available for v in views):
            reasons = "; ".join(f"option {v.index + 1}: {v.locked_reason}" for v in views)
            self.fault("error", ("options",), f"no option can be chosen ({reasons})")
        for view in views:
            if not view.available:
                self.stat("options locked in a combination")
                continue
            i = view.index
            for successes in self.success_counts(scene, i, table):
                fork = table.fork()
                fork_turn = self.turn_for(fork, partner, like=turn)
                fork_turn.moved, fork_turn.scene = set(base_moved), n
                self.use(fork)
                self.trail = [f"{n:04d}"]
                fork_ctx = fork.context(fork_turn.active, partner=partner, answers=answers)
                went, via = self.take_option(scene, i, fork_ctx, fork_turn, successes)
                if via is not None:
                    self.check_target(went, via[1])
                self.stat("combinations")
                self.merge_stats()

    def check_target(self, went: Any, path: tuple) -> None:
        if went is END or went is None:
            return
        if went not in self.world.scenes:
            self.fault("error", path, f"go to scene {went:04d}, which does not exist")

    def success_counts(self, scene: Scene, i: int, table: Table) -> list[int | None]:
        opt = scene.options[i]
        if opt.check is None or opt.outcomes is None:
            return [None]
        challenge = table.challenge and scene.partner
        bounds = [b for r in outcome_ranges(opt.outcomes, challenge) for b in r if b is not None]
        return list(range(0, max(bounds, default=0) + 2))

    def turn_for(self, table: Table, partner: bool, like: Turn | None = None) -> Turn:
        active, other = table.players[0], table.players[-1]
        turn = Turn(active, other if partner and other != active else None)
        source = like or self._origin_turn
        turn.this, turn.event = source.this, source.event
        return turn

    # -- preparing a state ---------------------------------------------------------------------
    def prepare(
        self, scene: Scene, want: dict[str, bool], partner: bool, challenge: bool
    ) -> Table | None:
        table = self.base.fork()
        rng = random.Random(scene.number)
        c = table.c
        assert c.game is not None
        c.game.challenge = challenge
        table.month = "january"
        active, other = table.players[0], table.players[-1]
        for aid in table.players:
            c.adventurer(aid).gold = MAX_GOLD
            c.adventurer(aid).position = (
                rng.choice(self.ix.locations) if self.ix.locations else None
            )
        origin = self.origins.get(scene.number, {})
        self._origin_turn = Turn(active)
        if "location" in origin:
            loc, season = origin["location"]
            c.adventurer(active).position = loc
            self.set_month(table, "june" if season == "summer" else "january")
        if "card" in origin:
            self._origin_turn.this = self.give(table, active, origin["card"])
        if "event" in origin:
            where = c.where()
            cid = next((x for x in c.numbered(origin["event"]) if where[x] == "event_deck"), None)
            if cid is not None and not c.places["drawn"]:
                relocate(c, cid, "drawn")
                self._origin_turn.event = True
        tests = [(q.test, want[q.id]) for q in scene.questions if q.test is not None]
        prereq = scene.prerequisite if "event" not in origin else None
        for _ in range(2):
            if prereq is not None:
                self.satisfy(prereq, True, table, table.players[0])
            for test, wanted in tests:
                self.satisfy(test, wanted, table, table.players[0])
            active, other = table.players[0], table.players[-1]
            if partner:
                c.adventurer(other).position = c.adventurer(active).position
            table.changed()  # satisfy changed the campaign directly
            ctx = table.context(active, partner=partner)
            if all(evaluate(test, ctx) is wanted for test, wanted in tests):
                return table
        return None

    def set_month(self, table: Table, month: str) -> None:
        """The month the scene needs: the month card of the core's plan, swapped in."""
        table.month = month
        c = table.c
        if not c.plan.months or c.month == month:
            return
        old = c.month_card
        new = next(iter(c.numbered(c.plan.months[MONTHS.index(month)])), None)
        if old is not None and new is not None:
            key = c.where()[old]
            relocate(c, old, "library", timers=False)
            relocate(c, new, key, timers=False)

    def give(self, table: Table, aid: str, number: int) -> int | None:
        c = table.c
        copies = c.numbered(number)
        icon = c.adventurer_def(aid).icon
        mine = [x for x in copies if c.copies[x].icon == icon] or copies
        if not mine:
            return None
        cid = mine[0]
        try:
            dst = destination(c, cid, aid)
        except Exception:  # noqa: BLE001 - a card with no place in play stays where it is
            return cid
        if c.where()[cid] != dst:
            relocate(c, cid, dst, timers=False)
        return cid

    def satisfy(self, cond: Any, want: bool, table: Table, aid: str) -> None:
        """Change the table so that ``cond`` is ``want`` for adventurer ``aid`` (if it can)."""
        ix, camp = self.ix, table.c
        adv = camp.adventurer(aid)
        if isinstance(cond, c.All):
            if want:
                for sub in cond.all:
                    self.satisfy(sub, True, table, aid)
            else:
                self.satisfy(cond.all[0], False, table, aid)
        elif isinstance(cond, c.AnyOf):
            if want:
                self.satisfy(cond.any[0], True, table, aid)
            else:
                for sub in cond.any:
                    self.satisfy(sub, False, table, aid)
        elif isinstance(cond, c.Not):
            self.satisfy(cond.not_, not want, table, aid)
        elif isinstance(cond, c.At):
            others = (x for x in ix.locations if x not in cond.at)
            adv.position = cond.at[0] if want else next(others, adv.position)
        elif isinstance(cond, c.InSeason):
            summer = (cond.season == "summer") == want
            self.set_month(table, "june" if summer else "january")
        elif isinstance(cond, c.InMonth):
            month = cond.month[0] if want else next(m for m in MONTHS if m not in cond.month)
            self.set_month(table, month)
        elif isinstance(cond, c.OnWeekday):
            others = [d for d in WEEKDAYS if d not in cond.weekday]
            if want or others:
                table.set_weekday(cond.weekday[0] if want else others[0])
        elif isinstance(cond, c.HasTag):
            self.satisfy_tag(cond.has_tag, want, table, aid)
        elif isinstance(cond, c.HasCard):
            if want and not table.holds(aid, cond.has_card):
                self.give(table, aid, cond.has_card)
            elif not want:
                for cid in table.held(aid):
                    if camp.copies[cid].number == cond.has_card:
                        relocate(camp, cid, "library", timers=False)
        elif isinstance(cond, c.CardHere):
            self.satisfy_here(cond.card_here, want, table, aid)
        elif isinstance(cond, c.CardInPlay):
            where = camp.where()
            copies = camp.numbered(cond.card_in_play)
            if want and copies and not any(in_play(where[x]) for x in copies):
                self.give(table, aid, cond.card_in_play)
            elif not want:
                for cid in copies:
                    if in_play(where[cid]):
                        relocate(camp, cid, "library", timers=False)
        elif isinstance(cond, c.CardIn):
            self.satisfy_place(cond.card_in.card, cond.card_in.place, want, table)
        elif isinstance(cond, c.GoldAtLeast):
            if want:
                adv.gold = max(adv.gold, cond.gold_at_least)
            elif cond.gold_at_least > 0:
                adv.gold = min(adv.gold, cond.gold_at_least - 1)
        elif isinstance(cond, c.IsAdventurer):
            self.satisfy_adventurer(cond.adventurer, want, table, aid)
        elif isinstance(cond, c.MarksAtLeast):
            if want:
                for skill, n in cond.marks_at_least.items():
                    adv.marks[skill] = max(adv.marks.get(skill, 0), n)
            else:
                skill, n = next(iter(cond.marks_at_least.items()))
                adv.marks[skill] = min(adv.marks.get(skill, 0), n - 1)
        # partner: the loop over modes decides it

    def satisfy_tag(self, tag: str, want: bool, table: Table, aid: str) -> None:
        camp = table.c
        adv = camp.adventurer(aid)
        if want:
            if tag not in adv.tags:
                adv.tags.append(tag)
            return
        if tag in adv.tags:
            adv.tags.remove(tag)
        if tag in camp.adventurer_def(aid).tags:  # printed on the board: another adventurer
            others = [a.id for a in camp.world.adventurers if tag not in a.tags]
            if others:
                self.satisfy_adventurer(others[:1], True, table, aid)
                aid = table.players[0]
        for cid in table.held(aid):
            if tag in camp.copies[cid].tags:
                relocate(camp, cid, "library", timers=False)

    def satisfy_here(self, number: int, want: bool, table: Table, aid: str) -> None:
        camp = table.c
        here = camp.adventurer(aid).position
        if here is None:
            return
        key = f"local:{here}"
        on = [cid for cid in camp.places[key] if camp.copies[cid].number == number]
        copies = camp.numbered(number)
        if want and not on and copies and camp.copies[copies[0]].type == "local_status":
            relocate(camp, copies[0], key, timers=False)
        elif not want:
            for cid in on:
                relocate(camp, cid, "library", timers=False)

    def satisfy_place(self, number: int, place: str, want: bool, table: Table) -> None:
        camp = table.c
        copies = camp.numbered(number)
        if not copies:
            return
        where = camp.where()
        if want:
            if place == "library":
                for cid in copies:
                    if where[cid] in ("vault", "quest_slot"):
                        relocate(camp, cid, "library", timers=False)
            if not any(where[cid] == place for cid in copies) and camp.where()[copies[0]] != place:
                relocate(camp, copies[0], place, timers=False)
        else:
            for cid in copies:
                if where[cid] == place:
                    relocate(camp, cid, "vault" if place == "library" else "library", timers=False)

    def satisfy_adventurer(self, ids: list[str], want: bool, table: Table, aid: str) -> None:
        """Seat the adventurer the condition names (or another) in ``aid``'s place: they take
        over ``aid``'s space and cards, and play the combination with their own board."""
        target = ids[0] if want else next((a for a in self.ix.adventurers if a not in ids), None)
        camp, players = table.c, table.players
        if target is None or target == aid or camp.game is None:
            return
        i = players.index(aid)
        if target in players:
            j = players.index(target)
            players[i], players[j] = players[j], players[i]
        else:
            players[i] = target
            camp.adventurer(target).position = camp.adventurer(aid).position
            for kind in HOLDINGS:
                for cid in list(camp.places[f"{kind}:{aid}"]):
                    relocate(camp, cid, f"{kind}:{target}", timers=False)
        camp.game.players = list(players)
