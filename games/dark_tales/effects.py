"""What playing a card or an item does: the effects the app knows, applied to the state.

"Follow as much of the text as possible": an effect does what the table allows and
skips the rest. Choices (which Place, which item) come in the move's arguments; a
choice that is needed but missing raises ``RuleError`` saying what to choose.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field

from games.core.engine import RuleError
from games.core.words import possessive
from games.dark_tales.catalog import (
    ITEMS,
    TYPE_LABELS,
    CardInfo,
    CardType,
    Item,
    Where,
    an_item,
    item_label,
)
from games.dark_tales.state import (
    CardRef,
    State,
    add_to_hand,
    check_copies,
    in_play,
    join,
    learn,
    no_draw,
    remove_ref,
    resolve,
    the,
    type_of,
    where_phrase,
    zone,
)


class PlayCardArgs(BaseModel):
    """Play a card (tapped by its catalog name); the rest only when the card needs it."""

    model_config = ConfigDict(extra="forbid")

    card: str
    vp: int | None = Field(default=None, ge=0, le=99)  # printed VP, when the catalog lacks them
    bonus_vp: int = Field(default=0, ge=0, le=99)  # VP from text the app doesn't apply
    goes: Where | None = None  # where it goes, when the catalog lacks it (then remembered)
    card_type: CardType | None = None  # its type, when the catalog lacks it (remembered)
    discard: list[CardRef] = Field(default_factory=list, max_length=2)  # Dragon: Place, Male
    item: Item | None = None  # Enchantment: the item taken from the supply
    revealed_places: int | None = Field(default=None, ge=0, le=48)  # Gypsy, if not countable


@dataclass
class Played:
    vp: int = 0
    phrases: list[str] = field(default_factory=list)
    reveal: bool = False  # a Wizard: the top card of the deck is turned over next


def play_card(state: State, i: int, name: str, args: PlayCardArgs) -> Played:
    """Resolve a card already taken from the hand (or the deck) by player ``i``."""
    info = state.catalog().card(name)
    _refuse_unused(info, args)
    base = _printed_vp(info, args)
    goes = _destination(state, info, args)

    result = Played()
    if info.effect == "dragon":
        _dragon(state, args.discard, result)
    elif info.effect == "take_item":
        _take_item(state, i, args.item, result)
    elif info.effect == "gypsy":
        _gypsy(state, args.revealed_places, result)
    elif info.effect == "wizard":
        result.reveal = state.deck > 0

    if args.card_type is not None:  # remembered after the effect: targets stay as tapped
        type_of(state, name, args.card_type)
    player = state.players[i]
    {"discard": state.discard, "common": state.common, "front": player.front}[goes].append(name)
    result.phrases.insert(0, f"played {the(name)} {where_phrase(goes, player)}")
    if args.bonus_vp:
        result.phrases.append(f"{args.bonus_vp} VP from its text")
    result.vp += base + args.bonus_vp
    player.vp += result.vp
    return result


def _refuse_unused(info: CardInfo, args: PlayCardArgs) -> None:
    if args.discard and info.effect != "dragon":
        raise RuleError(f"The {info.name} discards nothing from play here.")
    if args.item is not None and info.effect != "take_item":
        raise RuleError(f"The {info.name} gives no item.")
    if args.revealed_places is not None and info.effect != "gypsy":
        raise RuleError(f"The {info.name} asks no one to show their hand.")
    if args.bonus_vp and not info.manual:
        raise RuleError(
            f"The app applies all of the {possessive(info.name)} text: there are no VP to add."
        )


def _printed_vp(info: CardInfo, args: PlayCardArgs) -> int:
    if info.vp is None:
        if args.vp is None:
            raise RuleError(f"How many VP does the {info.name} show? Enter them from the card.")
        return args.vp
    if args.vp is not None and args.vp != info.vp:
        raise RuleError(f"The {info.name} shows {info.vp} VP, not {args.vp}.")
    return info.vp


def _destination(state: State, info: CardInfo, args: PlayCardArgs) -> Where:
    if info.goes is None:
        if args.goes is None:
            raise RuleError(
                f"Where does the {info.name} go? Tap the discard pile, the common area "
                "or in front of you, as its icon shows."
            )
        learn(state, info.name, goes=args.goes)
        return args.goes
    if args.goes is not None and args.goes != info.goes:
        raise RuleError(f"The {info.name} goes {where_phrase(info.goes)}.")
    return info.goes


# -- the card effects ------------------------------------------------------------------


def _dragon(state: State, refs: list[CardRef], result: Played) -> None:
    chosen: dict[CardType, CardRef] = {}
    for ref in refs:
        name = resolve(state, ref.card)
        cards, where = zone(state, ref.at)
        if name not in cards:
            raise RuleError(f"There is no {name} {where}.")
        kind = type_of(state, name, ref.type)
        if kind is None:
            raise RuleError(f"Is the {name} a Place or a Male? The Dragon discards one of each.")
        if kind not in ("place", "male"):
            raise RuleError(f"The Dragon discards a Place and a Male; the {name} is a {kind}.")
        if kind in chosen:
            raise RuleError(f"The Dragon discards one {TYPE_LABELS[kind]}, not two.")
        chosen[kind] = ref
    for kind in ("place", "male"):
        if kind not in chosen:
            _must_not_skip(state, kind)
    gone = []
    for ref in chosen.values():
        name, where = remove_ref(state, ref)
        state.discard.append(name)
        gone.append(f"{the(name)} from {where}")
    if gone:
        result.phrases.append("discarded " + join(gone))
    result.vp += 2 * len(gone)


def _must_not_skip(state: State, kind: CardType) -> None:
    catalog = state.catalog()
    options = list(
        dict.fromkeys(
            f"{the(name)} ({zone(state, at)[1]})"
            for at, name in in_play(state)
            if catalog.card(name).type == kind
        )
    )
    if options:
        label = TYPE_LABELS[kind]
        raise RuleError(f"Choose the {label} the Dragon discards: {join(options)}.")


def _take_item(state: State, i: int, item: Item | None, result: Played) -> None:
    if not any(state.supply.values()):
        if item is not None:
            raise RuleError("The supply is empty: there is no item to take.")
        result.phrases.append("found the supply empty")
        return
    if item is None:
        left = [item_label(it) for it in ITEMS if state.supply[it]]
        raise RuleError(f"Choose an item to take from the supply: {join(left)}.")
    gain_item(state, i, item)
    result.phrases.append(f"took {an_item(item)}")


def gain_item(state: State, i: int, item: Item) -> None:
    if state.supply[item] <= 0:
        raise RuleError(f"There is no {item_label(item)} left in the supply.")
    state.supply[item] -= 1
    state.players[i].items[item] += 1
    if i == state.active:
        state.gained[item] += 1


def _gypsy(state: State, revealed: int | None, result: Played) -> None:
    counted = countable_places(state)
    if counted is not None:
        if revealed is not None and revealed != counted:
            raise RuleError(f"The hands hold {counted} Places, not {revealed}.")
        revealed = counted
    if revealed is None:
        raise RuleError("Everyone shows their hand: how many Places are there in all?")
    result.phrases.append(f"{revealed} Place{'s' if revealed != 1 else ''} shown")
    result.vp += revealed


def countable_places(state: State) -> int | None:
    """Places in all hands, when the app knows every card in every hand and its type."""
    catalog = state.catalog()
    if any(p.hand_unknown for p in state.players):
        return None
    kinds = [catalog.card(c).type for p in state.players for c in p.hand]
    return None if None in kinds else kinds.count("place")


# -- drawing ---------------------------------------------------------------------------


def draw_from_deck(state: State, i: int, card: str | None) -> str | None:
    """Move the deck's top card into a hand; returns its name if the app knows it."""
    if state.deck <= 0:
        raise RuleError("The deck is empty: no one draws any more cards.")
    name = resolve(state, card) if card is not None else None
    if state.deck_top is not None:
        if name is not None and name != state.deck_top:
            raise RuleError(f"The top card of the deck is the {state.deck_top}, face up.")
        name, state.deck_top = state.deck_top, None
    elif name is not None:
        check_copies(state, name)
    state.deck -= 1
    add_to_hand(state, i, name)
    return name


