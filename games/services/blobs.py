"""The data states name by digest (games/core/named.py), read for the rules that need it.

A Lands of Galzyr campaign names its card copies by digest instead of carrying it; the table
keeps the data once under that name (``Table.blobs``). This module hands it to the rules:
the services' game (games/services/handed.py) is handed ``stored``, which answers a digest
from the data this process keeps, else from the tables that store it (once per process), so a
state loaded by a service always finds what it names and the rules fetch nothing themselves.
The rules keep their own parsed form by digest (games/galzyr/campaign/state.py), so a move
reads here only when that form is not kept.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from games.core.named import ByDigest, digest_of, named_in
from games.models import Table

# Data a document brings while it is checked: read, never kept (an import refused later must
# leave nothing behind, and no one can fill this process's memory by posting documents).
_offered: ContextVar[dict[str, Any] | None] = ContextVar("offered_blobs", default=None)


class MissingBlob(LookupError):
    """A state names data that neither this process nor the database has."""


# Kept per process by digest (the data's content hash, so a kept value is never stale), the
# least recently used dropped first. 64: a campaign names one catalog (~95 KB of JSON) and a
# server has a handful of worlds' catalogs in play at once; the 65th is read again, once.
@functools.lru_cache(maxsize=64)
def _kept(key: ByDigest) -> Any:
    return key.made()


def _stored(digest: str) -> Any:
    fetched = Table.objects.stored_blob(digest)
    if fetched is None or digest_of(fetched) != digest:
        raise MissingBlob(digest)
    return fetched


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
    """The data named ``digest``: a document's being checked, kept in this process, else read
    from a table that stores it (MissingBlob when none does)."""
    offered_now = _offered.get()
    if offered_now and digest in offered_now:
        return offered_now[digest]
    return _kept(ByDigest(digest, lambda: _stored(digest)))


def forget() -> None:
    """Drop what this process keeps (tests check the path through the database)."""
    _kept.cache_clear()


def needed(state: Any) -> dict[str, Any]:
    """Every digest the state names, with its data (MissingBlob if one is nowhere)."""
    return {digest: data_of(digest) for digest in sorted(named_in(state))}


def stored(digest: str) -> Any | None:
    """The data named ``digest``, or None when it is nowhere: what ``Game.named`` hands the
    rules (games/core/named.py; handed.game)."""
    try:
        return data_of(digest)
    except MissingBlob:
        return None
