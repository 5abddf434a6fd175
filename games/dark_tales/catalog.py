"""Dark Tales card data: the playing cards and the six setting cards, as data.

Only facts the rulebook states (or that its worked examples prove) are filled in. It prints
no card's copies (each card prints its own, after the set letter), so none ship: a card's
first play asks them with what else it lacks (questions.NEEDED), and they bound every later
copy of the name. Everything else is ``None`` — "enter it from your cards" — and a table can
add or correct entries (``State.cards`` / ``State.settings``), which take precedence over
what ships here. A card entry adds its facts to the shipped card (``merge_card``, for the
options at creation and edit-card alike), and so does a setting card (``table_settings``). The summaries are our own words, not the card text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core.bounds import upto

Item = Literal["gold_coin", "sword", "armor", "magic_wand"]
CardType = Literal["male", "female", "villain", "place", "event"]
Where = Literal["discard", "common", "front"]
# Effects this module knows how to apply; a card with ``effect=None`` has none the app applies.
Effect = Literal["dragon", "wizard", "take_item", "gypsy", "no_draw"]

ITEMS: tuple[Item, ...] = ("gold_coin", "sword", "armor", "magic_wand")
ITEM_LIMITS: dict[Item, int] = {"gold_coin": 8, "sword": 4, "armor": 4, "magic_wand": 4}
ITEM_LABELS: dict[Item, str] = {
    "gold_coin": "Gold Coin",
    "sword": "Sword",
    "armor": "Armor",
    "magic_wand": "Magic Wand",
}
TYPE_LABELS: dict[CardType, str] = {
    "male": "Male",
    "female": "Female",
    "villain": "Villain",
    "place": "Place",
    "event": "Event",
}
WHERE_LABELS: dict[Where, str] = {
    "discard": "to the discard pile",
    "common": "to the common area",
    "front": "in front of the player",
}

PLAYING_CARDS = 48  # the deck, Night cards included
NIGHT = "Night"  # one starts face up in the common area
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # the rulebook gives no player count; this is our choice


def item_label(item: Item, n: int = 1) -> str:
    label = ITEM_LABELS[item]
    return label if n == 1 else f"{label}s"


def an_item(item: Item) -> str:
    """ "a Sword", "an Armor"."""
    label = ITEM_LABELS[item]
    return f"an {label}" if label[0] in "AEIOU" else f"a {label}"


class CardInfo(BaseModel):
    """One playing card as the table knows it; ``None`` means "enter it from your cards"."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    count: int | None = Field(default=None, ge=1, le=PLAYING_CARDS)
    type: CardType | None = None
    vp: int | None = Field(default=None, ge=0, le=99)  # printed VP, scored when played
    goes: Where | None = None
    effect: Effect | None = None
    # True when the card's text does things the app does not apply (the players do them
    # with the manual moves and enter any extra VP); False when the app applies it all.
    manual: bool = True
    text: str = Field(default="", max_length=500)

    def missing(self) -> list[str]:
        fields = ("count", "type", "vp", "goes")
        missing = [f for f in fields if getattr(self, f) is None]
        if self.manual:
            missing.append("effect")
        return missing


class ItemEffect(BaseModel):
    """What playing one item does under an A setting card (applied in this order)."""

    model_config = ConfigDict(extra="forbid")

    discard_in_play: CardType | None = None  # a hard condition: no such card in play, no play
    draw_discard: int = Field(default=0, ge=0, le=5)  # top card(s) of the discard pile
    draw_deck: int = Field(default=0, ge=0, le=5)
    take: list[Item] = Field(default_factory=list)  # from the supply, if there
    vp: int = Field(default=0, ge=0, le=99)
    # True when only the VP were answered at a play: the players apply the rest by hand.
    by_hand: bool = False


class PairRule(BaseModel):
    """B card: each ``item`` you hold paired with one of ``cards`` in front of you scores ``vp``."""

    model_config = ConfigDict(extra="forbid")

    item: Item
    cards: list[str]
    vp: int = Field(ge=0, le=99)


Rank = upto(MAX_PLAYERS, low=1)  # 1: the player with the most
PrintedVP = upto(99)  # what a card prints


class RankRule(BaseModel):
    """B card: players rank by the listed items (+ cards in hand); ``points`` by rank (1 = most).

    Ranks missing from ``points`` (and any tie) are unknown and need a manual entry.
    """

    model_config = ConfigDict(extra="forbid")

    items: list[Item]
    hand_cards: bool = False
    points: dict[Rank, PrintedVP] = Field(default_factory=dict)


