"""Campaign mode on the galzyr table: thin moves over the pure campaign core.

Each move parses its arguments, calls the core (``games.galzyr.campaign``), keeps the
checklist of physical actions for the panel and returns a sentence built from it. The core
raises ``RuleError`` before changing anything, so a refused move leaves the state as it was.
Player *n* plays the world's *n*-th adventurer.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Literal

from pydantic import BaseModel, Field

from games.engine import RuleError
from games.galzyr import calendar as reader_calendar
from games.galzyr import campaign as core
from games.galzyr.book import Book
from games.galzyr.campaign.facts import calendar_slot
from games.galzyr.campaign.state import HOLDINGS, in_play, is_tray
from games.galzyr.campaign.text import adventurer_name, card_label, place_label
from games.galzyr.rules import game
from games.galzyr.state import MANAGERS, READERS, CheckStep, State, require

SHORT = 3  # checklists up to this long are said in full; longer ones point at the panel
LOGGED = 400  # the table's log keeps this much of a sentence
TRAYS = ("library", "vault", "quest_slot", "noticeboard")


def start_campaign(state: State, book: Book, seed: int) -> None:
    """A fresh campaign from the world's catalog and map, then the game setup for the players."""
    world = SimpleNamespace(slug=book.slug, info=book.info, cards=book.catalog)
    if not book.catalog:
        raise RuleError(f"The world “{book.name}” has no card catalog: campaign mode needs one.")
    advs = [a.id for a in book.info.adventurers]
    if len(state.players) > len(advs):
        raise RuleError(f"The world has {len(advs)} adventurers: at most that many players.")
    campaign, _ = core.new_campaign(world, seed)  # type: ignore[arg-type]
    state.mode = "campaign"
    state.campaign = campaign
    state.adventurers = advs[: len(state.players)]
    steps = core.setup_game(campaign, state.adventurers)
    _deal_events(state)
    _sync(state)
    _keep(state, "Game setup", steps)


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


def _campaign(state: State) -> core.Campaign:
    if state.mode != "campaign" or state.campaign is None:
        raise RuleError("This table reads the book only: start a campaign table for that.")
    return state.campaign


def _sync(state: State) -> None:
    """The reader follows the campaign: its month and day token, and whose turn it is."""
    c = state.campaign
    if c is None:
        return
    if c.month is not None:
        state.month = c.month  # type: ignore[assignment]
    if c.calendar.day is not None:
        state.day = min(c.calendar.day, reader_calendar.last_day())
    game_ = c.game
    if game_ is not None and state.campaign.phase == "playing":
        aid = game_.active
        if aid in state.adventurers:
            state.active = state.adventurers.index(aid)
            if state.partner == state.active:
                state.partner = None


def _keep(state: State, title: str, steps: list[Any]) -> None:
    steps = [s if isinstance(s, core.Step) else core.Step(str(s)) for s in steps]
    state.checklist_title = title
    state.checklist = [CheckStep(text=s.text, manual=s.manual) for s in steps]


def _say(state: State, title: str, steps: list[Any]) -> str:
    _sync(state)
    _keep(state, title, steps)
    if not state.checklist:
        return f"{title}: nothing to do at the table."
    said = " ".join(str(core.Step(s.text, s.manual)) for s in state.checklist)
    if len(state.checklist) <= SHORT and len(said) <= LOGGED:
        return said
    n = len(state.checklist)
    return f"{title}: {n} steps to mirror at the table (see the checklist)."


def _adventurer(state: State, player: int) -> str:
    if not 1 <= player <= len(state.adventurers):
        raise RuleError(f"There is no player {player} at this table.")
    return state.adventurers[player - 1]


def _copy(c: core.Campaign, number: int, *, where: str | None = None, timed: bool = False) -> int:
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


# -- setting up, saving, continuing ---------------------------------------------------------------
@game.move(label="Set up a game")
def campaign_setup(state: State, args, seat: str) -> str:
    """Game setup for the table's adventurers (every card must be in the trays)."""
    require(state, seat, *MANAGERS)
    c = _campaign(state)
    steps = core.setup_game(c, state.adventurers)
    _deal_events(state)
    return _say(state, "Game setup", steps)


@game.move(label="Reset the whole game")
def campaign_reset_game(state: State, args, seat: str) -> str:
    """Reset the whole campaign: every card back where a new box starts (between games)."""
    require(state, seat, *MANAGERS)
    return _say(state, "Reset the whole game", core.reset_game(_campaign(state)))


