"""The reader's table moves: the book-only calendar (month, day token, challenge mode) and
who plays (the active player, a partner joining a handshake scene)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from games.core.engine import MoveSet, RuleError
from games.core.rng import Rng
from games.galzyr import campaign as core
from games.galzyr.campaign.facts import PlayerNumber
from games.galzyr.campaign.text import adventurer_name, possessive
from games.galzyr.reader import calendar
from games.galzyr.reader.reading import need_month, reading
from games.galzyr.state import MANAGERS, Month, State, tracked_board
from games.galzyr.tracking import book_calendar

moves = MoveSet("galzyr.table")


# -- calendar ------------------------------------------------------------------------------------
class PickMonth(BaseModel):
    month: Month


@moves.move(PickMonth, roles=MANAGERS)
def pick_month(state: State, args: PickMonth, seat: str) -> str:
    """Pick the month; the starting day is random on the top row of the calendar."""
    book_calendar(state)
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
    book_calendar(state)
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
    book_calendar(state)
    need_month(state)
    state.day = args.day
    return (
        f"The day token is put on {state.weekday.capitalize()}, week {calendar.row(args.day) + 1}."
    )


class SetChallenge(BaseModel):
    on: bool


@moves.move(SetChallenge, roles=MANAGERS)
def set_challenge(state: State, args: SetChallenge, seat: str) -> str:
    """Challenge mode: checks in partner scenes need one more success (in campaign mode, the
    game on the table keeps the same choice, for the next game's "Continue playing")."""
    state.challenge = args.on
    if state.campaign is not None and state.campaign.game is not None:
        state.campaign.game.challenge = args.on
    return "Challenge mode is on." if args.on else "Challenge mode is off."


class HideOutcomes(BaseModel):
    on: bool


@moves.move(HideOutcomes, label="Hide outcomes until the check", roles=MANAGERS)
def set_hide_outcomes(state: State, args: HideOutcomes, seat: str) -> str:
    """The story master's reading setting: a skill check's outcomes stay hidden on their
    device until the check is resolved (on), or show as soon as an option is chosen (off).

    The seats that run the table change it, as challenge mode: the story master, and the Story
    master seat and the shared display while a player reads (a campaign game of two or more,
    where the Story master seat is a display: a one-tablet group's only device, which had the
    setting between games alone, QA 8). It shows nothing to them; players may not."""
    state.hide_outcomes = args.on
    if args.on:
        return "The story master sees a check's outcomes once it is resolved."
    return "The story master sees the outcomes as soon as an option is chosen."


# -- players -------------------------------------------------------------------------------------
class PlayerArgs(BaseModel):
    player: PlayerNumber


def _player(state: State, number: int) -> int:
    if number > len(state.players):
        raise RuleError(f"There is no player {number} at this table.")
    return number - 1


@moves.move(PlayerArgs, roles=MANAGERS)
def set_active(state: State, args: PlayerArgs, seat: str) -> str:
    """Whose turn it is: the active player the scenes are read to. In campaign mode the
    campaign's turn order says it; after the game's end, a competitive game's ending scene is
    read to a winner."""
    index = _player(state, args.player)
    if tracked_board(state):
        _campaign_active(state, index)
    state.active = index
    if state.partner == state.active:
        state.partner = None
    return f"{state.players[state.active]} is the active player."


@moves.move(PlayerArgs, roles=MANAGERS)
def join_partner(state: State, args: PlayerArgs, seat: str) -> str:
    """A player on the same space joins a handshake scene as the partner."""
    scene = reading(state, state.book())
    if not scene.partner:
        raise RuleError(f"Scene {scene.key} has no handshake: nobody can join as a partner.")
    index = _player(state, args.player)
    if index == state.active:
        raise RuleError(f"{state.players[index]} is the active player, not a partner.")
    if tracked_board(state):
        _same_space(state, index)
    state.partner = index
    return f"{state.players[index]} joins {state.players[state.active]} as the partner."


@moves.move(label="Leave as partner", roles=MANAGERS)
def leave_partner(state: State, args, seat: str) -> str:
    """The partner leaves (before the scene goes on without them)."""
    if state.partner is None:
        raise RuleError("There is no partner in this scene.")
    name = state.players[state.partner]
    state.partner = None
    return f"{name} is no longer the partner."


# -- campaign mode: who may be the active player and the partner ---------------------------------
def _campaign_active(state: State, index: int) -> None:
    """The reader's active player is the campaign's: during a game its turn order, after the
    game's end (its ending scene) a winner of a competitive game, or anyone in a co-operative
    one (the most valuable player reads it)."""
    c = state.campaign
    assert c is not None
    aid = state.adventurers[index]
    name = adventurer_name(c, aid)
    if c.phase == "playing":
        if aid == core.active(c):
            return
        turn = adventurer_name(c, core.active(c))
        raise RuleError(
            f"It is {possessive(turn)} turn in the campaign: {name} becomes the active player "
            "when their turn comes (“End the turn”)."
        )
    won = core.winners(c)
    if won and aid not in won:
        who = " and ".join(adventurer_name(c, a) for a in won)
        raise RuleError(
            f"The ending scene is read to the winners ({who}): {name} did not win this game."
        )


def _same_space(state: State, index: int) -> None:
    """A partner's figure is on the active adventurer's space (the handshake's rule)."""
    c = state.campaign
    assert c is not None
    me = c.adventurer(state.adventurers[state.active])
    them = c.adventurer(state.adventurers[index])
    name, active = adventurer_name(c, them.id), adventurer_name(c, me.id)
    if me.position is None:
        raise RuleError(f"{possessive(active)} figure is off the board: nobody shares its space.")
    if them.position != me.position:
        where = f"at {c.location_name(them.position)}" if them.position else "off the board"
        raise RuleError(
            f"{name} is {where}, not at {c.location_name(me.position)} with {active}: a partner "
            "must be on the same space."
        )
