"""The rulebook's procedures as checklists: reset the whole game or one adventurer, set up a
game (``setup.py``), save it and pack up, continue playing.

Each procedure changes the campaign all at once and returns the physical actions, in the
rulebook's order, for the players to mirror at the box.
"""

from __future__ import annotations

from games.core.engine import RuleError
from games.core.rng import Rng
from storybook.loading.world import World

from .build import build_campaign
from .calendar import clear_timers
from .cards import relocate
from .facts import ResetPlan
from .save_effects import resolve_save_effects
from .setup import continue_playing, move_all, packed, setup_game
from .state import Campaign, is_tray
from .text import Checklist, Step, card_label, place_label, possessive

__all__ = [
    "continue_playing",
    "new_campaign",
    "pack_up",
    "reset_adventurer",
    "reset_game",
    "save_game",
    "setup_game",
]


def new_campaign(
    world: World, seed: int, plan: ResetPlan | None = None
) -> tuple[Campaign, Checklist]:
    """A campaign for a storybook ``World``, reset as the rulebook resets the whole game."""
    state = build_campaign(world, seed, plan)
    return state, reset_game(state)


def _copies(state: Campaign, numbers: list[int], key: str) -> list[int]:
    wanted = set(numbers)
    return sorted(
        (cid for cid in state.places[key] if state.copies[cid].number in wanted),
        key=lambda cid: (state.copies[cid].number, cid),
    )


def _ranges(numbers: list[int]) -> str:
    return f"#{min(numbers):03d}–#{max(numbers):03d}" if numbers else "none"


# -- resetting ------------------------------------------------------------------------------
def reset_game(state: Campaign) -> Checklist:
    """ "Reset the whole game", step by step."""
    packed(state)
    plan, rng = state.plan, Rng(state.rng)
    steps: Checklist = []
    gathered = [k for k in state.places if is_tray(k) and k != "library" and state.places[k]]
    for key in gathered:
        move_all(state, list(state.places[key]), "library")
    steps.append(
        Step("Move all cards from the vault, the quest slot and all save slots to the library.")
    )
    if plan.months:
        roll = rng.randint(1, 12)
        month = _copies(state, [plan.months[roll - 1]], "library")[:1]
        move_all(state, month, "save:global")
        steps.append(
            Step(
                f"The d12 rolled {roll}: move card #{plan.months[roll - 1]:03d} to the global save slot."
            )
        )
    cids = _copies(state, plan.to_global, "library")
    events = [c for c in cids if state.copies[c].type == "event"]
    others = [c for c in cids if state.copies[c].type != "event"]
    rng.shuffle(events)
    move_all(state, others + events, "save:global")
    steps.append(
        Step(
            f"Take cards {_ranges(plan.to_global)} ({len(cids)} in total) from the library, "
            f"shuffle the {len(events)} event cards and place all {len(cids)} in the global save "
            "slot (the event cards face down, in their shuffled order)."
        )
    )
    quests = _copies(state, plan.to_quest_slot, "library")
    rng.shuffle(quests)
    move_all(state, quests, "quest_slot")
    steps.append(
        Step(
            f"Take cards {_ranges(plan.to_quest_slot)} ({len(quests)} in total) from the library, "
            "shuffle them and place them in the quest slot."
        )
    )
    front = state.places["quest_slot"][: plan.noticeboard]
    move_all(state, list(front), "save:global")
    steps.append(
        Step(f"Move the {len(front)} frontmost cards of the quest slot to the global save slot.")
    )
    vault = _copies(state, plan.to_vault, "library")
    move_all(state, vault, "vault")
    steps.append(
        Step(
            f"Take cards {_ranges(plan.to_vault)} ({len(vault)} in total) from the library and "
            "place them in the vault."
        )
    )
    state.rng = rng.state
    state.local_memory, state.save_memory = {}, {}
    for adv in state.adventurers:
        steps += _fresh_adventurer(state, adv.id)
    return steps


def _fresh_adventurer(state: Campaign, aid: str) -> Checklist:
    """Steps 3–5 of "Reset an adventurer": their own cards, 10 gold, the board's marks."""
    definition = state.adventurer_def(aid)
    name = definition.name
    steps: Checklist = []
    for number in state.plan.per_adventurer:
        mine = [
            cid
            for cid in _copies(state, [number], "library")
            if state.copies[cid].icon == definition.icon
        ]
        if mine:
            move_all(state, mine[:1], f"save:{aid}")
            steps.append(
                Step(
                    f"Move {card_label(state, mine[0])} from the library to {possessive(name)} save slot."
                )
            )
        elif any(state.copies[c].icon == definition.icon for c in state.numbered(number)):
            steps.append(
                Step(
                    f"Card #{number:03d} with {possessive(name)} icon is not in the library: find it.",
                    manual=True,
                )
            )
    adv = state.adventurer(aid)
    adv.gold = definition.gold
    adv.marks = dict(definition.marks)
    adv.prestige, adv.position, adv.tags = 0, None, []
    marks = ", ".join(f"{n} on {s}" for s, n in sorted(definition.marks.items()))
    steps.append(Step(f"Set {possessive(name)} gold dial to {adv.gold}."))
    steps.append(Step(f"Reset {possessive(name)} skill marks as the board shows: {marks}."))
    return steps


