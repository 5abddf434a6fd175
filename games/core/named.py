"""Data a state names by digest instead of carrying it (pure: no Django, no I/O).

Big data that never changes once made (a Lands of Galzyr campaign's card copies: 500 of them,
~95 KB of JSON, nine tenths of its state) is named in the state by the SHA-256 of its
canonical JSON (``"sha256:…"``). The table stores the data once under that name and the
service that loads a state hands the rules a function from name to data
(``Game.named``, games/services/blobs.py); the rules never fetch it themselves.

A digest is taken over sorted keys: PostgreSQL's jsonb gives objects back in its own order,
and the name must not change with it. So data can be checked against its name, and an
imported document can't smuggle in other data under a known name.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

PREFIX = "sha256:"


def digest_of(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return PREFIX + hashlib.sha256(text.encode()).hexdigest()


def is_digest(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(PREFIX) and len(value) == len(PREFIX) + 64


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


class ByDigest:
    """A digest with the way to make what it names: hashed and compared by the digest alone,
    so a ``functools.lru_cache`` keyed by it makes each value once per digest (the content's
    hash: a kept value is never stale) whoever asks and however they would make it."""

    __slots__ = ("digest", "_make")

    def __init__(self, digest: str, make: Callable[[], Any]) -> None:
        self.digest = digest
        self._make: Callable[[], Any] | None = make

    def made(self) -> Any:
        """The value, made once: the cache keeps this key, not what ``make`` held on to."""
        make, self._make = self._make, None
        if make is None:
            raise RuntimeError(f"{self.digest} was made already")
        return make()

    def __hash__(self) -> int:
        return hash(self.digest)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ByDigest) and other.digest == self.digest
