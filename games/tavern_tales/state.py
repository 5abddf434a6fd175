"""The typed state of a Tavern Tales table, its options, and small shared helpers.

The cards themselves lie on the table; the state mirrors them. Hands and decks are counts (the
app never knows which heroes are in a hand); a hero becomes known when a player taps it as they
play it, and a feat when someone taps what lies at a depth or what they collected.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from games.core.bounds import Score, Seed, Turn, index_below, upto
from games.core.engine import TABLE_SEAT, RuleError
from games.tavern_tales.catalog import (
    DEPTHS,
    Cards,
    CatalogPatch,
    Depth,
    HeroKind,
    check_hero_shape,
)

Phase = Literal["turn", "claim", "collect", "over"]
# respond: 3-5 players one-up or pass in turn; answer: the 2-player opponent's first reply;
# duel: the 2-player face-down one-ups until someone flips the table.
Stage = Literal["respond", "answer", "duel"]

HIGH_PRESTIGE = 16  # at this score and above the hand shrinks
WIN = 30
EPIC_WIN = 45


MAX_PLAYERS = 5
PlayerIndex = index_below(MAX_PLAYERS)  # a player, from 0
CardCount = upto(200)  # a count of cards: a deck, a hand, a discard pile
SlotIndex = upto(9)  # a place in a depth's row, from 0
Passes = upto(MAX_PLAYERS)  # passes in a row during a claim


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Modules(_Model):
    elite_heroes: bool = False
    rooms: bool = False
    specialty_drinks: bool = False


class Options(_Model):
    players: list[str] = Field(min_length=2, max_length=MAX_PLAYERS)
    modules: Modules = Modules()
    epic_duel: bool = False
    first_player: int | None = Field(default=None, ge=0, le=4)  # None: the app picks at random
    room_depths: list[Depth] | None = None  # the 3 depths with rooms; None: picked at random
    room_tiles: dict[Depth, str] = {}  # which tile each room depth drew, when known
    drinks: list[str | None] = []  # per player, in seat order
    catalog: CatalogPatch = CatalogPatch()

    @field_validator("room_depths", "drinks", mode="before")
    @classmethod
    def _form_lists(cls, value):
        """A form sends one value as a string, and "-" for a player without a drink."""
        if isinstance(value, str):
            value = [value]
        if isinstance(value, list):
            value = [None if item in ("", "-") else item for item in value]
            while value and value[-1] is None:
                value.pop()
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Options:
        names = [name.strip() for name in self.players]
        if any(not name for name in names):
            raise ValueError("every player needs a name")
        if len({name.casefold() for name in names}) != len(names):
            raise ValueError("two players share a name")
        self.players = names
        count = len(names)
        if self.first_player is not None and self.first_player >= count:
            raise ValueError("the first player must be one of the players")
        if self.epic_duel and count != 2:
            raise ValueError("the Epic Duel is for 2 players")
        if self.room_depths is not None:
            if not self.modules.rooms:
                raise ValueError("room depths need the Rooms module")
            if len(set(self.room_depths)) != 3 or len(self.room_depths) != 3:
                raise ValueError("choose 3 different depths for the rooms")
        if self.room_tiles and not self.modules.rooms:
            raise ValueError("room tiles need the Rooms module")
        if any(self.drinks) and not self.modules.specialty_drinks:
            raise ValueError("drinks need the Specialty Drinks module")
        if len(self.drinks) > count:
            raise ValueError("more drinks than players")
        chosen = [drink for drink in self.drinks if drink]
        if len(set(chosen)) != len(chosen):
            raise ValueError("each Specialty Drink tile can go to one player only")
        return self


class Slot(_Model):
    feat: str | None = None  # None: not tapped in yet, or lying face-down
    face_down: bool = False
    empty: bool = False  # the feat deck ran out before this place was refilled


class DepthRow(_Model):
    name: Depth
    room: str | None = None  # the room tile's name; "" when a room lies here but is not named
    slots: list[Slot]


class Held(_Model):
    feat: str
    stack: str  # the set it counts in: its own name, or a gem a Crystal Golem joined


class Player(_Model):
    name: str
    prestige: Score = 0
    hand: CardCount = 0
    drink: str | None = None
    feats: list[Held] = []


class PlayedHero(_Model):
    name: str = ""  # empty when the card is known only by its type and depth icons
    kind: HeroKind
    depths: list[Depth] = []


class Play(_Model):
    player: PlayerIndex
    hero: PlayedHero | None  # None: played face-down without telling the app which card
    face_up: bool = True
    secret: bool = False  # face-down in a 2-player claim and not flipped: only its owner sees it


class SlotRef(_Model):
    depth: Depth
    slot: SlotIndex


class Claim(_Model):
    starter: PlayerIndex
    depth: Depth
    feats: list[SlotRef]  # the claimed feats, powers' extra feats included
    plays: list[Play]
    stage: Stage
    responder: PlayerIndex | None = None  # who answers next; None once the claim is decided
    passes: Passes = 0  # passes in a row since the last hero was played
    winner: PlayerIndex | None = None
    needs: list[str] = []  # what the winner must still choose before collecting


class State(_Model):
    players: list[Player]
    depths: list[DepthRow]
    catalog: Cards
    modules: Modules
    epic_duel: bool = False
    target: Score = WIN
    hero_total: CardCount  # hero cards in play this game
    feat_total: CardCount
    hero_deck: CardCount
    hero_discard: CardCount
    feat_deck: CardCount
    active: PlayerIndex = 0
    turn: Turn = 1
    phase: Phase = "turn"
    claim: Claim | None = None
    winners: list[PlayerIndex] = []
    timeline: list[list[Score]] = []  # everyone's prestige at the end of each turn
    rng: Seed


# -- helpers shared by the rules modules ------------------------------------------------------


def two_player(state: State) -> bool:
    return len(state.players) == 2


def seat_id(index: int) -> str:
    return f"p{index + 1}"


def player_of(state: State, seat: str) -> int | None:
    """The player index a seat belongs to; None for the table seat. Unknown seats are refused."""
    if seat == TABLE_SEAT:
        return None
    if seat.startswith("p") and seat[1:].isdigit() and 1 <= int(seat[1:]) <= len(state.players):
        return int(seat[1:]) - 1
    raise RuleError("That seat is not at this table.")


def require_seat(state: State, seat: str, who: int) -> None:
    """The shared table seat may act for anyone; a player's seat only for that player."""
    mine = player_of(state, seat)
    if mine is not None and mine != who:
        raise RuleError(f"It is {state.players[who].name}'s decision, not yours.")


