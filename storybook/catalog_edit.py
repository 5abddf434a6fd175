"""Editing a loaded world's card catalog and map: one card, a route, a location card, or all
of it at once from a YAML file.

The group completes a world in the UI (Lands of Galzyr ships with "Card #127" and unplaced
location cards): every change goes through ``_change``, which locks the World row, applies
the change to a copy of the stored JSON, validates it exactly like loading does (the format's
models, then ``storybook.lint.check_world`` over the whole world, scenes included) and saves
only when there is no error. The saved JSON has the shape ``storybook.stored.world_data``
writes, and a new ``content_hash``, so the reader's books (``storybook.book_source``) and the
tables created afterwards see the change.

The export is one YAML file whose ``cards`` are those of ``cards.yaml`` and whose
``terrain``, ``locations`` and ``routes`` are those of ``world.yaml``; an import reads it with
the loader's parser (YAML 1.2, duplicate keys refused, every error with its line).
"""

from __future__ import annotations

import copy
import io
import re
import threading
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from pydantic import ValidationError
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from games.engine import RuleError
from storybook.diagnostics import Diagnostic, has_errors, sort_diagnostics
from storybook.format import Card, EventCard, WorldInfo
from storybook.format.common import Model
from storybook.format.world import Location, Route, Terrain
from storybook.lint import check_world
from storybook.loader import validation_diagnostics
from storybook.models import World
from storybook.source import Source, SourceError, parse
from storybook.stored import content_hash, scene_from_data
from storybook.world import CARDS_FILE, WORLD_FILE
from storybook.world import World as TypedWorld

MAX_BYTES = 1024 * 1024  # an export of a 1,000-card catalog is about 60 kB
EXPORT_FORMAT = 1
CARD_FIELDS = ("type", "name", "copies", "gold", "timer", "save", "text", "pickup", "abandon")
VARIANT_FIELDS = ("name", "copies", "gold", "timer", "save", "text")
INT_FIELDS = ("copies", "gold", "timer")
SEASONS = ("summer", "winter")
# The neutral labels a world ships for names nobody knows yet ("Card #127", "Card #000 (Mor)").
PLACEHOLDER = re.compile(r"^Card #\d{1,3}\b")
PLACEHOLDER_LOCATION = re.compile(r"^Location \d+$")  # "Location 3", until named from the board
UNKNOWN_TERRAIN = "unknown"  # Lands of Galzyr's "Terrain not entered yet"
_OLD_WARNING = re.compile(
    r"^(?P<file>.+?)(?::(?P<line>\d+))?: (?P<sev>error|warning): (?P<msg>.*)$"
)


class CatalogRefused(RuleError):
    """Nothing was saved. ``diagnostics`` lists every finding as file:line: severity: message."""

    def __init__(self, message: str, diagnostics: list[Diagnostic] | None = None):
        super().__init__(message)
        self.findings = list(diagnostics or [])
        self.diagnostics = [str(d) for d in self.findings]


class CardNotFound(RuleError):
    pass


