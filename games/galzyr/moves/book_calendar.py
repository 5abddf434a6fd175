"""The book-only calendar's moves: the month (and so the board's side) and the day token.
In campaign mode the campaign's calendar rules instead (campaign/calendar.py); the reader's
day then follows it (tracking.sync)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from games.core.engine import RuleError
from games.core.moves import MoveSet
from games.core.rng import Rng
from games.galzyr.reader import calendar
from games.galzyr.reading import need_month
from games.galzyr.state import MANAGERS, Month, State
from games.galzyr.tracking import require_book_only

moves = MoveSet("galzyr.book_calendar")


class PickMonth(BaseModel):
    month: Month


@moves.move(PickMonth, roles=MANAGERS)
def pick_month(state: State, args: PickMonth, seat: str) -> str:
    """Pick the month; the starting day is random on the top row of the calendar."""
    require_book_only(state)
    rng = Rng(state.rng)
    state.month = args.month
    state.day = rng.randbelow(calendar.DAYS_A_WEEK)
    state.rng = rng.state
    side = calendar.board_side(args.month)
    return (
        f"The month is {args.month.capitalize()}: use the {side} side of the board and of the "
        f"location cards. The day token starts on {state.weekday.capitalize()}."
    )


@moves.move(label="Next day", roles=MANAGERS)
def advance_day(state: State, args, seat: str) -> str:
    """The calendar phase: the day token moves to the next day."""
    require_book_only(state)
    need_month(state)
    if state.day >= calendar.last_day():
        raise RuleError("The calendar has no more days: pick the month again for a new game.")
    state.day += 1
    return f"The day token moves to {state.weekday.capitalize()}."


class SetDay(BaseModel):
    day: int = Field(ge=0, le=calendar.last_day())


@moves.move(SetDay, roles=MANAGERS)
def set_day(state: State, args: SetDay, seat: str) -> str:
    """Put the day token on another slot of the calendar."""
    require_book_only(state)
    need_month(state)
    state.day = args.day
    return (
        f"The day token is put on {state.weekday.capitalize()}, week {calendar.row(args.day) + 1}."
    )
