"""What the reader knows when it reads a scene: the book's date, the seat, tracked facts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from storybook.format import MONTHS, WEEKDAYS, season_of

# Who a scene is read to (not a table's seat: the story master is a role any player takes).
Audience = Literal["story_master", "player", "table"]


@dataclass(frozen=True)
class Facts:
    """What is tracked about the active player and the board. ``None``: not tracked."""

    adventurer: str | None = None
    location: str | None = None
    gold: int | None = None
    tags: frozenset[str] | None = None  # board tags plus the tags of every card held
    cards: frozenset[int] | None = None  # numbers of the cards the active player holds
    cards_here: frozenset[int] | None = None  # local statuses on the active player's space
    cards_in_play: frozenset[int] | None = None  # anywhere in play (global statuses included)
    card_places: Mapping[int, str] | None = None  # card → "library" / "vault" / "quest_slot"
    marks: Mapping[str, int] | None = None  # skill id → marks


@dataclass(frozen=True)
class ReadContext:
    month: str = "january"
    weekday: str = "monday"
    seat: Audience = "story_master"
    challenge: bool = False  # challenge mode: partner scenes need one more success
    partner: bool | None = None  # a partner joined this scene (None: not tracked)
    facts: Facts = field(default_factory=Facts)
    answers: Mapping[str, bool] = field(default_factory=dict)  # question id → yes/no at the table

    def __post_init__(self) -> None:
        if self.month not in MONTHS:
            raise ValueError(f"unknown month {self.month!r}")
        if self.weekday not in WEEKDAYS:
            raise ValueError(f"unknown weekday {self.weekday!r}")

    @property
    def season(self) -> str:
        return season_of(self.month)

    @property
    def sees_all(self) -> bool:
        return self.seat == "story_master"
