"""A game's card catalog: saved once per server, edited as YAML, used by every new table.

The rulebooks leave many card facts out; groups enter them from their own cards.
YAML keeps the file friendly to edit by hand and to pass between groups.
"""

from __future__ import annotations

import io
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from pydantic import ValidationError
from ruamel.yaml import YAML

from games.engine import Game, RuleError
from games.models import GameCatalog
from storybook import source

MAX_BYTES = 1024 * 1024


def saved(game: Game) -> dict[str, Any]:
    row = GameCatalog.objects.filter(game=game.slug).values_list("data", flat=True).first()
    return row or {}


def with_saved_catalog(game: Game, options: dict[str, Any] | None) -> dict[str, Any]:
    """Fill the catalog fields a new table's options leave out from the saved catalog."""
    options = dict(options or {})
    if game.Catalog is None:
        return options
    for key, value in saved(game).items():
        options.setdefault(key, value)
    return options


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
        parsed = source.parse(text, "catalog.yaml")
        loaded = parsed.data or {}
    except source.SourceError as exc:
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


def _describe(exc: ValidationError, parsed: source.Source) -> str:
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
