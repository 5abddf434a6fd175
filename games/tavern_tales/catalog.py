"""Card data for Tavern Tales, as far as the rulebook states it.

The rulebook gives the totals (71 feats, 51 heroes of which 6 are elite, 11 rooms, 5 drinks), the
Gold track, which feats have special scoring rules and a handful of names. Everything else is
printed on the cards only: an entry with ``None`` means "unknown — enter it from your cards".
A table carries its own copy of the catalog in its state, so a group fills the gaps once
(``CatalogPatch``) and every later move uses what they entered. Nothing here guesses.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core.bounds import upto
from games.core.engine import RuleError

Depth = Literal["Mineshaft", "Ice Caves", "Caverns", "Catacombs", "Inferno"]
# Left to right on the table. The first and last are not adjacent to each other.
DEPTHS: tuple[Depth, ...] = ("Mineshaft", "Ice Caves", "Caverns", "Catacombs", "Inferno")


def adjacent_depths(depth: Depth) -> list[Depth]:
    """The depths next to this one; the first and last are not neighbours."""
    i = DEPTHS.index(depth)
    return [DEPTHS[j] for j in (i - 1, i + 1) if 0 <= j < len(DEPTHS)]


FeatKind = Literal["treasure", "monster", "quest", "special"]
HeroKind = Literal["adventurer", "specialist", "elite"]
# How a feat scores when collected: by its track, or by one of the rulebook's special rules.
ScoreRule = Literal["track", "boss-armor", "crystal-golem", "gelatinous-cube"]

UNKNOWN = "Enter from your cards."
# Points the rulebook prints: the plain choice of Boss Armor, Crystal Golem and Gelatinous Cube
# (and Boss Armor's points per monster kill), and what each Special feat grants.
FLAT = 2
SPECIAL_POINTS = 1
SECRET_DOOR = "Secret Door"  # the one Adventurer Power the rulebook names


class _Card(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    note: str = Field(default="", max_length=300)


class FeatCard(_Card):
    kind: FeatKind | None = None
    count: int | None = Field(default=None, ge=1, le=71)  # copies in the deck
    # Points for the 1st, 2nd, ... identical feat; a monster kill scores its first number always.
    track: list[TrackPoints] | None = None
    rule: ScoreRule = "track"
    gem: bool | None = None  # a Crystal Golem may join a stack of gems

    @model_validator(mode="after")
    def _track_not_empty(self) -> FeatCard:
        if self.track is not None and not self.track:
            raise ValueError(f"the scoring track of {self.name} needs at least one number")
        if self.track is None and self.kind == "special":
            self.track = [SPECIAL_POINTS]  # the rulebook: every Special feat grants 1 point
        return self


class HeroCard(_Card):
    kind: HeroKind | None = None
    depths: list[Depth] | None = None  # adventurers show 2, specialists 1, elite heroes none
    count: int | None = Field(default=None, ge=1, le=51)

    @model_validator(mode="after")
    def _depths_fit_kind(self) -> HeroCard:
        if self.kind is not None and self.depths is not None:
            check_hero_shape(self.name, self.kind, self.depths)
        return self


class RoomTile(_Card):
    # One entry per feat the tile lays out: "up" or "down". None: read it off the tile.
    layout: list[Literal["up", "down"]] | None = None


class SpecialtyDrink(_Card):
    low_hand_limit: int | None = Field(default=None, ge=1, le=9)  # hand limit at 15 or lower
    two_player: bool = False  # one of the two drinks the 2-player game uses


TrackPoints = upto(99, low=-99)  # a feat's points on its track; some feats score below 0
BoxCount = upto(200)  # cards or tiles of one kind in the box


class Totals(BaseModel):
    model_config = ConfigDict(extra="forbid")

    feats: BoxCount = 71
    heroes: BoxCount = 51  # elite heroes included
    elite_heroes: BoxCount = 6
    elite_in_play: BoxCount = 3
    rooms: BoxCount = 11
    rooms_in_play: BoxCount = 3
    special_feats: BoxCount = 3
    drinks: BoxCount = 5


class Cards(BaseModel):
    model_config = ConfigDict(extra="forbid")

    feats: list[FeatCard]
    heroes: list[HeroCard]
    rooms: list[RoomTile]
    drinks: list[SpecialtyDrink]
    totals: Totals = Totals()

    @model_validator(mode="after")
    def _names_unique(self) -> Cards:
        for group in ("feats", "heroes", "rooms", "drinks"):
            names = [card.name for card in getattr(self, group)]
            if len(names) != len(set(names)):
                raise ValueError(f"two {group} share a name")
        return self

    def feat(self, name: str) -> FeatCard | None:
        return next((card for card in self.feats if card.name == name), None)

    def hero(self, name: str) -> HeroCard | None:
        return next((card for card in self.heroes if card.name == name), None)

    def room(self, name: str) -> RoomTile | None:
        return next((card for card in self.rooms if card.name == name), None)

    def drink(self, name: str) -> SpecialtyDrink | None:
        return next((card for card in self.drinks if card.name == name), None)


class CatalogPatch(BaseModel):
    """What a group entered from its cards: entries merged by name over the shipped ones.

    Only the fields given are changed, so ``{"name": "Gold", "count": 7}`` keeps Gold's track.
    """

    model_config = ConfigDict(extra="forbid")

    feats: list[FeatCard] = []
    heroes: list[HeroCard] = []
    rooms: list[RoomTile] = []
    drinks: list[SpecialtyDrink] = []


def check_hero_shape(name: str, kind: HeroKind, depths: list[Depth]) -> None:
    """Raise ValueError when the depths printed on a hero don't fit its type."""
    if len(set(depths)) != len(depths):
        raise ValueError(f"{name or 'the hero'} lists a depth twice")
    wanted = {"adventurer": 2, "specialist": 1, "elite": 0}[kind]
    if len(depths) != wanted:
        raise ValueError(
            f"{name or 'a hero'}: an {kind} shows {wanted} depth(s), not {len(depths)}"
        )