def hand_limit(state: State, index: int) -> int:
    """The most cards a player may keep: 4 (3 from 16 prestige), 5 with Magician's Mead."""
    player = state.players[index]
    if two_player(state):
        return 4  # after each 2-player turn hands are drawn back to 4 (5 minus a discard, or 4)
    if player.prestige >= HIGH_PRESTIGE:
        return 3
    drink = state.catalog.drink(player.drink) if player.drink else None
    if drink is not None and drink.low_hand_limit is not None:
        return drink.low_hand_limit
    return 4


def depth_row(state: State, depth: Depth) -> DepthRow:
    return state.depths[DEPTHS.index(depth)]


def hero_matches(hero: PlayedHero, depth: Depth) -> bool:
    """Elite heroes may one-up any claim; the others need the depth on their card."""
    return hero.kind == "elite" or depth in hero.depths


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_hero(hero: PlayedHero | None) -> str:
    if hero is None:
        return "a hero"
    if hero.name:
        return f"the {hero.name}"
    if hero.kind == "elite":
        return "an elite hero"
    article = "an" if hero.kind == "adventurer" else "a"
    return f"{article} {hero.kind} ({' / '.join(hero.depths)})"


def resolve_hero(
    catalog: Cards, name: str, kind: HeroKind | None, depths: list[Depth]
) -> PlayedHero:
    """Turn what a player tapped into a hero: a catalog card, or the type and depth icons."""
    card = catalog.hero(name) if name else None
    if card is not None and card.kind is not None and card.depths is not None:
        return PlayedHero(name=card.name, kind=card.kind, depths=list(card.depths))
    if kind == "elite":
        depths = []  # an elite hero shows no depth; a depth tapped with it is ignored
    if kind is None:
        what = f"The catalog doesn't know the {name} yet: tap" if name else "Tap"
        raise RuleError(f"{what} the hero's type and the depths shown on the card.")
    try:
        check_hero_shape(name, kind, depths)
    except ValueError as exc:
        raise RuleError(capital(str(exc)) + ".") from None
    return PlayedHero(name=name, kind=kind, depths=list(depths))


def draw_heroes(state: State, wanted: int) -> int:
    """Draw from the hero deck, shuffling the discard pile in when the deck runs out."""
    drawn = 0
    while drawn < wanted:
        if state.hero_deck == 0:
            if state.hero_discard == 0:
                break
            state.hero_deck, state.hero_discard = state.hero_discard, 0
        take = min(wanted - drawn, state.hero_deck)
        state.hero_deck -= take
        drawn += take
    return drawn


def feats_on_table(state: State) -> int:
    return sum(1 for row in state.depths for slot in row.slots if not slot.empty)
