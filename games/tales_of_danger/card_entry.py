"""The card-data sheet entered at a table: every card's values in one move (games/card_sheets).

The sheet holds what the group entered beyond the shipped cards; entering it lays those
values over the table's catalog (a value the sheet leaves out stays as the table has it).
"""

from __future__ import annotations

from games.engine import RuleError
from games.tales_of_danger.catalog import CatalogPatch, patched
from games.tales_of_danger.state import State


class SheetArgs(CatalogPatch):
    """Sponsor and people values by id, as the group's saved card data holds them."""


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def enter_card_sheet(state: State, args: SheetArgs, seat: str) -> str:
    """Enter the group's card-data sheet at this table (the shared display or a player)."""
    # A blank on the sheet is "not entered", never "clear it": ranks stay once Act 3 uses them.
    patch = CatalogPatch.model_validate(args.model_dump(exclude_none=True))
    if not patch.sponsors and not patch.people:
        raise RuleError("The sheet holds no card values to enter.")
    state.catalog = patched(state.catalog, patch)
    state.sponsors = state.catalog.display_order(state.sponsors)
    return (
        "Card data entered from the sheet: "
        f"{_count(len(patch.sponsors), 'sponsor', 'sponsors')}, "
        f"{_count(len(patch.people), 'kind of people', 'kinds of people')}."
    )
