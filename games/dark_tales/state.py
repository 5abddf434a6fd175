"""The Dark Tales table state, its options and the small helpers every move uses."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator

from games.core.bounds import MAX_SCORE, Score, Seed, Turn, index_below, upto
from games.core.engine import ACTIVE, TABLE_SEAT, RuleError
from games.core.words import either, possessive
from games.dark_tales.catalog import (
    ITEM_LIMITS,
    ITEMS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLAYING_CARDS,
    TYPE_LABELS,
    WHERE_LABELS,
    CardInfo,
    Cards,
    CardType,
    Item,
    SettingCard,
    Where,
)

Phase = Literal["draw", "item", "card", "reveal", "scoring", "over"]
PHASES: tuple[str, ...] = ("draw", "item", "card", "reveal", "scoring", "over")


PlayerIndex = index_below(MAX_PLAYERS)  # a player, from 0
CardCount = upto(PLAYING_CARDS)  # a count of the deck's cards
Tokens = upto(max(ITEM_LIMITS.values()))  # items of one kind: the supply's pieces
Points = upto(MAX_SCORE)  # face-down VP tokens: never negative (manual.py refuses it)


def no_items() -> dict[Item, int]:
    return {item: 0 for item in ITEMS}


class Player(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    hand: list[str] = Field(default_factory=list)  # cards the app knows by name
    hand_unknown: CardCount = 0  # cards in hand the app knows only as a count
    front: list[str] = Field(default_factory=list)  # cards in play in front of the player
    items: dict[Item, Tokens] = Field(default_factory=no_items)
    vp: Points = 0  # the face-down token pile: hidden from other seats until the reveal
    bonus_manual: Score | None = None  # B-card points entered by hand
    bonus_note: str = ""
    bonus: Score | None = None  # what the B card gave, set at the reveal
    bonus_lines: list[str] = Field(default_factory=list)

    @property
    def hand_count(self) -> int:
        return len(self.hand) + self.hand_unknown

    @property
    def item_count(self) -> int:
        return sum(self.items.values())


class State(BaseModel):
    model_config = ConfigDict(extra="forbid")

    rng: Seed
    players: list[Player]
    setting_a: str
    setting_b: str
    first: PlayerIndex
    active: PlayerIndex
    turn: Turn = 1
    phase: Phase = "draw"
    deck: CardCount
    deck_top: str | None = None  # known face-up top card of the deck (left by a Wizard)
    common: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)  # the last one is on top
    supply: dict[Item, Tokens]
    item_played: bool = False
    gained: dict[Item, Tokens] = Field(default_factory=no_items)  # by the active player this turn
    ended_by: PlayerIndex | None = None  # the player who began a turn with no cards
    cards: dict[str, CardInfo] = Field(default_factory=dict)  # the table's own card entries
    settings: dict[str, SettingCard] = Field(default_factory=dict)  # ... and setting cards

    _catalog: Cards | None = PrivateAttr(default=None)

    def catalog(self) -> Cards:
        """The table's catalog; cached, so change ``cards`` only through ``set_card``."""
        if self._catalog is None:
            self._catalog = Cards(self.cards, self.settings)
        return self._catalog

    def set_card(self, info: CardInfo | None, name: str | None = None) -> None:
        """Store the table's entry for a card (``None``: drop it, back to the shipped data)."""
        if info is None:
            self.cards.pop(name or "", None)
        else:
            self.cards[info.name] = info
        self._catalog = None

    def set_setting(self, card: SettingCard) -> None:
        """Store the table's entry for a setting card (as ``set_card`` does for a card)."""
        self.settings[card.code] = card
        self._catalog = None

    @property
    def current(self) -> Player:
        return self.players[self.active]


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    players: list[str] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    setting_a: str | None = None  # "A1".."A3"; drawn at random when left out
    setting_b: str | None = None  # "B1".."B3"
    # a player's name (spacing and case aside); chosen at random when left out
    first_player: str | None = None
    cards: list[CardInfo] = Field(default_factory=list)  # the group's own catalog entries
    settings: list[SettingCard] = Field(default_factory=list)

    @field_validator("players")
    @classmethod
    def _names(cls, names: list[str]) -> list[str]:
        names = [" ".join(n.split()) for n in names]
        if any(not n for n in names):
            raise ValueError("every player needs a name")
        if len({n.casefold() for n in names}) != len(names):
            raise ValueError("two players have the same name")
        return names

    @model_validator(mode="after")
    def _choices(self) -> Options:
        codes = Cards(settings={s.code: s for s in self.settings}).settings
        for field, kind in (("setting_a", "A"), ("setting_b", "B")):
            code = getattr(self, field)
            if code is not None and (code not in codes or not code.startswith(kind)):
                raise ValueError(f"{field} must be one of the {kind} setting cards")
        if self.first_player is not None:
            self.first_player = self._named(self.first_player)
        return self

    def _named(self, typed: str) -> str:
        """The player ``typed`` names, as the players' list spells them (spacing and case
        aside); a name none of them has is refused with the names to choose from."""
        key = " ".join(typed.split()).casefold()
        for name in self.players:
            if name.casefold() == key:
                return name
        raise ValueError(
            f"The first player must be {either(self.players)}, not “{typed.strip()[:40]}” (or left "
            "out: drawn at random)."
        )


class CardRef(BaseModel):
    """A card in play: its name and where it lies ("common" or a player's seat, "p2")."""

    model_config = ConfigDict(extra="forbid")

    card: str
    at: str
    type: CardType | None = None  # only when the catalog doesn't know the card's type yet


# -- seats and names -----------------------------------------------------------------


