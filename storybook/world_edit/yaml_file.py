"""The catalog and map as one YAML file: the export, and the import that reads it with the
loader's parser (YAML 1.2, duplicate keys refused, every error with its line) and replaces
the world's cards, terrain, locations and routes after every check."""

from __future__ import annotations

import copy
import io
import typing
from pathlib import Path
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from pydantic import ValidationError
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from storybook.format import Card
from storybook.format.cards import CardVariant
from storybook.format.common import Model
from storybook.format.world import Location, Route, Terrain
from storybook.loading.diagnostics import Diagnostic
from storybook.loading.loader import validation_diagnostics
from storybook.models import World
from storybook.refusal import StorybookRefused
from storybook.world_edit.core import (
    CardsAndMap,
    EditRefused,
    Saved,
    dump_model,
    refused_for,
    save_world,
    validate_world,
)
from yaml_source import Source, SourceError, parse

MAX_BYTES = 1024 * 1024  # an export of a 1,000-card catalog is about 60 kB
EXPORT_FORMAT = 1


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.width = 4096  # one card per line, however long its text
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def _flow(value: Any) -> Any:
    if isinstance(value, dict):
        out = CommentedMap(value)
        out.fa.set_flow_style()
        return out
    if isinstance(value, list):
        seq = CommentedSeq(value)
        seq.fa.set_flow_style()
        return seq
    return value


def _in_schema_order(value: dict, model: type[Model]) -> dict:
    """``value``'s keys in the order the format declares them, whatever order the database
    returned them in (PostgreSQL's jsonb keeps its own): the same world exports the same file."""
    fields = model.model_fields
    order = {name: i for i, name in enumerate(fields)}
    out = {}
    for key, item in sorted(value.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])):
        inner = _model_in(fields[key].annotation) if key in fields else None
        if inner is not None and isinstance(item, dict):
            item = _in_schema_order(item, inner)
        elif inner is not None and isinstance(item, list):
            item = [_in_schema_order(x, inner) if isinstance(x, dict) else x for x in item]
        out[key] = item
    return out


def _model_in(annotation: Any) -> type[Model] | None:
    """The format model a field holds (itself, in a list, or optional), if any."""
    if isinstance(annotation, type) and issubclass(annotation, Model):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def export_yaml(world: World | CardsAndMap) -> str:
    """The world's catalog and map as one YAML file (the schema of cards.yaml and world.yaml)."""
    info, cards = world.data["info"], world.data["cards"]
    doc = CommentedMap()
    doc["format"] = EXPORT_FORMAT
    doc["world"] = world.slug
    doc["cards"] = CommentedSeq()
    for _key, stored in sorted(cards.items(), key=lambda kv: int(kv[0])):
        card = _in_schema_order(stored, Card)
        if card.get("variants"):
            entry = CommentedMap((k, _flow(v)) for k, v in card.items() if k != "variants")
            entry["variants"] = CommentedSeq(
                _flow(_in_schema_order(v, CardVariant)) for v in card["variants"]
            )
            doc["cards"].append(entry)
        else:
            doc["cards"].append(_flow(card))
    doc["terrain"] = CommentedSeq(
        _flow(_in_schema_order(t, Terrain)) for t in info.get("terrain", [])
    )
    doc["locations"] = CommentedSeq()
    for loc in info.get("locations", []):
        ordered = _in_schema_order(loc, Location)
        doc["locations"].append(CommentedMap((k, _flow(v)) for k, v in ordered.items()))
    doc["routes"] = CommentedSeq(_flow(_in_schema_order(r, Route)) for r in info.get("routes", []))
    doc.yaml_set_start_comment(
        f"{world.name} ({world.slug}): the card catalog and the map, exported by Talekeeper.\n"
        "cards: as in cards.yaml; terrain, locations and routes: as in world.yaml.\n"
        "Edit it and import it on the world's catalog page (or POST it to the API)."
    )
    for key in ("cards", "terrain", "locations", "routes"):
        doc.yaml_set_comment_before_after_key(key, before="\n")
    out = io.StringIO()
    _yaml().dump(doc, out)
    return out.getvalue()


