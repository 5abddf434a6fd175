"""Campaign mode on the galzyr table: thin moves over the pure campaign core.

Each move parses its arguments, calls the core (``games.galzyr.campaign``), keeps the
checklist of physical actions for the panel and returns a sentence built from it. The core
raises ``RuleError`` before changing anything, so a refused move leaves the state as it was.
Player *n* plays the world's *n*-th adventurer.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Literal

from pydantic import BaseModel, Field

from games.engine import RuleError
from games.galzyr import campaign as core
from games.galzyr.book import Book
from games.galzyr.campaign.text import adventurer_name, card_label
from games.galzyr.campaign_common import adventurer_of, campaign_of, copy_of, keep, say, sync
from games.galzyr.rules import game
from games.galzyr.state import MANAGERS, READERS, State, require

Play = Literal["competitive", "cooperative"]  # Discord or Harmony


def start_campaign(
    state: State,
    book: Book,
    seed: int,
    *,
    adventurers: list[str] | None = None,
    play: Play = "cooperative",
) -> None:
    """A fresh campaign from the world's catalog and map, then the game setup for the players
    (their adventurers in the world's order unless chosen; challenge mode from the table)."""
    world = SimpleNamespace(slug=book.slug, info=book.info, cards=book.catalog)
    if not book.catalog:
        raise RuleError(f"The world “{book.name}” has no card catalog: campaign mode needs one.")
    advs = [a.id for a in book.info.adventurers]
    if len(state.players) > len(advs):
        raise RuleError(f"The world has {len(advs)} adventurers: at most that many players.")
    campaign, _ = core.new_campaign(world, seed)  # type: ignore[arg-type]
    state.mode = "campaign"
    state.campaign = campaign
    state.adventurers = chosen_adventurers(state, campaign, adventurers or [])
    steps = core.setup_game(campaign, state.adventurers, play, challenge=state.challenge)
    _deal_events(state)
    sync(state)
    keep(state, "Game setup", steps)


def chosen_adventurers(state: State, c: core.Campaign, chosen: list[str]) -> list[str]:
    """One adventurer per player: the ones chosen, else the world's order; never two alike."""
    order = [a.id for a in c.world.adventurers]
    n = len(state.players)
    if not chosen:
        return order[:n]
    if len(chosen) != n:
        raise RuleError(f"Choose one adventurer for each of the {n} players.")
    for aid in chosen:
        if aid not in order:
            raise RuleError(f"This world has no adventurer “{aid}”.")
    for i, aid in enumerate(chosen):
        if aid in chosen[:i]:
            raise RuleError(
                f"{adventurer_name(c, aid)} is chosen twice: each player plays a different "
                "adventurer."
            )
    return list(chosen)


def _deal_events(state: State) -> None:
    """The reader draws from the campaign's event deck, in its order."""
    c = state.campaign
    if c is not None:
        state.deck = [c.copies[cid].number for cid in c.places["event_deck"]]
        state.drawn = None


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


# -- helpers ------------------------------------------------------------------------------------
def book_calendar(state: State) -> None:
    """The book-only calendar moves: in campaign mode the campaign's calendar rules."""
    if state.mode == "campaign":
        raise RuleError(
            "In campaign mode the campaign's calendar sets the month and the day: "
            "use “Advance the day” in the campaign section."
        )


# -- setting up, saving, continuing ---------------------------------------------------------------
class SetupArgs(BaseModel):
    adventurers: list[str] = Field(default_factory=list, max_length=6)  # per player, in order
    mode: Play = "cooperative"
    challenge: bool = False


@game.move(SetupArgs, label="Set up a game")
def campaign_setup(state: State, args: SetupArgs, seat: str) -> str:
    """Game setup (every card in the trays): each player's adventurer, competitive (Discord)
    or co-operative (Harmony), challenge mode; the round limit follows the player count."""
    require(state, seat, *MANAGERS)
    c = campaign_of(state)
    chosen = chosen_adventurers(state, c, args.adventurers)
    steps = core.setup_game(c, chosen, args.mode, challenge=args.challenge)
    state.adventurers = chosen
    state.challenge = args.challenge
    _deal_events(state)
    g = c.game
    assert g is not None
    card = "Discord" if g.mode == "competitive" else "Harmony"
    challenge = ", challenge mode" if args.challenge else ""
    lead = f"A {g.mode} game ({card}{challenge}) of {g.limit} rounds."
    return say(state, "Game setup", steps, lead)


@game.move(label="Reset the whole game")
def campaign_reset_game(state: State, args, seat: str) -> str:
    """Reset the whole campaign: every card back where a new box starts (between games)."""
    require(state, seat, *MANAGERS)
    return say(state, "Reset the whole game", core.reset_game(campaign_of(state)))


class SaveArgs(BaseModel):
    pack: bool = True


@game.move(SaveArgs, label="Save the game")
def campaign_save(state: State, args: SaveArgs, seat: str) -> str:
    """Save the game: timers off, save effects, then (pack) every card into the save slots."""
    require(state, seat, *MANAGERS)
    return say(state, "Save the game", core.save_game(campaign_of(state), pack=args.pack))


@game.move(label="Continue playing")
def campaign_continue(state: State, args, seat: str) -> str:
    """Continue playing right after saving without packing up."""
    require(state, seat, *MANAGERS)
    steps = core.continue_playing(campaign_of(state))
    _deal_events(state)
    return say(state, "Continue playing", steps)


class PlayerArgs(BaseModel):
    player: int = Field(ge=1)


@game.move(PlayerArgs, label="Reset an adventurer")
def campaign_reset_adventurer(state: State, args: PlayerArgs, seat: str) -> str:
    """Reset one player's adventurer to a clean slate (between games)."""
    require(state, seat, *MANAGERS)
    c = campaign_of(state)
    aid = adventurer_of(state, args.player)
    return say(state, f"Reset {adventurer_name(c, aid)}", core.reset_adventurer(c, aid))


# -- cards ------------------------------------------------------------------------------------------
class TakeArgs(BaseModel):
    number: int = Field(ge=0, le=999)
    pick: Literal["any", "random", "icon"] = "any"
    source: Literal["library", "vault"] = "library"
    player: int | None = Field(default=None, ge=1)  # who takes it (items, quests, statuses…)
    discard: int | None = Field(default=None, ge=0, le=999)  # the item to give up for room


@game.move(TakeArgs, label="Take a card")
def campaign_take_card(state: State, args: TakeArgs, seat: str) -> str:
    """Take card #N into play ("Any", "Random" or the matching icon) for a player."""
    require(state, seat, *READERS)
    c = campaign_of(state)
    aid = adventurer_of(state, args.player) if args.player is not None else None
    discard = None
    if args.discard is not None:
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
    steps = core.take_card(
        c, args.number, pick=args.pick, source=args.source, adventurer=aid, discard=discard
    )
    return say(state, f"Take card #{args.number:03d}", steps)


class MoveArgs(BaseModel):
    number: int = Field(ge=0, le=999)
    to: str = Field(min_length=1, max_length=60)  # a place key: "library", "items:odile", …
    source: str | None = Field(default=None, max_length=60)  # where the copy is now


@game.move(MoveArgs, label="Move a card")
def campaign_move_card(state: State, args: MoveArgs, seat: str) -> str:
    """Move a copy of card #N to another place (a card text the app does not read)."""
    require(state, seat, *MANAGERS)
    c = campaign_of(state)
    if args.to not in c.places:
        raise RuleError(f"There is no place “{args.to}” in this campaign.")
    here = c.where()
    copies = [
        cid
        for cid in c.numbered(args.number)
        if here[cid] != args.to and (args.source is None or here[cid] == args.source)
    ]
    if not copies:
        raise RuleError(core.where_is(c, args.number))
    steps = core.move_card(c, copies[0], args.to)
    return say(state, f"Move card #{args.number:03d}", steps)


# -- rounds and the calendar -------------------------------------------------------------------------
class TravelArgs(BaseModel):
    player: int = Field(ge=1)
    to: str = Field(min_length=1, max_length=60)  # a location id


@game.move(TravelArgs, label="Travel")
def campaign_travel(state: State, args: TravelArgs, seat: str) -> str:
    """Move a player's figure to a location (one route at a time)."""
    require(state, seat, *READERS)
    c = campaign_of(state)
    aid = adventurer_of(state, args.player)
    return say(state, f"{adventurer_name(c, aid)} travels", core.travel(c, aid, args.to))


class FigureArgs(BaseModel):
    player: int = Field(ge=1)
    to: str | None = Field(default=None, max_length=60)  # a location id; blank: off the board


@game.move(FigureArgs, label="Place a figure")
def campaign_place_figure(state: State, args: FigureArgs, seat: str) -> str:
    """Put a player's figure on a location (setup, or a scene moving it), or off the board."""
    require(state, seat, *MANAGERS)
    c = campaign_of(state)
    aid = adventurer_of(state, args.player)
    return say(state, f"{adventurer_name(c, aid)}'s figure", core.place_figure(c, aid, args.to))


@game.move(label="Begin the story")
def campaign_begin_story(state: State, args, seat: str) -> str:
    """Travel is over: the active player chooses a scene and the story master reads it."""
    require(state, seat, *READERS)
    return say(state, "The story", core.begin_story(campaign_of(state)))


@game.move(label="End the turn")
def campaign_end_turn(state: State, args, seat: str) -> str:
    """End the active player's turn (the calendar phase follows the last turn of a round)."""
    require(state, seat, *READERS)
    steps = core.end_turn(campaign_of(state))
    sync(state)
    return say(state, "End of the turn", steps)


@game.move(label="Advance the day")
def campaign_advance_day(state: State, args, seat: str) -> str:
    """The calendar phase: the day token moves on and the timers due are resolved."""
    require(state, seat, *MANAGERS)
    return say(state, "Next day", core.advance_day(campaign_of(state)))


class TimerArgs(BaseModel):
    number: int = Field(ge=0, le=999)
    days: int | None = Field(default=None, ge=1, le=60)


@game.move(TimerArgs, label="Place a timer")
def campaign_place_timer(state: State, args: TimerArgs, seat: str) -> str:
    """Put a timer token for a card in play (its timer box, or ``days`` ahead)."""
    require(state, seat, *MANAGERS)
    c = campaign_of(state)
    step = core.place_timer(c, copy_of(c, args.number), args.days)
    return say(state, f"Timer for card #{args.number:03d}", [step])


class ShiftArgs(BaseModel):
    number: int = Field(ge=0, le=999)
    days: int = Field(default=1, ge=1, le=60)


@game.move(ShiftArgs, label="Delay a timer")
def campaign_delay(state: State, args: ShiftArgs, seat: str) -> str:
    """Move a card's timer token later on the calendar."""
    require(state, seat, *MANAGERS)
    c = campaign_of(state)
    steps = core.delay(c, copy_of(c, args.number, timed=True), args.days)
    return say(state, f"Delay card #{args.number:03d}", steps)


@game.move(ShiftArgs, label="Hasten a timer")
def campaign_hasten(state: State, args: ShiftArgs, seat: str) -> str:
    """Move a card's timer token earlier (resolving it if it reaches the day token)."""
    require(state, seat, *MANAGERS)
    c = campaign_of(state)
    steps = core.hasten(c, copy_of(c, args.number, timed=True), args.days)
    return say(state, f"Hasten card #{args.number:03d}", steps)


# The panel's view, and the moves on the adventurers' boards and holdings, live in modules of
# their own; importing them here registers their moves with the game.
from games.galzyr import campaign_board, campaign_holdings  # noqa: E402,F401
from games.galzyr.campaign_view import campaign_view  # noqa: E402,F401
