"""Campaign mode on the galzyr table: thin moves over the pure campaign core.

Each move parses its arguments, calls the core (``games.galzyr.campaign``), keeps the
checklist of physical actions for the panel and returns a sentence built from it. The core
raises ``RuleError`` before changing anything, so a refused move leaves the state as it was.
Player *n* plays the table's *n*-th adventurer.

This module holds the cards, the rounds and the calendar; ``between_games`` the procedures
between games, ``board`` the adventurers' boards and "Move a card" (which copy),
``holdings`` their cards; what the panel shows is games/galzyr/seat_view/campaign.py.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from games.core.engine import RuleError
from games.core.moves import MoveSet
from games.galzyr import campaign as core
from games.galzyr.campaign.facts import PlayerNumber
from games.galzyr.campaign.rounds import next_day
from games.galzyr.campaign.text import adventurer_name
from games.galzyr.moves.effects import unapplied_refusal
from games.galzyr.reading import turn_key
from games.galzyr.state import MANAGERS, READERS, State
from games.galzyr.tracking import (
    adventurer_of,
    campaign_of,
    copy_of,
    known_or_added,
    say,
    sync,
)

moves = MoveSet("galzyr.campaign.turns")


# -- cards ------------------------------------------------------------------------------------------
CardKind = Literal[
    "item", "quest", "companion", "adventurer_status", "local_status", "global_status"
]


class TakeArgs(BaseModel):
    number: int = Field(ge=0, le=999)
    pick: Literal["any", "random", "icon"] = "any"
    source: Literal["library", "vault"] = "library"
    player: PlayerNumber | None = None  # who takes it (items, quests, statuses…)
    # the item (or quest) given up for room when the inventory is full: a held card's number,
    # or the number taken (the new card itself goes back)
    discard: int | None = Field(default=None, ge=0, le=999)
    # a card the catalog doesn't know (a world read from the printed book): what kind it is
    kind: CardKind | None = None


@moves.move(TakeArgs, label="Take a card", roles=READERS)
def campaign_take_card(state: State, args: TakeArgs, seat: str) -> str:
    """Take card #N into play ("Any", "Random" or the matching icon) for a player."""
    c = campaign_of(state)
    aid = adventurer_of(state, args.player) if args.player is not None else None
    if c.phase in ("playing", "over"):  # take_card refuses other phases, adding nothing
        known_or_added(state, c, args.number, args.kind, args.source)
    discard = None
    if args.discard is not None and args.discard == args.number:
        # the new card itself gives way (as a quest picked up from the noticeboard can)
        discard = _new_copy(c, args.number, args.pick, args.source)
    elif args.discard is not None:
        holding = [k for k in (f"items:{aid}", f"quests:{aid}") if aid]
        discard = next(
            (
                cid
                for key in holding
                for cid in c.places[key]
                if c.copies[cid].number == args.discard
            ),
            None,
        )
        if discard is None:
            raise RuleError(f"Card #{args.discard:03d} is not held: it can't make room.")
    # the card making room for a 4th quest is abandoned (with its effects), an item discarded
    room = "abandon" if discard is not None and c.copies[discard].type == "quest" else "discard"
    steps = core.take_card(
        c, args.number, pick=args.pick, source=args.source, adventurer=aid, **{room: discard}
    )
    return say(state, f"Take card #{args.number:03d}", steps)


def _new_copy(c: core.Campaign, number: int, pick: str, source: str) -> int:
    """The copy ``take_card`` is about to pull, to name it as the one given up: a random pick
    advances the campaign's generator, so it is put back and take_card draws the same copy."""
    rng = c.rng
    cid = core.choose_copy(c, number, pick, source)  # type: ignore[arg-type]
    c.rng = rng
    return cid


# -- rounds and the calendar -------------------------------------------------------------------------
class TravelArgs(BaseModel):
    player: PlayerNumber
    to: str = Field(min_length=1, max_length=60)  # a location id


