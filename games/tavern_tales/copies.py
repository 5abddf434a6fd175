"""How many copies of each feat the game has, and naming no more than that.

The rulebook prints no feat's quantity (each card shows its own "quantity in deck"), so the app
asks for it the first time a feat whose copies it doesn't know is named, once: the answer is
the table's card data from then on (the group's too, from the keeper's device:
``Game.keep_for_group_after``), and every later naming of the feat counts against it.
"""

from __future__ import annotations

from games.core.engine import RuleError
from games.tavern_tales.catalog import Cards, CatalogPatch, FeatCard, merge
from games.tavern_tales.state import State

PRINTED = "the quantity in the deck printed on the card"
# Where the moves that name feats (tapping them in, collecting) take the answer: their forms'
# "Copies in the deck" field, the ``copies`` argument.
ON_THE_FORM = "under “Copies in the deck”"


def uncounted(catalog: Cards, names: list[str]) -> list[str]:
    """The named feats whose copies the card data doesn't know, each once, in order."""
    out: list[str] = []
    for name in names:
        card = catalog.feat(name)
        if card is not None and card.count is None and name not in out:
            out.append(name)
    return out


def ask_copies(catalog: Cards, names: list[str], copies: int | None, where: str) -> Cards:
    """``catalog`` with ``copies`` as the count of the one named feat whose copies it lacks;
    refused with the question while that is unknown. ``where``: where the answer is typed."""
    unknown = uncounted(catalog, names)
    if not unknown:
        return catalog
    if len(unknown) > 1:
        raise RuleError(
            f"The app doesn't know how many {' or '.join(unknown)} cards the game has yet: "
            f"enter each one's copies ({PRINTED}) {where} first."
        )
    name = unknown[0]
    if copies is None:
        raise RuleError(
            f"How many {name} cards does the game have? Enter its copies ({PRINTED}) {where}: "
            "the app asks once and keeps it."
        )
    return merge(catalog, CatalogPatch(feats=[FeatCard(name=name, count=copies)]))


def check_supply(state: State, catalog: Cards, new: list[str]) -> None:
    """Refuse naming more copies of a feat than the card data says the game has.

    Counts the feats named on the table and held by the players, plus ``new`` ones (revealed or
    drawn while collecting).
    """
    named = [slot.feat for row in state.depths for slot in row.slots if slot.feat]
    named += [held.feat for player in state.players for held in player.feats]
    named += new
    for card in catalog.feats:
        seen = named.count(card.name)
        if card.count is not None and seen > card.count:
            raise RuleError(
                f"The game has only {card.count} {card.name} cards, and the app would see "
                f"{seen}: check which feat that is, or correct {card.name}'s copies under "
                "“Card facts” or on the card-data sheet."
            )
