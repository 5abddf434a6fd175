"""Shared building blocks of the format: the base model, names of months, days and seasons."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
SUMMER_MONTHS = MONTHS[2:8]  # March–August: the summer side of the board

Month = Literal[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
Weekday = Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
Season = Literal["summer", "winter"]
Who = Literal["active", "partner", "everyone"]

# Identifiers that writers invent: lower case letters, digits, "-" and "_".
ID_PATTERN = r"^[a-z][a-z0-9_-]*$"
Id = Annotated[str, Field(pattern=ID_PATTERN, max_length=60)]
CardNumber = Annotated[int, Field(ge=0, le=999)]
SceneNumber = Annotated[int, Field(ge=1, le=9999)]
Text = Annotated[str, Field(min_length=1)]


def season_of(month: str) -> Season:
    return "summer" if month in SUMMER_MONTHS else "winter"


def _one_or_many(value: Any) -> Any:
    """Let writers say ``month: june`` as well as ``month: [june, july]``."""
    return value if isinstance(value, list) else [value]


def one_or_many(item: Any) -> Any:
    return Annotated[list[item], BeforeValidator(_one_or_many), Field(min_length=1)]


class Model(BaseModel):
    """Every part of the format: unknown keys are errors, types are not coerced."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
