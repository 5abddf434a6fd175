"""The card-data sheet entered at a table: every card's facts in one move (the game's card_sheet.py).

Each card on the sheet is merged like an edit-card entry (a fact left out stays as the table
has it); the copies already on the table and the 48-card deck are checked as edit-card does.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from games.core.engine import RuleError
from games.core.moves import MoveSet
from games.dark_tales.catalog import PLAYING_CARDS, CardInfo, SettingCard, merge_card
from games.dark_tales.state import ANY_SEAT, State, visible_copies

moves = MoveSet("dark_tales.card_entry")


class SheetArgs(BaseModel):
    """The playing cards as the group's saved card data holds them (settings stay as set up)."""

    model_config = ConfigDict(extra="forbid")

    cards: list[CardInfo] = Field(default_factory=list, max_length=PLAYING_CARDS)
    settings: list[SettingCard] = Field(default_factory=list, max_length=6)


@moves.move(SheetArgs, label="Enter the card-data sheet", roles=ANY_SEAT, any_time=True)
def enter_card_sheet(state: State, args: SheetArgs, seat: str) -> str:
    """Enter the group's card-data sheet at this table (the shared display or a player)."""
    if not args.cards:
        raise RuleError(
            "The sheet holds no card facts to enter: fill in at least one card's row, then save."
        )
    for card in args.cards:
        catalog = state.catalog()
        name = catalog.canonical(card.name) or " ".join(card.name.split())
        info = merge_card(catalog.entry(name), card.model_dump(exclude_unset=True))
        if info.count is not None and visible_copies(state, info.name) > info.count:
            raise RuleError(
                f"More than {info.count} × {info.name} are on the table already: check its copies "
                f"on the sheet (the number after the set letter)."
            )
        state.set_card(info)
    if state.catalog().known_total() > PLAYING_CARDS:
        raise RuleError(
            f"The copies would count more than the deck's {PLAYING_CARDS} cards: check the "
            "copies on the sheet (the number after the set letter)."
        )
    n = len(args.cards)
    return f"Card data entered from the sheet: {n} {'card' if n == 1 else 'cards'}."
