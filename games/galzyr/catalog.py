"""Lands of Galzyr card data (``SavedCatalog``): the own box's cards a group named (pure).

A card of the group's own box that the app doesn't know is recorded as "Card #213" and the
group types what the printed card says (``moves/campaign/own_cards.py``). What they typed is
the group's, not one table's: the state keeps every card the group named, by world
(``State.own_cards``), and the platform saves them as the group's card data (Galzyr's
``Catalog``, ``games/services/catalogs.py``) when the keeper names one. A new table of the group
starts with them (``Options.own_cards``), and a card recorded there is named at once.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

from games.galzyr.campaign.facts import Gold, TimerDays
from storybook.format.common import CardNumber

# A world's slug as the shelf stores it (storybook.services.check_slug).
SLUG = re.compile(r"[a-z0-9_-]{1,60}")


def _slugs(by_world: dict[str, list]) -> dict[str, list]:
    """The keys are worlds' slugs (checked here, not by a key type: OpenAPI 3.0, which the
    API's schema is, has no patternProperties for a typed client to read)."""
    for world in by_world:
        if not SLUG.fullmatch(world):
            raise ValueError(f"“{world[:60]}” is no world's slug (lower case, digits, - and _)")
    return by_world


# The kinds a recorded card can be (campaign.build.ADDABLE's keys).
Kind = Literal["item", "quest", "companion", "adventurer_status", "local_status", "global_status"]
MAX_NAMED = 1000  # one entry per card number a box can hold (#000–#999)
MAX_WORLDS = 16  # own-box worlds a group plays; more is no group's shelf


def plain(value: str | None) -> str | None:
    """Printed text, on one line: a control character (a tab, a NUL) is no card's."""
    if value is not None and any(ord(ch) < 32 or ord(ch) == 127 for ch in value):
        raise ValueError("can't hold control characters (tabs, NUL, …)")
    return value


class OwnCard(BaseModel):
    """What the group typed from one printed card."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    number: CardNumber
    type: Kind
    name: str = Field(min_length=1, max_length=80)
    timer: TimerDays | None = None
    save: str | None = Field(default=None, max_length=300)
    gold: Gold | None = None

    _plain_text = field_validator("name", "save")(plain)


Named = Annotated[list[OwnCard], Field(max_length=MAX_NAMED)]
ByWorld = Annotated[dict[str, Named], Field(max_length=MAX_WORLDS), AfterValidator(_slugs)]


class SavedCatalog(BaseModel):
    """Galzyr's card data (``Game.Catalog``): the cards a group named, by world. Its field is
    an ``Options`` field too, so a group's saved data fills a new table's options."""

    model_config = ConfigDict(extra="forbid")

    own_cards: ByWorld = {}

    @model_validator(mode="after")
    def _one_entry_a_number(self) -> SavedCatalog:
        for world, cards in self.own_cards.items():
            numbers = [card.number for card in cards]
            if len(numbers) != len(set(numbers)):
                raise ValueError(f"{world}: each card number is named once")
        return self


def named(own_cards: dict[str, list[OwnCard]], world: str, number: int) -> OwnCard | None:
    """What the group named card #``number`` of ``world``, if they did."""
    return next((card for card in own_cards.get(world, []) if card.number == number), None)


def remember(own_cards: dict[str, list[OwnCard]], world: str, card: OwnCard) -> None:
    """Keep ``card`` as the group's for ``world``, in number order, over an earlier entry."""
    kept = [c for c in own_cards.get(world, []) if c.number != card.number]
    own_cards[world] = sorted([*kept, card], key=lambda c: c.number)