# -- items under the A setting card ----------------------------------------------------


class PlayItemArgs(BaseModel):
    """Play one item you hold (phase 2): it goes back to the supply and the A card applies."""

    model_config = ConfigDict(extra="forbid")

    item: Item
    discard: CardRef | None = None  # the card in play its effect discards (A1 Sword: a Villain)
    drew: str | None = None  # the card drawn from the deck, if you want the app to know it
    vp: int | None = Field(default=None, ge=0, le=99)  # when the tale's effect isn't entered


def play_item(state: State, i: int, args: PlayItemArgs) -> list[str]:
    player, item = state.players[i], args.item
    label = item_label(item)
    if player.items[item] <= 0:
        raise RuleError(f"{player.name} has no {label}.")
    if player.items[item] - state.gained[item] <= 0:
        raise RuleError(f"That {label} was gained this turn: it can be played from the next turn.")
    setting = state.catalog().settings[state.setting_a]
    if item in setting.unusable:
        raise RuleError(f"{setting.name} gives the {label} no use during the game.")
    effect = setting.item_effects.get(item)
    phrases: list[str] = []
    if effect is None:
        if args.discard is not None or args.drew is not None:
            raise RuleError(f"Apply what the {label} does in {setting.name} by hand.")
        if args.vp is None:
            raise RuleError(
                f"What does the {label} do in {setting.name}? Enter the VP it scores "
                "(0 if none) and apply the rest by hand."
            )
        vp = args.vp
    else:
        if args.vp is not None:
            raise RuleError(f"The app knows what the {label} does: there are no VP to enter.")
        vp = effect.vp
        if effect.discard_in_play is not None:
            phrases.append(_discard_for_item(state, effect.discard_in_play, label, args.discard))
        elif args.discard is not None:
            raise RuleError(f"The {label} discards nothing here.")
        phrases += _draws(state, i, effect.draw_discard, effect.draw_deck, args.drew)
        for take in effect.take:
            if state.supply[take] > 0:
                gain_item(state, i, take)
                phrases.append(f"took {an_item(take)}")
        if not phrases and vp == 0:
            raise RuleError(f"Playing the {label} would do nothing now.")
    player.items[item] -= 1
    state.supply[item] += 1
    player.vp += vp
    if vp:
        phrases.append(f"scored {vp} VP")
    return phrases


