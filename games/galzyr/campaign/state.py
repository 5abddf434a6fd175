"""The state of a Galzyr campaign: every card copy, the adventurers, the calendar and the round.

Pure pydantic v2, no Django; ``Campaign.model_dump(mode="json")`` round-trips exactly.

**Card copies.** The catalog is unrolled into ``copies``: one entry per physical card (a number
with three identical copies gives three entries, a number with four icon variants gives four).
A copy is named by its index in that list. Each copy is in exactly one *place*; ``places``
maps a place key to the copies there, in order:

=====================  =================================================================
``library``            the largest tray section (shown in numerical order)
``vault``              temporary storage (shown in numerical order)
``quest_slot``         upcoming quests, front first; new ones go to the back
``save:global``        the global save slot (its event cards keep the event deck's order)
``save:<adventurer>``  each adventurer's save slot
``noticeboard``        the quests anyone may pick up (public side up)
``event_deck``         face down, top first
``drawn``              the event card the story master drew and is reading
``board``              the location cards on the game board
``local:<location>``   local status cards pointing at that space
``global``             global status cards in play
``items:<adv>``        an adventurer's inventory (at most 3)
``quests:<adv>``       an adventurer's quests, held in hand (at most 3)
``companions:<adv>``   an adventurer's companions
``statuses:<adv>``     an adventurer's statuses (and ability cards), never two of the same
=====================  =================================================================

The *trays* are the library, the vault, the quest slot and the save slots; between games every
card is in them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    PrivateAttr,
    SerializerFunctionWrapHandler,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    field_serializer,
    model_validator,
)

from games.core.bounds import MAX_TURNS, Seed, upto
from games.core.named import is_digest
from storybook.format.common import CardNumber, SceneNumber

from .copies import Copy, copies_by_number, keep_copies, named_copies
from .facts import (
    MAX_PLAYERS,
    MONTHS,
    START_GOLD,
    CopyId,
    Day,
    Gold,
    Marks,
    Moves,
    PlayerIndex,
    Prestige,
    ResetPlan,
    RoundNumber,
    season_of,
)

Phase = Literal["packed", "playing", "over", "saved"]
# packed  — between games: every card in the trays
# playing — a game is on (setup done, rounds running)
# over    — the round limit is reached: play the ending scene, then save
# saved   — timers removed and save effects resolved; pack up or continue playing
Mode = Literal["competitive", "cooperative"]
Season = Literal["summer", "winter"]
HOLDINGS = ("items", "quests", "companions", "statuses")
SHARED_PLACES = (
    "library",
    "vault",
    "quest_slot",
    "save:global",
    "noticeboard",
    "event_deck",
    "drawn",
    "board",
    "global",
)
# The card types each place of play takes (trays take anything).
HOLDING_TYPES = {
    "items": ("item",),
    "quests": ("quest",),
    "companions": ("companion",),
    "statuses": ("adventurer_status", "ability"),
}
PLACE_TYPES = {
    "noticeboard": ("quest",),
    "quest_slot": ("quest",),
    "event_deck": ("event",),
    "drawn": ("event",),
    "board": ("location",),
    "global": ("global_status",),
    "local": ("local_status",),
    **HOLDING_TYPES,
}


Turns = upto(MAX_PLAYERS)  # turns taken this round
GamesPlayed = upto(MAX_TURNS)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AdventurerDef(Strict):
    id: str
    name: str
    icon: str
    tags: list[str] = []
    marks: dict[str, Marks]
    gold: Gold = START_GOLD
    save: str | None = None


class LocationDef(Strict):
    id: str
    name: str
    cards: list[CardNumber] = []


class RouteDef(Strict):
    between: tuple[str, str]
    seasons: list[Season] = ["summer", "winter"]


class WorldFacts(Strict):
    """What the campaign needs from the world package, kept in the state (owners edit it)."""

    slug: str
    name: str
    skills: list[str]  # the circle, in order
    adventurers: list[AdventurerDef]
    locations: list[LocationDef] = []
    routes: list[RouteDef] = []
    # The scene the Discord (competitive) and Harmony (co-operative) cards name for the game's
    # end; a mode left out: the world's cards name none (a campaign stored before this knew).
    endings: dict[Mode, SceneNumber] = {}


class Adventurer(Strict):
    id: str
    gold: Gold = START_GOLD
    marks: dict[str, Marks]
    prestige: Prestige = 0
    position: str | None = None  # a location id; None is off the board
    tags: list[str] = []  # gained in the book (board and card tags are looked up)


class Timer(Strict):
    copy_id: CopyId
    day: Day  # the calendar slot, counted from the top row's Monday


class Calendar(Strict):
    day: Day | None = None  # the day token; None between games
    timers: list[Timer] = []  # in placing order: on one slot, later is on top
    side: Season | None = None  # the side the board and location cards show


class Round(Strict):
    players: list[str]  # adventurer ids in clockwise order
    mode: Mode
    challenge: bool = False
    coop_travel: bool = False
    starting: PlayerIndex = 0  # index in players of the starting player token
    number: RoundNumber = 1
    limit: RoundNumber
    phase: Literal["adventure", "calendar"] = "adventure"
    turn: Turns = 0  # turns taken this round: the active player is starting + turn
    step: Literal["travel", "story"] = "travel"
    moves: dict[str, Moves] = {}  # moves left to each adventurer travelling now

    @property
    def active_index(self) -> int:
        return (self.starting + self.turn) % len(self.players)

    @property
    def active(self) -> str:
        return self.players[self.active_index]


class Campaign(Strict):
    rng: Seed
    world: WorldFacts
    plan: ResetPlan
    # The copies never change once the campaign is made: a state stores their digest and the
    # table the data, once (games/core/named.py). A state stored with the list (before digests)
    # keeps it, so every stored state still dumps exactly as it was read.
    copies: list[Copy]
    places: dict[str, list[CopyId]]
    adventurers: list[Adventurer]
    calendar: Calendar = Calendar()
    phase: Phase = "packed"
    game: Round | None = None
    local_memory: dict[CopyId, str] = {}  # a local status's space, kept while it is saved
    save_memory: dict[CopyId, str] = {}  # a save effect's chosen save slot ("put … into …")
    games_played: GamesPlayed = 0
    # The seed a table's campaign was built from (None for campaigns built elsewhere): before
    # the first game's first scene the table can rebuild it to check nothing has happened yet.
    seed: Seed | None = None
    _copies_digest: str | None = PrivateAttr(default=None)  # the copies' digest, when stored so

    @model_validator(mode="wrap")
    @classmethod
    def _named_copies(
        cls, data: Any, handler: ValidatorFunctionWrapHandler, info: ValidationInfo
    ) -> Campaign:
        digest = data.get("copies") if isinstance(data, dict) else None
        if not is_digest(digest):
            return handler(data)
        named = (info.context or {}).get("named")
        model = handler({**data, "copies": list(named_copies(digest, named))})
        model._copies_digest = digest
        return model

    @field_serializer("copies", mode="wrap")
    def _copies_by_name(self, copies: list[Copy], handler: SerializerFunctionWrapHandler):
        return self._copies_digest if self._copies_digest is not None else handler(copies)

    @property
    def copies_digest(self) -> str | None:
        """The digest naming the copies (None for a state that carries them)."""
        return self._copies_digest

    def name_copies(self) -> None:
        """Store the copies by digest from now on (a new campaign does)."""
        self._copies_digest = keep_copies(self.copies)

    def named_data(self) -> dict[str, Any]:
        """The copies' data by their digest, when stored so (the service stores a new one with
        the table: ``Game.named_fn``)."""
        if self._copies_digest is None:
            return {}
        return {self._copies_digest: [c.model_dump(mode="json") for c in self.copies]}

    # -- look-ups ------------------------------------------------------------------------------
    def adventurer(self, aid: str) -> Adventurer:
        for adv in self.adventurers:
            if adv.id == aid:
                return adv
        raise KeyError(aid)

    def adventurer_def(self, aid: str) -> AdventurerDef:
        for adv in self.world.adventurers:
            if adv.id == aid:
                return adv
        raise KeyError(aid)

    def location_name(self, lid: str) -> str:
        for loc in self.world.locations:
            if loc.id == lid:
                return loc.name
        return lid

    def where(self, *, hide_drawn: bool = False) -> dict[int, str]:
        """Copy id → place key (built on demand: the places are the truth). ``hide_drawn``: the
        drawn event card is where everyone but the story master believes it, the event deck —
        which card was drawn is the story master's secret."""
        found = {cid: key for key, cids in self.places.items() for cid in cids}
        if hide_drawn:
            found.update(dict.fromkeys(self.places.get("drawn", ()), "event_deck"))
        return found

    def place_of(self, cid: int) -> str:
        """The place of one copy (``where`` maps every copy: too much for one)."""
        for key, cids in self.places.items():
            if cid in cids:
                return key
        raise KeyError(cid)

    def numbered(self, number: int) -> list[int]:
        """The copies of card #``number``, in catalog order."""
        index = copies_by_number(self.copies, self._copies_digest)
        return list(index.get(number, ()))

    @property
    def month_card(self) -> int | None:
        """The month card in play (or, between games, in the global save slot)."""
        months = set(self.plan.months)
        for key in ("global", "save:global"):
            for cid in self.places[key]:
                if self.copies[cid].number in months:
                    return cid
        return None

    @property
    def month(self) -> str | None:
        cid = self.month_card
        if cid is None:
            return None
        return month_name(self, self.copies[cid].number)

    @property
    def season(self) -> Season | None:
        month = self.month
        return season_of(month) if month else None


def month_name(state: Campaign, number: int) -> str | None:
    if number in state.plan.months:
        return MONTHS[state.plan.months.index(number)]
    return None


def place_keys(world: WorldFacts) -> list[str]:
    keys = list(SHARED_PLACES)
    for adv in world.adventurers:
        keys.append(f"save:{adv.id}")
        keys.extend(f"{h}:{adv.id}" for h in HOLDINGS)
    keys.extend(f"local:{loc.id}" for loc in world.locations)
    return keys


def place_kind(key: str) -> str:
    return key.split(":", 1)[0]


def is_tray(key: str) -> bool:
    return key in ("library", "vault", "quest_slot") or key.startswith("save:")


# What is "in play" (the cards whose timer boxes run): held by an adventurer, on the board or
# a status in play; the reader's conditions (``card_in_play``) and the playtester read this.
IN_PLAY = (*HOLDINGS, "local", "global", "board")


def in_play(key: str) -> bool:
    return place_kind(key) in IN_PLAY
