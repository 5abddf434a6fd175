"""What the campaign tells the book about an adventurer: the reader's ``Facts``.

The app's reader (campaign mode) and the playtester ask the same function, so a prerequisite
or a question answered from the campaign reads the same at the table and in the playtest. It
runs for every scene the playtester reads: only the places in play are walked, and the trays
(most of the cards) only when a condition asks where a card is (``card_in``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from storybook.interpreter.context import Facts

from .state import HOLDINGS, IN_PLAY, Campaign

# The trays a condition ``card_in`` names, in the order a card with copies in several is told.
NAMED_TRAYS = ("library", "vault", "quest_slot")


def tracked_facts(c: Campaign, aid: str) -> Facts:
    """The adventurer ``aid``'s facts: where they stand, their gold, tags, marks and cards,
    the local statuses on their space, every card in play and the trays holding each card."""
    adv = c.adventurer(aid)
    copies = c.copies
    here = f"local:{adv.position}" if adv.position is not None else None
    mine: set[int] = set()
    tags = set(c.adventurer_def(aid).tags) | set(adv.tags)
    in_play: set[int] = set()
    local: set[int] = set()
    for key, cids in c.places.items():
        if not cids:
            continue
        kind, _, owner = key.partition(":")
        if kind not in IN_PLAY:
            continue
        numbers = [copies[cid].number for cid in cids]
        in_play.update(numbers)
        if owner == aid and kind in HOLDINGS:
            mine.update(numbers)
            for cid in cids:
                tags.update(copies[cid].tags)
        elif key == here:
            local.update(numbers)
    return Facts(
        adventurer=aid,
        location=adv.position,
        gold=adv.gold,
        tags=frozenset(tags),
        cards=frozenset(mine),
        cards_here=None if here is None else frozenset(local),
        cards_in_play=frozenset(in_play),
        card_places=TrayOf(c),
        marks=dict(adv.marks),
    )


class TrayOf(Mapping):
    """Card number → the first of the named trays holding a copy, looked up when asked."""

    def __init__(self, c: Campaign):
        self._c = c
        self._found: dict[int, str] | None = None

    def _all(self) -> dict[int, str]:
        if self._found is None:
            found: dict[int, str] = {}
            for key in NAMED_TRAYS:
                for cid in self._c.places[key]:
                    found.setdefault(self._c.copies[cid].number, key)
            self._found = found
        return self._found

    def __getitem__(self, number: int) -> str:
        return self._all()[number]

    def __iter__(self) -> Iterator[int]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())
