"""The calendar at the bottom of the board: a month, and a day token on Monday–Sunday rows.

The day is counted from the Monday of the top row: day 0 is that Monday, day 7 the Monday
of the second row ("the days loop from Sunday to the next row's Monday"). The starting day
is random on the top row. The month stays the same for a whole game (the month card changes
when the game is saved), so the board side — summer March–August, winter otherwise — does too.

This is book-only mode's calendar (``State.day``, moved by moves/book_calendar.py). In campaign
mode the campaign's calendar rules (``Calendar.day`` and its timers, campaign/calendar.py) and
``State.day`` only mirrors it (``tracking.sync``): book-only mode has no campaign to hold a day,
and the reader's scenes and pages read ``State.day`` in either mode.
"""

from __future__ import annotations

from storybook.format import MONTHS, WEEKDAYS, season_of

DAYS_A_WEEK = len(WEEKDAYS)
ROWS = 5  # rows the reader's calendar holds; a game lasts at most 8 rounds
SHOWN_ROWS = 2  # rows shown at least


def weekday(day: int) -> str:
    return WEEKDAYS[day % DAYS_A_WEEK]


def row(day: int) -> int:
    return day // DAYS_A_WEEK


def board_side(month: str) -> str:
    """'summer' for March–August, 'winter' otherwise: the side of the board and location cards."""
    return season_of(month)


def month_number(month: str) -> int:
    return MONTHS.index(month) + 1


def last_day() -> int:
    return ROWS * DAYS_A_WEEK - 1


def rows(day: int | None, timers: dict[int, list[int]] | None = None) -> list[list[dict]]:
    """The calendar as rows of slots: {day, weekday, token, past, timers}.

    ``timers`` maps a day to the card numbers of the timer tokens on its slot, topmost first
    (campaign mode); the rows shown reach the furthest token."""
    timers = timers or {}
    furthest = max((d for d in timers if d <= last_day()), default=0)
    shown = max(SHOWN_ROWS, min(ROWS, max(row(day or 0) + 2, row(furthest) + 1)))
    return [
        [
            {
                "day": r * DAYS_A_WEEK + d,
                "weekday": WEEKDAYS[d],
                "label": WEEKDAYS[d].capitalize(),
                "token": day is not None and r * DAYS_A_WEEK + d == day,
                "past": day is not None and r * DAYS_A_WEEK + d < day,
                "timers": timers.get(r * DAYS_A_WEEK + d, []),
            }
            for d in range(DAYS_A_WEEK)
        ]
        for r in range(shown)
    ]
