"""Moves for what the app can't see by itself: which feats lie at a depth, the card facts a
group reads off its own cards, and score corrections; plus the card data a group saves once.

game.py gathers them after the turn moves, so the move list keeps its order.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from games.core.engine import ACTIVE, TABLE_SEAT, RuleError
from games.core.moves import MoveSet
from games.core.refusals import describe_validation_error
from games.tavern_tales.catalog import (
    CatalogPatch,
    Depth,
    FeatCard,
    FeatKind,
    HeroCard,
    HeroKind,
    TrackPoints,
    entered,
    merge,
)
from games.tavern_tales.copies import ON_THE_FORM, ask_copies, check_supply
from games.tavern_tales.state import (
    Slot,
    State,
    depth_row,
    hand_limit,
    require_seat,
)

moves = MoveSet("tavern_tales.manual")
# What the app can't see and score fixes: every seat's, the one whose decision it is included.
EVERY_SEAT = frozenset({TABLE_SEAT, ACTIVE, "player"})


def catalog_from_state(state: State) -> dict:
    return {"catalog": entered(state.catalog).model_dump(mode="json", exclude_defaults=True)}


class FeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    feat: str | None = Field(default=None, max_length=60)
    face_down: bool = False
    empty: bool = False


class ShowArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    depth: Depth
    feats: list[FeatIn] = Field(max_length=6)
    room: str | None = Field(default=None, max_length=60)  # the room tile's name, if any
    # The copies of the one feat tapped in whose copies the app doesn't know yet (asked once).
    copies: int | None = Field(default=None, ge=1, le=71)


@moves.move(ShowArgs, roles=EVERY_SEAT)
def show_feats(state: State, args: ShowArgs, seat: str) -> str:
    """Tap which feats lie at a depth (a room depth may also set its layout)."""
    row = depth_row(state, args.depth)
    shape = [(slot.empty, slot.face_down) for slot in row.slots]
    changed = [(f.empty, f.face_down) for f in args.feats] != shape
    if changed and (row.room is None or state.claim is not None):
        raise RuleError(
            f"The {args.depth} keeps its layout; only a room depth's layout can be changed."
        )
    filled = sum(1 for f in args.feats if not f.empty) - sum(1 for s in row.slots if not s.empty)
    if filled > state.feat_deck:
        raise RuleError("The feat deck doesn't hold that many more cards.")
    for item in args.feats:
        if item.feat and (item.face_down or item.empty):
            raise RuleError("A face-down feat stays unknown until it is collected.")
        if item.feat and state.catalog.feat(item.feat) is None:
            raise RuleError(f"“{item.feat}” is not a feat in this table's catalog.")
    if args.room is not None:
        if row.room is None:
            raise RuleError(f"No room lies at the {args.depth}.")
        if args.room and state.catalog.room(args.room) is None:
            raise RuleError(f"“{args.room}” is not a room tile in the catalog.")
        row.room = args.room
    named = [item.feat for item in args.feats if item.feat]
    catalog = ask_copies(state.catalog, named, args.copies, ON_THE_FORM)
    old = row.slots
    row.slots = [Slot(**item.model_dump()) for item in args.feats]
    try:
        check_supply(state, catalog, [])
    except RuleError:
        row.slots = old
        raise
    state.catalog = catalog
    state.feat_deck -= filled
    names = [
        s.feat or ("a face-down feat" if s.face_down else "?") for s in row.slots if not s.empty
    ]
    return f"The {args.depth} shows " + (", ".join(names) or "no feats") + "."


class CatalogEdit(CatalogPatch):
    """Card data as a ``CatalogPatch``, or one feat and/or one hero as flat fields a form sends."""

    feat: str = Field(default="", max_length=60)
    feat_kind: FeatKind | None = None
    feat_count: int | None = Field(default=None, ge=1, le=71)
    feat_track: list[TrackPoints] = Field(default=[], max_length=12)
    hero: str = Field(default="", max_length=60)
    hero_kind: HeroKind | None = None
    hero_depths: list[Depth] = Field(default=[], max_length=2)
    hero_count: int | None = Field(default=None, ge=1, le=51)

    @field_validator("feat_track", mode="before")
    @classmethod
    def _track_as_typed(cls, value):
        """A track typed as "1, 1, 6" (or sent as several fields) becomes a list of numbers."""
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            return value
        numbers = []
        for item in value:
            for part in re.split(r"[\s,;/]+", item.replace("\u2212", "-").strip()):
                if part:
                    try:
                        numbers.append(int(part))
                    except ValueError:
                        raise ValueError(
                            "write the scoring track as numbers, e.g. 1, 1, 6"
                        ) from None
        return numbers

    def patch(self) -> CatalogPatch:
        feats, heroes = list(self.feats), list(self.heroes)
        card = {
            "kind": self.feat_kind,
            "count": self.feat_count,
            "track": self.feat_track or None,
        }
        card = {key: value for key, value in card.items() if value is not None}
        if self.feat:
            feats.append(FeatCard.model_validate({"name": self.feat.strip(), **card}))
        elif card:
            raise RuleError("Name the feat card you are entering.")
        hero = {"kind": self.hero_kind, "count": self.hero_count}
        hero = {key: value for key, value in hero.items() if value is not None}
        if self.hero_kind is not None:
            hero["depths"] = [] if self.hero_kind == "elite" else list(self.hero_depths)
        if self.hero:
            heroes.append(HeroCard.model_validate({"name": self.hero.strip(), **hero}))
        elif hero or self.hero_depths:
            raise RuleError("Name the hero card you are entering.")
        return CatalogPatch(feats=feats, heroes=heroes, rooms=self.rooms, drinks=self.drinks)


@moves.move(CatalogEdit, roles=EVERY_SEAT, any_time=True)
def edit_catalog(state: State, args: CatalogEdit, seat: str) -> str:
    """Enter card facts read off the table's own cards (a track, a count, a hero's depths)."""
    try:
        patch = args.patch()
        catalog = merge(state.catalog, patch)
    except ValidationError as exc:
        raise RuleError(describe_validation_error(exc, "Card data")) from None
    check_supply(state, catalog, [])
    state.catalog = catalog
    names = [
        card.name
        for group in (patch.feats, patch.heroes, patch.rooms, patch.drinks)
        for card in group
    ]
    return "The catalog now records " + (", ".join(names) or "nothing new") + "."


class AdjustArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    player: int = Field(ge=0, le=4)
    points: int = Field(ge=-45, le=45)
    reason: str = Field(default="", max_length=80)


@moves.move(AdjustArgs, label="Adjust prestige", roles=EVERY_SEAT)
def adjust_prestige(state: State, args: AdjustArgs, seat: str) -> str:
    """Correct a score, or apply a card text the app doesn't read (never below 0)."""
    if args.player >= len(state.players):
        raise RuleError("That player is not at this table.")
    require_seat(state, seat, args.player)
    player = state.players[args.player]
    player.prestige = max(0, player.prestige + args.points)
    why = f" ({args.reason})" if args.reason else ""
    sentence = f"{player.name} {'gains' if args.points >= 0 else 'loses'} {abs(args.points)} prestige{why}: now {player.prestige}."
    limit = hand_limit(state, args.player)
    if state.phase == "turn" and player.hand > limit:
        state.hero_discard += player.hand - limit
        player.hand = limit
        sentence += f" {player.name} discards down to {limit} cards."
    return sentence