class SavedCatalog(BaseModel):
    """The card data a group saves once for its new tables: the ``catalog`` option."""

    model_config = ConfigDict(extra="forbid")

    catalog: CatalogPatch = CatalogPatch()


def merge(catalog: Cards, patch: CatalogPatch) -> Cards:
    """A new catalog with the patch's entries laid over the existing ones (validated again)."""
    data = catalog.model_dump()
    for group in ("feats", "heroes", "rooms", "drinks"):
        entries = {entry["name"]: entry for entry in data[group]}
        for card in getattr(patch, group):
            given = card.model_dump(exclude_unset=True)
            entries[card.name] = {**entries.get(card.name, {}), **given}
        data[group] = list(entries.values())
    merged = Cards.model_validate(data)
    check_box(merged)
    return merged


class OverTheBox(RuleError):
    """Counts that add up to more cards than the box holds; ``group``: the catalog's list
    they are in ("feats" or "heroes") and ``fields``, the card fields that add up, so a sheet
    can mark the values it names."""

    def __init__(self, message: str, group: str, fields: tuple[str, ...] = ("count",)):
        super().__init__(message)
        self.group, self.fields = group, fields


def check_box(catalog: Cards) -> None:
    """Refuse counts that add up to more cards than the box holds (the rulebook's totals)."""
    totals = catalog.totals
    groups = [
        ("feat", catalog.feats, totals.feats, f"{totals.feats} feat cards"),
        ("hero", catalog.heroes, totals.heroes, f"{totals.heroes} hero cards"),
        (
            "elite hero",
            [hero for hero in catalog.heroes if hero.kind == "elite"],
            totals.elite_heroes,
            f"{totals.elite_heroes} elite heroes",
        ),
    ]
    for what, cards, most, box in groups:
        counted = sum(card.count or 0 for card in cards)
        if counted > most:
            raise OverTheBox(
                f"The {what} counts add up to {counted} cards; the game has {box}.",
                "feats" if what == "feat" else "heroes",
            )
    # The Special feats: each counts at least once (the Secret Door is one), with or without a count.
    special = [card for card in catalog.feats if card.kind == "special"]
    counted = sum(card.count or 1 for card in special)
    if counted > totals.special_feats:
        named = f" ({SECRET_DOOR} included)" if catalog.feat(SECRET_DOOR) in special else ""
        raise OverTheBox(
            f"The Special feat counts add up to {counted} cards{named}; "
            f"the game has {totals.special_feats}.",
            "feats",
            ("count", "kind"),  # a feat counts as Special by its type
        )