class CardsAndMapFile(Model):
    """The import's schema: cards.yaml's list and world.yaml's map, every key required."""

    format: int
    world: str | None = None
    cards: list[Card]
    terrain: list[Terrain]
    locations: list[Location]
    routes: list[Route]


def read_import(raw: bytes | str, filename: str = "catalog.yaml") -> tuple[Source, CardsAndMapFile]:
    """Size, UTF-8, YAML 1.2 (duplicate keys refused) and schema: EditRefused with lines."""
    name = Path(filename or "catalog.yaml").name or "catalog.yaml"
    size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
    if size > MAX_BYTES:
        raise EditRefused(_("The file is larger than 1 MB; a catalog file can be at most 1 MB."))
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise EditRefused(
                _("The file is not UTF-8 text."),
                [Diagnostic("error", name, 0, f"not UTF-8 text: {exc.reason}")],
            ) from None
    try:
        src = parse(raw, name)
    except SourceError as exc:
        raise refused_for([Diagnostic("error", name, exc.line, exc.message)]) from None
    if not isinstance(src.data, dict):
        raise refused_for(
            [
                Diagnostic(
                    "error",
                    name,
                    1,
                    "the file is empty"
                    if src.data is None
                    else "the file is not a mapping (format, world, cards, terrain, locations, routes)",
                )
            ]
        )
    try:
        parsed = CardsAndMapFile.model_validate(src.data)
    except ValidationError as exc:
        raise refused_for(validation_diagnostics(exc, src)) from None
    diags = []
    if parsed.format != EXPORT_FORMAT:
        diags.append(
            Diagnostic(
                "error",
                name,
                src.line(("format",)),
                f"format: this server reads format {EXPORT_FORMAT}, not {parsed.format}",
            )
        )
    seen: dict[int, int] = {}
    for i, card in enumerate(parsed.cards):
        if card.number in seen:
            diags.append(
                Diagnostic(
                    "error",
                    name,
                    src.line(("cards", i, "number")),
                    f"card number {card.number:03d} is already in the catalog "
                    f"(line {src.line(('cards', seen[card.number]))}); use 'variants' for "
                    "different cards that share a number",
                )
            )
        seen.setdefault(card.number, i)
    if diags:
        raise refused_for(diags)
    return src, parsed


def import_yaml(
    slug: str,
    raw: bytes | str,
    filename: str = "catalog.yaml",
    *,
    dry_run: bool = False,
    expected_hash: str | None = None,
) -> Saved:
    """Replace the world's cards, terrain, locations and routes with the file's, after every
    check (the file's own, then the whole world's lint). ``dry_run`` only says what would
    change; ``expected_hash`` refuses when the world changed since that preview."""
    src, parsed = read_import(raw, filename)
    with transaction.atomic():
        row = World.objects.select_for_update().get(slug=slug)
        if parsed.world is not None and parsed.world != row.slug:
            raise refused_for(
                [
                    Diagnostic(
                        "error",
                        src.file,
                        src.line(("world",)),
                        f"world: this file is for the world '{parsed.world}', not '{row.slug}'",
                    )
                ]
            )
        if expected_hash and expected_hash != row.content_hash:
            raise EditRefused(_("The world changed since this file was checked; check it again."))
        info = copy.deepcopy(row.data["info"])
        for key in ("terrain", "locations", "routes"):
            info[key] = [dump_model(item) for item in getattr(parsed, key)]
        cards = {str(c.number): dump_model(c) for c in parsed.cards}
        try:
            world, info_json, cards_json = validate_world(row, info, cards, sources=src)
        except StorybookRefused as exc:
            exc.world = row  # type: ignore[attr-defined]
            raise
        return save_world(row, world, info_json, cards_json, dry_run=dry_run)
