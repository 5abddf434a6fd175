"""Scoring the feats a claim's winner collects. Pure: catalog + what is held + choices in, points out.

Each feat scores by its track at the position of how many identical feats the winner already
holds; monster kills always score their one number; the special feats score 1. Boss Armor,
Crystal Golem and Gelatinous Cube ask the winner to choose. All positive points of a claim are
applied before the negative ones, and prestige never drops below 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core.engine import RuleError
from games.tavern_tales.catalog import SPECIAL_POINTS, Cards, FeatCard
from games.tavern_tales.state import Held


class Choices(BaseModel):
    """The winner's choices for the feats with special scoring rules."""

    model_config = ConfigDict(extra="forbid")

    boss_armor: Literal["two", "per-monster"] | None = None
    crystal_golem: str | None = Field(default=None, max_length=60)  # "two" or a gem you hold
    gelatinous_cube: Literal["two", "draw"] | None = None
    drawn: list[str] = []  # the feat drawn for each Gelatinous Cube that draws, in order
    bonus: int = Field(default=0, ge=-30, le=30)  # points from a room or card the app can't read


@dataclass
class Scored:
    lines: list[tuple[str, int]] = field(default_factory=list)  # (feat, points) in order
    held: list[Held] = field(default_factory=list)  # what the winner holds afterwards
    drawn: int = 0  # feats taken from the deck by Gelatinous Cubes

    @property
    def positive(self) -> int:
        return sum(points for _, points in self.lines if points > 0)

    @property
    def negative(self) -> int:
        return sum(points for _, points in self.lines if points < 0)

    def apply(self, prestige: int) -> int:
        """Positives first, then negatives, never below 0."""
        return max(0, prestige + self.positive + self.negative)


def card_of(catalog: Cards, name: str) -> FeatCard:
    card = catalog.feat(name)
    if card is None:
        raise RuleError(f"“{name}” is not a feat in this table's catalog.")
    return card


def choices_needed(catalog: Cards, feats: list[str]) -> list[str]:
    """Which choices a claim of these (known) feats asks of its winner."""
    rules = {card_of(catalog, name).rule for name in feats}
    return [
        choice
        for rule, choice in (
            ("boss-armor", "boss_armor"),
            ("crystal-golem", "crystal_golem"),
            ("gelatinous-cube", "gelatinous_cube"),
        )
        if rule in rules
    ]


def track_points(card: FeatCard, already: int) -> int:
    if card.kind == "special":
        return SPECIAL_POINTS  # each Adventurer Power feat, whatever its track says
    if card.track is None:
        raise RuleError(f"Enter the scoring track of {card.name} from its card first.")
    if card.kind == "monster":
        return card.track[0]  # monster kills score the same however many you hold
    return card.track[min(already, len(card.track) - 1)]


def stack_size(held: list[Held], stack: str) -> int:
    return sum(1 for item in held if item.stack == stack)


def score_claim(
    catalog: Cards, held: list[Held], feats: list[str], choices: Choices, deck: int
) -> Scored:
    """Score collecting ``feats`` on top of ``held``; ``deck`` is how many feats are left to draw."""
    out = Scored(held=list(held))
    queue = list(feats)
    golems: list[str] = []
    armors: list[str] = []
    i = 0
    while i < len(queue):
        card = card_of(catalog, queue[i])
        i += 1
        if card.rule == "crystal-golem":
            golems.append(card.name)  # after the others: it may join a gem stack this claim makes
            continue
        if card.rule == "boss-armor":
            armors.append(card.name)  # last: it counts every monster kill, this claim's included
            continue
        if card.rule == "gelatinous-cube":
            if choices.gelatinous_cube is None:
                raise RuleError(
                    "Choose for the Gelatinous Cube: 2 prestige, or draw another feat to collect."
                )
            out.held.append(Held(feat=card.name, stack=card.name))
            if choices.gelatinous_cube == "two":
                out.lines.append((card.name, track_points(card, 0)))
                continue
            if out.drawn >= deck:
                raise RuleError("The feat deck is empty: the Gelatinous Cube must take 2 prestige.")
            if out.drawn >= len(choices.drawn):
                raise RuleError("Tap which feat you drew for the Gelatinous Cube.")
            queue.append(choices.drawn[out.drawn])
            out.drawn += 1
            out.lines.append((card.name, 0))
            continue
        out.lines.append((card.name, track_points(card, stack_size(out.held, card.name))))
        out.held.append(Held(feat=card.name, stack=card.name))

    for golem in golems:
        out.lines.append((golem, _golem(catalog, out.held, golem, choices.crystal_golem)))
    for armor in armors:
        out.lines.append((armor, _armor(catalog, out.held, armor, choices.boss_armor)))
        out.held.append(Held(feat=armor, stack=armor))
    if choices.bonus:
        out.lines.append(("bonus", choices.bonus))
    return out


def _golem(catalog: Cards, held: list[Held], golem: str, choice: str | None) -> int:
    if choice is None:
        raise RuleError("Choose for the Crystal Golem: 2 prestige, or a gem stack to join.")
    if choice == "two":
        held.append(Held(feat=golem, stack=golem))
        return track_points(card_of(catalog, golem), 0)
    gem = card_of(catalog, choice)
    already = stack_size(held, gem.name)
    # Gems are treasures; a feat marked otherwise can't take the golem, an unmarked one may.
    if gem.gem is False or gem.rule != "track" or gem.kind in ("monster", "quest", "special"):
        raise RuleError(
            f"The Crystal Golem can only join a stack of gems, and {gem.name} is not one."
        )
    if already == 0:
        raise RuleError(
            f"The Crystal Golem can only join a stack you hold; you have no {gem.name}."
        )
    held.append(Held(feat=golem, stack=gem.name))
    return track_points(gem, already)


def _armor(catalog: Cards, held: list[Held], armor: str, choice: str | None) -> int:
    if choice is None:
        raise RuleError(
            "Choose for the Boss Armor: 2 prestige, or 2 for each differently named monster kill."
        )
    # Its printed points (2), once or for each differently named monster kill.
    points = track_points(card_of(catalog, armor), 0)
    if choice == "two":
        return points
    names = {item.feat for item in held}
    untyped = sorted(name for name in names if card_of(catalog, name).kind is None)
    if untyped:
        raise RuleError(
            "Boss Armor counts monster kills: enter the type of "
            + ", ".join(untyped)
            + " from the cards first."
        )
    monsters = {name for name in names if card_of(catalog, name).kind == "monster"}
    return points * len(monsters)