def seat_id(index: int) -> str:
    return f"p{index + 1}"


def player_index(state: State, seat: str) -> int | None:
    if seat.startswith("p") and seat[1:].isdigit():
        i = int(seat[1:]) - 1
        if 0 <= i < len(state.players):
            return i
    return None


def require_player(state: State, seat: str) -> int:
    i = player_index(state, seat)
    if i is None:
        raise RuleError(f"There is no player at seat “{seat}”: choose one of the players.")
    return i


# The moves of a turn, the rules' and the by-hand ones: the shared display's at any time, a
# player's seat's during its own turn only (the Golden Rule: card effects change any player's
# VP, items or hand, so the active player's seat may too; a waiting seat changes nothing, not
# even its own). The engine refuses the rest (``Game(turn_fn=turn_seat)``) and ``may`` leaves
# their buttons out.
TURN = frozenset({TABLE_SEAT, ACTIVE})
# The moves that hang on no one's turn (naming a hand, card data, the scoring): every seat.
ANY_SEAT = frozenset({TABLE_SEAT, ACTIVE, "player"})


# The phases after the last turn: the B card's points and the reveal are no one's turn.
ENDED = frozenset({"scoring", "over"})
SCORING = "The game is over: enter the B card's points, then reveal the scores."
OVER = "The game is over and its scores are revealed: start a new table to play again."


def turn_seat(state: State) -> str | None:
    """The seat whose turn it is (the game's ``turn_fn``); no one's once the game has ended."""
    return None if state.phase in ENDED else seat_id(state.active)


def check_self_or_table(state: State, seat: str, target: int) -> None:
    """The shared table may act for any player; a player's seat only for that player."""
    i = player_index(state, seat)
    if i is not None and i != target:
        raise RuleError(
            f"Only {state.players[target].name}'s seat or the shared display can do that for "
            f"{state.players[target].name}: make the move from one of them."
        )


def resolve(state: State, name: str) -> str:
    found = state.catalog().canonical(name)
    if found is None:
        raise RuleError(
            f"There is no card called “{name.strip()}” in this table's catalog: check its "
            "name, or add it first with “Enter card data” or on the card-data sheet."
        )
    return found


def the(name: str) -> str:
    return f"the {name}"


# -- where cards are -----------------------------------------------------------------


def zone(state: State, at: str) -> tuple[list[str], str]:
    """The list of cards at a place in play and a phrase for it."""
    if at == "common":
        return state.common, "the common area"
    i = player_index(state, at)
    if i is None:
        raise RuleError(f"“{at}” is not a place in play: choose the common area or a player.")
    return state.players[i].front, f"in front of {state.players[i].name}"


def in_play(state: State) -> list[tuple[str, str]]:
    found = [("common", c) for c in state.common]
    for i, p in enumerate(state.players):
        found += [(seat_id(i), c) for c in p.front]
    return found


def visible_copies(state: State, name: str) -> int:
    n = sum(1 for _, c in in_play(state) if c == name) + state.discard.count(name)
    n += sum(p.hand.count(name) for p in state.players)
    return n + (1 if state.deck_top == name else 0)


def check_copies(state: State, name: str, extra: int = 1) -> None:
    """Refuse a card the table says it does not have that many copies of."""
    count = state.catalog().card(name).count
    if count is not None and visible_copies(state, name) + extra > count:
        raise RuleError(
            f"Every {name} the card data counts ({count}) is on the table already: check the "
            "card's name, or correct its copies on the card-data sheet (the number after the "
            "set letter)."
        )


def take_from_hand(state: State, i: int, name: str) -> None:
    p = state.players[i]
    if name in p.hand:
        p.hand.remove(name)
    elif p.hand_unknown > 0:
        check_copies(state, name)
        p.hand_unknown -= 1
    else:
        raise RuleError(
            f"{p.name} has no {name} in hand: choose a card from {possessive(p.name)} hand."
        )


def add_to_hand(state: State, i: int, name: str | None) -> None:
    if name is None:
        state.players[i].hand_unknown += 1
    else:
        state.players[i].hand.append(name)


def remove_ref(state: State, ref: CardRef) -> tuple[str, str]:
    """Take a referenced card out of play: returns its name and where it was."""
    name = resolve(state, ref.card)
    cards, where = zone(state, ref.at)
    if name not in cards:
        raise RuleError(f"There is no {name} {where}: choose a card where it lies.")
    cards.remove(name)
    return name, where


def type_of(state: State, name: str, given: CardType | None) -> CardType | None:
    """A card's type from the catalog, or the one the player gives (then remembered)."""
    known = state.catalog().card(name).type
    if known is not None and given is not None and given != known:
        raise RuleError(
            f"The card data says the {name} is a {TYPE_LABELS[known]}, not a "
            f"{TYPE_LABELS[given]}: leave its type empty, or correct the {name} on the card-data "
            "sheet."
        )
    if known is None and given is not None:
        learn(state, name, type=given)
    return known or given


def learn(state: State, name: str, **facts) -> None:
    """Remember a fact about a card the shipped catalog lacks (type, where it goes)."""
    info = state.catalog().card(name)
    state.set_card(info.model_copy(update=facts))


def where_phrase(goes: Where) -> str:
    """ "to the discard pile", "to the common area", "in front of the player"."""
    return WHERE_LABELS[goes]


def no_draw(state: State, i: int) -> bool:
    """A card with the no-draw effect (the Witch) in front of the player stops all draws."""
    catalog = state.catalog()
    return any(catalog.card(c).effect == "no_draw" for c in state.players[i].front)


def vp_phrase(n: int) -> str:
    return f"{n} VP"


def join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
