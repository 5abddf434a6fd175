"""The shared core of a world's edits: the errors, reading the stored world, and
``apply_change``, which locks the World row, applies a change to a copy of the stored JSON,
validates it exactly like loading does and saves only when there is no error."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from pydantic import ValidationError

from storybook.format import Card, EventCard, WorldInfo
from storybook.format.common import Model
from storybook.lint.checks import check_world
from storybook.loading.diagnostics import Diagnostic, has_errors, sort_diagnostics
from storybook.loading.loader import validation_diagnostics
from storybook.loading.stored import content_hash, scene_from_data
from storybook.loading.world import CARDS_FILE, WORLD_FILE
from storybook.loading.world import World as TypedWorld
from storybook.models import World
from storybook.refusal import StorybookRefused
from storybook.world_edit.changes import Changes, card_label, diff
from yaml_source import Source

INT_FIELDS = ("copies", "gold", "timer")
_OLD_WARNING = re.compile(
    r"^(?P<file>.+?)(?::(?P<line>\d+))?: (?P<sev>error|warning): (?P<msg>.*)$"
)


class EditRefused(StorybookRefused):
    """Nothing was saved. ``diagnostics`` lists every finding as file:line: severity: message."""

    def __init__(self, message: str, diagnostics: list[Diagnostic] | None = None):
        super().__init__(message)
        self.findings = list(diagnostics or [])
        self.diagnostics = [str(d) for d in self.findings]


class CardNotFound(StorybookRefused):
    pass


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
class CardsAndMap:
    """What the catalog page, the export and the card API read: no scenes (a big book's scenes
    are megabytes of JSON nobody here needs)."""

    slug: str
    name: str
    content_hash: str
    warnings: list[str]
    data: dict[str, Any]  # "info" and "cards", as in World.data


def cards_and_map(slug: str) -> CardsAndMap:
    """The world's catalog and map (one query); World.DoesNotExist when there is none."""
    row = (
        World.objects.filter(slug=slug)
        .values("slug", "name", "content_hash", "warnings", "data__info", "data__cards")
        .first()
    )
    if row is None:
        raise World.DoesNotExist(slug)
    data = {"info": row.pop("data__info"), "cards": row.pop("data__cards")}
    return CardsAndMap(**row, data=data)


def card_json(world: World | CardsAndMap, number: int) -> dict[str, Any]:
    try:
        return world.data["cards"][str(number)]
    except KeyError:
        raise CardNotFound(_("The world has no card #%(number)03d.") % {"number": number}) from None


# -- the changes ----------------------------------------------------------------------------------
Mutate = Callable[[dict[str, Any], dict[str, Any]], None]  # (info, cards) → changed in place


def stored_card(cards: dict, number: int) -> dict:
    card = cards.get(str(number))
    if card is None:
        raise CardNotFound(_("The world has no card #%(number)03d.") % {"number": number})
    return card


def form_value(key: str, value: Any) -> Any:
    if isinstance(value, str):
        value = value.strip()
        if value == "":
            return None
        if key in INT_FIELDS or key == "number":
            try:
                return int(value, 10)
            except ValueError:
                raise EditRefused(
                    _("%(field)s: enter a whole number, not “%(value)s”.")
                    % {"field": key, "value": value}
                ) from None
    return value


# -- validate and save ----------------------------------------------------------------------------
def apply_change(slug: str, mutate: Mutate, *, dry_run: bool = False) -> Saved:
    with transaction.atomic():
        # The lock makes two devices' edits of the same world wait for each other: each one
        # applies to what the other saved, so neither is lost.
        row = World.objects.select_for_update().get(slug=slug)
        info = copy.deepcopy(row.data["info"])
        cards = copy.deepcopy(row.data["cards"])
        try:
            mutate(info, cards)
            world, info_json, cards_json = validate_world(row, info, cards)
        except StorybookRefused as exc:
            exc.world = row  # type: ignore[attr-defined]  # as it stays: pages show it again
            raise
        return save_world(row, world, info_json, cards_json, dry_run=dry_run)


def validate_world(
    row: World,
    info: dict[str, Any],
    cards: dict[str, Any],
    sources: Source | None = None,
) -> tuple[TypedWorld, dict[str, Any], dict[str, Any]]:
    """The format's models, then the whole world's lint: EditRefused on any error."""
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
        raise refused_for(diags)
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
        raise refused_for(diags)
    world.warnings = [d for d in diags if not d.is_note]  # notes: the owner's to enter
    assert world.info is not None
    info_json = dump_model(world.info)
    cards_json = {str(n): dump_model(c) for n, c in sorted(world.cards.items())}
    return world, info_json, cards_json


def save_world(
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


def dump_model(model: Model) -> dict[str, Any]:
    # The same dump as storybook.loading.stored.world_data: YAML names, defaults left out.
    return model.model_dump(mode="json", by_alias=True, exclude_defaults=True)


def _schema_diags(exc: ValidationError, file: str, data: Any, prefix: str = "") -> list[Diagnostic]:
    src = Source(file=file, data=data, lines={(): 0})
    out = []
    for d in validation_diagnostics(exc, src):
        out.append(
            Diagnostic(d.severity, d.file, 0, f"{prefix}: {d.message}" if prefix else d.message)
        )
    return out


def refused_for(diags: list[Diagnostic]) -> EditRefused:
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
    return EditRefused(message, sort_diagnostics(diags))


# The typed scenes and events of a world, kept per process: a world edit never changes them,
# and validating 2,000 scenes again for every edit would take seconds. They change only when
# the world is loaded again, which sets ``loaded``. 4 worlds: the few being edited at a time (a
# 2,000-scene world's typed scenes take tens of MB).
BOOK_PARTS_KEPT = 4


@dataclass(frozen=True)
class _Stored:
    """A world row as the cache's key: its identity only. ``data`` ([row.data]) rides along for
    a miss and is let go once typed, so the cache keeps the typed parts and not the JSON too."""

    pk: int
    loaded: str
    scene_count: int
    data: list = field(compare=False, repr=False)


@lru_cache(maxsize=BOOK_PARTS_KEPT)
def _typed_parts(stored: _Stored) -> tuple[list[EventCard], dict, dict]:
    data = stored.data.pop()
    events = [EventCard.model_validate(ev) for ev in data.get("events", [])]
    scenes = {int(n): scene_from_data(s) for n, s in data.get("scenes", {}).items()}
    files = {int(n): f for n, f in data.get("scene_files", {}).items()}
    return events, scenes, files


def _book_parts(row: World) -> tuple[list[EventCard], dict, dict]:
    events, scenes, files = _typed_parts(
        _Stored(row.pk, row.loaded.isoformat(), row.scene_count, [row.data])
    )
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
