"""Dark Tales' sheet: the playing cards by name, with blank rows for the names the rulebook
doesn't give (the deck holds 48 cards).

What the rulebook prints (the Wizard's 2 VP, the Enchantment's 1 VP and discard pile, where
the Ogre and the Old Sage go…) ships filled in. The setting cards stay as saved.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from pydantic import ValidationError

from games.core.engine import RuleError
from games.dark_tales.catalog import (
    CARDS,
    PLAYING_CARDS,
    TYPE_LABELS,
    WHERE_LABELS,
    CardInfo,
    Cards,
    SavedCatalog,
    norm,
    table_entries,
)
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

FIELDS = ("count", "type", "vp", "goes")
BLANK = 12  # new cards a sheet offers at a time


def _columns() -> list[Column]:
    return [
        Column("count", _("Copies"), low=1, high=PLAYING_CARDS),
        Column("type", _("Type"), "select", choices=tuple(TYPE_LABELS.items())),
        Column("vp", _("VP"), low=0, high=99),
        Column("goes", _("Goes"), "select", choices=tuple(WHERE_LABELS.items())),
    ]


def _entries(data: dict[str, Any]) -> dict[str, CardInfo]:
    try:
        return table_entries(SavedCatalog.model_validate(data or {}).cards)
    except ValidationError:
        return {}


def sections(data: dict[str, Any]) -> list[Section]:
    catalog = Cards(_entries(data))
    columns = _columns()
    rows = [
        Row(name, name, {f: text(getattr(info, f)) for f in FIELDS})
        for name, info in catalog.cards.items()
    ]
    return [
        Section(
            "cards",
            _("Playing cards"),
            columns,
            rows + blank_rows(BLANK, columns),
            help=_(
                "One row per name; Copies is the number after the set letter. Name a card "
                "in a blank row to add it (saving gives you more blank rows). Counted so "
                "far: %(counted)s of the deck's %(deck)s cards."
            )
            % {"counted": catalog.known_total(), "deck": PLAYING_CARDS},
            blank=BLANK,
        )
    ]


def to_data(sections_: list[Section], saved: dict[str, Any]) -> dict[str, Any]:
    """Each card's entered facts that differ from the shipped card, the settings as saved."""
    section = sections_[0]
    base = Cards(_entries(saved))
    cards: list[dict[str, Any]] = []
    seen: set[str] = set()
    found: dict[str, str] = {}  # every row's fault at once, each marked beside its name
    for i, row in enumerate(section.rows):
        values = {c.key: cell(section, row, c) for c in section.columns}
        name = row.id or row.values.get("name", "")
        if not name:
            if any(v is not None for v in values.values()):
                found |= mark(
                    section, [i], "name", _("Playing cards: a new row has values but no name.")
                )
            continue
        if len(name) > 60:
            found |= mark(
                section,
                [i],
                "name",
                _("Playing cards: a card's name can be at most 60 characters."),
            )
            continue
        key = norm(name)
        if key in seen:
            found |= mark(
                section,
                [i],
                "name",
                _("Playing cards: the %(name)s is on the sheet twice.") % {"name": name},
            )
            continue
        seen.add(key)
        known = base.entry(name)
        shipped = CARDS.get(known.name) or CardInfo(name=known.name)
        changed = {f: v for f, v in values.items() if v is not None and v != getattr(shipped, f)}
        if changed or (not row.id and known.name not in CARDS):
            entry = {"name": known.name, **changed}
            # Facts only the saved entry carries (effect, text) stay saved.
            for f in ("effect", "manual", "text"):
                if getattr(known, f) != getattr(shipped, f):
                    entry[f] = getattr(known, f)
            cards.append(entry)
    if found:
        raise SheetRefused(found)
    data = {"cards": cards, "settings": (saved or {}).get("settings", [])}
    try:
        check(data)
    except TooManyCards as exc:  # marked on the copies typed since the sheet was saved
        rows = changed_rows(section, sections(saved)[0], "count")
        if not rows:
            raise
        raise SheetRefused(mark(section, rows, "count", str(exc))) from None
    return SavedCatalog.model_validate(data).model_dump(mode="json", exclude_defaults=True)


def missing(data: dict[str, Any]) -> list[str]:
    """What the sheet still lacks, card by card (a blank cell is allowed: a partial sheet is
    saved), and how many of the deck's cards are not counted yet."""
    catalog = Cards(_entries(data))
    labels = {c.key: c.label for c in _columns()}
    out = [
        f"{name}: {', '.join(gaps)}"
        for name, info in catalog.cards.items()
        if (gaps := [labels[f] for f in FIELDS if getattr(info, f) is None])
    ]
    unnamed = PLAYING_CARDS - catalog.known_total()
    if unnamed > 0:
        out.append(
            _("%(n)s of the deck's %(deck)s cards not counted yet")
            % {"n": unnamed, "deck": PLAYING_CARDS}
        )
    return out


class TooManyCards(RuleError):
    """The copies add up to more cards than the deck holds."""


def check(data: dict[str, Any]) -> None:
    try:
        model = SavedCatalog.model_validate(data)
    except ValidationError as exc:
        raise values_refused(exc) from None
    total = Cards(table_entries(model.cards)).known_total()
    if total > PLAYING_CARDS:
        raise TooManyCards(
            _("The copies add up to %(total)s cards; the deck has %(most)s.")
            % {"total": total, "most": PLAYING_CARDS}
        )
