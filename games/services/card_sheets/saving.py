"""Saving a card-data sheet: the one write the sheet page and the API make.

In one transaction: the group's card data (``catalogs.save_sheet``, for the keeper of one of
the group's tables; the server's for a librarian) and, when the sheet was opened from a
table by a device holding a seat there, the same cards entered at that table by one move
(``enter-card-sheet``; Tavern Tales' ``edit-catalog``), so the game goes on without asking
again. Saved from a table that has no group, the keeper names the group (``NewGroup``): the
table joins it and the cards are saved as the group's, so its next table starts with them.
Anything refused changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.core.engine import Game, RuleError
from games.models import Move
from games.services import catalogs, keeping, tables, turns
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
class NewGroup:
    """The group a table without one joins as its keeper saves the sheet: the table (its
    code and the keeper's credential), the group's name as typed, and the key of the group of
    that name the device already plays with ("": a new group)."""

    code: str
    name: str
    who: tables.Who
    key: str = ""


@dataclass(frozen=True)
class Saved:
    data: dict[str, Any]
    group: bool  # saved for the group's (or the server's) next tables
    move: Move | None  # entered at the table
    key: str = ""  # the group's key it was saved for ("": the server's, or none)
    named: str = ""  # the group a table without one joined, by its name


def save(
    game: Game,
    data: Any,
    *,
    group_key: str = "",
    by: catalogs.Editor,
    at: AtTable | None = None,
    new_group: NewGroup | None = None,
) -> Saved:
    """Save the sheet for the group when ``by`` may, and enter it at ``at`` when given;
    refuses (AccessDenied, RuleError, VersionConflict) with nothing changed. ``new_group``:
    first file that table (its keeper's) under the group, whose card data this then is."""
    for_group = new_group is not None or by.may_save(group_key)
    if not for_group and at is None:
        raise AccessDenied(catalogs.refusal(group_key))
    if at is not None and game.slug not in TABLE_MOVE:
        # Galzyr: its own box's cards are named at the table one by one (campaign-name-card)
        raise RuleError(
            _(
                "%(game)s's cards are named at the table one by one: send the data without a version."
            )
            % {"game": game.title}
        )
    clean = catalogs.validate(game, data)
    move, named = None, ""
    with transaction.atomic():
        if new_group is not None:
            table = keeping.name_group(
                new_group.code, new_group.name, new_group.key, who=new_group.who
            )
            group_key, named = table.group_key, table.group
            by = replace(by, groups=by.groups | {group_key})  # the keeper of its table
        if for_group:
            catalogs.save_sheet(game, clean, group_key=group_key, by=by)
        if at is not None:
            name, args = TABLE_MOVE[game.slug]
            _table, move = turns.apply_move(
                at.code, name, args(clean), expected_version=at.version, seat=at.who
            )
    return Saved(clean, for_group, move, group_key if for_group else "", named)


def notice(saved: Saved, group_name: str, game: Game) -> str:
    """What the page says after a save."""
    parts = []
    if saved.named:
        parts.append(_("This table now belongs to the group %(group)s.") % {"group": saved.named})
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
