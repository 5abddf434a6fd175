"""A status gained again: an adventurer never holds two of the same status; gaining one they
have restarts it (its timed effects), and the card stays where it is."""

from __future__ import annotations

from games.core.engine import RuleError

from .calendar import place_timer
from .state import Campaign
from .text import Checklist, Step, adventurer_name, card_label


def held_status(state: Campaign, number: int, aid: str, *, own_icon: bool = False) -> int | None:
    """The copy of status #``number`` the adventurer has (``own_icon``: the one with their
    icon, for a card printed once per adventurer icon), if any."""
    icon = state.adventurer_def(aid).icon
    for cid in state.places[f"statuses:{aid}"]:
        card = state.copies[cid]
        if card.number == number and (not own_icon or card.icon == icon):
            return cid
    return None


def held_twin(state: Campaign, number: int, aid: str, *, by_icon: bool) -> int | None:
    """The status #``number`` that ``aid`` holds already, which taking it would give again.
    Asked before a copy is chosen: with every copy in play (each adventurer Inspired) the one
    gaining it again still restarts it, where choosing a copy would find none."""
    copies = state.numbered(number)
    if not copies or state.copies[copies[0]].type not in ("adventurer_status", "ability"):
        return None
    return held_status(state, number, aid, own_icon=by_icon)


def gain_again(state: Campaign, twin: int, aid: str) -> Checklist:
    """``twin``, held by ``aid``, is gained again: its timer restarts."""
    if state.phase not in ("playing", "over"):
        raise RuleError("Cards are taken into play during a game.")
    steps = [
        Step(
            f"{adventurer_name(state, aid)} already has {card_label(state, twin)}: gaining it "
            "again restarts its timed effects."
        )
    ]
    if state.copies[twin].timer is not None:
        steps.append(place_timer(state, twin))
    return steps
