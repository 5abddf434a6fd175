"""What a simulated campaign tells the reader's conditions: which places are in play, and lazy
views of the state for ``Facts`` (``Campaign.facts``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from storybook.interpreter.context import Facts

if TYPE_CHECKING:  # only for annotations: campaign.py imports this module
    from storybook.campaign import Campaign, Player

IN_PLAY_PREFIXES = ("p", "at:", "global", "drawn")


def in_play(place: str) -> bool:
    return place.startswith(IN_PLAY_PREFIXES)


def facts_of(camp: Campaign, player: Player) -> Facts:
    return Facts(
        adventurer=player.adventurer,
        location=player.location,
        gold=player.gold,
        tags=_Tags(camp, player),  # type: ignore[arg-type]
        cards=_Held(camp, player),  # type: ignore[arg-type]
        cards_here=_Here(camp, player),  # type: ignore[arg-type]
        cards_in_play=_InPlay(camp),  # type: ignore[arg-type]
        card_places=_Places(camp),
        marks=player.marks,
    )


# Lazy views of the state for Facts: conditions test membership only, so nothing is built
# unless a condition asks.
class _Held:
    def __init__(self, camp: Campaign, player: Player):
        self.camp, self.player = camp, player

    def __contains__(self, number: object) -> bool:
        return isinstance(number, int) and self.camp.holds(self.player, number)


class _Tags:
    def __init__(self, camp: Campaign, player: Player):
        self.camp, self.player = camp, player

    def __contains__(self, tag: object) -> bool:
        if tag in self.player.tags:
            return True
        return any(tag in self.camp.ix.tags[c] for c in self.camp.held(self.player))


class _Here:
    def __init__(self, camp: Campaign, player: Player):
        self.camp, self.player = camp, player

    def __contains__(self, number: object) -> bool:
        if not isinstance(number, int) or self.player.location is None:
            return False
        return bool(self.camp.where(number, "at:" + self.player.location))


class _InPlay:
    def __init__(self, camp: Campaign):
        self.camp = camp

    def __contains__(self, number: object) -> bool:
        if not isinstance(number, int):
            return False
        return any(in_play(self.camp.place[c]) for c in self.camp.copies(number))


class _Places(Mapping):
    """card → "vault" / "quest_slot" / "library": the first of these holding a copy."""

    def __init__(self, camp: Campaign):
        self.camp = camp

    def __getitem__(self, number: object) -> str:
        if isinstance(number, int):
            places = {self.camp.place[c] for c in self.camp.copies(number)}
            for where in ("vault", "quest_slot", "library"):
                if where in places:
                    return where
        raise KeyError(number)

    def __iter__(self):
        return iter(self.camp.ix.by_card)

    def __len__(self) -> int:
        return len(self.camp.ix.by_card)
