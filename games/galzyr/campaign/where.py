"""Where is card #N? One sentence naming the place of each of its copies, for one number or
for the whole catalog; the drawn event card is named only to the story master."""

from __future__ import annotations

from .state import Campaign
from .text import card_label, place_label


def where_is(state: Campaign, number: int, *, hide_drawn: bool = True) -> str:
    """ "Where is card #N?" in one sentence; the drawn event card shows as in the event deck
    unless ``hide_drawn`` is False (the story master's own answer)."""
    where = state.where(hide_drawn=hide_drawn)
    return _where_sentence(state, number, state.numbered(number), where, _labels(state, hide_drawn))


def where_all(state: Campaign, *, hide_drawn: bool = True) -> dict[int, str]:
    """ "Where is card #N?" for every number of the catalog, in numerical order.

    One pass over the copies: ``where_is`` rescans them all and rebuilds the copy → place map
    per number, which on a 500-copy catalog cost the panel ~12 ms per render.
    """
    by_number: dict[int, list[int]] = {}
    for cid, copy in enumerate(state.copies):
        by_number.setdefault(copy.number, []).append(cid)
    where, labels = state.where(hide_drawn=hide_drawn), _labels(state, hide_drawn)
    return {n: _where_sentence(state, n, by_number[n], where, labels) for n in sorted(by_number)}


def _where_sentence(
    state: Campaign, number: int, cids: list[int], where: dict[int, str], labels: dict[str, str]
) -> str:
    """The sentence for the copies ``cids`` of card ``number``; ``labels`` memoizes place
    labels across calls (most copies share a handful of places)."""
    if not cids:
        return f"There is no card #{number:03d} in this campaign's catalog."

    def place(cid: int) -> str:
        key = where[cid]
        if key not in labels:
            labels[key] = place_label(state, key)
        return labels[key]

    if len({where[c] for c in cids}) == 1 and len(cids) > 1:
        every = "Both" if len(cids) == 2 else f"All {len(cids)}"
        return f"{every} copies of card #{number:03d} are in {place(cids[0])}."
    # Copies that look alike and lie together are counted, not listed one by one.
    together: dict[str, list[int]] = {}
    for cid in cids:
        together.setdefault(where[cid], []).append(cid)
    parts = []
    for members in together.values():
        looks = {card_label(state, cid) for cid in members}
        if len(members) > 1 and len(looks) == 1:
            parts.append(f"{len(members)} copies of {looks.pop()} are in {place(members[0])}")
        else:
            parts.extend(f"{card_label(state, cid)} is in {place(cid)}" for cid in members)
    return "; ".join(p[0].upper() + p[1:] for p in parts) + "."


def _labels(state: Campaign, hide_drawn: bool) -> dict[str, str]:
    """The place labels "Where is card #N?" starts from while an event card is drawn: everyone
    but the story master (the shared display too: the players read it) is told that any card
    of the deck may be the one in the story master's hand; the story master, who holds it,
    that it is in their hand."""
    if not state.places.get("drawn"):
        return {}
    if hide_drawn:
        deck = "the event deck, or in the story master's hand if it is the event card drawn now"
        return {"event_deck": deck}
    return {"drawn": "your hand: the event card you drew for this scene"}