# -- what changed ---------------------------------------------------------------------------------
@dataclass
class Changes:
    """What an edit or an import changed, in words a group recognises."""

    renamed: list[tuple[str, str, str]] = field(default_factory=list)  # (card, old, new)
    copies: list[tuple[str, int, int]] = field(default_factory=list)  # (card, old, new)
    edited: list[str] = field(default_factory=list)  # cards with other changes
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    routes_added: list[str] = field(default_factory=list)
    routes_removed: list[str] = field(default_factory=list)
    location_cards: list[tuple[str, str, str]] = field(default_factory=list)  # (card, from, to)
    locations: list[str] = field(default_factory=list)  # locations added, removed or changed
    terrain: list[str] = field(default_factory=list)  # terrain added, removed or renamed

    def counts(self) -> dict[str, int]:
        return {
            "renamed": len(self.renamed),
            "copies": len(self.copies),
            "edited": len(self.edited),
            "added": len(self.added),
            "removed": len(self.removed),
            "routes_added": len(self.routes_added),
            "routes_removed": len(self.routes_removed),
            "location_cards": len(self.location_cards),
            "locations": len(self.locations),
            "terrain": len(self.terrain),
        }

    def __bool__(self) -> bool:
        return any(self.counts().values())

    def as_json(self) -> dict[str, Any]:
        return {
            "counts": self.counts(),
            "renamed": [{"card": c, "old": o, "new": n} for c, o, n in self.renamed],
            "copies": [{"card": c, "old": o, "new": n} for c, o, n in self.copies],
            "edited": self.edited,
            "added": self.added,
            "removed": self.removed,
            "routes_added": self.routes_added,
            "routes_removed": self.routes_removed,
            "location_cards": [{"card": c, "old": o, "new": n} for c, o, n in self.location_cards],
            "locations": self.locations,
            "terrain": self.terrain,
        }

    def summary(self) -> str:
        """One sentence of counts, e.g. "3 cards renamed, 1 route added"."""
        parts = []
        c = self.counts()
        for key, singular, plural in (
            ("renamed", "%(n)d card renamed", "%(n)d cards renamed"),
            ("copies", "%(n)d card's copies changed", "%(n)d cards' copies changed"),
            ("edited", "%(n)d card otherwise changed", "%(n)d cards otherwise changed"),
            ("added", "%(n)d card added", "%(n)d cards added"),
            ("removed", "%(n)d card removed", "%(n)d cards removed"),
            ("routes_added", "%(n)d route added", "%(n)d routes added"),
            ("routes_removed", "%(n)d route removed", "%(n)d routes removed"),
            ("location_cards", "%(n)d location card moved", "%(n)d location cards moved"),
            ("locations", "%(n)d location changed", "%(n)d locations changed"),
            ("terrain", "%(n)d terrain changed", "%(n)d terrains changed"),
        ):
            if c[key]:
                parts.append(ngettext(singular, plural, c[key]) % {"n": c[key]})
        return ", ".join(parts) if parts else _("nothing changed")


@dataclass
class Saved:
    world: World
    changes: Changes
    saved: bool  # False: nothing changed (or a dry run)
    warnings: list[str] = field(default_factory=list)


# -- reading the stored world ---------------------------------------------------------------------
def get_world(slug: str) -> World:
    """The World row with its data (one query); World.DoesNotExist when there is none."""
    return World.objects.get(slug=slug)


@dataclass
class CatalogWorld:
    """What the catalog page, the export and the card API read: no scenes (a big book's scenes
    are megabytes of JSON nobody here needs)."""

    slug: str
    name: str
    content_hash: str
    warnings: list[str]
    data: dict[str, Any]  # "info" and "cards", as in World.data


def get_catalog(slug: str) -> CatalogWorld:
    """The world's catalog and map (one query); World.DoesNotExist when there is none."""
    row = (
        World.objects.filter(slug=slug)
        .values("slug", "name", "content_hash", "warnings", "data__info", "data__cards")
        .first()
    )
    if row is None:
        raise World.DoesNotExist(slug)
    data = {"info": row.pop("data__info"), "cards": row.pop("data__cards")}
    return CatalogWorld(**row, data=data)


def card_label(number: int, variant: dict | None = None, index: int | None = None) -> str:
    label = f"#{number:03d}"
    if variant is not None:
        label += f" ({variant['icon']})" if variant.get("icon") else f" ({index + 1})"  # type: ignore[operator]
    return label


def unknown_name(name: str | None) -> bool:
    """A neutral label the world ships until the owner enters the real name from the card."""
    return not name or bool(PLACEHOLDER.match(name))


def location_of_cards(info: Mapping[str, Any]) -> dict[int, str]:
    """Location card number → the id of the location it forms."""
    return {n: loc["id"] for loc in info.get("locations", []) for n in loc.get("cards", [])}


