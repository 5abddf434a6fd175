"""Save effects, resolved when a game is saved, in the rulebook's order: adventurer boards,
items, companions, adventurer statuses, local statuses, global statuses, locations.

Save effects are card text. The app carries out the few it can read — "Replace this card with
card NNN" (and every month card's: the next month replaces it), "Discard this card", "Take N
gold from the library" on a board, "Put this card into the global / your save slot" — and
lists the rest for the players to resolve by hand (then they tell the app with card moves).
"""

from __future__ import annotations

import re

from .cards import relocate
from .facts import MAX_GOLD
from .state import PLACE_TYPES, Campaign
from .text import Checklist, Step, adventurer_name, card_label, place_label, possessive

REPLACE = re.compile(r"replace this card with card #?(\d{1,3})[^.]*\.?", re.IGNORECASE)
DISCARD = re.compile(r"discard this card\.?", re.IGNORECASE)
GOLD = re.compile(r"take (\d{1,2}) gold( from the library)?\.?", re.IGNORECASE)
TO_SLOT = re.compile(
    r"(?:put|place) this card (?:in|into) (the global|your) save slot\.?", re.IGNORECASE
)
ORDER = ("items", "companions", "statuses", "local", "global", "board")


def resolve_save_effects(state: Campaign) -> Checklist:
    steps: Checklist = [
        Step(
            "Resolve all save effects, in order: adventurer boards, items, companions, adventurer statuses, local statuses, global statuses, locations."
        )
    ]
    players = state.game.players if state.game else []
    for aid in players:
        steps += _board(state, aid)
    for kind in ORDER:
        keys = [k for k in state.places if k.partition(":")[0] == kind]
        for key in keys:
            for cid in list(state.places[key]):
                if state.where().get(cid) == key:  # a replacement may have moved it already
                    steps += _card(state, cid, key)
    return steps


def _board(state: Campaign, aid: str) -> Checklist:
    text = state.adventurer_def(aid).save
    if not text:
        return []
    name = possessive(adventurer_name(state, aid))
    m = GOLD.fullmatch(text.strip())
    if m is None:
        return [Step(f"Resolve the save effect on {name} board: {text}", manual=True)]
    adv = state.adventurer(aid)
    adv.gold = min(MAX_GOLD, adv.gold + int(m.group(1)))
    return [Step(f"{name} board: take {m.group(1)} gold; turn the gold dial to {adv.gold}.")]


def _card(state: Campaign, cid: int, key: str) -> Checklist:
    copy = state.copies[cid]
    text = (copy.save or "").strip()
    label = card_label(state, cid)
    month = copy.number in state.plan.months and copy.type == "global_status"
    if not text and not month:
        return []
    if m := REPLACE.search(text):
        return _replace(state, cid, key, int(m.group(1))) + _rest(state, cid, text, m)
    if month:
        i = state.plan.months.index(copy.number)
        return _replace(state, cid, key, state.plan.months[(i + 1) % len(state.plan.months)]) + (
            [Step(f"Also resolve the save effect of {label}: {text}", manual=True)] if text else []
        )
    if m := DISCARD.match(text):
        moved = relocate(state, cid, "library", timers=False)
        first = Step(f"Save effect of {label}: discard it. {moved[0].text}")
        return [first, *moved[1:], *_rest(state, cid, text, m)]
    if m := TO_SLOT.match(text):
        owner = key.partition(":")[2] if m.group(1).lower() == "your" else None
        slot = (
            "save:global"
            if owner is None or owner not in {a.id for a in state.world.adventurers}
            else f"save:{owner}"
        )
        state.save_memory[cid] = slot
        return [
            Step(f"{label.capitalize()} will go to {place_label(state, slot)} when packing.")
        ] + _rest(state, cid, text, m)
    return [Step(f"Resolve the save effect of {label}: {text}", manual=True)]


def _rest(state: Campaign, cid: int, text: str, m: re.Match) -> Checklist:
    rest = (text[: m.start()] + text[m.end() :]).strip()
    if not rest:
        return []
    return [
        Step(
            f"Also resolve the rest of the save effect of {card_label(state, cid)}: {rest}",
            manual=True,
        )
    ]


def _replace(state: Campaign, cid: int, key: str, number: int) -> Checklist:
    """The new card takes the old one's place; the old one goes where the new one came from."""
    label = card_label(state, cid)
    where = state.where()
    sources = ("library", "vault")
    new = next((c for c in state.numbered(number) if where[c] in sources), None)
    if new is None:
        return [
            Step(
                f"Replace {label} with card #{number:03d}: it is in neither the library nor the vault; find it.",
                manual=True,
            )
        ]
    allowed = PLACE_TYPES.get(key.partition(":")[0])
    if allowed and state.copies[new].type not in allowed:
        return [
            Step(
                f"Replace {label} with card #{number:03d} and place it as its type says.",
                manual=True,
            )
        ]
    src = where[new]
    relocate(state, cid, src, timers=False)
    relocate(state, new, key, timers=False)
    return [
        Step(
            f"Save effect of {label}: replace it with {card_label(state, new)} from "
            f"{place_label(state, src)}; put {label} into {place_label(state, src)}."
        )
    ]
