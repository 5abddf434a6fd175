"""The typed state of a Tales of Danger table, and the options a group chooses at setup.

The physical cards stay the truth: the app records what the players tell it (which person
was recruited, which cost card came up) and keeps counts so that it can check the rules.
Cards in hand are person ids; in Act 3 a card nobody named is ``"?"``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from games.core.bounds import Seed, Turn, index_below, upto
from games.tales_of_danger.catalog import PEOPLE_CARDS, Cards, PersonPatch, SponsorPatch

Stage = Literal["deal", "acts", "act3", "over"]
# Where the active player is within their turn:
#   start    — nothing done yet
#   acted    — Act 1: recruited; may now secure a sponsor or end the turn
#   prepare  — Act 3: must prepare a segment (first segment, or the next one after completing)
Step = Literal["start", "acted", "prepare"]
JournalStatus = Literal["owed", "written", "none"]


MAX_PLAYERS = 6
PlayerIndex = index_below(MAX_PLAYERS)  # a player, from 0
CardCount = upto(PEOPLE_CARDS)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Segment(Strict):
    """The segment a player is working on: its difficulty card and the cost cards on it."""

    difficulty: int = Field(ge=1, le=3)
    costs: list[str]  # cost kind ids, in the order they were added


class Leg(Strict):
    """A completed segment on the voyage tableau, with the journal written for it."""

    difficulty: int = Field(ge=1, le=3)
    journal: int | None = Field(None, ge=1, le=3)  # hidden until the final reveal
    journal_status: JournalStatus = "owed"


class Player(Strict):
    name: str
    act: int = Field(1, ge=1, le=3)
    sponsor: str | None = None
    hand: list[str] = []
    discard_to: CardCount | None = None  # owes discards down to this hand size
    segment: Segment | None = None
    voyage: list[Leg] = []

    @property
    def journals_owed(self) -> int:
        return sum(1 for leg in self.voyage if leg.journal_status == "owed")


class State(Strict):
    rng: Seed
    catalog: Cards
    players: list[Player]
    first_player: PlayerIndex
    sponsors: list[str]  # sponsors on the table (display order; rank order once ranks are known)
    removed_sponsors: list[str] = []
    stage: Stage = "deal"
    active: PlayerIndex = 0
    step: Step = "start"
    turn: Turn = 1
    pool: list[str] = []
    discard: list[str] = []
    deck: CardCount
    prepare_queue: list[PlayerIndex] = []  # Act 3: players still to prepare their first segment
    final_round_by: PlayerIndex | None = None
    final_turns: list[PlayerIndex] = []  # players still owed their final turn, in order


class Options(Strict):
    """What a group chooses when it sits down."""

    players: list[str] = Field(min_length=2, max_length=MAX_PLAYERS)
    first_player: int | None = Field(None, ge=1, le=6)  # 1-based; None: the app picks
    # Values the group entered from its own cards (catalog.SavedCatalog's fields: the saved
    # catalog at /catalog/tales-of-danger/ fills these for a new table that leaves them out).
    sponsors: dict[str, SponsorPatch] = {}
    people: dict[str, PersonPatch] = {}

    @field_validator("players")
    @classmethod
    def _names(cls, names: list[str]) -> list[str]:
        names = [n.strip() for n in names]
        if any(not n for n in names):
            raise ValueError("every player needs a name")
        if len({n.lower() for n in names}) != len(names):
            raise ValueError("two players share a name")
        return names
