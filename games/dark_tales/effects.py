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
    PLAYING_CARDS,
    TYPE_LABELS,
    CardInfo,
    CardType,
    Item,
    ItemEffect,
    Where,
    an_item,
    item_label,
)
from games.dark_tales.questions import card_facts, kept, learn_item
from games.dark_tales.state import (
    CardRef,
    State,
    add_to_hand,
    check_copies,
    in_play,
    join,
    no_draw,
    remove_ref,
    resolve,
    the,
    type_of,
    visible_copies,
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
    count: int | None = Field(default=None, ge=1, le=PLAYING_CARDS)  # its copies (remembered)
    discard: list[CardRef] = Field(default_factory=list, max_length=2)  # Dragon: Place, Male
    item: Item | None = None  # Enchantment: the item taken from the supply
    revealed_places: int | None = Field(default=None, ge=0, le=48)  # Gypsy, if not countable


@dataclass
class Played:
    vp: int = 0
    phrases: list[str] = field(default_factory=list)
    reveal: bool = False  # a Wizard: the top card of the deck is turned over next
    kept: str = ""  # the answers this play gave about the card, kept (questions.kept)


def play_card(state: State, i: int, name: str, args: PlayCardArgs) -> Played:
    """Resolve a card already taken from the hand (or the deck) by player ``i``."""
    info = state.catalog().card(name)
    _refuse_unused(info, args)
    given = {"vp": args.vp, "goes": args.goes, "type": args.card_type, "count": args.count}
    facts = card_facts(state, info, given)
    goes: Where = facts.goes  # type: ignore[assignment]  # card_facts asks until it is known

    result = Played(kept=kept(info, facts))
    info = facts
    if info.effect == "dragon":
        _dragon(state, args.discard, result)
    elif info.effect == "take_item":
        _take_item(state, i, args.item, result)
    elif info.effect == "gypsy":
        _gypsy(state, args.revealed_places, result)
    elif info.effect == "wizard":
        result.reveal = state.deck > 0

    if args.card_type is not None:
        type_of(state, name, args.card_type)
    player = state.players[i]
    {"discard": state.discard, "common": state.common, "front": player.front}[goes].append(name)
    if info.count is not None and visible_copies(state, name) > info.count:
        raise RuleError(
            f"That would make more than the {info.count} × {name} the card data counts: check "
            f"the card's name, or correct its copies (the number after the set letter)."
        )
    # A card in front of its own player needs no place: "Eve played the Princess", not
    # "... in front of Eve" (QAF new problem 9); the pile and the common area are named.
    placed = "" if goes == "front" else f" {where_phrase(goes)}"
    result.phrases.insert(0, f"played {the(name)}{placed}")
    if args.bonus_vp:
        result.phrases.append(f"{args.bonus_vp} VP from its text")
    result.vp += (info.vp or 0) + args.bonus_vp
    player.vp += result.vp
    return result


def _refuse_unused(info: CardInfo, args: PlayCardArgs) -> None:
    if args.discard and info.effect != "dragon":
        raise RuleError(f"The {info.name} discards nothing from play: clear the cards chosen.")
    if args.item is not None and info.effect != "take_item":
        raise RuleError(f"The {info.name} gives no item: leave the item empty.")
    if args.revealed_places is not None and info.effect != "gypsy":
        raise RuleError(
            f"The {info.name} asks no one to show their hand: leave the Places shown empty."
        )
    if args.bonus_vp and not info.manual:
        raise RuleError(
            f"The app applies all of the {possessive(info.name)} text: leave the extra VP empty."
        )


# -- the card effects ------------------------------------------------------------------


def _dragon(state: State, refs: list[CardRef], result: Played) -> None:
    chosen: dict[CardType, CardRef] = {}
    for ref in refs:
        name = resolve(state, ref.card)
        cards, where = zone(state, ref.at)
        if name not in cards:
            raise RuleError(f"There is no {name} {where}: choose a card where it lies.")
        kind = type_of(state, name, ref.type)
        if kind is None:
            raise RuleError(
                f"Is the {name} a Place or a Male? Choose its type: the Dragon discards "
                "one of each."
            )
        if kind not in ("place", "male"):
            raise RuleError(
                f"The Dragon discards a Place and a Male, and the {name} is a "
                f"{TYPE_LABELS[kind]}: choose a Place or a Male."
            )
        if kind in chosen:
            raise RuleError(f"The Dragon discards one {TYPE_LABELS[kind]}, not two: choose one.")
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
            raise RuleError("The supply is empty: leave the item empty.")
        result.phrases.append("found the supply empty")
        return
    if item is None:
        left = [item_label(it) for it in ITEMS if state.supply[it]]
        raise RuleError(f"Choose an item to take from the supply: {join(left)}.")
    gain_item(state, i, item)
    result.phrases.append(f"took {an_item(item)}")


def gain_item(state: State, i: int, item: Item) -> None:
    if state.supply[item] <= 0:
        raise RuleError(f"There is no {item_label(item)} left in the supply: choose another item.")
    state.supply[item] -= 1
    state.players[i].items[item] += 1
    if i == state.active:
        state.gained[item] += 1


def _gypsy(state: State, revealed: int | None, result: Played) -> None:
    counted = countable_places(state)
    if counted is not None:
        if revealed is not None and revealed != counted:
            raise RuleError(
                f"The hands hold {counted} Places, not {revealed}: leave the Places shown empty."
            )
        revealed = counted
    if revealed is None:
        raise RuleError("Everyone shows their hand: enter how many Places there are in all.")
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
        raise RuleError("The deck is empty, so no one draws: play an item or a card.")
    name = resolve(state, card) if card is not None else None
    if state.deck_top is not None:
        if name is not None and name != state.deck_top:
            raise RuleError(
                f"The top card of the deck is the {state.deck_top}, face up: choose the "
                f"{state.deck_top}, or leave the card's name empty."
            )
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
        raise RuleError(f"{player.name} has no {label}: choose an item {player.name} holds.")
    if player.items[item] - state.gained[item] <= 0:
        raise RuleError(f"That {label} was gained this turn: play it from the next turn on.")
    setting = state.catalog().settings[state.setting_a]
    if item in setting.unusable:
        raise RuleError(
            f"{setting.name} gives the {label} no use during the game: play another item, or none."
        )
    effect = setting.item_effects.get(item)
    phrases: list[str] = []
    if effect is None:  # asked once: the VP answered are kept for the tale's next plays
        if args.discard is not None or args.drew is not None:
            raise RuleError(
                f"The app doesn't apply what the {label} does in {setting.name}: leave "
                "the card and the draw empty, and apply them by hand."
            )
        if args.vp is None:
            raise RuleError(
                f"What does the {label} do in {setting.name}? Enter the VP it scores "
                "(0 if none), kept for its next plays, and apply the rest by hand."
            )
        vp = args.vp
        learn_item(state, setting, item, ItemEffect(vp=vp, by_hand=True))
    else:
        if args.vp is not None:
            raise RuleError(f"The app knows what the {label} does: leave its VP empty.")
        vp = effect.vp
        if effect.discard_in_play is not None:
            phrases.append(_discard_for_item(state, effect.discard_in_play, label, args.discard))
        elif args.discard is not None:
            raise RuleError(f"The {label} discards nothing here: leave the card empty.")
        phrases += _draws(state, i, effect.draw_discard, effect.draw_deck, args.drew)
        for take in effect.take:
            if state.supply[take] > 0:
                gain_item(state, i, take)
                phrases.append(f"took {an_item(take)}")
        if not phrases and vp == 0 and not effect.by_hand:
            raise RuleError(f"Playing the {label} would do nothing now: keep it for later.")
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
        raise RuleError(f"There is no {label_kind} in play to discard: keep the {label} for later.")
    if ref is None:
        raise RuleError(f"Choose the {label_kind} in play that goes with the {label}.")
    name = resolve(state, ref.card)
    found = type_of(state, name, ref.type)
    if found is None:
        raise RuleError(
            f"Is the {name} a {label_kind}? Choose its type to discard it with the {label}."
        )
    if found != kind:
        raise RuleError(f"The {name} is not a {label_kind}: choose a {label_kind} in play.")
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
        raise RuleError("No card was drawn from the deck: leave the card drawn empty.")
    if drawn:
        phrases.append("drew a card" if drawn == 1 else f"drew {drawn} cards")
    return phrases
