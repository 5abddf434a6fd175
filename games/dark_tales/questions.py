"""What the app asks about a card, or a tale's item, the card data lacks, and keeps.

A play needs a card's VP, where it goes and its copies: while one is unknown, one question
asks for every fact the card lacks, and the answers become the table's card data (the group's
too, when the keeper's device answers: ``Game.keep_for_group_after``), so no card is asked
about twice.
"""

from __future__ import annotations

from typing import Any

from games.core.engine import RuleError
from games.core.words import possessive
from games.dark_tales.catalog import (
    TYPE_LABELS,
    CardInfo,
    Item,
    ItemEffect,
    SettingCard,
    merge_card,
)
from games.dark_tales.state import State, join, where_phrase

# A card's facts a play may be told: how a question asks for each one, and its field on the
# play's form (a refusal says which to leave empty).
ASKED = {
    "vp": "its VP",
    "goes": "where it goes (its icon)",
    "type": "its type",
    "count": "its copies (the number after the set letter)",
}
FIELDS = {"vp": "VP", "goes": "Where it goes", "type": "Its type", "count": "Copies"}
# What a play needs known: its VP and where it goes, and its copies, which bound every later
# copy of the name (state.check_copies). The rulebook prints no card's copies (each card
# prints its own, after the set letter), so every card is asked its copies at its first play.
NEEDED = ("vp", "goes", "count")


def card_facts(state: State, info: CardInfo, given: dict[str, Any]) -> CardInfo:
    """The played card's facts: the table's card data with the answers ``given`` at this play
    laid over it and kept (the next play of the card asks nothing). A play needs the card's
    VP, where it goes and its copies (``NEEDED``): while one is unknown, one question asks for
    every fact the card lacks (its type too), so each card is asked about once."""
    for fact, value in given.items():
        known = getattr(info, fact)
        if value is not None and known is not None and value != known:
            raise RuleError(_other_fact(info, fact, known, value))
    facts = merge_card(info, given)
    if any(getattr(facts, fact) is None for fact in NEEDED):
        lacking = [ASKED[f] for f in ASKED if getattr(facts, f) is None]
        raise RuleError(
            f"The app does not know these of the {info.name} yet: {join(lacking)}. Enter them "
            "from the card: they are kept for the next play."
        )
    # Its type is kept after the card's effect, which reads the cards in play by type as the
    # player tapped them.
    before_effect = facts.model_copy(update={"type": info.type})
    if before_effect != info:
        state.set_card(before_effect)
    return facts


def kept(before: CardInfo, after: CardInfo) -> str:
    """What a play's answers added to the card's data, as the play's sentence ends ("" if
    nothing): the group sees that the card won't be asked about again."""
    words = {"vp": "VP", "goes": "place", "type": "type", "count": "copies"}
    added = [
        words[f] for f in words if getattr(before, f) is None and getattr(after, f) is not None
    ]
    if not added:
        return ""
    return f" The app keeps the {possessive(after.name)} {join(added)} for its next plays."


def _other_fact(info: CardInfo, fact: str, known, given) -> str:
    """A fact given at a play that the card data has otherwise: what to do instead."""
    name = info.name
    if fact == "goes":
        has = f"says the {name} goes {where_phrase(known)}, not {where_phrase(given)}"
    elif fact == "type":
        has = f"says the {name} is a {TYPE_LABELS[known]}, not a {TYPE_LABELS[given]}"
    elif fact == "vp":
        has = f"gives the {name} {known} VP, not {given}"
    else:
        has = f"counts {known} × {name}, not {given}"
    return (
        f"The card data {has}: leave “{FIELDS[fact]}” empty, or correct the {name} on the "
        "card-data sheet if the card says otherwise."
    )


def learn_item(state: State, setting: SettingCard, item: Item, effect: ItemEffect) -> None:
    """Remember what an item does under an A card, answered at a play (the table's settings)."""
    effects = {**setting.item_effects, item: effect}
    state.set_setting(setting.model_copy(update={"item_effects": effects}))
