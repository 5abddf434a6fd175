"""A game's card-data sheet: every card the game needs on one page, as rows of inputs.

A sheet is the form side of a game's saved catalog (games/services/catalogs.py): ``rows(slug, data)``
lays the catalog out as sections of rows (what the rulebook prints is already filled in),
``posted(slug, post, saved)`` reads the same rows back from a submitted form exactly as typed
(so a refused sheet comes back as it was filled), and ``to_data(slug, sections, saved)`` turns
the rows into the catalog's data — the values the group entered beyond what ships with the
game — or refuses with a sentence naming the section, card and column. Each game lays out its
own cards in its own ``card_sheet`` module, named by the registry's ``GAME_SHEETS`` line and
built of ``base``'s parts; ``check`` refuses data whose cards don't fit the box together.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

from django.utils.translation import gettext as _

from games.core.engine import Game, RuleError
from games.core.registry import GAME_SHEETS
from games.services.card_sheets.base import (
    Row,
    Section,
    SheetRefused,
    faults,
    post_get,
    post_list,
)


class GameSheet(Protocol):
    def sections(self, data: dict[str, Any]) -> list[Section]: ...

    def to_data(self, sections: list[Section], saved: dict[str, Any]) -> dict[str, Any]: ...

    def check(self, data: dict[str, Any]) -> None: ...

    def missing(self, data: dict[str, Any]) -> list[str]: ...


MAX_NEW_ROWS = 60  # blank rows a posted sheet may add to a section


def has_sheet(slug: str) -> bool:
    return slug in GAME_SHEETS


def sheet(slug: str) -> GameSheet:
    """The game's sheet module (imported once, as any module: Python keeps it)."""
    if slug not in GAME_SHEETS:
        raise RuleError(_("This game has no card-data sheet."))
    return import_module(GAME_SHEETS[slug])


def rows(slug: str, data: dict[str, Any]) -> list[Section]:
    """The sheet for this saved data, shipped values filled in."""
    return sheet(slug).sections(data)


def posted(slug: str, post, saved: dict[str, Any]) -> list[Section]:
    """The sheet as a submitted form typed it (``post``: a QueryDict or a dict)."""
    out = []
    for section in sheet(slug).sections(saved):
        typed = []
        count = _int_or(post_get(post, f"{section.key}-rows"), len(section.rows))
        for i in range(min(count, len(section.rows) + MAX_NEW_ROWS)):
            prefix = f"{section.key}-{i}-"
            template = section.rows[i] if i < len(section.rows) else Row("", "")
            # A card's row carries its key: rows keep their cards even if the saved sheet
            # changed since the page was drawn.
            key = post_get(post, prefix + "id").strip()
            if key and key == template.id:
                row = Row(template.id, template.label, note=template.note)
            elif key:
                row = Row(key, key)
            else:
                row = Row("", "", {"name": post_get(post, prefix + "name").strip()})
            for column in section.columns:
                if column.kind == "checks":
                    row.values[column.key] = post_list(post, prefix + column.key)
                else:
                    row.values[column.key] = post_get(post, prefix + column.key).strip()
            typed.append(row)
        section.rows = typed
        out.append(section)
    return out


def to_data(slug: str, sections: list[Section], saved: dict[str, Any]) -> dict[str, Any]:
    """The catalog's data from the sheet, or ``SheetRefused`` naming every cell that doesn't
    fit (each section keeps its own in ``faults``, for the page to mark them)."""
    try:
        found = faults(sections)
        if found:
            raise SheetRefused(found)
        # The game's own refusals about some cards (a rank two sponsors share, a name on the
        # sheet twice…) mark those cards' fields too.
        return sheet(slug).to_data(sections, saved)
    except SheetRefused as refused:
        for section in sections:
            prefix = f"{section.key}-"
            section.faults = {k: v for k, v in refused.faults.items() if k.startswith(prefix)}
        raise


def check(slug: str, data: dict[str, Any]) -> None:
    sheet(slug).check(data)


def missing(slug: str, data: dict[str, Any]) -> list[str]:
    """What ``data`` still lacks, card by card ("Ana: count, VP"): a sheet saved with blank
    cells is allowed, and the sheet and the refusals that ask for a card say what is left."""
    return sheet(slug).missing(data)


def _int_or(text: str, default: int) -> int:
    try:
        return max(0, int(text))
    except ValueError:
        return default


def missing_at(game: Game, state: dict[str, Any]) -> list[str]:
    """What a table's own card data (its ``state``) still lacks: a refusal asking for a card
    says it."""
    if not has_sheet(game.slug) or game.catalog_from_state_fn is None:
        return []
    return missing(game.slug, game.catalog_from_state_fn(game.load(state)))
