"""The simulated table: a campaign of the app's pure core, played by the playtester.

Every card copy, every limit and every procedure (reset, setup, travel, the calendar, saving
and continuing) is the core's (``games.galzyr.campaign``); the table adds only what the
reader keeps beside it (the month when the world has no month cards, a partner) and the
playtester's questions about the state ("which copies does Odile hold?").
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from games.galzyr import campaign as core
from games.galzyr.campaign.facts import weekday_name
from games.galzyr.campaign.state import HOLDINGS
from games.galzyr.campaign.tracked import tracked_facts
from storybook.format import season_of
from storybook.interpreter.context import Facts, ReadContext

from .index import Index


class Table:
    """A core ``Campaign`` in a game, and the adventurers playing it in seat order."""

    def __init__(self, ix: Index, c: core.Campaign, players: list[str], month: str):
        self.ix = ix
        self.c = c
        self.players = players
        self._month = month  # the reader's month when no month card is in play
        # Facts per adventurer since the campaign last changed: every change the playtester
        # makes goes through ``changed`` (its effects, travel, quests, the end of a turn)
        self._facts: dict[str, Facts] = {}

    def changed(self) -> None:
        self._facts.clear()

    def fork(self) -> Table:
        """A copy to change (the exhaustive playtest tries every option from one state): the
        catalog is frozen and shared, the places, adventurers, calendar and round copied."""
        c = self.c
        copy = c.model_copy(
            update={
                "places": {k: list(v) for k, v in c.places.items()},
                "adventurers": [a.model_copy(deep=True) for a in c.adventurers],
                "calendar": c.calendar.model_copy(deep=True),
                "game": c.game.model_copy(deep=True) if c.game is not None else None,
                "local_memory": dict(c.local_memory),
                "save_memory": dict(c.save_memory),
            }
        )
        return Table(self.ix, copy, list(self.players), self._month)

    # -- the date --------------------------------------------------------------------------
    @property
    def month(self) -> str:
        return self.c.month or self._month

    @month.setter
    def month(self, month: str) -> None:
        self._month = month

    @property
    def season(self) -> str:
        return season_of(self.month)

    @property
    def weekday(self) -> str:
        return weekday_name(self.c.calendar.day or 0)

    def set_weekday(self, weekday: str) -> None:
        day = self.c.calendar.day or 0
        while weekday_name(day) != weekday:
            day += 1
        self.c.calendar.day = day

    @property
    def challenge(self) -> bool:
        return self.c.game is not None and self.c.game.challenge

    # -- places ----------------------------------------------------------------------------
    def held(self, aid: str) -> list[int]:
        return [cid for kind in HOLDINGS for cid in self.c.places[f"{kind}:{aid}"]]

    def holds(self, aid: str, number: int) -> bool:
        return any(self.c.copies[cid].number == number for cid in self.held(aid))

    def describe(self, cids: list[int]) -> str:
        """Where these copies are, without naming anyone (a fault reads the same in every
        run): "its only copy is in the vault", "its 3 copies: 1 in the library, 2 held"."""
        where = self.c.where()
        places = [_describe_place(self.ix, where[cid]) for cid in cids]
        if not places:
            return "the catalog has no such card"
        if len(places) == 1:
            return f"its only copy is {places[0]}"
        counted: dict[str, int] = {}
        for p in places:
            counted[p] = counted.get(p, 0) + 1
        return f"its {len(places)} copies: " + ", ".join(f"{n} {p}" for p, n in counted.items())

    # -- what the reader is told -----------------------------------------------------------
    def facts(self, aid: str) -> Facts:
        found = self._facts.get(aid)
        if found is None:
            found = self._facts[aid] = tracked_facts(self.c, aid)
        return found

    def context(
        self, aid: str, *, partner: bool, answers: Mapping[str, bool] | None = None
    ) -> ReadContext:
        return ReadContext(
            month=self.month,
            weekday=self.weekday,
            seat="story_master",
            challenge=self.challenge,
            partner=partner,
            facts=self.facts(aid),
            answers=answers or {},
        )


def spots(ix: Index, rng: random.Random, players: list[str]) -> dict[str, str]:
    return {aid: rng.choice(ix.locations) for aid in players} if ix.locations else {}


def _describe_place(ix: Index, key: str) -> str:
    kind, _, rest = key.partition(":")
    if kind in HOLDINGS:
        return "held"
    if kind == "local":
        return f"a local status at {ix.location_names.get(rest, rest)}"
    if kind == "save":
        return f"in the {rest} save slot"
    return {
        "library": "in the library",
        "vault": "in the vault",
        "quest_slot": "in the quest slot",
        "noticeboard": "on the noticeboard",
        "event_deck": "in the event deck",
        "drawn": "the event card being read",
        "board": "part of the board (a location card)",
        "global": "in play as a global status",
    }.get(key, key)
