"""Content-addressed parts of a state: big data that never changes once made, stored once.

A Lands of Galzyr campaign carries its whole card catalog (500 copies weigh ~95 KB of JSON,
nine tenths of the state) and no move ever changes it. Written into every state, it was
decoded, validated, encoded, diffed and written again by every move. Instead, the state names
it by digest (``"sha256:…"``), the table keeps the data once under that name (``Table.blobs``),
and this module keeps the most recently used ones, and their parsed forms, per process.

A digest is the SHA-256 of the data's canonical JSON (sorted keys: PostgreSQL's jsonb gives
objects back in its own order, and the name must not change with it), so data can be checked
against its name, and an imported document can't smuggle in other data under a known name.

No Django here: games/apps.py installs ``fetch`` (``Table.objects.stored_blob``) to read a
digest this process has not kept from the tables that store it.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

PREFIX = "sha256:"

_fetch: Callable[[str], Any] = lambda digest: None  # noqa: E731 — replaced by install()
# Data a document brings while it is checked: read, never kept (an import refused later must
# leave nothing behind, and no one can fill this process's memory by posting documents).
_offered: ContextVar[dict[str, Any] | None] = ContextVar("offered_blobs", default=None)


# Kept per process by digest (the data's content hash, so a kept value is never stale), the
# least recently used dropped first. 64 data and 64 parsed forms: a campaign names one catalog
# (~95 KB of JSON, a few hundred KB parsed) and a server has a handful of worlds' catalogs in
# play at once; the 65th is read from the database again, once. Each entry is a one-item box
# that the first value fills (two threads filling it at once keep the first).
@functools.lru_cache(maxsize=64)
def _data_box(digest: str) -> list:
    return []


@functools.lru_cache(maxsize=64)
def _parsed_box(kind: str, digest: str) -> list:
    return []


def _first(box: list, value: Any) -> Any:
    if not box:
        box.append(value)
    return box[0]


class MissingBlob(LookupError):
    """A state names data that neither this process nor the database has."""


def digest_of(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return PREFIX + hashlib.sha256(text.encode()).hexdigest()


def is_digest(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(PREFIX) and len(value) == len(PREFIX) + 64


def keep(data: Any, parsed: tuple[str, Any] | None = None) -> str:
    """Name ``data`` by its digest and keep it (and, if given, its parsed ``(kind, value)``)."""
    digest = digest_of(data)
    _first(_data_box(digest), data)
    if parsed is not None:
        _first(_parsed_box(parsed[0], digest), parsed[1])
    return digest


def wrong_names(blobs: dict[str, Any]) -> list[str]:
    """The names in ``blobs`` that don't match their data (a changed file)."""
    return [name for name, data in blobs.items() if digest_of(data) != name]


@contextmanager
def offered(blobs: dict[str, Any]) -> Iterator[None]:
    """Within the block, the data of ``blobs`` (checked: wrong names are left out) answers for
    its names without being kept."""
    wrong = set(wrong_names(blobs))
    token = _offered.set({name: data for name, data in blobs.items() if name not in wrong})
    try:
        yield
    finally:
        _offered.reset(token)


def data_of(digest: str) -> Any:
    """The data named ``digest``: kept in this process, else fetched and checked."""
    box = _data_box(digest)
    if box:
        return box[0]
    offered_now = _offered.get()
    if offered_now and digest in offered_now:
        return offered_now[digest]
    fetched = _fetch(digest)
    if fetched is None or digest_of(fetched) != digest:
        raise MissingBlob(digest)
    return _first(box, fetched)


def parsed(digest: str, kind: str, parse: Callable[[Any], Any]) -> Any:
    """``parse(data_of(digest))``, once per process. Callers must not change the value."""
    box = _parsed_box(kind, digest)
    if box:
        return box[0]
    offered_now = _offered.get()
    if offered_now and digest in offered_now and not _data_box(digest):
        return parse(offered_now[digest])  # a document's data: parsed for its check only
    return _first(box, parse(data_of(digest)))


def install(fetch: Callable[[str], Any]) -> None:
    global _fetch
    _fetch = fetch


def forget() -> None:
    """Drop what this process keeps (tests check the path through the database)."""
    _data_box.cache_clear()
    _parsed_box.cache_clear()


def named_in(state: Any) -> set[str]:
    """The digests a state names: string values of its objects, at any depth (arrays are not
    searched, so a state's long lists cost nothing here)."""
    found: set[str] = set()
    todo = [state]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            for value in node.values():
                if isinstance(value, dict):
                    todo.append(value)
                elif is_digest(value):
                    found.add(value)
    return found


def needed(state: Any) -> dict[str, Any]:
    """Every digest the state names, with its data (MissingBlob if one is nowhere)."""
    return {digest: data_of(digest) for digest in sorted(named_in(state))}
