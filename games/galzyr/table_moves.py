"""The reader's table moves: the book-only calendar (month, day token, challenge mode) and
who plays (the active player, a partner joining a handshake scene)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from games.engine import RuleError
from games.galzyr import calendar
from games.galzyr.reading import need_month, reading
from games.galzyr.rules import game
from games.galzyr.state import MANAGERS, Month, State
from games.rng import Rng


def _book_only_calendar(state: State) -> None:
    if state.mode == "campaign":
        from games.galzyr.campaign_moves import book_calendar

        book_calendar(state)


# -- calendar ------------------------------------------------------------------------------------
class PickMonth(BaseModel):
    month: Month


@game.move(PickMonth, roles=MANAGERS)
def pick_month(state: State, args: PickMonth, seat: str) -> str:
    """Pick the month; the starting day is random on the top row of the calendar."""
    _book_only_calendar(state)
    rng = Rng(state.rng)
    state.month = args.month
    state.day = rng.randbelow(calendar.DAYS_A_WEEK)
    state.rng = rng.state
    side = calendar.board_side(args.month)
    return (
        f"The month is {args.month.capitalize()}: use the {side} side of the board and of the "
        f"location cards. The day token starts on {state.weekday.capitalize()}."
    )


@game.move(label="Next day", roles=MANAGERS)
def advance_day(state: State, args, seat: str) -> str:
    """The calendar phase: the day token moves to the next day."""
    _book_only_calendar(state)
    need_month(state)
    if state.day >= calendar.last_day():
        raise RuleError("The calendar has no more days: pick the month again for a new game.")
    state.day += 1
    return f"The day token moves to {state.weekday.capitalize()}."


class SetDay(BaseModel):
    day: int = Field(ge=0, le=calendar.last_day())


@game.move(SetDay, roles=MANAGERS)
def set_day(state: State, args: SetDay, seat: str) -> str:
    """Put the day token on another slot of the calendar."""
    _book_only_calendar(state)
    need_month(state)
    state.day = args.day
    return (
        f"The day token is put on {state.weekday.capitalize()}, week {calendar.row(args.day) + 1}."
    )


class SetChallenge(BaseModel):
    on: bool


@game.move(SetChallenge, roles=MANAGERS)
def set_challenge(state: State, args: SetChallenge, seat: str) -> str:
    """Challenge mode: checks in partner scenes need one more success."""
    state.challenge = args.on
    return "Challenge mode is on." if args.on else "Challenge mode is off."


# -- players -------------------------------------------------------------------------------------
class PlayerArgs(BaseModel):
    player: int = Field(ge=1)


def _player(state: State, number: int) -> int:
    if number > len(state.players):
        raise RuleError(f"There is no player {number} at this table.")
    return number - 1


@game.move(PlayerArgs, roles=MANAGERS)
def set_active(state: State, args: PlayerArgs, seat: str) -> str:
    """Whose turn it is: the active player the scenes are read to."""
    state.active = _player(state, args.player)
    if state.partner == state.active:
        state.partner = None
    return f"{state.players[state.active]} is the active player."


@game.move(PlayerArgs, roles=MANAGERS)
def join_partner(state: State, args: PlayerArgs, seat: str) -> str:
    """A player on the same space joins a handshake scene as the partner."""
    scene = reading(state, state.book())
    if not scene.partner:
        raise RuleError(f"Scene {scene.key} has no handshake: nobody can join as a partner.")
    index = _player(state, args.player)
    if index == state.active:
        raise RuleError(f"{state.players[index]} is the active player, not a partner.")
    state.partner = index
    return f"{state.players[index]} joins {state.players[state.active]} as the partner."


@game.move(label="Leave as partner", roles=MANAGERS)
def leave_partner(state: State, args, seat: str) -> str:
    """The partner leaves (before the scene goes on without them)."""
    if state.partner is None:
        raise RuleError("There is no partner in this scene.")
    name = state.players[state.partner]
    state.partner = None
    return f"{name} is no longer the partner."