def _discard_for_item(state: State, kind: CardType, label: str, ref: CardRef | None) -> str:
    catalog = state.catalog()
    label_kind = TYPE_LABELS[kind]
    candidates = [c for _, c in in_play(state) if catalog.card(c).type in (kind, None)]
    if not candidates:
        raise RuleError(f"There is no {label_kind} in play: you can't play the {label}.")
    if ref is None:
        raise RuleError(f"Choose the {label_kind} in play that goes with the {label}.")
    name = resolve(state, ref.card)
    found = type_of(state, name, ref.type)
    if found is None:
        raise RuleError(f"Is the {name} a {label_kind}? Say so to discard it with the {label}.")
    if found != kind:
        raise RuleError(f"The {name} is not a {label_kind}.")
    name, where = remove_ref(state, ref)
    state.discard.append(name)
    return f"discarded {the(name)} from {where}"


def _draws(state: State, i: int, from_discard: int, from_deck: int, drew: str | None) -> list[str]:
    phrases: list[str] = []
    blocked = no_draw(state, i)
    if (from_discard or from_deck) and blocked:
        phrases.append("could not draw (a card in front stops it)")
        from_discard = from_deck = 0
    for _ in range(from_discard):
        if not state.discard:
            break
        name = state.discard.pop()
        add_to_hand(state, i, name)
        phrases.append(f"took {the(name)} from the discard pile")
    drawn = 0
    for n in range(from_deck):
        if state.deck <= 0:
            break
        draw_from_deck(state, i, drew if n == 0 else None)
        drawn += 1
    if drew is not None and drawn == 0:
        raise RuleError("No card was drawn from the deck.")
    if drawn:
        phrases.append("drew a card" if drawn == 1 else f"drew {drawn} cards")
    return phrases