def shipped() -> Cards:
    """The facts the rulebook states; ``None`` fields are left for the group to enter."""
    return Cards(
        feats=[
            FeatCard(
                name="Gold",
                track=[1, 1, 6, 6, 6, 6, 6],
                note="1 point for the 1st and 2nd Gold, 6 for each one after.",
            ),
            FeatCard(name="Dragon Egg", note="Scores negative points at some quantities."),
            FeatCard(name="Mimic", note="Scores negative points at some quantities."),
            FeatCard(
                name="Boss Armor",
                track=[FLAT],
                rule="boss-armor",
                note="2 points, or 2 for each differently named monster kill you hold.",
            ),
            FeatCard(
                name="Crystal Golem",
                track=[FLAT],
                rule="crystal-golem",
                note="2 points, or joins one of your gem stacks as one more of that gem.",
            ),
            FeatCard(
                name="Gelatinous Cube",
                track=[FLAT],
                rule="gelatinous-cube",
                note="2 points, or draw one more feat from the deck and collect it too.",
            ),
            FeatCard(
                name="Secret Door",
                kind="special",
                note="Adventurer Power: adds a treasure feat from an adjacent depth to a claim.",
            ),
        ],
        heroes=[
            HeroCard(name="Dwarf", kind="specialist", depths=["Mineshaft"]),
            HeroCard(name="Boblin"),
            HeroCard(name="Darkmander", kind="elite", depths=[]),
        ],
        rooms=[
            RoomTile(
                name="Arcane Antechamber",
                note="Its Bonus Prestige token goes on the feats when a claim starts there.",
            ),
        ],
        drinks=[
            SpecialtyDrink(name="Magician's Mead", low_hand_limit=5),
            SpecialtyDrink(
                name="Dragonsvein",
                note="At setup, draw 2 of the 3 elite heroes in play and keep 1 in your hand.",
            ),
            SpecialtyDrink(name="Boblin's Bubbly", two_player=True),
            SpecialtyDrink(name="Slime'n'Lime", two_player=True),
        ],
    )


def unknowns(catalog: Cards) -> list[str]:
    """Short notes on what the group still has to enter, for the catalog page."""
    gaps = []
    for card in catalog.feats:
        missing = [
            field for field, value in (("type", card.kind), ("count", card.count)) if value is None
        ]
        if card.rule == "track" and card.track is None:
            missing.append("scoring track")
        if missing:
            gaps.append(f"{card.name}: {', '.join(missing)}")
    for hero in catalog.heroes:
        if hero.kind is None or hero.depths is None:
            gaps.append(f"{hero.name}: type and depths")
    for room in catalog.rooms:
        if room.layout is None:
            gaps.append(f"{room.name}: feat layout")
    known = sum(card.count or 0 for card in catalog.feats)
    if known < catalog.totals.feats:
        gaps.append(
            f"{catalog.totals.feats - known} of {catalog.totals.feats} feat cards not counted yet"
        )
    return gaps


def entered(catalog: Cards) -> CatalogPatch:
    """What a table's catalog adds to the shipped one: new cards whole, known ones by field.

    This is what a group typed in during a game, ready to be saved for its next tables.
    """
    base = shipped()
    patch: dict[str, list[dict]] = {}
    for group in ("feats", "heroes", "rooms", "drinks"):
        known = {card.name: card.model_dump() for card in getattr(base, group)}
        cards = []
        for card in getattr(catalog, group):
            data = card.model_dump()
            if card.name not in known:
                cards.append(card.model_dump(exclude_defaults=True) | {"name": card.name})
                continue
            changed = {key: value for key, value in data.items() if value != known[card.name][key]}
            if changed:
                cards.append({"name": card.name, **changed})
        patch[group] = cards
    return CatalogPatch.model_validate(patch)
