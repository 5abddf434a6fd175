"""Conditions, evaluated three-valued: True, False, or None when the tracked state can't tell."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from storybook.format import MONTHS, WEEKDAYS, Scene
from storybook.format import conditions as c
from storybook.interpreter.context import ReadContext


def evaluate(cond: Any, ctx: ReadContext) -> bool | None:
    """True / False, or None when the tracked state cannot tell."""
    f = ctx.facts
    if isinstance(cond, c.At):
        return None if f.location is None else f.location in cond.at
    if isinstance(cond, c.InSeason):
        return ctx.season == cond.season
    if isinstance(cond, c.InMonth):
        return ctx.month in cond.month
    if isinstance(cond, c.OnWeekday):
        return ctx.weekday in cond.weekday
    if isinstance(cond, c.HasTag):
        return None if f.tags is None else cond.has_tag in f.tags
    if isinstance(cond, c.HasCard):
        return None if f.cards is None else cond.has_card in f.cards
    if isinstance(cond, c.CardHere):
        return None if f.cards_here is None else cond.card_here in f.cards_here
    if isinstance(cond, c.CardInPlay):
        return None if f.cards_in_play is None else cond.card_in_play in f.cards_in_play
    if isinstance(cond, c.CardIn):
        if f.card_places is None:
            return None
        return f.card_places.get(cond.card_in.card) == cond.card_in.place
    if isinstance(cond, c.GoldAtLeast):
        return None if f.gold is None else f.gold >= cond.gold_at_least
    if isinstance(cond, c.IsAdventurer):
        return None if f.adventurer is None else f.adventurer in cond.adventurer
    if isinstance(cond, c.MarksAtLeast):
        if f.marks is None:
            return None
        return all(f.marks.get(s, 0) >= n for s, n in cond.marks_at_least.items())
    if isinstance(cond, c.WithPartner):
        return None if ctx.partner is None else ctx.partner == cond.partner
    if isinstance(cond, c.All):
        values = [evaluate(sub, ctx) for sub in cond.all]
        if False in values:
            return False
        return None if None in values else True
    if isinstance(cond, c.AnyOf):
        values = [evaluate(sub, ctx) for sub in cond.any]
        if True in values:
            return True
        return None if None in values else False
    if isinstance(cond, c.Not):
        value = evaluate(cond.not_, ctx)
        return None if value is None else not value
    raise TypeError(f"not a condition: {cond!r}")


def prerequisite_met(scene: Scene, ctx: ReadContext) -> bool | None:
    return True if scene.prerequisite is None else evaluate(scene.prerequisite, ctx)


def _names(values: Iterable[str]) -> str:
    vals = [v.replace("_", " ").capitalize() if v in MONTHS or v in WEEKDAYS else v for v in values]
    return vals[0] if len(vals) == 1 else ", ".join(vals[:-1]) + " or " + vals[-1]


def describe_condition(
    cond: Any, names: Mapping[str, str] | None = None, *, inner: bool = False
) -> str:
    """A short phrase for people: "at The Mill and has the tag Sailor".

    ``names`` maps ids (locations, tags, skills, adventurers) to display names. A choice
    ("or") is bracketed only inside another phrase (``inner``), where it must be grouped.
    """
    n = names or {}

    def name(x: str) -> str:
        return n.get(x, x)

    if isinstance(cond, c.At):
        return "at " + _names(name(x) for x in cond.at)
    if isinstance(cond, c.InSeason):
        return f"in {cond.season}"
    if isinstance(cond, c.InMonth):
        return "in " + _names(cond.month)
    if isinstance(cond, c.OnWeekday):
        return "on " + _names(cond.weekday)
    if isinstance(cond, c.HasTag):
        return f"has the tag {name(cond.has_tag)}"
    if isinstance(cond, c.HasCard):
        return f"has card {cond.has_card:03d}"
    if isinstance(cond, c.CardHere):
        return f"card {cond.card_here:03d} is on this space"
    if isinstance(cond, c.CardInPlay):
        return f"card {cond.card_in_play:03d} is in play"
    if isinstance(cond, c.CardIn):
        return f"card {cond.card_in.card:03d} is in the {cond.card_in.place.replace('_', ' ')}"
    if isinstance(cond, c.GoldAtLeast):
        return f"has at least {cond.gold_at_least} gold"
    if isinstance(cond, c.IsAdventurer):
        # a subject of its own: the phrase is read after "Prerequisite:" and in a question
        return "the active adventurer is " + _names(name(x) for x in cond.adventurer)
    if isinstance(cond, c.MarksAtLeast):
        return "has " + " and ".join(
            f"{k} {name(s)} mark{'s' if k > 1 else ''}" for s, k in cond.marks_at_least.items()
        )
    if isinstance(cond, c.WithPartner):
        return "with a partner" if cond.partner else "without a partner"
    if isinstance(cond, c.All):
        return " and ".join(describe_condition(x, n, inner=True) for x in cond.all)
    if isinstance(cond, c.AnyOf):
        if all(isinstance(x, c.HasTag) for x in cond.any):
            said = "has the tag " + " or the tag ".join(name(x.has_tag) for x in cond.any)
        else:
            said = " or ".join(describe_condition(x, n, inner=True) for x in cond.any)
        return f"({said})" if inner else said
    if isinstance(cond, c.Not):
        return "not " + describe_condition(cond.not_, n, inner=True)
    return str(cond)
