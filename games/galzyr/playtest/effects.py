"""A scene's effects carried out by the app's own scene-effect application.

Each effect becomes the app's pending entries (``scene_effects.pending_from``: one per
adventurer it touches, none for an absent partner) and is applied by ``scene_effects.apply_to``
through the campaign core, with the choices the players would make at the table (which copy,
which item to give up for a 4th, which quest to abandon) made at random. What the app does
with an effect is what the playtest does: gold stops at 0 and 20, a status gained again
restarts its timer, a 4th item or quest makes room.

A refusal of the app becomes a finding at the effect's file:line. The book lost track of a
card (taken from a tray where no copy is) is a runtime error; an effect with nothing to act
on because every copy is in play, or a card that is not in play, is resolved as completely as
possible: a warning or a count. "this" (the copy that offered the scene) and "event" (the
drawn event card) name no number: the players move that card by hand, and the playtest does
it with the core's moves, as they would.

In the exhaustive playtest the state is prepared: a copy an effect needs is fetched to where
the effect takes it from, unless an earlier effect of the same scene moved it away.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core.engine import RuleError
from games.galzyr import campaign as core
from games.galzyr.campaign.cards import destination, relocate
from games.galzyr.campaign.facts import MAX_GOLD
from games.galzyr.campaign.state import in_play
from games.galzyr.reader import scene_effects
from storybook.format import effects as e
from storybook.interpreter.effect_text import EffectView, effect_view

from .table import Table

END = "end"
Report = Callable[..., None]  # (severity, data path, message, detail="") → a finding
VERB_WORDS = {
    "take": "take",
    "status": "gain the status",
    "companion": "gain the companion",
    "local_status": "place the local status",
    "global_status": "play the global status",
}


@dataclass
class Turn:
    """Who is playing (adventurer ids) and what opened the scene (for ``this`` and ``event``)."""

    active: str
    partner: str | None = None
    this: int | None = None  # the copy of the card that offered the scene
    event: bool = False  # the scene was opened by the drawn event card
    scene: int = 1  # the scene being read
    moved: set[int] = field(default_factory=set)  # copies moved by this scene's effects


class EffectRunner:
    def __init__(self, table: Table, rng: random.Random, report: Report, prepared: bool):
        self.table = table
        self.c = table.c
        self.rng = rng
        self.report = report
        self.prepared = prepared  # exhaustive: fetch what an effect needs
        self.stats: dict[str, int] = {}

    def count(self, what: str) -> None:
        self.stats[what] = self.stats.get(what, 0) + 1

    # -- one effect ---------------------------------------------------------------------------
    def apply(self, eff: Any, turn: Turn, path: tuple) -> int | str | None:
        """Carry out ``eff``; returns the scene to go to, END, or None to go on."""
        if isinstance(eff, e.GoTo):
            return eff.go
        if isinstance(eff, e.End):
            return END
        if isinstance(eff, e.Note):
            return None
        if eff.optional and self.rng.random() < 0.3:
            self.count("optional effects declined")
            return None
        view = self.table.ix.views.get(id(eff))
        if view is None:
            view = self.table.ix.views[id(eff)] = effect_view(eff)
        self.apply_view(view, turn, path)
        return None

    def apply_view(self, view: EffectView, turn: Turn, path: tuple) -> None:
        card = view.args.get("card")
        if card in ("this", "event"):
            self.by_hand(view, card, turn, path)
            return
        players = self.table.players
        active = players.index(turn.active)
        partner = players.index(turn.partner) if turn.partner is not None else None
        for p in scene_effects.pending_from([view], turn.scene, active, partner, len(players)):
            self.one(p, turn, path)

    def one(self, p: scene_effects.Pending, turn: Turn, path: tuple) -> None:
        try:
            self._one(p, turn, path)
        finally:
            self.table.changed()

    def _one(self, p: scene_effects.Pending, turn: Turn, path: tuple) -> None:
        c, players = self.c, self.table.players
        aid = players[p.player]
        icon_of = players[p.player if p.icon is None else p.icon]
        chosen: dict[str, str] = {}
        options = scene_effects.choices(c, p, aid)
        if options:
            chosen["choice"] = self.rng.choice(options)[0]
        room = scene_effects.make_room(c, p, aid)
        if room is not None:
            chosen[room["arg"]] = self.rng.choice(room["options"])[0]
            self.count(
                f"{'item discarded' if room['arg'] == 'discard' else 'quest abandoned'}: more than 3"
            )
        if self.prepared:
            self.fetch(p, aid, icon_of, turn)
            before = c.where()
        gold = c.adventurer(aid).gold
        again = p.verb == "status" and core.held_status(c, p.args["card"], aid) is not None
        try:
            scene_effects.apply_to(c, p, aid, icon_of=icon_of, **chosen)
        except RuleError as exc:
            self.refused(p, aid, icon_of, path, str(exc))
            return
        if p.verb == "gold":
            wanted = gold + p.args["gold"]
            if wanted > MAX_GOLD:
                self.count("gold stopped at 20")
            elif wanted < 0:
                self.count("gold stopped at 0 (lost what there was)")
        if again:
            self.count("status gained again (timer restarted)")
        if self.prepared:
            after = c.where()
            turn.moved |= {cid for cid, key in after.items() if before.get(cid) != key}

    # -- what the app refused --------------------------------------------------------------
    def refused(self, p: scene_effects.Pending, aid: str, icon_of: str, path: tuple, why: str):
        c, a, verb = self.c, p.args, p.verb
        number = a.get("card")
        if verb in scene_effects.TAKES:
            self.not_taken(
                number, a.get("pick", "any"), a.get("from", "library"), icon_of, path, why, verb
            )
        elif verb in ("discard", "timer") and "not in play" in why:
            what = "discard card" if verb == "discard" else "a timer for card"
            where = self.table.describe(c.numbered(number))
            hint = "; ask a question first?" if verb == "discard" else ""
            self.report(
                "warning", path, f"{what} {number:03d}, but it is not in play ({where}){hint}"
            )
        elif verb in ("delay", "hasten") and "no timer token" in why:
            self.count(f"{verb} of a card without a timer token")
        elif (
            verb == "put"
            and c.numbered(number)
            and all(key == _dest(a, aid) for key in (c.where()[cid] for cid in c.numbered(number)))
        ):
            self.count("put of a card already there")
        elif verb == "skill_mark":
            reason = "already 2 on that skill" if "marks already" in why else "no mark to move"
            self.count(f"skill mark not moved: {reason}")
        else:
            self.report("error", path, f"the app refuses this effect: {why}")

    def not_taken(self, number, pick, source, icon_of, path, why, verb) -> None:
        c = self.c
        copies = c.numbered(number)
        icon, named = None, ""
        if pick == "icon":
            icon = c.adventurer_def(icon_of).icon
            copies = [cid for cid in copies if c.copies[cid].icon == icon]
            named = f" with {c.adventurer_def(icon_of).name}'s icon"
            if not copies:
                self.report("error", path, f"card {number:03d} has no copy{named} '{icon}'")
                return
        words = VERB_WORDS.get(verb, verb)
        where = c.where()
        if copies and any(where[cid] == source for cid in copies):
            self.report("error", path, f"the app refuses this effect: {why}")
        elif copies and all(in_play(where[cid]) for cid in copies):
            # where the copies are goes with the first time only: one finding per effect,
            # not one per place the copies happened to be (a local status: per location)
            self.report(
                "warning",
                path,
                f"{words} card {number:03d}{named}: every copy is in play, so nobody gets one; "
                "a prerequisite or question could check first",
                detail=self.table.describe(copies),
            )
        else:
            self.report(
                "error",
                path,
                f"{words} card {number:03d}{named} from the {source}: no copy is there "
                f"({self.table.describe(copies)})",
            )

    # -- the exhaustive playtest's prepared state ------------------------------------------
    def fetch(self, p: scene_effects.Pending, aid: str, icon_of: str, turn: Turn) -> None:
        """Fetch a copy the effect needs to where it takes it from (or into play), unless
        this scene's own effects moved them all away (that is a fault of the scene)."""
        c, a = self.c, p.args
        number = a.get("card")
        if not isinstance(number, int) or not c.numbered(number):
            return
        where = c.where()
        copies = c.numbered(number)
        if p.verb in scene_effects.TAKES:
            if a.get("pick") == "icon":
                icon = c.adventurer_def(icon_of).icon
                copies = [cid for cid in copies if c.copies[cid].icon == icon]
            source = a.get("from", "library")
            if any(where[cid] == source for cid in copies):
                return
            spare = [cid for cid in copies if cid not in turn.moved and not in_play(where[cid])]
            spare = spare or [cid for cid in copies if cid not in turn.moved]
            if spare:
                relocate(c, spare[0], source, timers=False)
        elif p.verb in ("discard", "timer") and not any(in_play(where[cid]) for cid in copies):
            spare = [cid for cid in copies if cid not in turn.moved]
            if spare:
                try:
                    relocate(c, spare[0], destination(c, spare[0], aid), timers=False)
                except RuleError:
                    return

    # -- "this" and "event": the players move the card by hand -----------------------------
    def by_hand(self, view: EffectView, card: str, turn: Turn, path: tuple) -> None:
        try:
            self._by_hand(view, card, turn, path)
        finally:
            self.table.changed()

    def _by_hand(self, view: EffectView, card: str, turn: Turn, path: tuple) -> None:
        c, verb, a = self.c, view.verb, view.args
        if card == "this" and turn.this is None:
            self.report(
                "warning",
                path,
                f"{verb} 'this', but the scene was not opened from a card "
                "(here it came from a location, an event card or an entry scene)",
            )
            return
        if card == "event" and not (turn.event and c.places["drawn"]):
            if not turn.event:
                self.report(
                    "warning",
                    path,
                    f"{verb} 'event', but the scene was not opened by an event card",
                )
            return
        cid = turn.this if card == "this" else c.places["drawn"][0]
        assert cid is not None
        try:
            if verb == "discard":
                if not in_play(c.where()[cid]) and c.where()[cid] != "drawn":
                    self.count("discard of a card already gone")
                    return
                core.move_card(c, cid, "library")
            elif verb == "put":
                dst = _dest(a, turn.active)
                if c.where()[cid] == dst:
                    self.count("put of a card already there")
                    return
                core.move_card(c, cid, dst, position=a.get("position") or "bottom")
            elif verb == "timer":
                core.place_timer(c, cid, a.get("days"))
            elif verb in ("delay", "hasten"):
                if core.timer_of(c, cid) is None:
                    self.count(f"{verb} of a card without a timer token")
                    return
                (core.delay if verb == "delay" else core.hasten)(c, cid, a["days"])
            turn.moved.add(cid)
        except RuleError as exc:
            self.report("error", path, f"the app refuses this effect: {exc}")


def _dest(a: dict[str, Any], aid: str) -> str:
    if a.get("into") == "save_slot":
        slot = a.get("slot", "active")
        return f"save:{aid if slot == 'active' else slot}"
    return a.get("into", "library")
