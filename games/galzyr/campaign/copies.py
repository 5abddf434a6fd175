"""A campaign's card copies, named by digest (pure: no Django, no I/O).

The copies (every physical card of the world's catalog, unrolled: ``Campaign.copies``) never
change once the campaign is made, so a state names them by digest (games/core/named.py) and
the table stores the data once. The service that loads a state hands over that data
(``Game.named``); this module keeps the parsed copies per process by digest, so a move doesn't
parse ~500 copies again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter

from games.core.bounds import upto
from games.core.named import ByDigest, digest_of
from storybook.format.common import CardNumber

from .facts import Gold, TimerDays

Variant = upto(99)  # which of a card number's variants


class Copy(BaseModel):
    """One physical card. Frozen: one parsed list is shared by every state that names it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    number: CardNumber
    type: str
    name: str
    variant: Variant | None = None  # which of the number's variants (None: the number has none)
    icon: str | None = None  # the adventurer icon next to the card number
    timer: TimerDays | None = None  # the timer box, in days
    pickup: str | None = None  # quests: the pickup location (None: not entered yet)
    save: str | None = None
    abandon: str | None = None
    tags: list[str] = []
    gold: Gold | None = None

    @property
    def label(self) -> str:
        return f"card #{self.number:03d}"


_COPIES = TypeAdapter(tuple[Copy, ...])


# Copies named by digest never change (the digest is their content's hash), so their parsed
# copies are kept per process, shared read only by every state naming it. 64: a server has a
# handful of worlds' catalogs in play at once, a parsed list weighs a few hundred KB; the
# 65th is parsed again, once.
@lru_cache(maxsize=64)
def _parsed(key: ByDigest) -> tuple[Copy, ...]:
    return key.made()


def keep_copies(copies: list[Copy]) -> str:
    """The digest naming these copies, their parsed form kept (made once per campaign)."""
    digest = digest_of([c.model_dump(mode="json") for c in copies])
    _parsed(ByDigest(digest, lambda: tuple(copies)))
    return digest


def named_copies(digest: str, named: Callable[[str], Any] | None) -> tuple[Copy, ...]:
    """The copies ``digest`` names: kept, else parsed from the data the loading service handed
    over (``named``: ``Game.named``, the state's validation context)."""

    def parse() -> tuple[Copy, ...]:
        data = named(digest) if named is not None else None
        if data is None:
            raise ValueError(
                f"the card copies {digest} are missing (their table stores them, an export too)"
            )
        return _COPIES.validate_python(data)

    return _parsed(ByDigest(digest, parse))


def forget() -> None:
    """Drop the parsed copies (tests: a process that never met them)."""
    _parsed.cache_clear()


def _index(copies: Iterable[Copy]) -> dict[int, list[int]]:
    """Card number → its copies' ids, in catalog order."""
    index: dict[int, list[int]] = {}
    for cid, c in enumerate(copies):
        index.setdefault(c.number, []).append(cid)
    return index


# Named copies never change, so their index is kept by digest. 8: a server's tables share a
# few worlds' copies; an index costs a few KB.
@lru_cache(maxsize=8)
def _named_index(key: ByDigest) -> dict[int, list[int]]:
    return key.made()


def copies_by_number(copies: list[Copy], digest: str | None) -> dict[int, list[int]]:
    """Card number → its copies' ids, in catalog order; kept by ``digest`` when named so."""
    if digest is None:
        return _index(copies)
    return _named_index(ByDigest(digest, lambda: _index(copies)))
