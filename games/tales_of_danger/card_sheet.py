"""Tales of Danger's sheet: the 6 sponsors and the 21 kinds of people, one row each.

The counts, the cancel abilities and the segment costs come from the rulebook and are not on
the sheet; what the rulebook prints of the sponsors and people (the Queen's needs, the Bishop's
Start hand size, no crew or supplies on the cards that cancel) is filled in already. The Lady in
Waiting's figure shows stars beside the Queen's icon but not how many, nor her other icons:
her red ribbon stays for the group to enter.
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
    cell,
    mark,
    text,
    values_refused,
    where,
)
from games.tales_of_danger.catalog import (
    SPONSOR_FIELDS,
    Cards,
    SavedCatalog,
    default_catalog,
    entered,
    patched,
)

RIBBON = "ribbon-"  # one column per sponsor: the stars beside its icon on the red ribbon


def _catalog(data: dict[str, Any]) -> Cards:
    try:
        return patched(default_catalog(), SavedCatalog.model_validate(data or {}))
    except (RuleError, ValidationError):
        return default_catalog()  # a saved catalog that no longer fits: start from the box


def _sponsor_columns() -> list[Column]:
    return [
        Column("name", _("Name"), "text"),
        Column("title", _("Title"), "text"),
        Column("rank", _("Rank"), low=1, high=6, hint=_("1 is the highest")),
        Column("icon", _("Icon"), "text"),
        Column("evidence", _("Evidence"), low=0, high=20),
        Column("plans", _("Plans"), low=0, high=20),
        Column("start", _("Start"), low=0, high=20),
        Column("market", _("Market"), low=1, high=10),
        Column("max", _("Max"), low=1, high=30),
    ]


def _people_columns(catalog: Cards) -> list[Column]:
    sponsors = tuple((s.id, s.display) for s in catalog.sponsors)
    ribbon = [
        Column(RIBBON + s.id, _("%(sponsor)s ★") % {"sponsor": s.display}, low=0, high=5)
        for s in catalog.sponsors
    ]
    return [
        Column("evidence", _("Evidence"), low=0, high=9),
        Column("plans", _("Plans"), low=0, high=9),
        *ribbon,
        Column("crew", _("Crew"), low=0, high=9),
        Column("supplies", _("Supplies"), low=0, high=9),
        Column("free_for", _("Free for"), "checks", choices=sponsors),
    ]


def sections(data: dict[str, Any]) -> list[Section]:
    catalog = _catalog(data)
    sponsor_rows = [
        Row(s.id, s.label, {f: text(getattr(s, f)) for f in SPONSOR_FIELDS})
        for s in catalog.sponsors
    ]
    people_rows = []
    for p in catalog.people:
        values = {f: text(getattr(p, f)) for f in ("evidence", "plans", "crew", "supplies")}
        for s in catalog.sponsors:
            stars = (p.ribbon or {}).get(s.id)
            values[RIBBON + s.id] = text(stars)
        values["free_for"] = list(p.free_for or [])
        note = _("cancels %(label)s") % {"label": p.cancels.replace("-", " ")} if p.cancels else ""
        people_rows.append(Row(p.id, f"{p.name} ×{p.count}", values, note=note))
    return [
        Section(
            "sponsors",
            _("Sponsors"),
            _sponsor_columns(),
            sponsor_rows,
            help=_("As printed on each sponsor card; rank 1 is the highest-ranking sponsor."),
        ),
        Section(
            "people",
            _("People"),
            _people_columns(catalog),
            people_rows,
            help=_(
                "Every copy of a kind shows the same values. ★: the stars beside a sponsor's "
                "icon on the red ribbon (0 for the icon without stars, blank for no icon; a row "
                "with no Evidence, Plans or ★ entered stays to enter); Free for: the sponsors "
                "printed after “Free for”."
            ),
        ),
    ]


def to_data(sections_: list[Section], saved: dict[str, Any]) -> dict[str, Any]:
    """The catalog patch: every value on the sheet that differs from the shipped cards."""
    by_key = {s.key: s for s in sections_}
    sponsors: dict[str, dict[str, Any]] = {}
    for row in by_key["sponsors"].rows:
        values = {c.key: cell(by_key["sponsors"], row, c) for c in by_key["sponsors"].columns}
        sponsors[row.id] = values
    _one_rank_each(by_key["sponsors"], [values["rank"] for values in sponsors.values()])
    people: dict[str, dict[str, Any]] = {}
    section = by_key["people"]
    for row in section.rows:
        values: dict[str, Any] = {"ribbon": {}}
        for column in section.columns:
            value = cell(section, row, column)
            if column.key.startswith(RIBBON):
                if value is not None:
                    values["ribbon"][column.key[len(RIBBON) :]] = value
            else:
                values[column.key] = value
        entered_any = values["ribbon"] or any(values[f] is not None for f in ("evidence", "plans"))
        # On a row the group filled in, a blank ribbon cell is what the sheet says it is: no
        # icon (a card with none at all has an empty ribbon, known); so is an unticked
        # "Free for". A row left wholly blank stays to enter.
        if not entered_any:
            values["ribbon"] = None
            if not values["free_for"]:
                values["free_for"] = None
        people[row.id] = values
    try:
        catalog = patched(
            default_catalog(), SavedCatalog.model_validate({"sponsors": sponsors, "people": people})
        )
    except ValidationError as exc:
        raise values_refused(exc) from None
    return entered(catalog).model_dump(mode="json", exclude_defaults=True)


def _one_rank_each(section: Section, ranks: list[int | None]) -> None:
    """Two sponsors given one rank: both rank fields marked, each naming the other."""
    found: dict[str, str] = {}
    column = next(c for c in section.columns if c.key == "rank")
    for i, rank in enumerate(ranks):
        others = [
            section.rows[j].label for j, other in enumerate(ranks) if j != i and other == rank
        ]
        if rank is not None and others:
            found.update(
                mark(
                    section,
                    [i],
                    "rank",
                    _("%(where)s: %(others)s has rank %(rank)s too; each sponsor has its own.")
                    % {
                        "where": where(section, section.rows[i], column),
                        "others": ", ".join(others),
                        "rank": rank,
                    },
                )
            )
    if found:
        raise SheetRefused(found)


def missing(data: dict[str, Any]) -> list[str]:
    """What the sheet still lacks, card by card (a blank cell is allowed: a partial sheet is
    saved): the catalog's own list, each card once with its fields."""
    catalog = _catalog(data)
    labels = {c.key: c.label for c in [*_sponsor_columns(), *_people_columns(catalog)]}
    labels["ribbon"] = _("Ribbon")
    grouped: dict[str, list[str]] = {}
    for phrase in catalog.missing():
        card, _sep, field = phrase.rpartition(": ")
        grouped.setdefault(card, []).append(labels.get(field.replace(" ", "_"), field))
    return [f"{card}: {', '.join(fields)}" for card, fields in grouped.items()]


def check(data: dict[str, Any]) -> None:
    try:
        patched(default_catalog(), SavedCatalog.model_validate(data))
    except ValidationError as exc:
        raise values_refused(exc) from None
