"""A table as one versioned JSON document, and back.

Export → import → export gives the same document (the new table only gets a
new code). An import is checked in full before anything is written.

Format 2 (since the log keeps patches): each move carries the reverse patch that turns the
state after it into the state before it (games/core/patch.py), or — for moves logged before
patches existed — that whole state as ``state_before``. Format 1 documents, with a full
``state_before`` per move, are still imported; every imported move is stored as a patch.

Format 3 adds ``blobs``: the data the states name by digest instead of carrying it
(games/services/blobs.py: a Galzyr campaign's card catalog), each checked against its name.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated, Any, Literal, Self

from django.db import transaction
from django.utils.translation import gettext as _
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    model_validator,
)

from games.core import patch
from games.core.engine import RuleError
from games.models import Backup, Move, Table, keeps_key_order
from games.services import blobs, bounded_json, group_results, handed, replay
from games.services import import_faults as faults

FORMAT = "talekeeper.table"
FORMAT_VERSION = 4  # 4: the log is replayed on import (games/services/replay.py)
MAX_BYTES = 5 * 1024 * 1024  # the one size rule of an import: pages, API and files (check_size)


class ImportRefused(RuleError):
    """The document can't become a table; the message names what is wrong in one sentence,
    ``detail`` (if any) gives the technical report behind it (games/services/import_faults.py)."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


class MoveRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: PlainText = Field(min_length=1, max_length=60)
    args: dict[str, Any]
    seat: PlainText = Field(max_length=16)  # "" for a restore by a keeper holding no seat
    sentence: PlainText = Field(max_length=400)
    version: int = Field(ge=2)
    # Exactly one of the two (format 1 has only state_before).
    patch: dict[str, Any] | None = None
    state_before: dict[str, Any] | None = None
    undone: bool
    created: datetime

    @model_validator(mode="after")
    def _patch_or_state(self) -> Self:
        if (self.patch is None) == (self.state_before is None):
            raise ValueError("a move needs exactly one of “patch” and “state_before”")
        return self


def no_control_characters(text: str) -> str:
    """Names and sentences are shown on pages and stored as text: no NUL (PostgreSQL refuses it)
    and no other control character, which no keyboard at the table types."""
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in text):
        raise ValueError("holds a control character")
    return text


PlainText = Annotated[str, AfterValidator(no_control_characters)]


