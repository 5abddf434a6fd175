"""Tavern Tales' sheet: the feats (type, copies, scoring track), the heroes (type, depths,
copies) and the room tiles (feat layout), by name, with blank rows for the names the rulebook
doesn't give.

What the rulebook prints (Gold's track, the 2 points of Boss Armor, Crystal Golem and Gelatinous
Cube, a Special feat's 1 point, the Dwarf's depth, Darkmander being elite) ships filled in; a
filled-in track means no question when a feat is first collected. A placeholder reads "e.g. …",
so an empty cell never looks like a value.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from pydantic import ValidationError

from games.core.engine import RuleError
from games.services.card_sheets.base import (
    Column,
    Row,
    Section,
    SheetRefused,
    blank_rows,
    cell,
    changed_rows,
    mark,
    text,
    values_refused,
)
from games.tavern_tales.catalog import (
    DEPTHS,
    Cards,
    OverTheBox,
    SavedCatalog,
    check_hero_shape,
    merge,
    shipped,
    unknowns,
)

BLANK = {"feats": 16, "heroes": 12, "rooms": 10}  # the box: 71 feats, 51 heroes, 11 rooms
LAYOUT = (("up", "up"), ("down", "down"))


def _columns(group: str) -> list[Column]:
    if group == "feats":
        return [
            Column(
                "kind",
                _("Type"),
                "select",
                choices=(
                    ("treasure", _("Treasure")),
                    ("monster", _("Monster Kill")),
                    ("quest", _("Quest")),
                    ("special", _("Special")),
                ),
            ),
            Column("count", _("Copies"), low=1, high=71),
            Column(
                "track",
                _("Scoring track"),
                "ints",
                low=-30,
                high=30,
                hint=_("e.g. %(example)s") % {"example": "1, 1, 6"},
            ),
        ]
    if group == "heroes":
        return [
            Column(
                "kind",
                _("Type"),
                "select",
                choices=(
                    ("adventurer", _("Adventurer")),
                    ("specialist", _("Specialist")),
                    ("elite", _("Elite")),
                ),
            ),
            Column("depths", _("Depths"), "checks", choices=tuple((d, _(d)) for d in DEPTHS)),
            Column("count", _("Copies"), low=1, high=51),
        ]
    return [
        Column(
            "layout",
            _("Feat layout"),
            "text",
            hint=_("e.g. %(example)s") % {"example": "up, up, down"},
        )
    ]


def _title(group: str) -> str:
    return {"feats": _("Feats"), "heroes": _("Heroes"), "rooms": _("Room tiles")}[group]


def _catalog(data: dict[str, Any]) -> Cards:
    try:
        return merge(shipped(), SavedCatalog.model_validate(data or {}).catalog)
    except (RuleError, ValidationError):
        return shipped()


def _value(card, key: str) -> Any:
    value = getattr(card, key)
    if key == "depths":
        return list(value or [])
    return text(value)


def sections(data: dict[str, Any]) -> list[Section]:
    catalog = _catalog(data)
    out = []
    for group, help_text in (
        ("feats", _("Track: the points for the 1st, 2nd, 3rd… identical feat, left to right.")),
        ("heroes", _("Adventurers show 2 depths, specialists 1, elite heroes none.")),
        ("rooms", _("Layout: each feat the tile lays out, up or down, in order.")),
    ):
        columns = _columns(group)
        rows = [
            Row(card.name, card.name, {c.key: _value(card, c.key) for c in columns}, note=card.note)
            for card in getattr(catalog, group)
        ]
        out.append(
            Section(
                group,
                _title(group),
                columns,
                rows + blank_rows(BLANK[group], columns),
                help=help_text,
                blank=BLANK[group],
            )
        )
    return out


def to_data(sections_: list[Section], saved: dict[str, Any]) -> dict[str, Any]:
    """The entries that differ from the shipped cards (new cards whole), drinks as saved."""
    base = shipped()
    patch: dict[str, list[dict[str, Any]]] = {}
    found: dict[str, str] = {}  # every row's fault at once, each marked where it is
    for section in sections_:
        known = {card.name: card for card in getattr(base, section.key)}
        entries = []
        seen: set[str] = set()
        for i, row in enumerate(section.rows):
            values = {c.key: cell(section, row, c) for c in section.columns}
            name = row.id or row.values.get("name", "")
            if not name:
                if any(v not in (None, []) for v in values.values()):
                    found |= mark(
                        section,
                        [i],
                        "name",
                        _("%(section)s: a new row has values but no name.")
                        % {"section": section.title},
                    )
                continue
            if name in seen:
                found |= mark(
                    section,
                    [i],
                    "name",
                    _("%(section)s: %(name)s is on the sheet twice.")
                    % {"section": section.title, "name": name},
                )
                continue
            seen.add(name)
            shipped_card = known.get(name)
            if section.key == "heroes":
                values["depths"] = _depths(values)
                found |= _hero_fits(section, i, name, values, shipped_card)
            if section.key == "rooms" and values["layout"] is not None:
                try:
                    values["layout"] = _layout(name, values["layout"])
                except RuleError as exc:
                    found |= mark(section, [i], "layout", str(exc))
                    continue
            changed = {
                k: v
                for k, v in values.items()
                if v is not None and (shipped_card is None or v != getattr(shipped_card, k))
            }
            if changed or shipped_card is None:
                entries.append({"name": name, **changed})
        patch[section.key] = entries
    if found:
        raise SheetRefused(found)
    patch["drinks"] = ((saved or {}).get("catalog") or {}).get("drinks", [])
    data = {"catalog": patch}
    try:
        check(data)
    except OverTheBox as exc:  # marked on the values typed since the sheet was saved
        section = next(s for s in sections_ if s.key == exc.group)
        before = next(s for s in sections(saved) if s.key == exc.group)
        marks = {}
        for column in exc.fields:
            marks |= mark(section, changed_rows(section, before, column), column, str(exc))
        if not marks:
            raise
        raise SheetRefused(marks) from None
    return SavedCatalog.model_validate(data).model_dump(mode="json", exclude_defaults=True)


def _depths(values: dict[str, Any]) -> list[str] | None:
    if values["depths"]:
        return values["depths"]
    return [] if values.get("kind") == "elite" else None


def _hero_fits(section: Section, i: int, name: str, values: dict[str, Any], card) -> dict:
    """A hero whose ticked depths don't fit its type, marked on its Depths."""
    kind = values.get("kind") or (card.kind if card else None)
    depths = values["depths"] if values["depths"] is not None else (card.depths if card else None)
    if kind is None or depths is None:
        return {}
    try:
        check_hero_shape(name, kind, depths)
    except ValueError:
        return mark(
            section,
            [i],
            "depths",
            _(
                "Heroes, %(name)s, Depths: they don't fit its type (an adventurer shows 2 "
                "depths, a specialist 1, an elite hero none)."
            )
            % {"name": name},
        )
    return {}


def _layout(name: str, typed: str) -> list[str]:
    parts = [part for part in typed.replace(",", " ").lower().split() if part]
    if any(part not in ("up", "down") for part in parts):
        raise RuleError(
            _("Room tiles, %(name)s: the layout lists “up” or “down” for each feat.")
            % {"name": name}
        )
    return parts


def missing(data: dict[str, Any]) -> list[str]:
    """What the sheet still lacks, card by card (a blank cell is allowed: a partial sheet is
    saved): the catalog's own list."""
    return unknowns(_catalog(data))


def check(data: dict[str, Any]) -> None:
    try:
        merge(shipped(), SavedCatalog.model_validate(data).catalog)
    except ValidationError as exc:
        raise values_refused(exc) from None
