"""The parts every card-data sheet is made of: columns, rows, sections, and reading a cell."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from pydantic import ValidationError

from games.core.engine import RuleError


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    kind: str = "int"  # int, text, select, checks (several ticks), ints (a list of numbers)
    low: int | None = None
    high: int | None = None
    choices: tuple[tuple[str, str], ...] = ()  # (value, label)
    hint: str = ""


@dataclass
class Row:
    id: str  # the card's key in the catalog ("" for a blank row the group names)
    label: str  # the card's name as printed, or "" for a blank row
    values: dict[str, Any] = field(default_factory=dict)  # str per column, list for checks
    note: str = ""

    @property
    def fixed(self) -> bool:
        return bool(self.id)


@dataclass
class Section:
    key: str
    title: str
    columns: list[Column]
    rows: list[Row]
    help: str = ""
    blank: int = 0  # how many of the rows are blank (new cards)
    # A refused sheet: each refused cell's input name and what is wrong with it (``faults``).
    faults: dict[str, str] = field(default_factory=dict)

    @property
    def grid(self) -> list[dict[str, Any]]:
        return grid(self)


def post_get(post, key: str) -> str:
    value = post.get(key, "")
    if isinstance(value, list):
        value = value[-1] if value else ""
    return str(value)


def post_list(post, key: str) -> list[str]:
    if hasattr(post, "getlist"):
        return [str(v) for v in post.getlist(key)]
    value = post.get(key, [])
    return [str(v) for v in (value if isinstance(value, list) else [value])]


# -- reading one cell ----------------------------------------------------------------------


def where(section: Section, row: Row, column: Column) -> str:
    name = row.label or row.values.get("name") or _("a new card")
    return _("%(section)s, %(card)s, %(column)s") % {
        "section": section.title,
        "card": name,
        "column": column.label,
    }


def cell(section: Section, row: Row, column: Column) -> Any:
    """One cell's value (None when left blank), or a refusal naming the cell."""
    raw = row.values.get(column.key, [] if column.kind == "checks" else "")
    if column.kind == "checks":
        allowed = {value for value, _label in column.choices}
        if any(value not in allowed for value in raw):
            raise RuleError(
                _("%(where)s: not one of the choices.") % {"where": where(section, row, column)}
            )
        return [value for value, _label in column.choices if value in raw]
    if raw == "":
        return None
    if column.kind == "text":
        return " ".join(raw.split())
    if column.kind == "select":
        if raw not in {value for value, _label in column.choices}:
            raise RuleError(
                _("%(where)s: not one of the choices.") % {"where": where(section, row, column)}
            )
        return raw
    if column.kind == "ints":
        parts = [part for part in raw.replace(";", ",").replace(" ", ",").split(",") if part]
        return [_number(section, row, column, part) for part in parts] or None
    return _number(section, row, column, raw)


def _number(section: Section, row: Row, column: Column, raw: str) -> int:
    try:
        number = int(raw)
    except ValueError:
        raise RuleError(
            _("%(where)s: “%(value)s” is not a whole number.")
            % {"where": where(section, row, column), "value": raw}
        ) from None
    if (column.low is not None and number < column.low) or (
        column.high is not None and number > column.high
    ):
        raise RuleError(
            _("%(where)s: %(value)s is outside %(low)s–%(high)s.")
            % {
                "where": where(section, row, column),
                "value": number,
                "low": column.low,
                "high": column.high,
            }
        )
    return number


class SheetRefused(RuleError):
    """Cells of a sheet that don't fit, all of them (``faults``: input name -> sentence)."""

    def __init__(self, faults: dict[str, str]):
        self.faults = faults
        count = len(faults)
        super().__init__(
            ngettext(
                "%(count)d value doesn't fit: it is marked on the sheet.",
                "%(count)d values don't fit: each is marked on the sheet.",
                count,
            )
            % {"count": count}
        )


def mark(section: Section, rows: list[int], column: str, sentence: str) -> dict[str, str]:
    """A refusal about some cards of a sheet, as its faults: the ``column`` input of each of
    those ``rows`` ("name": a new card's name), marked with the sentence."""
    return {f"{section.key}-{i}-{column}": sentence for i in rows}


def changed_rows(section: Section, saved: Section, column: str) -> list[int]:
    """The rows whose ``column`` differs from the saved sheet's (new cards' rows too): the
    values a refusal about a whole column (counts adding up to more than the box) is most
    likely about."""
    return [
        i
        for i, row in enumerate(section.rows)
        if row.values.get(column)
        and (i >= len(saved.rows) or row.values.get(column) != saved.rows[i].values.get(column))
    ]


def faults(sections: list[Section]) -> dict[str, str]:
    """Every cell of the sheet that ``cell`` refuses, by its input name (the form's order),
    so a group sees all of them at once instead of one per save."""
    found: dict[str, str] = {}
    for section in sections:
        for i, row in enumerate(section.rows):
            for column in section.columns:
                try:
                    cell(section, row, column)
                except RuleError as exc:
                    found[f"{section.key}-{i}-{column.key}"] = str(exc)
    return found


def text(value: Any) -> str:
    """How a catalog value shows in an input."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def blank_rows(count: int, columns: list[Column]) -> list[Row]:
    return [
        Row("", "", {"name": "", **{c.key: [] if c.kind == "checks" else "" for c in columns}})
        for _ in range(count)
    ]


def grid(section: Section) -> list[dict[str, Any]]:
    """The rows as the page draws them: each cell's column, value and input name."""
    out = []
    for i, row in enumerate(section.rows):
        prefix = f"{section.key}-{i}-"
        cells = [
            {
                "column": column,
                "name": prefix + column.key,
                "value": row.values.get(column.key, [] if column.kind == "checks" else ""),
                "fault": section.faults.get(prefix + column.key, ""),
            }
            for column in section.columns
        ]
        out.append(
            {
                "row": row,
                "id": prefix + "id",
                "name": prefix + "name",
                "name_fault": section.faults.get(prefix + "name", ""),
                "cells": cells,
            }
        )
    return out


def values_refused(exc: ValidationError) -> RuleError:
    """Card values a game's model refuses, as one sentence naming every fault."""
    why = "; ".join(
        f"{'.'.join(str(p) for p in error['loc'])}: {error['msg'].lower()}"
        for error in exc.errors()
    )
    return RuleError(_("Those card values don't fit: %(why)s.") % {"why": why})
