"""What every campaign move module shares: finding the campaign and the player's adventurer,
keeping the reader in step with the campaign, and turning a checklist into the log sentence.

No move is registered here, so the move modules can import it without import cycles.
"""

from __future__ import annotations

from typing import Any

from games.core.engine import RuleError
from games.galzyr import campaign as core
from games.galzyr import catalog
from games.galzyr.campaign.build import name_copies
from games.galzyr.campaign.state import in_play
from games.galzyr.campaign.text import card_label
from games.galzyr.reader import calendar as reader_calendar
from games.galzyr.reading import printed, step_key
from games.galzyr.state import CheckStep, State, marks_of

SHORT = 3  # checklists up to this long are said in full; longer ones point at the panel
LOGGED = 400  # the table's log keeps this much of a sentence


def campaign_of(state: State) -> core.Campaign:
    if state.mode != "campaign" or state.campaign is None:
        raise RuleError("This table reads the book only: start a campaign table for that.")
    return state.campaign


def require_book_only(state: State) -> None:
    """Refuse a book-only calendar move in campaign mode, where the campaign's calendar rules."""
    if state.mode == "campaign":
        raise RuleError(
            "In campaign mode the campaign's calendar sets the month and the day: "
            "use “Advance the day” in the campaign section."
        )


def quest_time(state: State, c: core.Campaign, aid: str, verb: str) -> None:
    """A player picks up and abandons quests on their own turn, never in the middle of a
    scene (a 4th quest gained in a scene is abandoned at once: that is the card's move)."""
    if state.scene is not None and not state.locked:  # the reader is in the middle of a scene
        done = "picked up" if verb == "pick up" else "abandoned"
        raise RuleError(f"Quests are {done} between scenes: finish the scene first.")
    core.quest_turn(c, aid, verb)


def may_change_quests(state: State, c: core.Campaign, aid: str) -> bool:
    """``quest_time`` as a yes or no, for the panel's buttons."""
    try:
        quest_time(state, c, aid, "pick up")
    except RuleError:
        return False
    return True


def adventurer_of(state: State, player: int) -> str:
    """Player *n* plays the table's *n*-th adventurer."""
    if not 1 <= player <= len(state.adventurers):
        raise RuleError(f"There is no player {player} at this table.")
    return state.adventurers[player - 1]


def sync(state: State) -> None:
    """The reader follows the campaign: its month and day token, and whose turn it is."""
    c = state.campaign
    if c is None:
        return
    if c.month is not None:
        state.month = c.month  # type: ignore[assignment]
    if c.calendar.day is not None:
        state.day = min(c.calendar.day, reader_calendar.last_day())
    # the reader draws from the campaign's event deck: the trays say what is in it and in
    # which order ("Move a card" puts event cards in and takes them out)
    state.deck = [c.copies[cid].number for cid in c.places["event_deck"]]
    game_ = c.game
    if game_ is not None and c.phase == "playing":
        aid = game_.active
        if aid in state.adventurers:
            state.active = state.adventurers.index(aid)
            if state.partner == state.active:
                state.partner = None
    elif game_ is not None and c.phase == "over":
        # a competitive game's ending scene is read to the winner (the first of several; the
        # others' seats act too, ``state.role``, and receive what the active player does)
        won = core.winners(c)
        if won and state.adventurers[state.active] not in won and won[0] in state.adventurers:
            state.active = state.adventurers.index(won[0])
            state.partner = None
    if len(state.adventurers) == len(state.players):
        # the dice helper ticks the marks on each adventurer's board, not the last roll's
        state.marks = [marks_of(state, i) for i in range(len(state.players))]


def deal_events(state: State) -> None:
    """The reader draws from the campaign's event deck, in its order."""
    c = state.campaign
    if c is not None:
        state.deck = [c.copies[cid].number for cid in c.places["event_deck"]]
        state.drawn = None