class EndRule(BaseModel):
    """How a B card scores at the end. Items held that no part covers need a manual entry."""

    model_config = ConfigDict(extra="forbid")

    pairs: list[PairRule] = Field(default_factory=list)
    item_vp: dict[Item, PrintedVP] = Field(default_factory=dict)  # each item left after pairing
    rank: RankRule | None = None


class SettingCard(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str = Field(pattern=r"^[AB][1-9][0-9]?$")
    name: str = Field(min_length=1, max_length=80)
    # A cards: the effect of playing each item; an item not listed is not entered yet,
    # unless it is in ``unusable`` (the card gives it no use).
    item_effects: dict[Item, ItemEffect] = Field(default_factory=dict)
    unusable: list[Item] = Field(default_factory=list)
    # B cards: the end-of-game scoring; None means not entered yet.
    end: EndRule | None = None
    text: str = Field(default="", max_length=800)

    @property
    def kind(self) -> str:
        return self.code[0]


def _card(name: str, **facts) -> CardInfo:
    return CardInfo(name=name, **facts)


CARDS: dict[str, CardInfo] = {
    c.name: c
    for c in [
        _card(
            "Dragon",
            vp=0,
            effect="dragon",
            manual=False,
            text="Discards one Place and one Male in play (common area or in front of anyone) "
            "and scores 2 VP per card discarded. It must take one of each when both are "
            "in play; with neither it scores nothing.",
        ),
        _card(
            "Wizard",
            vp=2,
            goes="common",
            effect="wizard",
            manual=False,
            text="Goes to the common area. Turn over the top card of the deck: you may play "
            "it at once (its VP and effects are yours). If you don't, it stays face up on "
            "top of the deck (our reading: check your card).",
        ),
        _card(
            "Enchantment",
            vp=1,
            goes="discard",
            effect="take_item",
            manual=False,
            text="Goes to the discard pile; take any one item from the supply.",
        ),
        _card(
            "Gypsy",
            vp=1,
            effect="gypsy",
            manual=False,
            text="Every player, you too, shows their hand and takes it back. 1 VP, plus 1 VP "
            "for each Place shown.",
        ),
        _card(
            "Witch",
            effect="no_draw",
            text="Whoever has it in front of them draws no cards. Cards that take a card from "
            "play or let you look at cards and add them to your hand still work.",
        ),
        _card(
            "Ogre",
            goes="front",
            text="Stays in front of you with no lasting effect. Its text takes cards from play "
            "(common area, or in front of you or another player): apply it by hand.",
        ),
        _card(
            "Princess",
            text="Its text takes a card from play into your hand (even with the Witch); it may "
            "come from the common area or in front of anyone: apply it by hand.",
        ),
        _card(
            "Old Sage",
            goes="front",
            text="Stays in front of you with an effect that applies every turn: apply it by hand.",
        ),
        _card(
            "Dark Lord",
            text="Does not count as in play when you score points: apply it by hand.",
        ),
        _card(
            "Secret Helper",
            text="Lets you look at cards and add them to your hand (even with the Witch): apply "
            "it by hand.",
        ),
        _card(
            NIGHT,
            text="One starts face up in the common area at setup (it is night); the others "
            "are in the deck.",
        ),
        _card(
            "Night Creature",
            goes="front",
            text="Kept in front of you. The Iron Army pairs it with a Sword.",
        ),
    ]
}

SETTINGS: dict[str, SettingCard] = {
    s.code: s
    for s in [
        SettingCard(
            code="A1",
            name="The Battle of the Forgotten Moors",
            item_effects={
                "armor": ItemEffect(draw_discard=1),
                "sword": ItemEffect(discard_in_play="villain", vp=3),
                "magic_wand": ItemEffect(draw_deck=1, take=["gold_coin"], vp=1),
            },
            unusable=["gold_coin"],
            text="Armor: take the top card of the discard pile. Sword: also discard any one "
            "Villain in play, 3 VP (no Villain in play, no Sword). Magic Wand: draw a card, "
            "take a Gold Coin from the supply, 1 VP.",
        ),
        SettingCard(code="A2", name="Sorceries at Dusk"),
        SettingCard(code="A3", name="The Test of the Knights"),
        SettingCard(
            code="B1",
            name="The Iron Army",
            end=EndRule(
                pairs=[PairRule(item="sword", cards=["Night Creature"], vp=3)],
                item_vp={"sword": 0, "magic_wand": 0, "gold_coin": 0},
                rank=RankRule(items=["gold_coin"], hand_cards=True, points={2: 5}),
            ),
            text="From the rulebook's example only: each Sword paired with a Night Creature "
            "in front of you scores 3; other Swords, Magic Wands and the coins themselves "
            "score nothing; players rank by Gold Coins + cards in hand and second place "
            "scores 5. Armors, the other ranks and ties are not known yet: enter them.",
        ),
        SettingCard(code="B2", name="The Dragon's Treasure"),
        SettingCard(code="B3", name="The Forge of His Majesty"),
    ]
}


def tale_title(a: SettingCard, b: SettingCard) -> str:
    """ "The Test of the Knights" + "The Dragon's Treasure" -> "... and the Dragon's Treasure"."""
    second = b.name
    if second.startswith("The "):
        second = "the " + second[4:]
    return f"{a.name} and {second}"


def norm(name: str) -> str:
    return " ".join(name.split()).casefold()


_SHIPPED_INDEX = {norm(n): n for n in CARDS}


class Cards:
    """The shipped data with a table's own entries laid over it (names match loosely)."""

    def __init__(
        self,
        cards: dict[str, CardInfo] | None = None,
        settings: dict[str, SettingCard] | None = None,
    ) -> None:
        merged = dict(CARDS)
        index = dict(_SHIPPED_INDEX)
        for info in (cards or {}).values():
            key = norm(info.name)
            if key in index:
                del merged[index[key]]
            merged[info.name] = info
            index[key] = info.name
        self.cards = merged
        self.settings = {**SETTINGS, **(settings or {})} if settings else SETTINGS
        self._by_norm = index

    def canonical(self, name: str) -> str | None:
        return self._by_norm.get(norm(name))

    def entry(self, name: str) -> CardInfo:
        """What this catalog knows of a card (loosely named), or a blank entry for a new one."""
        known = self.canonical(name)
        return self.cards[known] if known else CardInfo(name=" ".join(name.split()))

    def card(self, name: str) -> CardInfo:
        return self.cards[name]

    def known_total(self) -> int:
        return sum(c.count or 0 for c in self.cards.values())


def merge_card(base: CardInfo, given: Mapping[str, Any], clear: Iterable[str] = ()) -> CardInfo:
    """``base`` with the facts a group entered laid over it: the one merge for every entry.

    A fact left out (or None) stays as it was; a field named in ``clear`` goes back to
    unknown. The name stays the base's (the shipped spelling for a shipped card).
    """
    facts = {k: v for k, v in given.items() if v is not None and k != "name"}
    return CardInfo.model_validate({**base.model_dump(), **facts, **dict.fromkeys(clear)})


def table_entries(cards: Iterable[CardInfo]) -> dict[str, CardInfo]:
    """A new table's own entries from the cards its options give, each merged like edit-card's.

    Only the fields an entry sets count: ``{"name": "Dragon", "goes": "discard"}`` keeps the
    Dragon's effect and points.
    """
    entries: dict[str, CardInfo] = {}
    for card in cards:
        base = Cards(entries).entry(card.name)
        entries[base.name] = merge_card(base, card.model_dump(exclude_unset=True))
    return entries


def table_settings(settings: Iterable[SettingCard]) -> dict[str, SettingCard]:
    """A new table's setting cards from its options, laid over the shipped ones like cards.

    Only the fields an entry sets count, and its item effects add to the shipped card's:
    entering the Armor's effect for A1 keeps what the rulebook gives the Sword and Wand.
    """
    entries: dict[str, SettingCard] = {}
    for card in settings:
        base = entries.get(card.code) or SETTINGS.get(card.code)
        if base is None:
            entries[card.code] = card
            continue
        given = card.model_dump(exclude_unset=True)
        given["item_effects"] = {**base.item_effects, **card.item_effects}
        entries[card.code] = SettingCard.model_validate({**base.model_dump(), **given})
    return entries


class SavedCatalog(BaseModel):
    """The group's card data, saved once and given to every new table (Options fields)."""

    model_config = ConfigDict(extra="forbid")

    cards: list[CardInfo] = Field(default_factory=list)
    settings: list[SettingCard] = Field(default_factory=list)