class SaveArgs(BaseModel):
    pack: bool = True


@game.move(SaveArgs, label="Save the game")
def campaign_save(state: State, args: SaveArgs, seat: str) -> str:
    """Save the game: timers off, save effects, then (pack) every card into the save slots."""
    require(state, seat, *MANAGERS)
    return _say(state, "Save the game", core.save_game(_campaign(state), pack=args.pack))


@game.move(label="Continue playing")
def campaign_continue(state: State, args, seat: str) -> str:
    """Continue playing right after saving without packing up."""
    require(state, seat, *MANAGERS)
    steps = core.continue_playing(_campaign(state))
    _deal_events(state)
    return _say(state, "Continue playing", steps)


class PlayerArgs(BaseModel):
    player: int = Field(ge=1)


@game.move(PlayerArgs, label="Reset an adventurer")
def campaign_reset_adventurer(state: State, args: PlayerArgs, seat: str) -> str:
    """Reset one player's adventurer to a clean slate (between games)."""
    require(state, seat, *MANAGERS)
    c = _campaign(state)
    aid = _adventurer(state, args.player)
    return _say(state, f"Reset {adventurer_name(c, aid)}", core.reset_adventurer(c, aid))


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
    c = _campaign(state)
    aid = _adventurer(state, args.player) if args.player is not None else None
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
    return _say(state, f"Take card #{args.number:03d}", steps)


class MoveArgs(BaseModel):
    number: int = Field(ge=0, le=999)
    to: str = Field(min_length=1, max_length=60)  # a place key: "library", "items:odile", …
    source: str | None = Field(default=None, max_length=60)  # where the copy is now


@game.move(MoveArgs, label="Move a card")
def campaign_move_card(state: State, args: MoveArgs, seat: str) -> str:
    """Move a copy of card #N to another place (a card text the app does not read)."""
    require(state, seat, *MANAGERS)
    c = _campaign(state)
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
    return _say(state, f"Move card #{args.number:03d}", steps)


# -- rounds and the calendar -------------------------------------------------------------------------
class TravelArgs(BaseModel):
    player: int = Field(ge=1)
    to: str = Field(min_length=1, max_length=60)  # a location id


@game.move(TravelArgs, label="Travel")
def campaign_travel(state: State, args: TravelArgs, seat: str) -> str:
    """Move a player's figure to a location (one route at a time)."""
    require(state, seat, *READERS)
    c = _campaign(state)
    aid = _adventurer(state, args.player)
    return _say(state, f"{adventurer_name(c, aid)} travels", core.travel(c, aid, args.to))


class FigureArgs(BaseModel):
    player: int = Field(ge=1)
    to: str | None = Field(default=None, max_length=60)  # a location id; blank: off the board


@game.move(FigureArgs, label="Place a figure")
def campaign_place_figure(state: State, args: FigureArgs, seat: str) -> str:
    """Put a player's figure on a location (setup, or a scene moving it), or off the board."""
    require(state, seat, *MANAGERS)
    c = _campaign(state)
    aid = _adventurer(state, args.player)
    return _say(state, f"{adventurer_name(c, aid)}'s figure", core.place_figure(c, aid, args.to))


@game.move(label="Begin the story")
def campaign_begin_story(state: State, args, seat: str) -> str:
    """Travel is over: the active player chooses a scene and the story master reads it."""
    require(state, seat, *READERS)
    return _say(state, "The story", core.begin_story(_campaign(state)))


@game.move(label="End the turn")
def campaign_end_turn(state: State, args, seat: str) -> str:
    """End the active player's turn (the calendar phase follows the last turn of a round)."""
    require(state, seat, *READERS)
    steps = core.end_turn(_campaign(state))
    _sync(state)
    return _say(state, "End of the turn", steps)


@game.move(label="Advance the day")
def campaign_advance_day(state: State, args, seat: str) -> str:
    """The calendar phase: the day token moves on and the timers due are resolved."""
    require(state, seat, *MANAGERS)
    return _say(state, "Next day", core.advance_day(_campaign(state)))


class TimerArgs(BaseModel):
    number: int = Field(ge=0, le=999)
    days: int | None = Field(default=None, ge=1, le=60)


