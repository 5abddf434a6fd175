"""Adventurer Powers: the Special feats a player holds and spends when an adventurer starts a
claim, each adding a feat to it.

The rulebook names one power, the Secret Door: it adds a Treasure feat from a depth next to the
claimed one (the first and last depths are not next to each other). The other two powers' texts
are printed on their cards only, so for them the app checks no more than that their feat lies
at the claimed depth or next to it. Each power adds at most one feat.
"""

from __future__ import annotations

from itertools import permutations

from games.core.engine import RuleError
from games.core.words import possessive
from games.tavern_tales.catalog import SECRET_DOOR, Depth, adjacent_depths
from games.tavern_tales.state import PlayedHero, SlotRef, State, depth_row

KIND_NAMES = {
    "treasure": "a Treasure",
    "monster": "a Monster Kill",
    "quest": "a Quest",
    "special": "a Special feat",
}


def _place(ref: SlotRef) -> str:
    return f"{ref.depth} {ref.slot + 1}"


def secret_door_refusal(state: State, claimed: Depth, ref: SlotRef) -> str | None:
    """Why the Secret Door can't add the feat at ``ref`` to a claim at ``claimed`` (None: it can)."""
    near = adjacent_depths(claimed)
    if ref.depth not in near:
        listed = " and the ".join(near)
        return (
            f"The {SECRET_DOOR} adds a feat from a depth next to the {claimed} "
            f"(the {listed}), not from the {ref.depth}."
        )
    slot = depth_row(state, ref.depth).slots[ref.slot]
    only = f"the {SECRET_DOOR} adds only a Treasure feat."
    if slot.face_down:
        return f"The feat at {_place(ref)} lies face-down: {only}"
    if slot.feat is None:
        return f"Tap in the feat at {_place(ref)} first: {only}"
    card = state.catalog.feat(slot.feat)
    kind = card.kind if card is not None else None
    if kind is None:
        return f"Enter the {possessive(slot.feat)} type from its card first: {only}"
    if kind != "treasure":
        return f"The {SECRET_DOOR} adds a Treasure feat: the {slot.feat} is {KIND_NAMES[kind]}."
    return None


def _refusal(state: State, power: str, claimed: Depth, ref: SlotRef) -> str | None:
    if power == SECRET_DOOR:
        return secret_door_refusal(state, claimed, ref)
    if ref.depth != claimed and ref.depth not in adjacent_depths(claimed):
        return f"The {possessive(power)} feat must come from the {claimed} or a depth next to it."
    return None


def _check_slot(state: State, ref: SlotRef) -> None:
    row = depth_row(state, ref.depth)
    if ref.slot >= len(row.slots) or row.slots[ref.slot].empty:
        raise RuleError(f"There is no feat in that place at the {ref.depth}.")


def check_extras(state: State, claimed: Depth, powers: list[str], extra: list[SlotRef]) -> None:
    """Each extra feat needs a power of its own that may add it; refuse with the first reason."""
    if len(extra) > len(powers):
        raise RuleError("Each Adventurer Power adds at most one feat.")
    for ref in extra:
        _check_slot(state, ref)
    for order in permutations(powers, len(extra)):
        if all(
            _refusal(state, p, claimed, ref) is None for p, ref in zip(order, extra, strict=True)
        ):
            return
    for ref in extra:  # no power for every feat: say why, the Secret Door's reason first
        for power in sorted(powers, key=lambda p: p != SECRET_DOOR):
            reason = _refusal(state, power, claimed, ref)
            if reason is not None:
                raise RuleError(reason)
    raise RuleError("Each Adventurer Power adds at most one feat.")


def use_powers(
    state: State,
    who: int,
    hero: PlayedHero,
    claimed: Depth,
    powers: list[str],
    extra: list[SlotRef],
) -> list[SlotRef]:
    """Spend the powers (back into the feat deck) and return the feats they add to the claim."""
    if not powers:
        if extra:
            raise RuleError("Extra feats need an Adventurer Power.")
        return []
    if hero.kind != "adventurer":
        raise RuleError("Adventurer Powers can only be used when an adventurer starts the claim.")
    player = state.players[who]
    for name in powers:
        card = state.catalog.feat(name)
        if card is None or card.kind != "special":
            raise RuleError(f"{name} is not an Adventurer Power.")
        held = next((item for item in player.feats if item.feat == name), None)
        if held is None:
            raise RuleError(f"{player.name} holds no {name}.")
        player.feats.remove(held)
        state.feat_deck += 1  # shuffled back into the deck
    check_extras(state, claimed, powers, extra)
    return list(extra)
