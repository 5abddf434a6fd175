"""A game's card catalog: saved for the server and for each group, used by every new table.
The pages and the API's paths call it the game's "card data"; the code calls it its catalog.

The rulebooks leave many card facts out; groups enter them from their own cards, once: on
the game's card-data sheet (games/services/card_sheets/, every card on one page) or as
YAML, which keeps the file friendly to edit by hand and to pass between groups.

Two catalogs per game: the server's (``GameCatalog``, a librarian's write) and each group's
(``GroupCatalog``, keyed by the group's key, ``Table.group_key``), which the keeper of any of
the group's tables saves. A group's new table starts with the group's catalog, or the
server's when the group has saved none. ``save_sheet`` is the one write both the sheet page
and the API make.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from pydantic import ValidationError
from ruamel.yaml import YAML

import yaml_source
from games.core.engine import Game, RuleError
from games.models import GameCatalog, GroupCatalog, Table
from games.services import card_sheets
from games.services.access import Access, AccessDenied

MAX_BYTES = 1024 * 1024


def saved(game: Game, group_key: str = "") -> dict[str, Any]:
    """The group's catalog if it saved one, else the server's."""
    if group_key:
        row = (
            GroupCatalog.objects.filter(group_key=group_key, game=game.slug)
            .values_list("data", flat=True)
            .first()
        )
        if row is not None:
            return row
    row = GameCatalog.objects.filter(game=game.slug).values_list("data", flat=True).first()
    return row or {}


def with_saved_catalog(
    game: Game, options: dict[str, Any] | None, group_key: str = ""
) -> dict[str, Any]:
    """Fill the catalog fields a new table's options leave out from the saved catalog."""
    options = dict(options or {})
    if game.Catalog is None:
        return options
    for key, value in saved(game, group_key).items():
        options.setdefault(key, value)
    return options


@dataclass(frozen=True)
class Editor:
    """Who is saving card data: a librarian (the server's catalog) and the groups whose
    tables the device or token keeps (those groups' catalogs)."""

    librarian: bool = False
    groups: frozenset[str] = frozenset()

    def may_save(self, group_key: str) -> bool:
        return group_key in self.groups if group_key else self.librarian


def refusal(group_key: str) -> str:
    if group_key:
        return _("Only the keeper of one of the group's tables can save the group's card data.")
    return _("Only a librarian can save the card data every group's new tables start with.")


def validate(game: Game, data: Any) -> dict[str, Any]:
    """The catalog data, checked like a YAML upload and for cards that fit the box together."""
    if game.Catalog is None:
        raise RuleError(_("This game has no card catalog to edit."))
    if not isinstance(data, dict):
        raise RuleError(_("The card data must be an object, as the YAML file holds it."))
    try:
        model = game.Catalog.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"])
        raise RuleError(
            _("The card data has a mistake: %(where)s: %(problem)s.")
            % {"where": where, "problem": error["msg"].lower()}
        ) from None
    clean = model.model_dump(mode="json", exclude_defaults=True)
    if card_sheets.has_sheet(game.slug):
        card_sheets.check(game.slug, clean)
    return clean


def save_sheet(game: Game, data: Any, *, group_key: str = "", by: Editor) -> dict[str, Any]:
    """Save a group's (or, for a librarian, the server's) card data for ``game``; the sheet
    page and the API both write through here. Refuses (state unchanged) anyone else and data
    that doesn't fit."""
    if not by.may_save(group_key):
        raise AccessDenied(refusal(group_key))
    clean = validate(game, data)
    if group_key:  # update_or_create is one transaction of its own
        GroupCatalog.objects.update_or_create(
            group_key=group_key, game=game.slug, defaults={"data": clean}
        )
    else:
        GameCatalog.objects.update_or_create(game=game.slug, defaults={"data": clean})
    return clean


def keeps_for_group(game: Game, table: Table, held: Access, move: str) -> bool:
    """Whether ``move`` (one of ``Game.keep_for_group_after``) saves the table's card data as
    its group's: made by the keeper of a table that has a group."""
    return (
        move in game.keep_for_group_after
        and bool(table.group_key and held.keeper)
        and game.catalog_from_state_fn is not None
    )


def keep_for_group(game: Game, table: Table, state: Any, before: dict[str, Any]) -> bool:
    """After a move ``keeps_for_group`` allows, ``state`` the parsed state after it and
    ``before`` its card data before (``catalog_from_state_fn``): the table's card data saved
    as its group's when the move changed it (a card's VP answered at the table, a card
    named); a move that learned nothing writes nothing. Returns whether it was saved."""
    data = game.catalog_from_state_fn(state)
    if data == before:
        return False
    group = Editor(groups=frozenset({table.group_key}))
    save_sheet(game, data, group_key=table.group_key, by=group)
    return True


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.version = (1, 2)
    yaml.allow_duplicate_keys = False
    yaml.default_flow_style = False
    return yaml


def to_yaml(data: dict[str, Any]) -> str:
    out = io.StringIO()
    _yaml().dump(data, out)
    return out.getvalue()


def parse_yaml(game: Game, text: str) -> dict[str, Any]:
    """Validate YAML against the game's catalog model; errors name the line."""
    if game.Catalog is None:
        raise RuleError(_("This game has no card catalog to edit."))
    if len(text.encode()) > MAX_BYTES:
        raise RuleError(_("A catalog file can be at most 1 MB."))
    try:
        # The bounded reader worlds use too: aliases, depth and long values are limited.
        parsed = yaml_source.parse(text, "catalog.yaml")
        loaded = parsed.data or {}
    except yaml_source.SourceError as exc:
        where = _("line %(line)s: ") % {"line": exc.line} if exc.line else ""
        raise RuleError(
            _("The catalog is not valid YAML: %(where)s%(problem)s.")
            % {"where": where, "problem": exc.message}
        ) from None
    try:
        model = game.Catalog.model_validate(loaded)
    except ValidationError as exc:
        raise RuleError(_describe(exc, parsed)) from None
    return model.model_dump(mode="json", exclude_defaults=True)


def _describe(exc: ValidationError, parsed: yaml_source.Source) -> str:
    parts = []
    for error in exc.errors()[:3]:
        path = list(error["loc"])
        line = parsed.line(path) if path else None
        where = ".".join(str(p) for p in path)
        prefix = _("line %(line)s, ") % {"line": line} if line else ""
        parts.append(f"{prefix}{where}: {error['msg'].lower()}")
    return _("The catalog has mistakes: %(list)s.") % {"list": "; ".join(parts)}


def save(game: Game, data: dict[str, Any]) -> None:
    with transaction.atomic():
        GameCatalog.objects.update_or_create(game=game.slug, defaults={"data": data})


def from_table(game: Game, state: dict[str, Any]) -> dict[str, Any]:
    """The catalog entries a table's players made during their game."""
    if game.catalog_from_state_fn is None or game.Catalog is None:
        raise RuleError(_("This game has no card catalog to save."))
    data = game.catalog_from_state_fn(game.load(state))
    return game.Catalog.model_validate(data).model_dump(mode="json", exclude_defaults=True)