@game.move(TimerArgs, label="Place a timer")
def campaign_place_timer(state: State, args: TimerArgs, seat: str) -> str:
    """Put a timer token for a card in play (its timer box, or ``days`` ahead)."""
    require(state, seat, *MANAGERS)
    c = _campaign(state)
    step = core.place_timer(c, _copy(c, args.number), args.days)
    return _say(state, f"Timer for card #{args.number:03d}", [step])


class ShiftArgs(BaseModel):
    number: int = Field(ge=0, le=999)
    days: int = Field(default=1, ge=1, le=60)


@game.move(ShiftArgs, label="Delay a timer")
def campaign_delay(state: State, args: ShiftArgs, seat: str) -> str:
    """Move a card's timer token later on the calendar."""
    require(state, seat, *MANAGERS)
    c = _campaign(state)
    steps = core.delay(c, _copy(c, args.number, timed=True), args.days)
    return _say(state, f"Delay card #{args.number:03d}", steps)


@game.move(ShiftArgs, label="Hasten a timer")
def campaign_hasten(state: State, args: ShiftArgs, seat: str) -> str:
    """Move a card's timer token earlier (resolving it if it reaches the day token)."""
    require(state, seat, *MANAGERS)
    c = _campaign(state)
    steps = core.hasten(c, _copy(c, args.number, timed=True), args.days)
    return _say(state, f"Hasten card #{args.number:03d}", steps)


# -- what the panel shows ------------------------------------------------------------------------------
def _cards(c: core.Campaign, key: str) -> list[dict[str, Any]]:
    return [
        {"number": c.copies[cid].number, "name": c.copies[cid].name, "label": card_label(c, cid)}
        for cid in core.tray(c, key)
    ]


def campaign_view(state: State, seat: str) -> dict[str, Any] | None:
    """The campaign's public state for the panel (nothing in it is secret at the table)."""
    c = state.campaign
    if state.mode != "campaign" or c is None:
        return None
    g = c.game
    try:
        names = state.book().names  # skill names (the book is open for the view already)
    except RuleError:
        names = {}
    adventurers = []
    for i, aid in enumerate(state.adventurers):
        adv, definition = c.adventurer(aid), c.adventurer_def(aid)
        adventurers.append(
            {
                "player": i + 1,
                "player_name": state.players[i],
                "id": aid,
                "name": definition.name,
                "gold": adv.gold,
                "prestige": adv.prestige,
                "marks": [(names.get(k, k), n) for k, n in sorted(adv.marks.items())],
                "position": c.location_name(adv.position) if adv.position else None,
                "travelling": g is not None and aid in g.moves and adv.position is not None,
                "moves": g.moves.get(aid, 0) if g else 0,
                "active": g is not None and c.phase == "playing" and g.active == aid,
                **{h: _cards(c, f"{h}:{aid}") for h in HOLDINGS},
            }
        )
    trays = [{"key": k, "label": place_label(c, k), "cards": _cards(c, k)} for k in TRAYS]
    trays += [
        {"key": k, "label": place_label(c, k), "cards": _cards(c, k)}
        for k in c.places
        if k.startswith("save:")
    ]
    timers = [
        {
            "slot": calendar_slot(t.day),
            "day": t.day,
            "label": card_label(c, t.copy_id),
            "number": c.copies[t.copy_id].number,
        }
        for t in sorted(c.calendar.timers, key=lambda t: t.day)
    ]
    numbers = sorted({cp.number for cp in c.copies})
    where = {str(n): core.where_is(c, n) for n in numbers}
    return {
        "phase": c.phase,
        "month": c.month,
        "season": c.season,
        "day": calendar_slot(c.calendar.day) if c.calendar.day is not None else None,
        "timers": timers,
        "round": g.number if g else None,
        "limit": g.limit if g else None,
        "step": g.step if g else None,
        "active": adventurer_name(c, g.active) if g and c.phase == "playing" else None,
        "adventurers": adventurers,
        "trays": trays,
        "in_trays": sum(len(v) for k, v in c.places.items() if is_tray(k)),
        "locations": [{"id": loc.id, "name": loc.name} for loc in c.world.locations],
        "places": [{"key": k, "label": place_label(c, k)} for k in c.places if k != "drawn"],
        "checklist_title": state.checklist_title,
        "checklist": [s.model_dump() for s in state.checklist],
        "where": where,
        "games_played": c.games_played,
    }
