"""Event cards at a table reading the printed book (the published box's facts, no scenes here).

The group's own deck decides which card is drawn, not the app's order: the story master enters
the number of the card they drew, and when its scene is closed says where the card goes, as the
printed scene does (the bottom of the event deck, or another place). Pure; each function
changes the state it is given, after its checks.
"""

from __future__ import annotations

from typing import Any

from games.core.engine import RuleError
from games.galzyr.campaign import move_card, where_is
from games.galzyr.campaign.state import Campaign, is_tray
from games.galzyr.campaign.text import place_label
from games.galzyr.reader.book import Book
from games.galzyr.reading import printed, release_event
from games.galzyr.state import State

DECK_ENDS = ("bottom", "top")  # of the event deck
# where the close form offers to put the card: the deck's ends, then these trays
TRAYS = ("library", "vault")


def check_draw(state: State, book: Book, card: int | None) -> None:
    """Refuse a draw the group's deck can't have made: no number, or a card the campaign
    doesn't have in the event deck (the card in hand counts: drawing it again puts it back
    first)."""
    if not printed(book):
        return
    if card is None:
        raise RuleError(
            "Enter the number of the event card you drew: your own deck decides which card it "
            "is, not the app."
        )
    c = state.campaign
    held = state.drawn.card if state.drawn is not None else None
    if c is not None:  # the campaign's deck ("Move a card" changes it between draws)
        in_deck = {c.copies[cid].number for cid in c.places["event_deck"] + c.places["drawn"]}
    else:
        in_deck = {*state.deck, held}
    if card in in_deck:
        return
    if c is None or not any(c.copies[cid].type == "event" for cid in c.numbered(card)):
        raise RuleError(f"Card #{card:03d} is not an event card of this box.")
    raise RuleError(
        f"Event card #{card:03d} is not in the event deck: {where_is(c, card)} If your deck "
        "holds it, move it to the event deck first (Move a card)."
    )


def check_place(state: State, book: Book, where: str | None) -> str | None:
    """Closing a printed scene with an event card in hand: where the story master says the
    card goes (None: no card is held, or the book here says it itself)."""
    if state.drawn is None or not printed(book):
        return None
    if not where:
        raise RuleError(
            "The story master says where the event card goes, as the printed scene says: the "
            "bottom of the event deck, or another place."
        )
    c = state.campaign
    if where in DECK_ENDS or (c is not None and is_tray(where) and where in c.places):
        return where
    raise RuleError("An event card goes back into the event deck or into a card tray.")


def put(state: State, where: str) -> str:
    """Put the card in hand where ``check_place`` accepted; the deck's ends don't name it (the
    deck is face down), a tray does."""
    if where in DECK_ENDS:
        return release_event(state, top=where == "top")
    assert state.drawn is not None and state.campaign is not None
    c, card = state.campaign, state.drawn.card
    state.drawn = None
    cid = next((x for x in c.places["drawn"] if c.copies[x].number == card), None)
    if cid is not None:
        move_card(c, cid, where)
    return f" Event card #{card:03d} leaves the event deck for {place_label(c, where)}."


def _label(c: Campaign, cid: int) -> str:
    copy = c.copies[cid]
    plain = f"#{copy.number:03d}"
    named = copy.name and copy.name not in (plain, f"Card {plain}")
    return f"{plain} {copy.name}" if named else plain


def draw_choices(state: State, book: Book) -> list[dict[str, Any]]:
    """The draw form's numbers: the campaign's event cards in the event deck, the one in hand
    too (so the list doesn't tell which is drawn), in numerical order (the deck is face down)."""
    c = state.campaign
    if not printed(book) or c is None:
        return []
    held = c.places["event_deck"] + c.places["drawn"]
    return [
        {"number": c.copies[cid].number, "label": _label(c, cid)}
        for cid in sorted(held, key=lambda x: c.copies[x].number)
    ]


def place_choices(state: State) -> list[dict[str, str]]:
    """The close form's places for the card in hand, the bottom of the deck first."""
    c = state.campaign
    ends = [
        {"key": "bottom", "label": "the bottom of the event deck"},
        {"key": "top", "label": "the top of the event deck"},
    ]
    if c is None:
        return ends
    return ends + [{"key": k, "label": place_label(c, k)} for k in TRAYS if k in c.places]
