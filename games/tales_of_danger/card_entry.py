"""Card data read off the box: one sponsor or kind of person at a time, or the card-data sheet
with every card's values in one move (the game's card_sheet.py).

The sheet holds what the group entered beyond the shipped cards; entering it lays those
values over the table's catalog (a value the sheet leaves out stays as the table has it).
"""

from __future__ import annotations

from pydantic import Field

from games.core.engine import ArgsError, RuleError
from games.core.moves import MoveSet
from games.tales_of_danger.catalog import (
    CatalogPatch,
    PersonPatch,
    SavedCatalog,
    SponsorPatch,
    patched,
)
from games.tales_of_danger.common import TABLE_OR_PLAYER
from games.tales_of_danger.state import State

# Card data read off the box: entered at any moment, whoever's turn it is.
moves = MoveSet("tales_of_danger.card_entry")


class SponsorCardArgs(SponsorPatch):
    sponsor: str = Field(description="sponsor id, label or name")


class PersonCardArgs(PersonPatch):
    person: str = Field(description="person id or name")
    # What a form can send for the red ribbon and the “Free for” marks, one sponsor at a
    # time, merged into what the catalog already says: "queen=2" (the icon with 2 stars),
    # "queen=0" (the icon without stars), "queen=none" (no icon); "queen=yes" / "queen=no".
    icons: list[str] = []
    free: list[str] = []


@moves.move(SponsorCardArgs, roles=TABLE_OR_PLAYER, any_time=True)
def set_sponsor_card(state: State, args: SponsorCardArgs, seat: str) -> str:
    """Enter values printed on a sponsor card (the group's catalog for this table)."""
    values = args.model_dump(exclude_unset=True, exclude={"sponsor"})
    if not values:
        raise RuleError("Enter at least one value from the card.")
    card = state.catalog.sponsor(args.sponsor)
    if "rank" in values and state.stage in ("act3", "over") and values["rank"] is None:
        raise RuleError(
            "Ranks decide the order of Act 3 and break ties: they cannot be cleared now."
        )
    patch = CatalogPatch(sponsors={card.id: SponsorPatch(**values)})
    state.catalog = patched(state.catalog, patch)
    state.sponsors = state.catalog.display_order(state.sponsors)
    listed = ", ".join(f"{k} {v}" for k, v in values.items())
    return f"The card of {card.called} was entered: {listed}."


def _marks(state: State, entries: list[str], allowed: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for entry in entries:
        ref, _, mark = entry.partition("=")
        if mark not in allowed:
            raise ArgsError(f"“{entry}” is not a sponsor mark the app understands.")
        out[state.catalog.sponsor(ref).id] = mark
    return out


@moves.move(PersonCardArgs, roles=TABLE_OR_PLAYER, any_time=True)
def set_person_card(state: State, args: PersonCardArgs, seat: str) -> str:
    """Enter values printed on a kind of person card (the group's catalog for this table)."""
    values = args.model_dump(exclude_unset=True, exclude={"person", "icons", "free"})
    card = state.catalog.person(args.person)
    if args.icons:
        ribbon = dict(values.get("ribbon") or card.ribbon or {})
        for sponsor, mark in _marks(state, args.icons, ("none", "0", "1", "2", "3")).items():
            if mark == "none":
                ribbon.pop(sponsor, None)
            else:
                ribbon[sponsor] = int(mark)
        values["ribbon"] = ribbon
    if args.free:
        free = list(values.get("free_for") or card.free_for or [])
        for sponsor, mark in _marks(state, args.free, ("yes", "no")).items():
            if mark == "yes" and sponsor not in free:
                free.append(sponsor)
            if mark == "no" and sponsor in free:
                free.remove(sponsor)
        values["free_for"] = [s.id for s in state.catalog.sponsors if s.id in free]
    if not values:
        raise RuleError("Enter at least one value from the card.")
    state.catalog = patched(state.catalog, CatalogPatch(people={card.id: PersonPatch(**values)}))
    listed = ", ".join(f"{k} {v}" for k, v in values.items())
    return f"The {card.name} card was entered: {listed}."


class SheetArgs(SavedCatalog):
    """Sponsor and people values by id, as the group's saved card data holds them."""


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


@moves.move(SheetArgs, roles=TABLE_OR_PLAYER, any_time=True)
def enter_card_sheet(state: State, args: SheetArgs, seat: str) -> str:
    """Enter the group's card-data sheet at this table (the shared display or a player)."""
    # A blank on the sheet is "not entered", never "clear it": ranks stay once Act 3 uses them.
    patch = SavedCatalog.model_validate(args.model_dump(exclude_none=True))
    if not patch.sponsors and not patch.people:
        raise RuleError("The sheet holds no card values to enter.")
    state.catalog = patched(state.catalog, patch)
    state.sponsors = state.catalog.display_order(state.sponsors)
    return (
        "Card data entered from the sheet: "
        f"{_count(len(patch.sponsors), 'sponsor', 'sponsors')}, "
        f"{_count(len(patch.people), 'kind of people', 'kinds of people')}."
    )
