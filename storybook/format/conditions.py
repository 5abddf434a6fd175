"""Conditions: prerequisites, automatic answers to questions, event-card entries.

A condition is a mapping with exactly one key naming what is tested.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag

from .common import CardNumber, Id, Model, Month, Season, Weekday, one_or_many


class At(Model):
    at: one_or_many(Id)  # the active adventurer's figure is on (one of) these locations


class InSeason(Model):
    season: Season


class InMonth(Model):
    month: one_or_many(Month)


class OnWeekday(Model):
    weekday: one_or_many(Weekday)


class HasTag(Model):
    has_tag: Id  # on the adventurer board or on any card the active player has


class HasCard(Model):
    has_card: CardNumber  # item, quest, companion or status held by the active player


class CardHere(Model):
    card_here: CardNumber  # a local status on the active player's space


class CardInPlay(Model):
    card_in_play: CardNumber  # anywhere in play: a global status, or held by anyone


class CardPlace(Model):
    card: CardNumber
    place: Literal["library", "vault", "quest_slot"]


class CardIn(Model):
    card_in: CardPlace


class GoldAtLeast(Model):
    gold_at_least: Annotated[int, Field(ge=0, le=20)]


class IsAdventurer(Model):
    adventurer: one_or_many(Id)


class MarksAtLeast(Model):
    marks_at_least: dict[Id, Annotated[int, Field(ge=1, le=2)]]


class WithPartner(Model):
    partner: bool


class All(Model):
    all: Annotated[list[Condition], Field(min_length=1)]


class AnyOf(Model):
    any: Annotated[list[Condition], Field(min_length=1)]


class Not(Model):
    not_: Condition = Field(alias="not")


CONDITION_KEYS: dict[str, type[Model]] = {
    "at": At,
    "season": InSeason,
    "month": InMonth,
    "weekday": OnWeekday,
    "has_tag": HasTag,
    "has_card": HasCard,
    "card_here": CardHere,
    "card_in_play": CardInPlay,
    "card_in": CardIn,
    "gold_at_least": GoldAtLeast,
    "adventurer": IsAdventurer,
    "marks_at_least": MarksAtLeast,
    "partner": WithPartner,
    "all": All,
    "any": AnyOf,
    "not": Not,
}


def _condition_key(value: Any) -> str | None:
    if isinstance(value, dict):
        keys = [k for k in value if k in CONDITION_KEYS]
        if len(keys) == 1:
            return keys[0]
    elif isinstance(value, Model):
        for key, cls in CONDITION_KEYS.items():
            if isinstance(value, cls):
                return key
    return None


Condition = Annotated[
    Annotated[At, Tag("at")]
    | Annotated[InSeason, Tag("season")]
    | Annotated[InMonth, Tag("month")]
    | Annotated[OnWeekday, Tag("weekday")]
    | Annotated[HasTag, Tag("has_tag")]
    | Annotated[HasCard, Tag("has_card")]
    | Annotated[CardHere, Tag("card_here")]
    | Annotated[CardInPlay, Tag("card_in_play")]
    | Annotated[CardIn, Tag("card_in")]
    | Annotated[GoldAtLeast, Tag("gold_at_least")]
    | Annotated[IsAdventurer, Tag("adventurer")]
    | Annotated[MarksAtLeast, Tag("marks_at_least")]
    | Annotated[WithPartner, Tag("partner")]
    | Annotated[All, Tag("all")]
    | Annotated[AnyOf, Tag("any")]
    | Annotated[Not, Tag("not")],
    Discriminator(
        _condition_key,
        custom_error_type="condition_key",
        custom_error_message="a condition is a mapping with exactly one of the keys: "
        + ", ".join(CONDITION_KEYS),
    ),
]

for _cls in (All, AnyOf, Not):
    _cls.model_rebuild()