def keep(state: State, title: str, steps: list[Any]) -> None:
    """The panel's checklist: the physical actions of the last move."""
    steps = [s if isinstance(s, core.Step) else core.Step(str(s)) for s in steps]
    state.checklist_title = title
    state.checklist_at = step_key(state)
    state.checklist = [CheckStep(text=s.text, manual=s.manual) for s in steps]


def say(state: State, title: str, steps: list[Any], lead: str = "") -> str:
    """Keep the checklist and return the log sentence: ``lead`` (what changed), then the
    physical actions if they are few and short, else a pointer to the checklist."""
    sync(state)
    keep(state, title, steps)
    opening = f"{lead} " if lead else ""
    if not state.checklist:
        return f"{opening}{title}: nothing to do at the table.".strip()
    said = " ".join(str(core.Step(s.text, s.manual)) for s in state.checklist)
    if len(state.checklist) <= SHORT and len(opening + said) <= LOGGED:
        return opening + said
    n = len(state.checklist)
    return f"{opening}{title}: {n} steps to mirror at the table (see the checklist)."


def known_or_added(
    state: State, c: core.Campaign, number: int, kind: str | None, tray: str = "library"
) -> None:
    """A card the catalog doesn't know, on a world read from the printed book (it ships the
    facts of a few cards only): the group has it in hand and says its kind, and the campaign
    records a copy of it in ``tray``; a number the box's facts don't name, none of its
    recorded copies in ``tray``: another copy, the same kind. Elsewhere the catalog's own
    refusals follow."""
    book = state.book()
    if not printed(book):
        return
    ours = catalog.named(state.own_cards, state.world, number)  # named at an earlier table
    if not c.numbered(number):
        kind = kind or (ours.type if ours is not None else None)
        if kind is None:
            kinds = ", ".join(core.ADDABLE.values())
            raise RuleError(
                f"Card #{number:03d} is not among the cards the app knows of your box: say "
                f"what kind of card it is ({kinds}) and take it again."
            )
        core.add_copy(c, number, kind, tray=tray)
    elif kind is None or number in book.catalog:
        return
    elif not any(c.copies[cid].number == number for cid in c.places[tray]):
        core.add_copy(c, number, kind, tray=tray, another=True)
    if ours is not None:  # what the group typed from the printed card, on every copy
        said = ours.model_dump(include={"name", "timer", "save", "gold"})
        name_copies(c, number, **said)


def copy_of(c: core.Campaign, number: int, *, where: str | None = None, timed: bool = False) -> int:
    """The copy of card #N meant: in ``where`` if given, else the first in play."""
    copies = c.numbered(number)
    if not copies:
        raise RuleError(f"There is no card #{number:03d} in the catalog.")
    places = c.where()
    for cid in copies:
        key = places[cid]
        if where is not None and key != where:
            continue
        if where is None and not in_play(key):
            continue
        if timed and core.timer_of(c, cid) is None:
            continue
        return cid
    raise RuleError(core.where_is(c, number))


def mirror_events(state: State) -> str:
    """After the reader drew, kept or put back an event card, the campaign's event deck and
    drawn card follow; a card the scene sent elsewhere goes to the library for the players to
    move where the scene says (returns the sentence saying so)."""
    c = state.campaign
    if state.mode != "campaign" or c is None or c.phase not in ("playing", "over"):
        return ""
    held = c.places["event_deck"] + c.places["drawn"]
    by_number = {c.copies[cid].number: cid for cid in held}
    deck = [by_number[n] for n in state.deck if n in by_number]
    drawn = [by_number[state.drawn.card]] if state.drawn and state.drawn.card in by_number else []
    gone = [cid for cid in held if cid not in deck and cid not in drawn]
    c.places["event_deck"], c.places["drawn"] = deck, drawn
    said = ""
    for cid in gone:
        c.places["library"].append(cid)
        said += (
            f" {card_label(c, cid).capitalize()} is put in the library: if the scene sent it "
            "elsewhere, move it there."
        )
    return said
