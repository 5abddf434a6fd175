"""Effects carried out on a simulated campaign; what can't be carried out becomes a finding.

Runtime errors (the playtest fails): a card taken from where no copy of it is, gold that
would go below 0. Warnings: a discard, put or timer about a card that is not in play, "this"
or "event" in a scene that was not opened by a card or an event card. Rules, not faults:
gold stops at 20, a fifth status is only its timer restarting, a fourth item or quest makes
the player drop one.

In the exhaustive playtest the state is prepared: a card an effect needs is fetched to where
the effect takes it from, unless an earlier effect of the same scene moved it away.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from storybook.campaign import MAX_ITEMS, MAX_QUESTS, Campaign, Player, in_play
from storybook.format import MAX_GOLD, MAX_MARKS_PER_SKILL, card_of, pick_of
from storybook.format import effects as e
from storybook.interpreter.effect_text import icon_owner

END = "end"
Report = Callable[..., None]  # (severity, data path, message, detail="") → a finding


@dataclass
class Turn:
    """Who is playing and what opened the scene (for ``this`` and ``event``)."""

    active: Player
    partner: Player | None = None
    this: int | None = None  # the copy of the card that offered the scene
    event: int | None = None  # the drawn event card's copy
    moved: set[int] = field(default_factory=set)  # copies moved by this scene's effects


class EffectRunner:
    def __init__(self, camp: Campaign, rng: random.Random, report: Report, prepared: bool):
        self.camp = camp
        self.ix = camp.ix
        self.rng = rng
        self.report = report
        self.prepared = prepared  # exhaustive: fetch what an effect needs
        self.stats: dict[str, int] = {}

    def count(self, what: str) -> None:
        self.stats[what] = self.stats.get(what, 0) + 1

    def targets(self, who: str, turn: Turn) -> list[Player]:
        if who == "active":
            return [turn.active]
        if who == "partner":
            return [turn.partner] if turn.partner is not None else []
        return list(self.camp.players)

    def placer(self, who: str, turn: Turn) -> list[Player]:
        """Who places a local or global status (on whose space): it is placed once, by the
        partner with ``who: partner`` (nobody without one), else by the active player — as
        the campaign assistant does. Its matching icon is the active player's (``icon_owner``)."""
        if who == "partner":
            return [turn.partner] if turn.partner is not None else []
        return [turn.active]

    def move(self, cid: int, dest: str, turn: Turn, *, top: bool = False) -> None:
        self.camp.move(cid, dest, top=top)
        turn.moved.add(cid)

    # -- one effect ---------------------------------------------------------------------------
    def apply(self, eff: Any, turn: Turn, path: tuple) -> int | str | None:
        """Carry out ``eff``; returns the scene to go to, END, or None to go on."""
        if isinstance(eff, e.GoTo):
            return eff.go
        if isinstance(eff, e.End):
            return END
        if eff.optional and self.rng.random() < 0.3:
            self.count("optional effects declined")
            return None
        targets = self.targets(eff.who, turn)
        if isinstance(eff, e.Gold):
            for p in targets:
                self.gold(p, eff.gold, path)
        elif isinstance(eff, e.Prestige):
            for p in targets:
                p.prestige = max(0, p.prestige + eff.prestige)
        elif isinstance(eff, e.Take):
            self.take(eff.take, eff.from_, targets, turn, path, eff.at, who=eff.who)
        elif isinstance(eff, e.GainStatus | e.GainCompanion):
            ref, verb = (
                (eff.status, "gain the status")
                if isinstance(eff, e.GainStatus)
                else (eff.companion, "gain the companion")
            )
            self.take(ref, "library", targets, turn, path, verb=verb, who=eff.who)
        elif isinstance(eff, e.PlaceLocalStatus):
            here = self.placer(eff.who, turn)
            self.take(
                eff.local_status, "library", here, turn, path, eff.at, "place the local status"
            )
        elif isinstance(eff, e.PlaceGlobalStatus):
            self.take(
                eff.global_status,
                "library",
                self.placer(eff.who, turn),
                turn,
                path,
                verb="play the global status",
            )
        elif isinstance(eff, e.Discard):
            self.discard(eff.discard, targets, turn, path)
        elif isinstance(eff, e.Put):
            self.put(eff.put, targets, turn, path)
        elif isinstance(eff, e.StartTimer):
            self.timer(eff.timer.card, eff.timer.days, targets, turn, path)
        elif isinstance(eff, e.Delay):
            self.shift(eff.delay.card, eff.delay.days, targets, turn, path)
        elif isinstance(eff, e.Hasten):
            self.shift(eff.hasten.card, -eff.hasten.days, targets, turn, path)
        elif isinstance(eff, e.GainTag):
            for p in targets:
                p.tags.add(eff.gain_tag)
        elif isinstance(eff, e.LoseTag):
            for p in targets:
                p.tags.discard(eff.lose_tag)
        elif isinstance(eff, e.MoveSkillMark):
            for p in targets:
                self.skill_mark(p, eff.skill_mark.from_, eff.skill_mark.to)
        return None

    # -- gold and marks -------------------------------------------------------------------------
    def gold(self, p: Player, amount: int, path: tuple, what: str = "") -> None:
        new = p.gold + amount
        if new < 0:
            self.report(
                "error",
                path,
                f"{what or 'lose'} {-amount} gold, more than the player has: gold can't go below "
                "0 (ask a question, or give the option a cost, so that only a player who has "
                "it pays)",
                f"{p.name} had {p.gold}",
            )
            new = 0
        if new > MAX_GOLD:
            self.count("gold stopped at 20")
            new = MAX_GOLD
        p.gold = new

    def skill_mark(self, p: Player, src: str, dest: str) -> None:
        if p.marks.get(dest, 0) >= MAX_MARKS_PER_SKILL:
            self.count("skill mark not moved: already 2 on that skill")
            return
        if src == "any":
            choices = sorted(s for s, n in p.marks.items() if n > 0 and s != dest)
            if not choices:
                self.count("skill mark not moved: no mark to move")
                return
            src = self.rng.choice(choices)
        if p.marks.get(src, 0) <= 0:
            self.count("skill mark not moved: no mark on that skill")
            return
        p.marks[src] -= 1
        p.marks[dest] = p.marks.get(dest, 0) + 1

    # -- cards ----------------------------------------------------------------------------------
    def take(
        self,
        ref: Any,
        source: str,
        targets: list[Player],
        turn: Turn,
        path: tuple,
        at: str | None = None,
        verb: str = "take",
        who: str = "active",
    ) -> None:
        """Each of ``targets`` takes a copy (a matching icon: ``icon_owner``'s)."""
        number, pick = card_of(ref), pick_of(ref)
        card = self.ix.world.cards.get(number)
        if card is None:
            self.report("error", path, f"card {number:03d} is not in the catalog")
            return
        for p in targets:
            if card.type == "adventurer_status" and self.camp.holds(p, number):
                # a status can't be held twice: gaining it again restarts its timer
                for cid in self.camp.copies(number):
                    if self.camp.place[cid] == p.pid and self.ix.timer[cid]:
                        self.camp.timers[cid] = self.camp.day + self.ix.timer[cid]
                self.count("status gained again (timer restarted)")
                continue
            owner = icon_owner(who, p, turn.active)  # whose icon a matching-icon copy shows
            if pick == "icon":
                with_icon = [c for c in self.camp.copies(number) if self.ix.icon[c] == owner.icon]
                if not with_icon:
                    self.report(
                        "error",
                        path,
                        f"card {number:03d} has no copy with {owner.name}'s icon "
                        f"'{owner.icon or 'none'}'",
                    )
                    continue
            found = self._find(number, source, pick, owner, turn)
            if found is None:
                self.missing(number, source, pick, owner, path, verb)
                continue
            self.enter_play(found, p, turn, at)

    def missing(
        self, number: int, source: str, pick: str, p: Player, path: tuple, verb: str
    ) -> None:
        """No copy where the effect takes it from. In play everywhere: resolved as completely
        as possible (a warning). In another part of the trays: the book lost track (an error)."""
        ok = [c for c in self.camp.copies(number) if pick != "icon" or self.ix.icon[c] == p.icon]
        icon = f" with {p.name}'s icon" if pick == "icon" else ""
        where = self.camp.describe_copies(number)
        if all(in_play(self.camp.place[c]) for c in ok):
            self.report(
                "warning",
                path,
                f"{verb} card {number:03d}{icon}: every copy is in play ({where}), so nobody "
                "gets one; a prerequisite or question could check first",
            )
        else:
            self.report(
                "error",
                path,
                f"{verb} card {number:03d}{icon} from the {source}: no copy is there ({where})",
            )

    def _find(self, number: int, source: str, pick: str, p: Player, turn: Turn) -> int | None:
        ok = [c for c in self.camp.copies(number) if pick != "icon" or self.ix.icon[c] == p.icon]
        there = [c for c in ok if self.camp.place[c] == source]
        if not there and self.prepared:
            # the exhaustive playtest starts from a prepared state: fetch a copy, unless this
            # scene's own effects moved them all away (that is a fault of the scene)
            spare = [c for c in ok if c not in turn.moved and not in_play(self.camp.place[c])]
            spare = spare or [c for c in ok if c not in turn.moved]
            if spare:
                self.camp.move(spare[0], source)
                there = [spare[0]]
        if not there:
            return None
        return self.rng.choice(there) if pick == "random" else there[0]

    def enter_play(self, cid: int, p: Player, turn: Turn, at: str | None) -> None:
        kind = self.ix.type[cid]
        if kind == "local_status":
            where = p.location if at in (None, "here") else at
            self.move(cid, f"at:{where}", turn)
        elif kind == "global_status":
            self.move(cid, "global", turn)
        else:
            self.move(cid, p.pid, turn)
        if self.ix.timer[cid]:
            self.camp.timers[cid] = self.camp.day + self.ix.timer[cid]
        for kind_held, limit, what in (
            ("item", MAX_ITEMS, "item discarded: more than 3"),
            ("quest", MAX_QUESTS, "quest abandoned: more than 3"),
        ):
            if kind == kind_held:
                held = self.camp.count_held(p, kind)
                while len(held) > limit:
                    drop = self.rng.choice(held)
                    self.move(drop, "library", turn)
                    held.remove(drop)
                    self.count(what)

    def _copy_for(
        self, card: int | str, targets: list[Player], turn: Turn, path: tuple, verb: str
    ) -> list[int]:
        """The copies a discard / put / timer is about; a warning when there are none."""
        if card == "this":
            if turn.this is None:
                self.report(
                    "warning",
                    path,
                    f"{verb} 'this', but the scene was not opened from a card "
                    "(here it came from a location, an event card or an entry scene)",
                )
                return []
            return [turn.this]
        if card == "event":
            if turn.event is None:
                self.report(
                    "warning",
                    path,
                    f"{verb} 'event', but the scene was not opened by an event card",
                )
                return []
            return [turn.event]
        assert isinstance(card, int)
        copies = self.camp.copies(card)
        held = [c for p in targets for c in copies if self.camp.place[c] == p.pid]
        if held:
            return held[:1] if len(targets) == 1 else held
        board = [c for c in copies if in_play(self.camp.place[c])]
        return board[:1]

    def discard(self, card: int | str, targets: list[Player], turn: Turn, path: tuple) -> None:
        copies = self._copy_for(card, targets, turn, path, "discard")
        if not copies and isinstance(card, int):
            if self.prepared and self._prepare_in_play(card, targets, turn):
                copies = self._copy_for(card, targets, turn, path, "discard")
            else:
                self.report(
                    "warning",
                    path,
                    f"discard card {card:03d}, but it is not in play "
                    f"({self.camp.describe_copies(card)}); ask a question first?",
                )
        for cid in copies:
            if not in_play(self.camp.place[cid]):
                self.count("discard of a card already gone")
                continue
            self.move(cid, "library", turn)

    def _prepare_in_play(self, card: int, targets: list[Player], turn: Turn) -> bool:
        spare = [c for c in self.camp.copies(card) if c not in turn.moved]
        if not spare or not targets:
            return False
        self.enter_play(spare[0], targets[0], turn, None)
        turn.moved.discard(spare[0])
        return True

    def put(self, target: Any, targets: list[Player], turn: Turn, path: tuple) -> None:
        into = target.into
        if into == "save_slot":
            slot = turn.active.adventurer if target.slot == "active" else target.slot
            dest = f"save:{slot or 'active'}"
        else:
            dest = into
        copies = self._copy_for(target.card, targets, turn, path, "put")
        if not copies and isinstance(target.card, int):
            # not in play: any copy not already there (a card can be put from the trays too)
            copies = [c for c in self.camp.copies(target.card) if self.camp.place[c] != dest][:1]
            if not copies:
                self.count("put of a card already there")
                return
        for cid in copies:
            kind = self.ix.type[cid]
            if into == "quest_slot" and kind != "quest":
                self.report(
                    "warning",
                    path,
                    f"put card {self.ix.card[cid]:03d} (not a quest) into the quest slot",
                )
            if into == "event_deck" and kind != "event":
                self.report(
                    "warning",
                    path,
                    f"put card {self.ix.card[cid]:03d} (not an event) into the event deck",
                )
            self.move(cid, dest, turn, top=target.position == "top")

    def timer(
        self, card: int | str, days: int | None, targets: list[Player], turn: Turn, path: tuple
    ) -> None:
        copies = [
            c
            for c in self._copy_for(card, targets, turn, path, "timer for")
            if in_play(self.camp.place[c])
        ]
        if not copies and isinstance(card, int):
            if self.prepared and self._prepare_in_play(card, targets, turn):
                copies = self._copy_for(card, targets, turn, path, "timer for")
            else:
                self.report(
                    "warning",
                    path,
                    f"a timer for card {card:03d}, but it is not in play "
                    f"({self.camp.describe_copies(card)})",
                )
        for cid in copies:
            length = days or self.ix.timer[cid]
            if length:
                self.camp.timers[cid] = self.camp.day + length

    def shift(
        self, card: int | str, days: int, targets: list[Player], turn: Turn, path: tuple
    ) -> None:
        verb = "delay" if days > 0 else "hasten"
        copies = [
            c for c in self._copy_for(card, targets, turn, path, verb) if c in self.camp.timers
        ]
        if not copies:
            self.count(f"{verb} of a card without a timer token")
            return
        for cid in copies:
            due = max(self.camp.day, self.camp.timers[cid] + days)
            self.camp.timers[cid] = due
            if due <= self.camp.day:
                self.count("timed effect resolved at once (hastened)")
                self.expire(cid, turn)

    def expire(self, cid: int, turn: Turn | None = None) -> None:
        """A timed effect comes due: the playtest takes the card out of play."""
        self.camp.timers.pop(cid, None)
        if in_play(self.camp.place[cid]):
            self.camp.move(cid, "library")