@moves.move(TravelArgs, label="Travel", roles=READERS)
def campaign_travel(state: State, args: TravelArgs, seat: str) -> str:
    """Move a player's figure to a location (one route at a time)."""
    c = campaign_of(state)
    aid = adventurer_of(state, args.player)
    if state.scene is not None and not state.locked:
        raise RuleError(
            f"Travel comes before the scene, and scene {state.scene:04d} is being read: "
            "finish it first."
        )
    return say(state, f"{adventurer_name(c, aid)} travels", core.travel(c, aid, args.to))


class FigureArgs(BaseModel):
    player: PlayerNumber
    to: str | None = Field(default=None, max_length=60)  # a location id; blank: off the board


@moves.move(FigureArgs, label="Place a figure", roles=MANAGERS)
def campaign_place_figure(state: State, args: FigureArgs, seat: str) -> str:
    """Put a player's figure on a location (setup, or a scene moving it), or off the board."""
    c = campaign_of(state)
    aid = adventurer_of(state, args.player)
    return say(state, f"{adventurer_name(c, aid)}'s figure", core.place_figure(c, aid, args.to))


@moves.move(label="Begin the story", roles=READERS)
def campaign_begin_story(state: State, args, seat: str) -> str:
    """Travel is over: the active player chooses a scene and the story master reads it."""
    return say(state, "The story", core.begin_story(campaign_of(state)))


@moves.move(label="End the turn", roles=READERS)
def campaign_end_turn(state: State, args, seat: str) -> str:
    """End the active player's turn (the calendar phase follows the last turn of a round)."""
    c = campaign_of(state)
    if state.scene is not None and not state.locked and c.phase == "playing":
        raise RuleError(
            f"Scene {state.scene:04d} is still being read: the turn ends once it is resolved."
        )
    if c.phase == "playing" and c.game is not None and c.game.step == "story":
        scene_read(state)
    if c.phase == "playing" and (refusal := unapplied_refusal(state)) is not None:
        raise refusal  # QA 8: the turn ended with the scene's gold and cards still to take
    steps = core.end_turn(c)
    sync(state)
    return say(state, "End of the turn", steps)


def scene_read(state: State) -> None:
    """The rulebook's story step: after travelling the active player must begin and resolve one
    scene (the event deck is always there to begin one from), so a turn ends once this turn's
    scene is resolved, not straight after "Begin the story"."""
    if not (state.locked and state.scene_turn and state.scene_turn == turn_key(state)):
        raise RuleError(
            "Every turn resolves a scene: open this turn's scene (or draw an event card) and "
            "read it to its end before ending the turn."
        )


@moves.move(label="Advance the day", roles=MANAGERS)
def campaign_advance_day(state: State, args, seat: str) -> str:
    """The calendar phase: the day token moves on and the timers due are resolved. Refused
    mid-round: ending the last turn runs the calendar phase."""
    return say(state, "Next day", next_day(campaign_of(state)))


class TimerArgs(BaseModel):
    number: int = Field(ge=0, le=999)
    days: int | None = Field(default=None, ge=1, le=60)


@moves.move(TimerArgs, label="Place a timer", roles=MANAGERS)
def campaign_place_timer(state: State, args: TimerArgs, seat: str) -> str:
    """Put a timer token for a card in play (its timer box, or ``days`` ahead)."""
    c = campaign_of(state)
    step = core.place_timer(c, copy_of(c, args.number), args.days)
    return say(state, f"Timer for card #{args.number:03d}", [step])


class ShiftArgs(BaseModel):
    number: int = Field(ge=0, le=999)
    days: int = Field(default=1, ge=1, le=60)


@moves.move(ShiftArgs, label="Delay a timer", roles=MANAGERS)
def campaign_delay(state: State, args: ShiftArgs, seat: str) -> str:
    """Move a card's timer token later on the calendar."""
    c = campaign_of(state)
    steps = core.delay(c, copy_of(c, args.number, timed=True), args.days)
    return say(state, f"Delay card #{args.number:03d}", steps)


@moves.move(ShiftArgs, label="Hasten a timer", roles=MANAGERS)
def campaign_hasten(state: State, args: ShiftArgs, seat: str) -> str:
    """Move a card's timer token earlier (resolving it if it reaches the day token)."""
    c = campaign_of(state)
    steps = core.hasten(c, copy_of(c, args.number, timed=True), args.days)
    return say(state, f"Hasten card #{args.number:03d}", steps)
