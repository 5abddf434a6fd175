"""world.yaml: the map, the skill circle, terrain, tags and adventurers."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from .common import CardNumber, Id, Model, SceneNumber, Season, Text

SKILL_MARKS = 4
MAX_MARKS_PER_SKILL = 2
START_GOLD = 10
MAX_GOLD = 20


class Named(Model):
    id: Id
    name: Text
    text: Text | None = None


class Skill(Named):
    pass


class Terrain(Named):
    pass


class TagDef(Named):
    pass


class Adventurer(Named):
    icon: Id
    folk: Text | None = None
    tags: list[Id] = []
    marks: dict[Id, Annotated[int, Field(ge=1, le=MAX_MARKS_PER_SKILL)]]
    gold: Annotated[int, Field(ge=0, le=MAX_GOLD)] = START_GOLD
    save: Text | None = None

    @model_validator(mode="after")
    def _four_marks(self) -> Adventurer:
        total = sum(self.marks.values())
        if total != SKILL_MARKS:
            raise ValueError(f"an adventurer starts with {SKILL_MARKS} skill marks, not {total}")
        return self


class Side(Model):
    terrain: Annotated[list[Id], Field(min_length=1)]
    scenes: list[SceneNumber] = []


class Location(Named):
    number: Annotated[int, Field(ge=1, le=99)] | None = None
    cards: Annotated[list[CardNumber], Field(min_length=1)]
    summer: Side
    winter: Side

    def side(self, season: str) -> Side:
        return self.summer if season == "summer" else self.winter


class Route(Model):
    between: Annotated[list[Id], Field(min_length=2, max_length=2)]
    seasons: list[Season] = ["summer", "winter"]


class ResetPlan(Model):
    """The card numbers "Resetting the game" moves (world.yaml's ``reset``). A world that
    declares none gets the published box's plan when its cards #064 and #065 are global
    statuses (Discord and Harmony), otherwise one derived from its catalog; lint's campaign
    section says which."""

    # The month cards by month, January first (the reset's d12 picks one): twelve, or none.
    months: list[CardNumber] = []
    # Straight to the global save slot (event cards shuffled among them).
    to_global: list[CardNumber] = []
    to_quest_slot: list[CardNumber] = []  # shuffled into the quest slot
    # Moved from the quest slot's front to the global save slot (the first noticeboard).
    noticeboard: Annotated[int, Field(ge=0, le=3)] = 3
    to_vault: list[CardNumber] = []
    # For each adventurer, the copy with their icon goes from the library to their save slot.
    per_adventurer: list[CardNumber] = []
    # Adventurer id → cards put into the vault when that adventurer is reset.
    vault_on_reset: dict[Id, list[CardNumber]] = {}

    @field_validator("months")
    @classmethod
    def _twelve_months(cls, months: list[int]) -> list[int]:
        if months and len(months) != 12:
            raise ValueError(f"name the 12 month cards, January first, or none, not {len(months)}")
        return months


# What a world may leave for the owner of the box to enter from their own copy (world.yaml's
# ``owner_enters``): lint then notes it as theirs to fill in rather than warning about it.
#   location_cards: which location cards form which location (unplaced cards are expected)
OwnerPart = Literal["location_cards"]


class WorldInfo(Model):
    format: Literal[1]
    name: Text
    text: Text | None = None
    skills: list[Skill]
    terrain: list[Terrain] = []
    tags: list[TagDef] = []
    adventurers: list[Adventurer] = []
    locations: list[Location] = []
    routes: list[Route] = []
    entry_scenes: list[SceneNumber] = []
    reset: ResetPlan | None = None  # the world's own reset plan (none: see ResetPlan)
    owner_enters: list[OwnerPart] = []  # parts the box's owner enters (see OwnerPart)

    def names(self) -> dict[str, str]:
        """Display names by id (skills, terrain, tags, adventurers, locations), for sentences."""
        groups = (self.skills, self.terrain, self.tags, self.adventurers, self.locations)
        return {item.id: item.name for group in groups for item in group}