def catalog_rows(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every card in numerical order, for the page: the stored card plus what the UI needs."""
    return [card_row(data, int(key)) for key in sorted(data["cards"], key=int)]


def card_row(data: Mapping[str, Any], number: int) -> dict[str, Any]:
    card = data["cards"][str(number)]
    variants = [
        {
            **v,
            "index": i,
            "copies": v.get("copies", 1),
            "label": card_label(number, v, i),
            "anchor": f"card-{number:03d}-{i}",
            "unknown": unknown_name(v.get("name") or card["name"]),
        }
        for i, v in enumerate(card.get("variants", []))
    ]
    return {
        **card,
        "number": number,
        "label": card_label(number),
        "anchor": f"card-{number:03d}",
        "copies": card.get("copies", 1),
        "total_copies": sum(v["copies"] for v in variants) if variants else None,
        "unknown": unknown_name(card["name"]),
        "variant_rows": variants,
    }


def map_view(data: Mapping[str, Any]) -> dict[str, Any]:
    """The map for the page: locations with their cards, the location cards, the routes."""
    info = data["info"]
    names = {loc["id"]: loc["name"] for loc in info.get("locations", [])}
    owners = location_of_cards(info)
    location_cards = [
        {
            "number": int(key),
            "label": card_label(int(key)),
            "anchor": f"location-card-{int(key):03d}",
            "name": card["name"],
            "unknown": unknown_name(card["name"]),
            "location": owners.get(int(key), ""),
        }
        for key, card in sorted(data["cards"].items(), key=lambda kv: int(kv[0]))
        if card["type"] == "location"
    ]
    routes = [
        {
            "a": r["between"][0],
            "b": r["between"][1],
            "a_name": names.get(r["between"][0], r["between"][0]),
            "b_name": names.get(r["between"][1], r["between"][1]),
            "anchor": f"route-{r['between'][0]}-{r['between'][1]}",
            "seasons": "all" if len(r.get("seasons", SEASONS)) == 2 else r["seasons"][0],
        }
        for r in info.get("routes", [])
    ]
    locations = [
        {
            **loc,
            "anchor": f"location-{loc['id']}",
            "unknown": bool(PLACEHOLDER_LOCATION.match(loc["name"]))
            or UNKNOWN_TERRAIN in loc["summer"]["terrain"] + loc["winter"]["terrain"],
            "card_labels": [card_label(n) for n in loc["cards"]],
        }
        for loc in info.get("locations", [])
    ]
    return {
        "locations": locations,
        "location_cards": location_cards,
        "routes": routes,
        "terrain": info.get("terrain", []),
    }


def card_json(world: World | CatalogWorld, number: int) -> dict[str, Any]:
    try:
        return world.data["cards"][str(number)]
    except KeyError:
        raise CardNotFound(_("The world has no card #%(number)03d.") % {"number": number}) from None


# -- the changes ----------------------------------------------------------------------------------
Mutate = Callable[[dict[str, Any], dict[str, Any]], None]  # (info, cards) → changed in place


def edit_card(
    slug: str, number: int, values: Mapping[str, Any], variant: int | None = None
) -> Saved:
    """Set some fields of a card (or of one of its variants). ``""`` or None clears an optional
    field; ints may come as text from a form."""
    allowed = VARIANT_FIELDS if variant is not None else CARD_FIELDS
    unknown = sorted(set(values) - set(allowed))
    if unknown:
        raise CatalogRefused(
            _("These fields can't be edited here: %(f)s.") % {"f": ", ".join(unknown)}
        )
    clean = {key: _form_value(key, value) for key, value in values.items()}

    def mutate(info: dict, cards: dict) -> None:
        card = _card(cards, number)
        target = card
        if variant is not None:
            variants = card.get("variants", [])
            if not 0 <= variant < len(variants):
                raise CatalogRefused(
                    _("Card #%(number)03d has no variant %(v)d.")
                    % {"number": number, "v": variant + 1}
                )
            target = variants[variant]
        for key, value in clean.items():
            if value is None:
                if key in ("name", "type") and variant is None:
                    raise CatalogRefused(_("A card needs a %(field)s.") % {"field": key})
                target.pop(key, None)
            else:
                target[key] = value

    return _change(slug, mutate)


def replace_card(slug: str, number: int, card: Any) -> Saved:
    """Put ``card`` (a cards.yaml entry as JSON) under ``number``: a new card or a replacement."""
    if not isinstance(card, dict):
        raise CatalogRefused(_("A card is a mapping (number, type, name, …)."))
    if card.get("number", number) != number:
        raise CatalogRefused(
            _("The card says number %(given)s but the address says %(number)d.")
            % {"given": card.get("number"), "number": number}
        )
    card = {**card, "number": number}

    def mutate(info: dict, cards: dict) -> None:
        cards[str(number)] = card

    return _change(slug, mutate)


def assign_location_card(slug: str, number: int, location: str | None) -> Saved:
    """Make location card ``number`` part of ``location`` (an id), or of none."""

    def mutate(info: dict, cards: dict) -> None:
        card = _card(cards, number)
        if card["type"] != "location":
            raise CatalogRefused(
                _("Card #%(number)03d is not a location card.") % {"number": number}
            )
        locations = info.get("locations", [])
        if location and location not in {loc["id"] for loc in locations}:
            raise CatalogRefused(_("The map has no location “%(id)s”.") % {"id": location})
        for loc in locations:
            if number in loc["cards"] and loc["id"] != location:
                loc["cards"] = [n for n in loc["cards"] if n != number]
                if not loc["cards"]:
                    raise CatalogRefused(
                        _(
                            "“%(name)s” would be left without a card: a location is formed by "
                            "1 to 3 location cards. Give it another card first."
                        )
                        % {"name": loc["name"]}
                    )
            elif loc["id"] == location and number not in loc["cards"]:
                loc["cards"] = sorted([*loc["cards"], number])

    return _change(slug, mutate)


def add_route(slug: str, a: str, b: str, seasons: list[str] | None = None) -> Saved:
    seasons = _seasons(seasons)

    def mutate(info: dict, cards: dict) -> None:
        if a and b and any({a, b} == set(r["between"]) for r in info.get("routes", [])):
            raise CatalogRefused(
                _("There is already a route between %(a)s and %(b)s.")
                % {"a": _loc_name(info, a), "b": _loc_name(info, b)}
            )
        route: dict[str, Any] = {"between": [a, b]}
        if seasons != list(SEASONS):
            route["seasons"] = seasons
        info.setdefault("routes", []).append(route)

    return _change(slug, mutate)


def remove_route(slug: str, a: str, b: str) -> Saved:
    def mutate(info: dict, cards: dict) -> None:
        routes = info.get("routes", [])
        keep = [r for r in routes if set(r["between"]) != {a, b}]
        if len(keep) == len(routes):
            raise CatalogRefused(
                _("There is no route between %(a)s and %(b)s (any more).")
                % {"a": _loc_name(info, a), "b": _loc_name(info, b)}
            )
        info["routes"] = keep

    return _change(slug, mutate)


def set_route_seasons(slug: str, a: str, b: str, seasons: list[str] | None) -> Saved:
    seasons = _seasons(seasons)

    def mutate(info: dict, cards: dict) -> None:
        found = [r for r in info.get("routes", []) if set(r["between"]) == {a, b}]
        if not found:
            raise CatalogRefused(
                _("There is no route between %(a)s and %(b)s (any more).")
                % {"a": _loc_name(info, a), "b": _loc_name(info, b)}
            )
        for route in found:
            route.pop("seasons", None)
            if seasons != list(SEASONS):
                route["seasons"] = seasons

    return _change(slug, mutate)


def edit_location(slug: str, location: str, values: Mapping[str, Any]) -> Saved:
    """Set a location's ``name``, ``number`` (printed on the board; "" clears it) and the
    terrain of its sides (``summer`` / ``winter``: lists of terrain ids)."""
    unknown = sorted(set(values) - {"name", "number", *SEASONS})
    if unknown:
        raise CatalogRefused(
            _("These fields can't be edited here: %(f)s.") % {"f": ", ".join(unknown)}
        )
    clean = {key: _form_value(key, value) for key, value in values.items() if key not in SEASONS}
    terrain = {key: list(values[key]) for key in SEASONS if key in values}

    def mutate(info: dict, cards: dict) -> None:
        loc = next((x for x in info.get("locations", []) if x["id"] == location), None)
        if loc is None:
            raise CatalogRefused(_("The map has no location “%(id)s”.") % {"id": location})
        for key, value in clean.items():
            if value is None:
                if key == "name":
                    raise CatalogRefused(_("A location needs a name."))
                loc.pop(key, None)
            else:
                loc[key] = value
        for season, ids in terrain.items():
            loc[season] = {**loc[season], "terrain": ids}

    return _change(slug, mutate)


def _card(cards: dict, number: int) -> dict:
    card = cards.get(str(number))
    if card is None:
        raise CardNotFound(_("The world has no card #%(number)03d.") % {"number": number})
    return card


def _loc_name(info: Mapping[str, Any], lid: str) -> str:
    for loc in info.get("locations", []):
        if loc["id"] == lid:
            return loc["name"]
    return lid or "?"


def _seasons(seasons: list[str] | None) -> list[str]:
    chosen = [s for s in SEASONS if s in (seasons or SEASONS)]
    if not chosen or set(seasons or SEASONS) - set(SEASONS):
        raise CatalogRefused(_("A route is open in summer, in winter or all year."))
    return chosen


def _form_value(key: str, value: Any) -> Any:
    if isinstance(value, str):
        value = value.strip()
        if value == "":
            return None
        if key in INT_FIELDS or key == "number":
            try:
                return int(value, 10)
            except ValueError:
                raise CatalogRefused(
                    _("%(field)s: enter a whole number, not “%(value)s”.")
                    % {"field": key, "value": value}
                ) from None
    return value


# -- validate and save ----------------------------------------------------------------------------
def _change(slug: str, mutate: Mutate, *, dry_run: bool = False) -> Saved:
    with transaction.atomic():
        # The lock makes two devices' edits of the same world wait for each other: each one
        # applies to what the other saved, so neither is lost.
        row = World.objects.select_for_update().get(slug=slug)
        info = copy.deepcopy(row.data["info"])
        cards = copy.deepcopy(row.data["cards"])
        try:
            mutate(info, cards)
            world, info_json, cards_json = _validate(row, info, cards)
        except RuleError as exc:
            exc.world = row  # type: ignore[attr-defined]  # as it stays: pages show it again
            raise
        return _save(row, world, info_json, cards_json, dry_run=dry_run)


def _validate(
    row: World,
    info: dict[str, Any],
    cards: dict[str, Any],
    sources: Source | None = None,
) -> tuple[TypedWorld, dict[str, Any], dict[str, Any]]:
    """The format's models, then the whole world's lint: CatalogRefused on any error."""
    diags: list[Diagnostic] = []
    world = TypedWorld(root=Path(row.slug))
    try:
        world.info = WorldInfo.model_validate(info)
    except ValidationError as exc:
        diags += _schema_diags(exc, WORLD_FILE, info)
    for key, card in sorted(cards.items(), key=lambda kv: int(kv[0])):
        try:
            world.cards[int(key)] = Card.model_validate(card)
        except ValidationError as exc:
            diags += _schema_diags(exc, CARDS_FILE, card, prefix=card_label(int(key)))
    if has_errors(diags):
        raise _refused(diags)
    world.cards_ok = True
    world.events, world.scenes, world.scene_files = _book_parts(row)
    if sources is not None:
        world.sources = {WORLD_FILE: sources, CARDS_FILE: sources}
    diags = sort_diagnostics(check_world(world))
    if sources is not None:
        diags = [
            Diagnostic(d.severity, sources.file, d.line, d.message)
            if d.file in (WORLD_FILE, CARDS_FILE)
            else d
            for d in diags
        ]
    if has_errors(diags):
        raise _refused(diags)
    world.warnings = diags
    assert world.info is not None
    info_json = _dump(world.info)
    cards_json = {str(n): _dump(c) for n, c in sorted(world.cards.items())}
    return world, info_json, cards_json


def _save(
    row: World,
    world: TypedWorld,
    info_json: dict[str, Any],
    cards_json: dict[str, Any],
    *,
    dry_run: bool,
) -> Saved:
    changes = diff(row.data, info_json, cards_json)
    warnings = _with_old_lines(world.warnings, row.warnings)
    if not changes or dry_run:
        return Saved(row, changes, saved=False, warnings=warnings)
    data = dict(row.data)
    data["info"] = info_json
    data["cards"] = cards_json
    # Marks a world the group has completed in the UI: loading its folder again replaces it.
    edited = data.get("edited") or {}
    data["edited"] = {"edits": edited.get("edits", 0) + 1, "at": timezone.now().isoformat()}
    row.data = data
    row.content_hash = content_hash(data)
    row.warnings = warnings
    row.card_count = len(cards_json)
    row.save(update_fields=["data", "content_hash", "warnings", "card_count"])
    return Saved(row, changes, saved=True, warnings=warnings)


def _dump(model: Model) -> dict[str, Any]:
    # The same dump as storybook.stored.world_data: YAML names, defaults left out.
    return model.model_dump(mode="json", by_alias=True, exclude_defaults=True)


def _schema_diags(exc: ValidationError, file: str, data: Any, prefix: str = "") -> list[Diagnostic]:
    src = Source(file=file, data=data, lines={(): 0})
    out = []
    for d in validation_diagnostics(exc, src):
        out.append(
            Diagnostic(d.severity, d.file, 0, f"{prefix}: {d.message}" if prefix else d.message)
        )
    return out


def _refused(diags: list[Diagnostic]) -> CatalogRefused:
    errors = [d for d in diags if d.is_error]
    first = errors[0].message if errors else ""
    if len(errors) == 1:
        message = _("Not saved: %(problem)s") % {"problem": first}
    else:
        message = ngettext(
            "Not saved: %(problem)s (and %(more)d more error)",
            "Not saved: %(problem)s (and %(more)d more errors)",
            len(errors) - 1,
        ) % {"problem": first, "more": len(errors) - 1}
    return CatalogRefused(message, sort_diagnostics(diags))


# The typed scenes and events of a world, kept per process: a catalog edit never changes them,
# and validating 2,000 scenes again for every edit would take seconds. They change only when
# the world is loaded again, which sets ``loaded``.
_BOOKS: dict[tuple[int, str], tuple[list, dict, dict]] = {}
_BOOKS_LOCK = threading.Lock()


def _book_parts(row: World) -> tuple[list[EventCard], dict, dict]:
    key = (row.pk, f"{row.loaded.isoformat()}/{row.scene_count}")
    found = _BOOKS.get(key)
    if found is None:
        events = [EventCard.model_validate(ev) for ev in row.data.get("events", [])]
        scenes = {int(n): scene_from_data(s) for n, s in row.data.get("scenes", {}).items()}
        files = {int(n): f for n, f in row.data.get("scene_files", {}).items()}
        found = (events, scenes, files)
        with _BOOKS_LOCK:
            for old in [k for k in _BOOKS if k[0] == row.pk]:
                del _BOOKS[old]
            while len(_BOOKS) >= 4:
                del _BOOKS[next(iter(_BOOKS))]
            _BOOKS[key] = found
    events, scenes, files = found
    return list(events), dict(scenes), dict(files)


def _with_old_lines(diags: list[Diagnostic], old: list[str]) -> list[str]:
    """Warnings as stored ("file:line: warning: …"). A warning the world had already keeps the
    line it had in the loaded folder (an edit has no file, so its findings have no line)."""
    lines: dict[tuple[str, str, str], int] = {}
    for text in old:
        m = _OLD_WARNING.match(text)
        if m and m["line"]:
            lines[(m["file"], m["sev"], m["msg"])] = int(m["line"])
    out = []
    for d in diags:
        if d.line == 0:
            d = Diagnostic(
                d.severity, d.file, lines.get((d.file, d.severity, d.message), 0), d.message
            )
        out.append(str(d))
    return out


# -- what changed ---------------------------------------------------------------------------------
def diff(old: Mapping[str, Any], info: Mapping[str, Any], cards: Mapping[str, Any]) -> Changes:
    """Compare the stored world ``old`` (its data) with a new info and catalog (as JSON)."""
    ch = Changes()
    old_cards: Mapping[str, Any] = old["cards"]
    for key in sorted(set(old_cards) | set(cards), key=int):
        number = int(key)
        a, b = old_cards.get(key), cards.get(key)
        if a is None:
            ch.added.append(f"{card_label(number)} {b['name']}")  # type: ignore[index]
            continue
        if b is None:
            ch.removed.append(f"{card_label(number)} {a['name']}")
            continue
        _diff_card(ch, number, a, b)
    old_info: Mapping[str, Any] = old["info"]
    names = {loc["id"]: loc["name"] for loc in old_info.get("locations", [])}
    names.update({loc["id"]: loc["name"] for loc in info.get("locations", [])})

    def route_key(r: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return tuple(sorted(r["between"])), tuple(r.get("seasons", SEASONS))

    def route_text(key: tuple[tuple[str, ...], tuple[str, ...]]) -> str:
        (a, b), seasons = key
        text = f"{names.get(a, a)} – {names.get(b, b)}"
        return text if set(seasons) == set(SEASONS) else f"{text} ({', '.join(seasons)})"

    before = Counter(route_key(r) for r in old_info.get("routes", []))
    after = Counter(route_key(r) for r in info.get("routes", []))
    ch.routes_added = [route_text(k) for k in sorted((after - before).elements())]
    ch.routes_removed = [route_text(k) for k in sorted((before - after).elements())]

    was, now = location_of_cards(old_info), location_of_cards(info)
    for number in sorted(set(was) | set(now)):
        if was.get(number) != now.get(number):
            ch.location_cards.append(
                (
                    card_label(number),
                    names.get(was.get(number, ""), "—"),
                    names.get(now.get(number, ""), "—"),
                )
            )
    old_locs = {loc["id"]: loc for loc in old_info.get("locations", [])}
    new_locs = {loc["id"]: loc for loc in info.get("locations", [])}
    for lid in [*old_locs, *(k for k in new_locs if k not in old_locs)]:
        a, b = old_locs.get(lid), new_locs.get(lid)
        if a is None or b is None:
            ch.locations.append(names.get(lid, lid))
        elif {k: v for k, v in a.items() if k != "cards"} != {
            k: v for k, v in b.items() if k != "cards"
        }:
            ch.locations.append(b["name"])
    old_terrain = {t["id"]: t for t in old_info.get("terrain", [])}
    new_terrain = {t["id"]: t for t in info.get("terrain", [])}
    for tid in sorted(set(old_terrain) | set(new_terrain)):
        if old_terrain.get(tid) != new_terrain.get(tid):
            ch.terrain.append(tid)
    return ch


def _diff_card(ch: Changes, number: int, a: Mapping[str, Any], b: Mapping[str, Any]) -> None:
    label = card_label(number)
    if a["name"] != b["name"]:
        ch.renamed.append((label, a["name"], b["name"]))
    va, vb = a.get("variants", []), b.get("variants", [])
    same_variants = len(va) == len(vb)
    if same_variants:
        for i, (x, y) in enumerate(zip(va, vb, strict=True)):
            if x.get("name") != y.get("name"):
                ch.renamed.append(
                    (
                        card_label(number, y, i),
                        x.get("name") or a["name"],
                        y.get("name") or b["name"],
                    )
                )
    copies_a = sum(v.get("copies", 1) for v in va) if va else a.get("copies", 1)
    copies_b = sum(v.get("copies", 1) for v in vb) if vb else b.get("copies", 1)
    if copies_a != copies_b:
        ch.copies.append((label, copies_a, copies_b))

    def rest(card: Mapping[str, Any]) -> dict[str, Any]:
        out = {k: v for k, v in card.items() if k not in ("name", "copies", "variants")}
        if same_variants:
            out["variants"] = [
                {k: v for k, v in x.items() if k not in ("name", "copies")}
                for x in card.get("variants", [])
            ]
        else:
            out["variants"] = card.get("variants", [])
        return out

    if rest(a) != rest(b) or (
        same_variants
        and any(x.get("copies", 1) != y.get("copies", 1) for x, y in zip(va, vb, strict=True))
        and copies_a == copies_b
    ):
        ch.edited.append(label)


# -- export and import ----------------------------------------------------------------------------
def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.width = 4096  # one card per line, however long its text
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def _flow(value: Any) -> Any:
    if isinstance(value, dict):
        out = CommentedMap(value)
        out.fa.set_flow_style()
        return out
    if isinstance(value, list):
        seq = CommentedSeq(value)
        seq.fa.set_flow_style()
        return seq
    return value


def export_yaml(world: World | CatalogWorld) -> str:
    """The world's catalog and map as one YAML file (the schema of cards.yaml and world.yaml)."""
    info, cards = world.data["info"], world.data["cards"]
    doc = CommentedMap()
    doc["format"] = EXPORT_FORMAT
    doc["world"] = world.slug
    doc["cards"] = CommentedSeq()
    for _key, card in sorted(cards.items(), key=lambda kv: int(kv[0])):
        if card.get("variants"):
            entry = CommentedMap((k, _flow(v)) for k, v in card.items() if k != "variants")
            entry["variants"] = CommentedSeq(_flow(v) for v in card["variants"])
            doc["cards"].append(entry)
        else:
            doc["cards"].append(_flow(card))
    doc["terrain"] = CommentedSeq(_flow(t) for t in info.get("terrain", []))
    doc["locations"] = CommentedSeq()
    for loc in info.get("locations", []):
        doc["locations"].append(CommentedMap((k, _flow(v)) for k, v in loc.items()))
    doc["routes"] = CommentedSeq(_flow(r) for r in info.get("routes", []))
    doc.yaml_set_start_comment(
        f"{world.name} ({world.slug}): the card catalog and the map, exported by Talekeeper.\n"
        "cards: as in cards.yaml; terrain, locations and routes: as in world.yaml.\n"
        "Edit it and import it on the world's catalog page (or POST it to the API)."
    )
    for key in ("cards", "terrain", "locations", "routes"):
        doc.yaml_set_comment_before_after_key(key, before="\n")
    out = io.StringIO()
    _yaml().dump(doc, out)
    return out.getvalue()


class CatalogFile(Model):
    """The import's schema: cards.yaml's list and world.yaml's map, every key required."""

    format: int
    world: str | None = None
    cards: list[Card]
    terrain: list[Terrain]
    locations: list[Location]
    routes: list[Route]


def read_import(raw: bytes | str, filename: str = "catalog.yaml") -> tuple[Source, CatalogFile]:
    """Size, UTF-8, YAML 1.2 (duplicate keys refused) and schema: CatalogRefused with lines."""
    name = Path(filename or "catalog.yaml").name or "catalog.yaml"
    size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
    if size > MAX_BYTES:
        raise CatalogRefused(_("The file is larger than 1 MB; a catalog file can be at most 1 MB."))
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CatalogRefused(
                _("The file is not UTF-8 text."),
                [Diagnostic("error", name, 0, f"not UTF-8 text: {exc.reason}")],
            ) from None
    try:
        src = parse(raw, name)
    except SourceError as exc:
        raise _refused([Diagnostic("error", name, exc.line, exc.message)]) from None
    if not isinstance(src.data, dict):
        raise _refused(
            [
                Diagnostic(
                    "error",
                    name,
                    1,
                    "the file is empty"
                    if src.data is None
                    else "the file is not a mapping (format, world, cards, terrain, locations, routes)",
                )
            ]
        )
    try:
        parsed = CatalogFile.model_validate(src.data)
    except ValidationError as exc:
        raise _refused(validation_diagnostics(exc, src)) from None
    diags = []
    if parsed.format != EXPORT_FORMAT:
        diags.append(
            Diagnostic(
                "error",
                name,
                src.line(("format",)),
                f"format: this server reads format {EXPORT_FORMAT}, not {parsed.format}",
            )
        )
    seen: dict[int, int] = {}
    for i, card in enumerate(parsed.cards):
        if card.number in seen:
            diags.append(
                Diagnostic(
                    "error",
                    name,
                    src.line(("cards", i, "number")),
                    f"card number {card.number:03d} is already in the catalog "
                    f"(line {src.line(('cards', seen[card.number]))}); use 'variants' for "
                    "different cards that share a number",
                )
            )
        seen.setdefault(card.number, i)
    if diags:
        raise _refused(diags)
    return src, parsed


def import_catalog(
    slug: str,
    raw: bytes | str,
    filename: str = "catalog.yaml",
    *,
    dry_run: bool = False,
    expected_hash: str | None = None,
) -> Saved:
    """Replace the world's cards, terrain, locations and routes with the file's, after every
    check (the file's own, then the whole world's lint). ``dry_run`` only says what would
    change; ``expected_hash`` refuses when the world changed since that preview."""
    src, parsed = read_import(raw, filename)
    with transaction.atomic():
        row = World.objects.select_for_update().get(slug=slug)
        if parsed.world is not None and parsed.world != row.slug:
            raise _refused(
                [
                    Diagnostic(
                        "error",
                        src.file,
                        src.line(("world",)),
                        f"world: this file is for the world '{parsed.world}', not '{row.slug}'",
                    )
                ]
            )
        if expected_hash and expected_hash != row.content_hash:
            raise CatalogRefused(
                _("The world changed since this file was checked; check it again.")
            )
        info = copy.deepcopy(row.data["info"])
        for key in ("terrain", "locations", "routes"):
            info[key] = [_dump(item) for item in getattr(parsed, key)]
        cards = {str(c.number): _dump(c) for c in parsed.cards}
        try:
            world, info_json, cards_json = _validate(row, info, cards, sources=src)
        except RuleError as exc:
            exc.world = row  # type: ignore[attr-defined]
            raise
        return _save(row, world, info_json, cards_json, dry_run=dry_run)