class TableDocument(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["talekeeper.table"]
    format_version: Literal[1, 2, 3, 4]
    game: str
    name: PlainText = Field(min_length=1, max_length=80)
    group: PlainText = Field(default="", max_length=60)  # since format 3; its results key stays
    version: int = Field(ge=1)
    created: datetime
    state: dict[str, Any]
    moves: list[MoveRecord]  # oldest first
    blobs: dict[str, Any] = {}  # digest → the data a state names by it (format 3)


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
        **({"group": table.group} if table.group else {}),
        "version": version,
        "created": table.created.isoformat(),
        "state": state,
        "blobs": table.blobs,
        "moves": [
            {
                "name": m.name,
                "args": m.args,
                "seat": m.seat,
                "sentence": m.sentence,
                "version": m.version,
                # Old rows have the whole state and no patch; the document says which.
                **(
                    {"state_before": m.state_before}
                    if m.state_before is not None
                    else {"patch": m.patch}
                ),
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
    return validate_document(_parsed(raw))


def check_size(size: int) -> None:
    """Refuse a document of ``size`` bytes over MAX_BYTES: the import page checks the upload's
    size and the API the body's before reading them, with this same sentence."""
    if size > MAX_BYTES:
        raise ImportRefused(
            _("The file is %(size)s MB; a table export can be at most %(most)s MB.")
            % {"size": f"{size / 1024 / 1024:.1f}", "most": MAX_BYTES // (1024 * 1024)}
        )


def _parsed(raw: bytes | str) -> Any:
    """The JSON in the file, if it is small enough and JSON at all."""
    check_size(len(raw.encode() if isinstance(raw, str) else raw))
    try:
        return bounded_json.loads(raw, max_bytes=MAX_BYTES, what=_("The file"))
    except bounded_json.JsonRefused as exc:
        raise ImportRefused(str(exc)) from None


def validate_document(data: Any) -> TableDocument:
    return _validated(data)[0]


def _validated(data: Any) -> tuple[TableDocument, list[dict]]:
    """The document and the state before each of its moves (oldest first), all checked."""
    try:
        doc = TableDocument.model_validate(data)
    except ValidationError as exc:
        raise ImportRefused(faults.document_fault(exc), faults.detail(exc)) from None
    try:
        game = handed.game(doc.game)
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
    known = {*game.moves, Move.UNDO, Move.RESTORE}
    strange = next((m for m in doc.moves if m.name not in known), None)
    if strange is not None:
        raise ImportRefused(
            _("Move %(n)s is “%(name)s”, which %(game)s does not have.")
            % {"n": strange.version, "name": strange.name, "game": game.title}
        )
    _check_undone_marks(doc.moves)
    if doc.format_version == 1:
        patched = next((m for m in doc.moves if m.patch is not None), None)
        if patched is not None:
            raise ImportRefused(
                _("A format 1 document has no patches, but move %(n)s has one.")
                % {"n": patched.version}
            )
    wrong = blobs.wrong_names(doc.blobs)
    if wrong:
        raise ImportRefused(
            _("The stored data “%(name)s” does not match its name: the file was changed.")
            % {"name": wrong[0]}
        )
    with blobs.offered(doc.blobs):
        check_state(game, doc.state, _("the table's state"))
        befores = _states_before(game, doc)
        for move, before in zip(doc.moves, befores, strict=True):
            _check_seat(game, move, before)
        if doc.format_version >= replay.REPLAYED_FROM:
            try:
                replay.check(game, doc.moves, befores, doc.state)
            except replay.ReplayRefused as exc:
                raise ImportRefused(str(exc)) from None
        return doc, befores


def _check_undone_marks(moves: list[MoveRecord]) -> None:
    """Replay the log's undos: each takes back the newest move still standing, which must be
    marked undone; every other move must not be. Otherwise undo after the import would take
    back a move the group never undid."""
    standing: list[MoveRecord] = []
    undone: set[int] = set()
    for move in moves:
        if move.name == Move.UNDO:
            if not standing:
                raise ImportRefused(
                    _("Move %(n)s undoes a move, but none is left to undo.") % {"n": move.version}
                )
            undone.add(standing.pop().version)
        else:
            standing.append(move)
    wrong = next((m for m in moves if m.undone != (m.version in undone)), None)
    if wrong is not None:
        raise ImportRefused(
            _("Move %(n)s is marked %(mark)s, but the log's undos say otherwise.")
            % {"n": wrong.version, "mark": _("undone") if wrong.undone else _("not undone")}
        )


def _check_seat(game, move: MoveRecord, before: dict) -> None:
    """The seat that made a move was one of the table's then (a keeper with no seat restores)."""
    if move.name == Move.RESTORE and move.seat == "":
        return
    if move.seat not in {seat.id for seat in game.seats(before)}:
        raise ImportRefused(
            _("Move %(n)s was made by “%(seat)s”, a seat this table did not have.")
            % {"n": move.version, "seat": move.seat}
        )


def _states_before(game, doc: TableDocument) -> list[dict]:
    """Rebuild the log's states from the table's state back, one version at a time.

    Move ``v`` turns the state of version ``v`` into that of ``v - 1`` (undos included, so
    the chain is simply the log read backwards). Each state is checked as the table's is.
    """
    after, states = doc.state, []
    for move in reversed(doc.moves):
        where = _("the state before move %(n)s") % {"n": move.version}
        if move.state_before is not None:
            before = move.state_before
        else:
            try:
                before = patch.apply(after, move.patch)
            except patch.PatchError as exc:
                raise ImportRefused(
                    _("The patch of move %(n)s does not fit the state after it: %(fault)s.")
                    % {"n": move.version, "fault": exc}
                ) from None
        check_state(game, before, where)
        states.append(before)
        after = before
    return states[::-1]


# A random generator's state is a 64-bit number; no count, score or card number comes near.
MAX_NUMBER = 2**64


def _numbers_within_bounds(value: Any) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, int | float) and not -MAX_NUMBER <= item <= MAX_NUMBER:
            return False
    return True


def check_state(game, state: dict, where: str) -> None:
    """The state parses as the game's model, exactly (nothing unknown), and keeps its invariants;
    no number in it is beyond what a game can hold."""
    if not _numbers_within_bounds(state):
        raise ImportRefused(
            _("%(where)s holds a number beyond %(limit)s, which no game here can hold.")
            % {"where": where, "limit": f"{MAX_NUMBER:,}"}
        )
    try:
        parsed = game.load(state)
    except ValidationError as exc:
        sentence = faults.state_fault(exc, where, game.title)
        raise ImportRefused(sentence, faults.detail(exc)) from None
    if parsed.model_dump(mode="json") != state:
        raise ImportRefused(_("%(where)s has fields this game does not know.") % {"where": where})
    broken = game.invariants_fn(parsed)
    if broken:
        raise ImportRefused(f"{where}: " + "; ".join(broken))


def import_table(raw: bytes | str | dict, *, known_tables: list[Table] = ()) -> Table:
    """A new table from the document; every move stored as a patch, whatever its format.

    A move that came with a patch keeps it as it was, so export → import → export gives the
    same document; a full ``state_before`` (format 1, or an old row) becomes a patch.
    """
    if isinstance(raw, dict):
        doc, befores = _validated(raw)
    else:
        doc, befores = _validated(_parsed(raw))
    # The state after each move: the next move's state before, the table's for the last one
    # (a table exported before its first move has neither).
    afters = [*befores[1:], doc.state] if befores else []
    ordered = keeps_key_order()
    with transaction.atomic(), blobs.offered(doc.blobs):
        table = Table.objects.create(
            game=doc.game,
            name=doc.name,
            # The group's name comes back; its results key is this server's (the importing
            # device's own group of that name, or a new one: group_results.key_for).
            group=doc.group,
            group_key=group_results.key_for(doc.group, list(known_tables)),
            state=doc.state,
            version=doc.version,
            created=doc.created,
            # every state of the log finds what it names (all checked above, so all known)
            blobs={k: v for state in (*befores, doc.state) for k, v in blobs.needed(state).items()},
        )
        Move.objects.bulk_create(
            Move(
                table=table,
                name=record.name,
                args=record.args,
                seat=record.seat,
                sentence=record.sentence,
                version=record.version,
                patch=record.patch
                if record.patch is not None
                else patch.diff(after, before, ordered=ordered),
                undone=record.undone,
                created=record.created,
            )
            for record, before, after in zip(doc.moves, befores, afters, strict=True)
        )
    return table