def reset_adventurer(state: Campaign, aid: str) -> Checklist:
    """ "Reset an adventurer" (e.g. for a new player joining with a clean slate)."""
    packed(state)
    definition = state.adventurer_def(aid)
    name = definition.name
    steps: Checklist = [Step(f"Take all cards from {possessive(name)} save slot.")]
    own = list(state.places[f"save:{aid}"])
    for cid in own:
        if state.copies[cid].type == "quest":
            text = state.copies[cid].abandon
            steps.append(
                Step(
                    f"Resolve the abandon effects of {card_label(state, cid)}"
                    + (f": {text}" if text else "")
                    + " (the noticeboard and event deck are in the global save slot).",
                    manual=True,
                )
            )
    move_all(state, own, "library")
    steps.append(Step(f"Place the rest of {possessive(name)} cards ({len(own)}) in the library."))
    slots = ["save:global"] + [f"save:{a.id}" for a in state.world.adventurers if a.id != aid]
    marked = [
        cid
        for key in slots
        for cid in state.places[key]
        if state.copies[cid].icon == definition.icon
    ]
    for cid in marked:
        save = state.copies[cid].save
        if save:
            steps.append(
                Step(f"Resolve the save effect of {card_label(state, cid)}: {save}", manual=True)
            )
    move_all(state, marked, "library")
    steps.append(
        Step(
            f"Take the {len(marked)} cards with {possessive(name)} icon from the global and other "
            "save slots and place them in the library."
        )
    )
    steps += _fresh_adventurer(state, aid)
    for number in state.plan.vault_on_reset.get(aid, []):
        for cid in state.numbered(number):
            key = state.place_of(cid)
            if key == "library" or (key.startswith("save:") and key != "save:global"):
                relocate(state, cid, "vault", timers=False)
                steps.append(
                    Step(
                        f"Move {card_label(state, cid)} from {place_label(state, key)} to the vault."
                    )
                )
    return steps


# -- saving -----------------------------------------------------------------------------------
def save_game(state: Campaign, *, pack: bool = True) -> Checklist:
    """ "Saving the game": timers off unresolved, save effects in the rulebook's order, then
    (``pack``) every card into the save slots; without packing, continue_playing follows."""
    if state.phase not in ("playing", "over") or state.game is None:
        raise RuleError("Only a game on the table can be saved.")
    if state.places["drawn"]:
        raise RuleError("Finish the scene first: the drawn event card must be placed.")
    steps: Checklist = [
        Step("Remove all timer tokens from the calendar and the cards without resolving them.")
    ]
    steps += clear_timers(state)
    state.calendar.day = None
    steps += resolve_save_effects(state)
    state.phase = "saved"
    state.games_played += 1
    if pack:
        steps += pack_up(state)
    return steps


def pack_up(state: Campaign) -> Checklist:
    """ "Pack the game into the box" (after the save effects)."""
    if state.phase != "saved":
        raise RuleError("Save the game (timers and save effects) before packing up.")
    steps: Checklist = []
    for adv in state.world.adventurers:
        moved = 0
        for kind in ("quests", "items", "companions", "statuses"):
            for cid in list(state.places[f"{kind}:{adv.id}"]):
                relocate(state, cid, state.save_memory.pop(cid, f"save:{adv.id}"), timers=False)
                moved += 1
        if moved:
            steps.append(
                Step(
                    f"Place {possessive(adv.name)} quests, items, companions and statuses ({moved}) in their save slot."
                )
            )
        state.adventurer(adv.id).position = None
    for key in (
        "noticeboard",
        *(k for k in state.places if k.startswith("local:")),
        "global",
        "event_deck",
        "board",
    ):
        for cid in list(state.places[key]):
            if key.startswith("local:"):
                state.local_memory[cid] = key.partition(":")[2]
            relocate(state, cid, state.save_memory.pop(cid, "save:global"), timers=False)
    steps.append(
        Step(
            "Place the noticeboard's quests, the local and global statuses, the event deck (in order) and the location cards in the global save slot."
        )
    )
    steps.append(
        Step("Pack everything into the box without touching the gold dials or the skill marks.")
    )
    state.save_memory = {}
    state.phase, state.game = "packed", None
    state.calendar.side = None
    return steps
