"""A table as one versioned JSON document, and back.

Export → import → export gives the same document (the new table only gets a
new code). An import is checked in full before anything is written.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Literal

from django.db import transaction
from django.utils.translation import gettext as _
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from games.engine import RuleError, describe_validation_error
from games.models import Backup, Move, Table
from games.registry import get_game

FORMAT = "talekeeper.table"
FORMAT_VERSION = 1
MAX_BYTES = 5 * 1024 * 1024


class ImportRefused(RuleError):
    """The document can't become a table; the message names what is wrong."""


class MoveRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    args: dict[str, Any]
    seat: str = Field(min_length=1, max_length=16)
    sentence: str = Field(max_length=400)
    version: int = Field(ge=2)
    state_before: dict[str, Any]
    undone: bool
    created: datetime


class TableDocument(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["talekeeper.table"]
    format_version: Literal[1]
    game: str
    name: str = Field(min_length=1, max_length=80)
    version: int = Field(ge=1)
    created: datetime
    state: dict[str, Any]
    moves: list[MoveRecord]  # oldest first


def export_table(table: Table) -> dict[str, Any]:
    return _document(table, table.game, table.state, table.version, table.moves.order_by("id"))


def export_backup(backup: Backup) -> dict[str, Any]:
    """The document ``export_table`` gave when the backup was taken.

    The log up to the backup's version is still the table's (moves are only ever added);
    only the undone marks are the backup's own, since a later undo marks an older move.
    """
    table = backup.table
    undone = set(backup.undone)
    moves = table.moves.filter(version__lte=backup.version).order_by("id")
    return _document(
        table, backup.game, backup.state, backup.version, moves, lambda m: m.version in undone
    )


def _document(table: Table, game: str, state: dict, version: int, moves, undone=None):
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game,
        "name": table.name,
        "version": version,
        "created": table.created.isoformat(),
        "state": state,
        "moves": [
            {
                "name": m.name,
                "args": m.args,
                "seat": m.seat,
                "sentence": m.sentence,
                "version": m.version,
                "state_before": m.state_before,
                "undone": m.undone if undone is None else undone(m),
                "created": m.created.isoformat(),
            }
            for m in moves
        ],
    }


def document_text(document: dict[str, Any]) -> str:
    """The document as the file a page offers for download."""
    return json.dumps(document, ensure_ascii=False, indent=1)


def parse_document(raw: bytes | str) -> TableDocument:
    """Check size, JSON, shape and the game's own rules; raise ImportRefused naming the fault."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_BYTES:
        raise ImportRefused(
            _("The file is %(size)s MB; a table export can be at most 5 MB.")
            % {"size": f"{size / 1024 / 1024:.1f}"}
        )
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ImportRefused(_("The file is not valid JSON: %(error)s.") % {"error": exc}) from None
    return validate_document(data)


def validate_document(data: Any) -> TableDocument:
    try:
        doc = TableDocument.model_validate(data)
    except ValidationError as exc:
        raise ImportRefused(describe_validation_error(exc, _("table document"))) from None
    try:
        game = get_game(doc.game)
    except LookupError:
        raise ImportRefused(_("This server has no game “%(game)s”.") % {"game": doc.game}) from None
    expected = list(range(2, doc.version + 1))
    if [m.version for m in doc.moves] != expected:
        raise ImportRefused(
            _(
                "The log does not match the table: version %(version)s needs moves numbered 2 to %(version)s, in order."
            )
            % {"version": doc.version}
        )
    check_state(game, doc.state, _("the table's state"))
    for move in doc.moves:
        check_state(game, move.state_before, _("the state before move %(n)s") % {"n": move.version})
    return doc


def check_state(game, state: dict, where: str) -> None:
    """The state parses as the game's model, exactly (nothing unknown), and keeps its invariants."""
    try:
        parsed = game.load(state)
    except ValidationError as exc:
        raise ImportRefused(describe_validation_error(exc, where)) from None
    if parsed.model_dump(mode="json") != state:
        raise ImportRefused(_("%(where)s has fields this game does not know.") % {"where": where})
    broken = game.invariants_fn(parsed)
    if broken:
        raise ImportRefused(f"{where}: " + "; ".join(broken))


def import_table(raw: bytes | str | dict) -> Table:
    doc = validate_document(raw) if isinstance(raw, dict) else parse_document(raw)
    with transaction.atomic():
        table = Table.objects.create(
            game=doc.game, name=doc.name, state=doc.state, version=doc.version, created=doc.created
        )
        Move.objects.bulk_create(Move(table=table, **record.model_dump()) for record in doc.moves)
    return table
