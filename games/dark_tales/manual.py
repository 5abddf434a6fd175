"""Moves for what the app can't work out itself: card text not entered yet, corrections,
naming the cards in a hand, and the group's own card data."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core.engine import RuleError
from games.core.moves import MoveSet
from games.core.words import count, possessive
from games.dark_tales.catalog import (
    PLAYING_CARDS,
    CardType,
    Effect,
    Item,
    Where,
    an_item,
    item_label,
    merge_card,
)
from games.dark_tales.effects import gain_item
from games.dark_tales.state import (
    ANY_SEAT,
    TURN,
    State,
    add_to_hand,
    check_copies,
    check_self_or_table,
    no_draw,
    player_index,
    require_player,
    resolve,
    take_from_hand,
    visible_copies,
    zone,
)

moves = MoveSet("dark_tales.manual")


def settle(state: State) -> None:
    """A hand-made change may leave the active player nothing to draw: skip to the item."""
    if state.phase == "draw" and (state.deck == 0 or no_draw(state, state.active)):
        state.phase = "item"


def _target(state: State, player: str | None) -> int:
    return state.active if player is None else require_player(state, player)


class ItemArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    item: Item
    player: str | None = None  # seat id; the active player when left out


@moves.move(ItemArgs, label="Take an item", roles=TURN)
def take_item(state: State, args: ItemArgs, seat: str) -> str:
    """Take an item from the supply because a card says so (the supply is a hard limit)."""
    i = _target(state, args.player)
    gain_item(state, i, args.item)
    return f"{state.players[i].name} took {an_item(args.item)} from the supply."


@moves.move(ItemArgs, label="Return an item", roles=TURN)
def return_item(state: State, args: ItemArgs, seat: str) -> str:
    """Put an item back in the supply without its effect (a card's text, or a correction)."""
    i = _target(state, args.player)
    player = state.players[i]
    if player.items[args.item] <= 0:
        raise RuleError(
            f"{player.name} has no {item_label(args.item)}: choose an item {player.name} holds."
        )
    player.items[args.item] -= 1
    state.supply[args.item] += 1
    if i == state.active and state.gained[args.item] > player.items[args.item]:
        state.gained[args.item] = player.items[args.item]
    return f"{player.name} returned {an_item(args.item)} to the supply."


class AdjustVpArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    vp: int = Field(ge=-99, le=99)  # positive to score, negative to give back
    player: str | None = None
    reason: str = Field(default="", max_length=120)


@moves.move(AdjustVpArgs, label="Score VP by hand", roles=TURN)
def adjust_vp(state: State, args: AdjustVpArgs, seat: str) -> str:
    """Score (or give back) VP by hand: a card's text the app doesn't apply, or a mistake."""
    if args.vp == 0:
        raise RuleError("Enter a number of VP other than 0 (below 0 to give VP back).")
    i = _target(state, args.player)
    player = state.players[i]
    if player.vp + args.vp < 0:
        raise RuleError(f"{player.name} doesn't have that many VP: give back at most {player.vp}.")
    player.vp += args.vp
    why = f" ({args.reason.strip()})" if args.reason.strip() else ""
    if args.vp > 0:
        return f"{player.name} scored {args.vp} VP{why}."
    return f"{player.name} gave back {-args.vp} VP{why}."


class MoveCardArgs(BaseModel):
    """Move one card by hand. Places: "deck" (its top), "discard", "common", a seat ("p2",
    in front of that player) or "hand:p2". The name may be left out only for a card going
    from the deck or a hand into a hand or onto the deck, unseen."""

    model_config = ConfigDict(extra="forbid")

    card: str | None = None
    src: str
    dst: str


def _hand_of(state: State, spot: str) -> int | None:
    if spot.startswith("hand:"):
        return require_player(state, spot[5:])
    return None


def _spot_name(state: State, spot: str) -> str:
    hand = _hand_of(state, spot)
    if hand is not None:
        return f"{possessive(state.players[hand].name)} hand"
    if spot in ("deck", "discard"):
        return f"the {spot}" if spot == "deck" else "the discard pile"
    return zone(state, spot)[1].replace("in front of", "the table in front of")


def _take(state: State, spot: str, card: str | None) -> tuple[str | None, bool]:
    """Remove a card from a place: (its name if known, whether it was face up)."""
    name = resolve(state, card) if card is not None else None
    hand = _hand_of(state, spot)
    if hand is not None:
        if name is not None:
            take_from_hand(state, hand, name)
        elif state.players[hand].hand_unknown > 0:
            state.players[hand].hand_unknown -= 1
        else:
            raise RuleError("That hand holds only named cards: choose which one to take.")
        return name, False
    if spot == "deck":
        if state.deck <= 0:
            raise RuleError("The deck is empty: take the card from another place.")
        state.deck -= 1
        if state.deck_top is not None:
            if name is not None and name != state.deck_top:
                raise RuleError(
                    f"The top card of the deck is the face-up {state.deck_top}: choose it, "
                    "or leave the card's name empty."
                )
            name, state.deck_top = state.deck_top, None
            return name, True
        if name is not None:
            check_copies(state, name)
        return name, False
    if spot == "discard":
        if not state.discard:
            raise RuleError("The discard pile is empty: take the card from another place.")
        name = name or state.discard[-1]
        if name not in state.discard:
            raise RuleError(
                f"There is no {name} in the discard pile: check the card's name, or take it from "
                "where it is."
            )
        del state.discard[len(state.discard) - 1 - state.discard[::-1].index(name)]
        return name, True
    if name is None:
        raise RuleError("Choose the card to move: it is face up there.")
    cards, where = zone(state, spot)
    if name not in cards:
        raise RuleError(f"There is no {name} {where}: check the card's name and where it is.")
    cards.remove(name)
    return name, True


def _put(state: State, spot: str, name: str | None, face_up: bool) -> None:
    hand = _hand_of(state, spot)
    if hand is not None:
        add_to_hand(state, hand, name)
        return
    if spot == "deck":
        state.deck += 1
        state.deck_top = name if face_up else None
        return
    if name is None:
        raise RuleError("Choose the card: it goes face up there.")
    if spot == "discard":
        state.discard.append(name)
    else:
        zone(state, spot)[0].append(name)


@moves.move(MoveCardArgs, label="Move a card", roles=TURN)
def move_card(state: State, args: MoveCardArgs, seat: str) -> str:
    """Move a card between the deck, the discard pile, play and hands, as a card says."""
    if args.src == args.dst:
        raise RuleError("Choose another place for the card: it would stay where it is.")
    if args.dst != "deck" and _hand_of(state, args.dst) is None:
        _spot_name(state, args.dst)  # refuse an unknown place before touching anything
    name, face_up = _take(state, args.src, args.card)
    dst_public = args.dst not in ("deck",) and _hand_of(state, args.dst) is None
    _put(state, args.dst, name, face_up)
    settle(state)
    shown = name is not None and (face_up or dst_public)
    what = f"the {name}" if shown else "a card"
    return f"Moved {what} from {_spot_name(state, args.src)} to {_spot_name(state, args.dst)}."


class NoteHandArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    cards: list[str] = Field(min_length=1, max_length=20)
    player: str | None = None  # needed when the table seat notes a hand
    forget: bool = False  # turn named cards back into unnamed ones


# A player names the cards in their own hand whenever they like, whoever's turn it is.
@moves.move(NoteHandArgs, label="Name cards in hand", roles=ANY_SEAT, any_time=True)
def note_hand(state: State, args: NoteHandArgs, seat: str) -> str:
    """Tell the app which cards are in your hand (only your seat will see them)."""
    i = player_index(state, seat) if args.player is None else require_player(state, args.player)
    if i is None:
        raise RuleError("Choose whose hand this is.")
    check_self_or_table(state, seat, i)
    player = state.players[i]
    names = [resolve(state, c) for c in args.cards]
    if args.forget:
        for name in names:
            if name not in player.hand:
                raise RuleError(
                    f"No {name} is named in {possessive(player.name)} hand: choose one of its "
                    "named cards."
                )
            player.hand.remove(name)
            player.hand_unknown += 1
        return f"{player.name} un-named {count(len(names), 'card', 'cards')} in hand."
    if len(names) > player.hand_unknown:
        unnamed = count(player.hand_unknown, "unnamed card", "unnamed cards")
        raise RuleError(f"{player.name} has only {unnamed} in hand: name at most that many.")
    for name in names:
        check_copies(state, name)
        player.hand_unknown -= 1
        player.hand.append(name)
    return f"{player.name} named {count(len(names), 'card', 'cards')} in hand."


Field_ = Literal["count", "type", "vp", "goes", "effect"]


class CardEditArgs(BaseModel):
    """Add a card to this table's catalog or fill in what it says; left-out fields stay."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    count: int | None = Field(default=None, ge=1, le=PLAYING_CARDS)
    type: CardType | None = None
    vp: int | None = Field(default=None, ge=0, le=99)
    goes: Where | None = None
    effect: Effect | None = None
    manual: bool | None = None  # False once nothing on the card is left for players to apply
    text: str | None = Field(default=None, max_length=500)
    clear: list[Field_] = Field(default_factory=list)  # back to "unknown"
    reset: bool = False  # drop this table's entry (back to the shipped data)


@moves.move(CardEditArgs, label="Enter card data", roles=ANY_SEAT, any_time=True)
def edit_card(state: State, args: CardEditArgs, seat: str) -> str:
    """The group enters a card's data from the physical card (any seat, any time)."""
    catalog = state.catalog()
    name = catalog.canonical(args.name) or " ".join(args.name.split())
    if args.reset:
        if name not in state.cards:
            raise RuleError(
                f"This table has entered nothing for the {name}: there is nothing to reset."
            )
        state.set_card(None, name)
        if name not in state.catalog().cards and visible_copies(state, name):
            raise RuleError(
                f"The {name} is on the table, so it stays in the catalog: correct its facts "
                "instead of resetting it."
            )
        return f"The {name} is back to the shipped card data."
    given = args.model_dump(exclude={"name", "clear", "reset"})
    info = merge_card(catalog.entry(name), given, args.clear)
    if info.count is not None and visible_copies(state, name) > info.count:
        raise RuleError(
            f"More than {info.count} × {name} are on the table already: enter its copies "
            "as the number after the set letter on the card."
        )
    state.set_card(info)
    if state.catalog().known_total() > PLAYING_CARDS:
        raise RuleError(
            f"The copies would count more than the deck's {PLAYING_CARDS} cards: check the "
            "copies entered for each card (on the card-data sheet)."
        )
    return f"Card data saved for the {name}."
