"""events.yaml: event cards, each listing scenes; the first whose prerequisite is met opens."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from .common import CardNumber, Model, SceneNumber
from .conditions import Condition


class EventEntry(Model):
    scene: SceneNumber
    prerequisite: Condition | None = None  # none: the fallback, always met


class EventCard(Model):
    card: CardNumber
    scenes: Annotated[list[EventEntry], Field(min_length=1)]


class EventDeck(Model):
    events: list[EventCard] = []
