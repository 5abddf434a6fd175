"""cards.yaml: the card catalog."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .common import CardNumber, Id, Model, SceneNumber, Text

CardType = Literal[
    "item",
    "quest",
    "companion",
    "adventurer_status",
    "local_status",
    "global_status",
    "event",
    "location",
    "ability",
]

Days = Annotated[int, Field(ge=1, le=28)]


class CardVariant(Model):
    """A distinct card that shares its number with others (for Random N, or one per icon)."""

    icon: Id | None = None
    name: Text | None = None
    copies: Annotated[int, Field(ge=1, le=20)] = 1
    gold: Annotated[int, Field(ge=0, le=20)] | None = None
    tags: list[Id] | None = None
    timer: Days | None = None
    save: Text | None = None
    text: Text | None = None
    scenes: list[SceneNumber] | None = None


class Card(Model):
    number: CardNumber
    type: CardType
    name: Text
    copies: Annotated[int, Field(ge=1, le=20)] = 1
    gold: Annotated[int, Field(ge=0, le=20)] | None = None
    tags: list[Id] = []
    timer: Days | None = None  # the timer box: days until the timed effect
    save: Text | None = None  # the save effect, resolved when the game is saved
    text: Text | None = None
    scenes: list[SceneNumber] = []  # scenes this card offers ("read scene NNNN")
    icon: Id | None = None  # a card that belongs to one adventurer
    pickup: Id | None = None  # quests: the pickup location on the public side
    abandon: Text | None = None  # quests: what abandoning costs
    variants: list[CardVariant] = []

    def all_scenes(self) -> list[int]:
        out = list(self.scenes)
        for v in self.variants:
            out.extend(v.scenes or [])
        return out

    def all_tags(self) -> list[str]:
        out = list(self.tags)
        for v in self.variants:
            out.extend(v.tags or [])
        return out

    def icons(self) -> list[str]:
        return [v.icon for v in self.variants if v.icon] + ([self.icon] if self.icon else [])

    @property
    def total_copies(self) -> int:
        return sum(v.copies for v in self.variants) if self.variants else self.copies


class Catalog(Model):
    cards: list[Card]
