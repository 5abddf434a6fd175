"""Saving a card-data sheet: the one write the sheet page and the API make.

In one transaction: the group's card data (``catalogs.save_sheet``, for the keeper of one of
the group's tables; the server's for a librarian) and, when the sheet was opened from a
table by a device holding a seat there, the same cards entered at that table by one move
(``enter-card-sheet``; Tavern Tales' ``edit-catalog``), so the game goes on without asking
again. Anything refused changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.core.engine import Game
from games.models import Move
from games.services import catalogs, tables, turns
from games.services.access import AccessDenied

# The move that enters a sheet's cards at a table, and its arguments from the saved data.
TABLE_MOVE = {
    "tales-of-danger": ("enter-card-sheet", lambda data: data),
    "dark-tales": ("enter-card-sheet", lambda data: {"cards": data.get("cards", [])}),
    "tavern-tales": ("edit-catalog", lambda data: data.get("catalog", {})),
}


@dataclass(frozen=True)
class AtTable:
    """The table a sheet was opened from: its code, the version the device saw, and the
    device's credential (a seat id in trusted callers)."""

    code: str
    version: int
    who: tables.Who


@dataclass(frozen=True)
class Saved:
    data: dict[str, Any]
    group: bool  # saved for the group's (or the server's) next tables
    move: Move | None  # entered at the table


def save(
    game: Game,
    data: Any,
    *,
    group_key: str = "",
    by: catalogs.Editor,
    at: AtTable | None = None,
) -> Saved:
    """Save the sheet for the group when ``by`` may, and enter it at ``at`` when given;
    refuses (AccessDenied, RuleError, VersionConflict) with nothing changed."""
    for_group = by.may_save(group_key)
    if not for_group and at is None:
        raise AccessDenied(catalogs.refusal(group_key))
    clean = catalogs.validate(game, data)
    move = None
    with transaction.atomic():
        if for_group:
            catalogs.save_sheet(game, clean, group_key=group_key, by=by)
        if at is not None:
            name, args = TABLE_MOVE[game.slug]
            _table, move = turns.apply_move(
                at.code, name, args(clean), expected_version=at.version, seat=at.who
            )
    return Saved(clean, for_group, move)


def notice(saved: Saved, group_name: str, game: Game) -> str:
    """What the page says after a save."""
    parts = []
    if saved.move is not None:
        parts.append(_("Entered at the table: the game goes on without asking for these cards."))
    if saved.group:
        parts.append(
            _("Saved for %(group)s: the group's new tables of %(game)s start with these cards.")
            % {"group": group_name, "game": game.title}
            if group_name
            else _("Saved: every new table of %(game)s starts with these cards.")
            % {"game": game.title}
        )
    return " ".join(parts)
