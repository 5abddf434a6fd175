"""The calendar: the day token and the timer tokens ("Timed effects and calendar").

Days are counted from the top row's Monday (day 0); a row is a week and "the days loop from
Sunday to the next row's Monday", so day 7 is the second row's Monday. A timer token goes on
the slot N days ahead of the day token, on top of any tokens already there; when the day token
arrives, the tokens on its slot are resolved topmost first. Delay and hasten move a token
further or closer (on top of the tokens at its new slot), never past the day token; a hasten
that reaches the day token resolves the effect at once. A card leaving play takes its timer
tokens with it.

Two day tokens exist, one per mode: this one (``Calendar.day``) is the campaign's, with its
timers, and rules in campaign mode; the reader's (``State.day``, games/galzyr/reader/
calendar.py) is the whole calendar of book-only mode, which has no campaign to hold one. In
campaign mode the reader's day only mirrors this one (``tracking.sync``, run by the campaign's
moves), so the scenes and the pages read one day whichever mode the table is in.
"""

from __future__ import annotations

from games.core.engine import RuleError
from games.core.words import count

from .facts import calendar_slot, weekday_name
from .state import Campaign, Timer, in_play
from .text import Step, card_label


def timer_of(state: Campaign, cid: int) -> Timer | None:
    for t in state.calendar.timers:
        if t.copy_id == cid:
            return t
    return None


def stack(state: Campaign, day: int) -> list[int]:
    """The copies whose tokens are on ``day``'s slot, topmost first."""
    return [t.copy_id for t in reversed(state.calendar.timers) if t.day == day]


def remove_timers(state: Campaign, cid: int) -> bool:
    before = len(state.calendar.timers)
    state.calendar.timers = [t for t in state.calendar.timers if t.copy_id != cid]
    return len(state.calendar.timers) != before


def _today(state: Campaign) -> int:
    if state.calendar.day is None or state.phase != "playing":
        raise RuleError("Timer tokens are only on the calendar during a game.")
    return state.calendar.day


def place_timer(state: Campaign, cid: int, days: int | None = None) -> Step:
    """Place (or restart) the timer of a card in play: ``days`` ahead, or its timer box."""
    today = _today(state)
    copy = state.copies[cid]
    days = days if days is not None else copy.timer
    if days is None:
        raise RuleError(
            f"The app doesn't know the timer box of {card_label(state, cid)}: enter its days "
            "(printed in the card's timer box, or as the scene says) in Days."
        )
    if days < 1:
        raise RuleError("A timer token goes at least one day ahead of the day token.")
    if not in_play(state.place_of(cid)):
        raise RuleError(f"{card_label(state, cid).capitalize()} is not in play.")
    restarted = remove_timers(state, cid)
    state.calendar.timers.append(Timer(copy_id=cid, day=today + days))
    slot = calendar_slot(today + days)
    ahead = f"{days} day{'s' if days != 1 else ''} ahead"
    if restarted:  # the token restarts from today: it moves, its pair stays on the card
        return Step(
            f"Move the timer token of {card_label(state, cid)} to {slot} ({ahead}), on top of "
            "any tokens there."
        )
    return Step(
        f"Place a timer token for {card_label(state, cid)} on {slot} ({ahead}), on top of any "
        "tokens there; its pair on the card's timer box."
    )


def resolve_step(state: Campaign, cid: int) -> Step:
    return Step(
        f"Resolve the timed effect of {card_label(state, cid)}; remove its timer tokens.",
        manual=True,
    )


def delay(state: Campaign, cid: int, days: int) -> list[Step]:
    today = _today(state)
    timer = _running(state, cid)
    if days < 1:
        raise RuleError("Delay by at least one day.")
    remove_timers(state, cid)
    state.calendar.timers.append(Timer(copy_id=cid, day=timer.day + days))
    assert timer.day + days > today
    return [
        Step(
            f"Delay {card_label(state, cid)}: move its timer token {count(days, 'day', 'days')} "
            f"further, to "
            f"{calendar_slot(timer.day + days)}, on top of the tokens there."
        )
    ]


def hasten(state: Campaign, cid: int, days: int) -> list[Step]:
    today = _today(state)
    timer = _running(state, cid)
    if days < 1:
        raise RuleError("Hasten by at least one day.")
    remove_timers(state, cid)
    target = max(today, timer.day - days)  # never past the day token
    if target == today:
        return [
            Step(f"Hasten {card_label(state, cid)}: its timer token reaches the day token."),
            resolve_step(state, cid),
        ]
    state.calendar.timers.append(Timer(copy_id=cid, day=target))
    return [
        Step(
            f"Hasten {card_label(state, cid)}: move its timer token {count(days, 'day', 'days')} "
            f"closer, to "
            f"{calendar_slot(target)}, on top of the tokens there."
        )
    ]


def _running(state: Campaign, cid: int) -> Timer:
    timer = timer_of(state, cid)
    if timer is None:
        raise RuleError(
            f"{card_label(state, cid).capitalize()} has no timer token on the calendar."
        )
    return timer


def advance_day(state: Campaign) -> list[Step]:
    """The calendar phase: the day token moves on and its slot's tokens resolve, topmost first."""
    today = _today(state) + 1
    state.calendar.day = today
    due = stack(state, today)
    steps = [
        Step(
            f"Move the day token to {calendar_slot(today)}, and the Book of Adventures to "
            f"{weekday_name(today).capitalize()}."
        )
    ]
    for cid in due:
        remove_timers(state, cid)
        steps.append(resolve_step(state, cid))
    return steps


def clear_timers(state: Campaign) -> list[Step]:
    """Saving: every timer token comes off unresolved."""
    steps = [
        Step(f"Remove the timer token of {card_label(state, t.copy_id)} without resolving it.")
        for t in state.calendar.timers
    ]
    state.calendar.timers = []
    return steps
