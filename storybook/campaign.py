"""A simulated campaign for the playtest: every card copy in one place, gold, tags, timers.

Pure Python. ``Index`` (``storybook.campaign_index``) is built once per world (every physical
copy of every card, routes, who offers which scene); ``Campaign`` is the state of one simulated
game and is cheap to clone (the exhaustive playtest starts each combination from a copy). What
it tells the reader's conditions is in ``storybook.campaign_facts``.

Places a copy can be in: ``library``, ``vault``, ``quest_slot``, ``noticeboard``,
``save:<slot>``, ``event_deck``, ``drawn`` (the event card being read), ``board`` (location
cards), ``global`` (a global status in play), ``at:<location>`` (a local status) and
``p<N>`` (held by player N: items, quests, companions, statuses, abilities).

A fresh campaign: location cards form the board; the event cards of events.yaml are the event
deck (shuffled); each player holds the ``ability`` card with their icon; everything else is in
the library. The vault, the quest slot and the save slots start empty: the book puts cards
there. Quests the book puts into the quest slot reach the noticeboard (three at a time), where
a player at the quest's ``pickup`` location may take one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from storybook.campaign_facts import facts_of, in_play
from storybook.campaign_index import Index
from storybook.format import MAX_GOLD, MONTHS, START_GOLD, WEEKDAYS, season_of
from storybook.interpreter.context import Facts, ReadContext

MAX_ITEMS = 3
MAX_QUESTS = 3


@dataclass
class Player:
    index: int
    adventurer: str | None
    name: str
    icon: str | None
    location: str | None
    gold: int
    tags: set[str]  # board tags, plus gained, minus lost
    marks: dict[str, int]
    prestige: int = 0

    @property
    def pid(self) -> str:
        return f"p{self.index}"

    def clone(self) -> Player:
        return Player(
            self.index,
            self.adventurer,
            self.name,
            self.icon,
            self.location,
            self.gold,
            set(self.tags),
            dict(self.marks),
            self.prestige,
        )


@dataclass
class Campaign:
    ix: Index
    place: list[str]
    players: list[Player]
    month: str = "january"
    start_weekday: int = 0
    day: int = 0
    challenge: bool = False
    event_deck: list[int] = field(default_factory=list)  # copy ids, top first
    quest_slot: list[int] = field(default_factory=list)  # front first
    noticeboard: list[int] = field(default_factory=list)
    timers: dict[int, int] = field(default_factory=dict)  # copy → the day its timer comes due
    _by_place: dict[str, list[int]] | None = field(default=None, repr=False, compare=False)

    # -- setup -------------------------------------------------------------------------------
    @classmethod
    def fresh(cls, ix: Index, rng: random.Random, players: int) -> Campaign:
        place = ["library"] * len(ix.card)
        advs = list(ix.adventurers)
        rng.shuffle(advs)
        chosen: list[Player] = []
        for i in range(players):
            adv = advs[i] if i < len(advs) else None
            loc = rng.choice(ix.locations) if ix.locations else None
            if adv is None:
                chosen.append(Player(i, None, f"Player {i + 1}", None, loc, START_GOLD, set(), {}))
            else:
                chosen.append(
                    Player(
                        i, adv.id, adv.name, adv.icon, loc, adv.gold, set(adv.tags), dict(adv.marks)
                    )
                )
        camp = cls(ix, place, chosen)
        camp.month = rng.choice(MONTHS)
        camp.start_weekday = rng.randrange(7)
        for cid, number in enumerate(ix.card):
            kind = ix.type[cid]
            if number in ix.location_cards and kind == "location":
                place[cid] = "board"
            elif kind == "event" and number in ix.events:
                place[cid] = "event_deck"
                camp.event_deck.append(cid)
            elif kind == "ability":
                owner = next((p for p in chosen if p.icon and p.icon == ix.icon[cid]), None)
                if owner is not None:
                    place[cid] = owner.pid
        rng.shuffle(camp.event_deck)
        return camp

    def save_and_continue(self, rng: random.Random) -> None:
        """Save the game and set up the next one, a month later.

        Saving removes every timer unresolved; what the players hold is saved with their
        adventurer and taken back at setup, so it stays with them. Cards the book put into an
        adventurer's save slot go back to that adventurer's player (who then keeps at most 3
        items and 3 quests); from the global save slot, global statuses come back into play,
        events into the event deck, quests into the quest slot, anything else (a local status
        has no place on the board any more) into the library.
        """
        self.timers.clear()
        self.month = MONTHS[(MONTHS.index(self.month) + 1) % 12]
        self.day = 0
        self.start_weekday = rng.randrange(7)
        owners = {f"save:{p.adventurer}": p for p in self.players if p.adventurer}
        dest = {"global_status": "global", "event": "event_deck", "quest": "quest_slot"}
        for cid, place in enumerate(self.place):
            if place in owners:
                self.move(cid, owners[place].pid)
            elif place == "save:global":
                self.move(cid, dest.get(self.ix.type[cid], "library"))
        for p in self.players:
            p.prestige = 0
            self.drop_extra(p, rng)

    def drop_extra(self, p: Player, rng: random.Random) -> int:
        """At most 3 items and 3 quests: the rest go back to the library. Returns how many."""
        dropped = 0
        for kind, limit in (("item", MAX_ITEMS), ("quest", MAX_QUESTS)):
            held = self.count_held(p, kind)
            while len(held) > limit:
                drop = rng.choice(held)
                self.move(drop, "library")
                held.remove(drop)
                dropped += 1
        return dropped

    def clone(self) -> Campaign:
        return Campaign(
            self.ix,
            list(self.place),
            [p.clone() for p in self.players],
            self.month,
            self.start_weekday,
            self.day,
            self.challenge,
            list(self.event_deck),
            list(self.quest_slot),
            list(self.noticeboard),
            dict(self.timers),
        )

    # -- the date ------------------------------------------------------------------------------
    @property
    def weekday(self) -> str:
        return WEEKDAYS[(self.start_weekday + self.day) % 7]

    @property
    def season(self) -> str:
        return season_of(self.month)

    def set_weekday(self, weekday: str) -> None:
        self.start_weekday = (WEEKDAYS.index(weekday) - self.day) % 7

    # -- places --------------------------------------------------------------------------------
    def copies(self, number: int) -> list[int]:
        return self.ix.by_card.get(number, [])

    def where(self, number: int, place: str) -> list[int]:
        return [c for c in self.copies(number) if self.place[c] == place]

    def at(self, place: str) -> list[int]:
        """The copies in ``place`` (a copy of the list: callers may move cards meanwhile)."""
        if self._by_place is None:
            index: dict[str, list[int]] = {}
            for cid, where in enumerate(self.place):
                index.setdefault(where, []).append(cid)
            self._by_place = index
        return list(self._by_place.get(place, ()))

    def held(self, player: Player) -> list[int]:
        return self.at(player.pid)

    def holds(self, player: Player, number: int) -> bool:
        pid = player.pid
        return any(self.place[c] == pid for c in self.copies(number))

    def move(self, cid: int, dest: str, *, top: bool = False) -> None:
        """The one way a copy changes place; leaving play removes its timer."""
        src = self.place[cid]
        if src == dest:
            return
        if src == "event_deck":
            self.event_deck.remove(cid)
        elif src == "quest_slot":
            self.quest_slot.remove(cid)
        elif src == "noticeboard":
            self.noticeboard.remove(cid)
        if in_play(src) and not in_play(dest):
            self.timers.pop(cid, None)
        self.place[cid] = dest
        if self._by_place is not None:  # keep the index: a rebuild per move would cost more
            self._by_place[src].remove(cid)
            self._by_place.setdefault(dest, []).append(cid)
        if dest == "event_deck":
            self.event_deck.insert(0, cid) if top else self.event_deck.append(cid)
        elif dest == "quest_slot":
            self.quest_slot.append(cid)
        elif dest == "noticeboard":
            self.noticeboard.append(cid)

    def refill_noticeboard(self) -> None:
        while len(self.noticeboard) < 3 and self.quest_slot:
            self.move(self.quest_slot[0], "noticeboard")

    def count_held(self, player: Player, kind: str) -> list[int]:
        return [c for c in self.held(player) if self.ix.type[c] == kind]

    def describe_place(self, place: str) -> str:
        if place.startswith("p") and place[1:].isdigit():
            return "held by a player"  # no names: the same fault reads the same in every run
        if place.startswith("at:"):
            lid = place[3:]
            return f"a local status at {self.ix.location_names.get(lid, lid)}"
        if place.startswith("save:"):
            return f"in the {place[5:]} save slot"
        return {
            "library": "in the library",
            "vault": "in the vault",
            "quest_slot": "in the quest slot",
            "noticeboard": "on the noticeboard",
            "event_deck": "in the event deck",
            "drawn": "the event card being read",
            "board": "part of the board (a location card)",
            "global": "in play as a global status",
        }.get(place, place)

    def describe_copies(self, number: int) -> str:
        places = [self.describe_place(self.place[c]) for c in self.copies(number)]
        if not places:
            return "the catalog has no such card"
        if len(places) == 1:
            return f"its only copy is {places[0]}"
        counted: dict[str, int] = {}
        for p in places:
            counted[p] = counted.get(p, 0) + 1
        parts = [f"{n} {p}" if n > 1 else f"1 {p}" for p, n in counted.items()]
        return f"its {len(places)} copies: " + ", ".join(parts)

    # -- what the reader is told ---------------------------------------------------------------
    def facts(self, player: Player) -> Facts:
        return facts_of(self, player)

    def context(
        self,
        player: Player,
        *,
        partner: bool,
        answers: Mapping[str, bool] | None = None,
        seat: str = "story_master",
    ) -> ReadContext:
        return ReadContext(
            month=self.month,
            weekday=self.weekday,
            seat=seat,  # type: ignore[arg-type]
            challenge=self.challenge,
            partner=partner,
            facts=self.facts(player),
            answers=answers or {},
        )

    def tags_of(self, player: Player) -> set[str]:
        out = set(player.tags)
        for cid in self.held(player):
            out |= self.ix.tags[cid]
        return out

    def check(self) -> list[str]:
        """Broken invariants of the simulation itself (a bug here, not in the book)."""
        problems = []
        for p in self.players:
            if not 0 <= p.gold <= MAX_GOLD:
                problems.append(f"{p.name} has {p.gold} gold")
            for kind, limit in (("item", MAX_ITEMS), ("quest", MAX_QUESTS)):
                if len(self.count_held(p, kind)) > limit:
                    problems.append(f"{p.name} holds more than {limit} {kind}s")
        ordered = [("event_deck", self.event_deck), ("quest_slot", self.quest_slot)]
        ordered.append(("noticeboard", self.noticeboard))
        for name, order in ordered:
            if sorted(order) != [c for c, p in enumerate(self.place) if p == name]:
                problems.append(f"the {name} order is out of step")
        return problems
