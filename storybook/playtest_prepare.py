"""The exhaustive playtest: every scene × every answer combination × every option × successes.

Each combination starts from a prepared campaign: the scene's origin is set up (the location
offering it, the card offering it in the active player's hand, the event card drawn), then the
state is changed until the scene's prerequisite holds and each tested question gets the wanted
answer (``satisfy``). A combination no state can give (two questions that contradict each
other) is counted, not played. Gold starts at 20 so that every option with a cost is open.
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from typing import Any

from storybook.campaign import Campaign, Player, in_play
from storybook.format import MONTHS, WEEKDAYS, Scene
from storybook.format import conditions as c
from storybook.interpreter import option_views, read_scene
from storybook.interpreter.conditions import evaluate
from storybook.interpreter.outcomes import outcome_ranges
from storybook.lint.checks import scene_links
from storybook.playtest_effects import END, Turn
from storybook.playtest_simulator import Simulator, _with_seat

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
        self.origins = self.find_origins()
        for _, scene in sorted(self.world.scenes.items()):
            self.scene_sweep(scene)
        self.report.runs = self.report.stats.get("combinations", 0)

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
            modes += [(True, False), (False, True), (True, True)]
        for partner, challenge in modes:
            for combo in answer_combinations(len(qids)):
                want = dict(zip(qids, combo, strict=True))
                camp = self.prepare(scene, want, partner, challenge)
                label = ", ".join(f"{q}: {'yes' if a else 'no'}" for q, a in want.items())
                mode = ", ".join(
                    m for m, on in (("with a partner", partner), ("challenge", challenge)) if on
                )
                self.where = f"exhaustive: scene {scene.number:04d}" + (
                    f" ({'; '.join(x for x in (label, mode) if x)})" if label or mode else ""
                )
                if camp is None:
                    self.stat("answer combinations no state can give")
                    continue
                self.combination(scene, camp, want, partner)

    # -- one combination -------------------------------------------------------------------------
    def combination(self, scene: Scene, camp: Campaign, want: dict[str, bool], partner: bool):
        n = scene.number
        table = {q.id: want[q.id] for q in scene.questions if q.test is None}
        self.file = self.world.scene_files.get(n, "")
        self.trail = []
        turn = self.turn_for(camp, partner)
        runner = self.use(camp)
        ctx = camp.context(turn.active, partner=partner, answers=table)
        for seat in ("story_master", "player"):
            try:
                read_scene(scene, _with_seat(ctx, seat), names=self.ix.names)
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
        ctx = camp.context(turn.active, partner=partner, answers=table)
        views = option_views(scene, _with_seat(ctx, "player"))
        if not any(v.available for v in views):
            reasons = "; ".join(f"option {v.index + 1}: {v.locked_reason}" for v in views)
            self.fault("error", ("options",), f"no option can be chosen ({reasons})")
        for view in views:
            if not view.available:
                self.stat("options locked in a combination")
                continue
            i = view.index
            for successes in self.success_counts(scene, i, camp):
                fork = camp.clone()
                fork_turn = self.turn_for(fork, partner, like=turn)
                fork_turn.moved = set(base_moved)
                self.use(fork)
                self.trail = [f"{n:04d}"]
                fork_ctx = fork.context(fork_turn.active, partner=partner, answers=table)
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

    def success_counts(self, scene: Scene, i: int, camp: Campaign) -> list[int | None]:
        opt = scene.options[i]
        if opt.check is None or opt.outcomes is None:
            return [None]
        challenge = camp.challenge and scene.partner
        bounds = [b for r in outcome_ranges(opt.outcomes, challenge) for b in r if b is not None]
        return list(range(0, max(bounds, default=0) + 2))

    def turn_for(self, camp: Campaign, partner: bool, like: Turn | None = None) -> Turn:
        turn = Turn(camp.players[0], camp.players[1] if partner else None)
        source = like or self._origin_turn
        turn.this, turn.event = source.this, source.event
        return turn

    # -- preparing a state ---------------------------------------------------------------------
    def prepare(
        self, scene: Scene, want: dict[str, bool], partner: bool, challenge: bool
    ) -> Campaign | None:
        rng = random.Random(scene.number)
        camp = Campaign.fresh(self.ix, rng, players=2)
        camp.challenge = challenge
        camp.month = "january"
        active, other = camp.players
        for p in camp.players:
            p.gold = 20
        origin = self.origins.get(scene.number, {})
        self._origin_turn = Turn(active)
        if "location" in origin:
            loc, season = origin["location"]
            active.location = loc
            camp.month = "june" if season == "summer" else "january"
        if "card" in origin:
            self._origin_turn.this = self.give(camp, active, origin["card"])
        if "event" in origin:
            cid = next(
                (x for x in camp.copies(origin["event"]) if camp.place[x] == "event_deck"), None
            )
            if cid is not None:
                camp.move(cid, "drawn")
                self._origin_turn.event = cid
        tests = [(q.test, want[q.id]) for q in scene.questions if q.test is not None]
        prereq = scene.prerequisite if "event" not in origin else None
        for _ in range(2):
            if prereq is not None:
                self.satisfy(prereq, True, camp, active)
            for test, wanted in tests:
                self.satisfy(test, wanted, camp, active)
            other.location = active.location if partner else other.location
            ctx = camp.context(active, partner=partner)
            if all(evaluate(test, ctx) is wanted for test, wanted in tests):
                return camp
        return None

    def give(self, camp: Campaign, p: Player, number: int) -> int | None:
        copies = camp.copies(number)
        mine = [x for x in copies if self.ix.icon[x] == p.icon] or copies
        if not mine:
            return None
        cid = mine[0]
        kind = self.ix.type[cid]
        if kind == "local_status":
            camp.move(cid, f"at:{p.location}")
        elif kind == "global_status":
            camp.move(cid, "global")
        else:
            camp.move(cid, p.pid)
        return cid

    def satisfy(self, cond: Any, want: bool, camp: Campaign, p: Player) -> None:
        """Change the campaign so that ``cond`` is ``want`` for player ``p`` (if it can)."""
        ix = self.ix
        if isinstance(cond, c.All):
            if want:
                for sub in cond.all:
                    self.satisfy(sub, True, camp, p)
            else:
                self.satisfy(cond.all[0], False, camp, p)
        elif isinstance(cond, c.AnyOf):
            if want:
                self.satisfy(cond.any[0], True, camp, p)
            else:
                for sub in cond.any:
                    self.satisfy(sub, False, camp, p)
        elif isinstance(cond, c.Not):
            self.satisfy(cond.not_, not want, camp, p)
        elif isinstance(cond, c.At):
            if want:
                p.location = cond.at[0]
            else:
                p.location = next((x for x in ix.locations if x not in cond.at), p.location)
        elif isinstance(cond, c.InSeason):
            summer = (cond.season == "summer") == want
            camp.month = "june" if summer else "january"
        elif isinstance(cond, c.InMonth):
            camp.month = cond.month[0] if want else next(m for m in MONTHS if m not in cond.month)
        elif isinstance(cond, c.OnWeekday):
            others = [d for d in WEEKDAYS if d not in cond.weekday]
            if want or others:
                camp.set_weekday(cond.weekday[0] if want else others[0])
        elif isinstance(cond, c.HasTag):
            if want:
                p.tags.add(cond.has_tag)
            else:
                p.tags.discard(cond.has_tag)
                for cid in list(camp.held(p)):
                    if cond.has_tag in ix.tags[cid]:
                        camp.move(cid, "library")
        elif isinstance(cond, c.HasCard):
            if want:
                if not camp.holds(p, cond.has_card):
                    self.give(camp, p, cond.has_card)
            else:
                for cid in camp.copies(cond.has_card):
                    if camp.place[cid] == p.pid:
                        camp.move(cid, "library")
        elif isinstance(cond, c.CardHere):
            here = f"at:{p.location}"
            if want:
                if not camp.where(cond.card_here, here) and camp.copies(cond.card_here):
                    camp.move(camp.copies(cond.card_here)[0], here)
            else:
                for cid in camp.where(cond.card_here, here):
                    camp.move(cid, "library")
        elif isinstance(cond, c.CardInPlay):
            copies = camp.copies(cond.card_in_play)
            if want:
                if copies and not any(in_play(camp.place[x]) for x in copies):
                    self.give(camp, p, cond.card_in_play)
            else:
                for cid in copies:
                    if in_play(camp.place[cid]):
                        camp.move(cid, "library")
        elif isinstance(cond, c.CardIn):
            self.satisfy_place(cond.card_in.card, cond.card_in.place, want, camp)
        elif isinstance(cond, c.GoldAtLeast):
            if want:
                p.gold = max(p.gold, cond.gold_at_least)
            elif cond.gold_at_least > 0:
                p.gold = min(p.gold, cond.gold_at_least - 1)
        elif isinstance(cond, c.IsAdventurer):
            ids = [a.id for a in ix.adventurers]
            target = (
                cond.adventurer[0]
                if want
                else next((a for a in ids if a not in cond.adventurer), None)
            )
            if target is not None and target != p.adventurer:
                self.become(camp, p, target)
        elif isinstance(cond, c.MarksAtLeast):
            if want:
                for skill, n in cond.marks_at_least.items():
                    p.marks[skill] = max(p.marks.get(skill, 0), n)
            else:
                skill, n = next(iter(cond.marks_at_least.items()))
                p.marks[skill] = min(p.marks.get(skill, 0), n - 1)
        # season / month / weekday / partner: the loop over modes decides the rest

    def satisfy_place(self, number: int, place: str, want: bool, camp: Campaign) -> None:
        copies = camp.copies(number)
        if not copies:
            return
        if want:
            if place == "library":
                for cid in copies:
                    if camp.place[cid] in ("vault", "quest_slot"):
                        camp.move(cid, "library")
                if not camp.where(number, "library"):
                    camp.move(copies[0], "library")
            elif not camp.where(number, place):
                camp.move(copies[0], place)
        else:
            for cid in copies:
                if camp.place[cid] == place:
                    camp.move(cid, "vault" if place == "library" else "library")

    def become(self, camp: Campaign, p: Player, adventurer: str) -> None:
        """Swap adventurers so that ``p`` plays ``adventurer``."""
        adv = next(a for a in self.ix.adventurers if a.id == adventurer)
        for q in camp.players:
            if q is not p and q.adventurer == adventurer:
                old = next((a for a in self.ix.adventurers if a.id == p.adventurer), None)
                if old is not None:
                    q.adventurer, q.name, q.icon = old.id, old.name, old.icon
                    q.tags, q.marks = set(old.tags), dict(old.marks)
        p.adventurer, p.name, p.icon = adv.id, adv.name, adv.icon
        p.tags, p.marks = set(adv.tags), dict(adv.marks)
