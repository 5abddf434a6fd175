"""The rulebook's procedures as checklists: reset the game or one adventurer, set up a game,
save it (and pack up), continue playing.

Each procedure changes the campaign all at once and returns the physical actions, in the
rulebook's order, for the players to mirror at the box.
"""

from __future__ import annotations

from typing import Literal

from games.engine import RuleError
from games.rng import Rng

from .calendar import clear_timers, place_timer
from .cards import NUMERIC_TRAYS, refill_noticeboard, relocate
from .facts import MAX_ITEMS, ResetPlan, calendar_slot, round_limit, season_of
from .rounds import _start_turn
from .save_effects import resolve_save_effects
from .state import Campaign, Round, build_campaign, in_play, is_tray
from .text import Checklist, Step, adventurer_name, card_label, place_label, possessive

Mode = Literal["competitive", "cooperative"]


def new_campaign(world, seed: int, plan: ResetPlan | None = None) -> tuple[Campaign, Checklist]:
    """A campaign for a storybook ``World``, reset as the rulebook resets the whole game."""
    state = build_campaign(world, seed, plan)
    return state, reset_game(state)


def _packed(state: Campaign) -> None:
    if state.phase != "packed":
        raise RuleError("Resetting is done between games, when every card is in the trays.")


def _copies(state: Campaign, numbers: list[int], key: str) -> list[int]:
    wanted = set(numbers)
    return sorted(
        (cid for cid in state.places[key] if state.copies[cid].number in wanted),
        key=lambda cid: (state.copies[cid].number, cid),
    )


def _move_all(state: Campaign, cids: list[int], dst: str) -> None:
    for cid in cids:
        relocate(state, cid, dst, timers=False)


def _ranges(numbers: list[int]) -> str:
    return f"#{min(numbers):03d}–#{max(numbers):03d}" if numbers else "none"


# -- resetting ------------------------------------------------------------------------------
def reset_game(state: Campaign) -> Checklist:
    """ "Reset the whole game", step by step."""
    _packed(state)
    plan, rng = state.plan, Rng(state.rng)
    steps: Checklist = []
    gathered = [k for k in state.places if is_tray(k) and k != "library" and state.places[k]]
    for key in gathered:
        _move_all(state, list(state.places[key]), "library")
    steps.append(
        Step("Move all cards from the vault, the quest slot and all save slots to the library.")
    )
    if plan.months:
        roll = rng.randint(1, 12)
        month = _copies(state, [plan.months[roll - 1]], "library")[:1]
        _move_all(state, month, "save:global")
        steps.append(
            Step(
                f"The d12 rolled {roll}: move card #{plan.months[roll - 1]:03d} to the global save slot."
            )
        )
    cids = _copies(state, plan.to_global, "library")
    events = [c for c in cids if state.copies[c].type == "event"]
    others = [c for c in cids if state.copies[c].type != "event"]
    rng.shuffle(events)
    _move_all(state, others + events, "save:global")
    steps.append(
        Step(
            f"Take cards {_ranges(plan.to_global)} ({len(cids)} in total) from the library, "
            f"shuffle the {len(events)} event cards and place all {len(cids)} in the global save "
            "slot (the event cards face down, in their shuffled order)."
        )
    )
    quests = _copies(state, plan.to_quest_slot, "library")
    rng.shuffle(quests)
    _move_all(state, quests, "quest_slot")
    steps.append(
        Step(
            f"Take cards {_ranges(plan.to_quest_slot)} ({len(quests)} in total) from the library, "
            "shuffle them and place them in the quest slot."
        )
    )
    front = state.places["quest_slot"][: plan.noticeboard]
    _move_all(state, list(front), "save:global")
    steps.append(
        Step(f"Move the {len(front)} frontmost cards of the quest slot to the global save slot.")
    )
    vault = _copies(state, plan.to_vault, "library")
    _move_all(state, vault, "vault")
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
            _move_all(state, mine[:1], f"save:{aid}")
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
    _packed(state)
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
    _move_all(state, own, "library")
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
    _move_all(state, marked, "library")
    steps.append(
        Step(
            f"Take the {len(marked)} cards with {possessive(name)} icon from the global and other "
            "save slots and place them in the library."
        )
    )
    steps += _fresh_adventurer(state, aid)
    for number in state.plan.vault_on_reset.get(aid, []):
        for cid in state.numbered(number):
            key = state.where()[cid]
            if key == "library" or (key.startswith("save:") and key != "save:global"):
                relocate(state, cid, "vault", timers=False)
                steps.append(
                    Step(
                        f"Move {card_label(state, cid)} from {place_label(state, key)} to the vault."
                    )
                )
    return steps


# -- setting up and continuing ----------------------------------------------------------------
def setup_game(
    state: Campaign,
    players: list[str],
    mode: Mode = "cooperative",
    *,
    challenge: bool = False,
    coop_travel: bool = False,
    starting: str | None = None,
    positions: dict[str, str] | None = None,
) -> Checklist:
    """ "Game setup": the trays' cards onto the table, a random starting day, the timers."""
    _packed(state)
    known = {a.id for a in state.world.adventurers}
    if not players or len(set(players)) != len(players) or not set(players) <= known:
        raise RuleError("Choose one or more different adventurers of this world.")
    steps: Checklist = [
        Step(
            f"Each player takes the cards of their adventurer's save slot and keeps them aside: {', '.join(adventurer_name(state, a) for a in players)}."
        )
    ]
    return steps + _lay_out(
        state, players, mode, challenge, coop_travel, starting, positions, fresh=True
    )


def continue_playing(
    state: Campaign, *, starting: str | None = None, positions: dict[str, str] | None = None
) -> Checklist:
    """ "Continue playing" right after saving: same players, a new game from where it ended."""
    if state.phase != "saved" or state.game is None:
        raise RuleError("Continue playing comes after the game has been saved (without packing).")
    game = state.game
    return _lay_out(
        state,
        game.players,
        game.mode,
        game.challenge,
        game.coop_travel,
        starting,
        positions,
        fresh=False,
    )


def _lay_out(
    state: Campaign,
    players: list[str],
    mode: Mode,
    challenge: bool,
    coop_travel: bool,
    starting: str | None,
    positions: dict[str, str] | None,
    *,
    fresh: bool,
) -> Checklist:
    if starting is not None and starting not in players:
        raise RuleError(f"{adventurer_name(state, starting)} is not playing.")
    locations = {loc.id for loc in state.world.locations}
    if positions and not (set(positions) <= set(players) and set(positions.values()) <= locations):
        raise RuleError("Place the players' figures on locations of the board.")
    mode = "cooperative" if len(players) == 1 else mode  # solo games work like co-op ones
    rng = Rng(state.rng)
    steps: Checklist = [Step("Take all cards from the global save slot and sort them by type.")]
    state.phase = "playing"
    global_slot = list(state.places["save:global"])
    by_type = {
        t: [c for c in global_slot if state.copies[c].type == t]
        for t in ("global_status", "location", "local_status", "event", "quest")
    }
    _move_all(state, by_type["global_status"], "global")
    steps.append(
        Step(
            f"{'Choose competitive or co-operative play: ' + mode + '. ' if len(players) > 1 else ''}Place the global status cards face up and read them."
        )
    )
    season = state.season
    if season is None:
        season = "summer"
        steps.append(Step("No month card is in play: choose the board's side.", manual=True))
    flipped = state.calendar.side != season
    state.calendar.side = season
    steps.append(
        Step(
            f"{'Turn' if flipped or fresh else 'Keep'} the game board and location cards to the {season} side ({(state.month or "month unknown").capitalize()})."
        )
    )
    _move_all(state, by_type["location"], "board")
    for cid in by_type["local_status"]:
        space = state.local_memory.pop(cid, None)
        if space in locations:
            relocate(state, cid, f"local:{space}", timers=False)
            steps.append(Step(f"Place {card_label(state, cid)} at {state.location_name(space)}."))
        else:
            steps.append(
                Step(
                    f"Place {card_label(state, cid)} where it belongs, then tell the app.",
                    manual=True,
                )
            )
    _move_all(state, by_type["event"], "event_deck")
    steps.append(
        Step(
            f"Place the {len(by_type['event'])} event cards face down as the event deck, without shuffling."
        )
    )
    _move_all(state, by_type["quest"], "noticeboard")
    steps.append(
        Step(
            "Place the quests public side up as the noticeboard; put quest tokens on their pickup locations."
        )
    )
    steps += refill_noticeboard(state)
    for cid in state.places["save:global"]:
        steps.append(
            Step(
                f"{card_label(state, cid).capitalize()} stays in the global save slot until a card says otherwise.",
                manual=True,
            )
        )
    for aid in players:
        state.adventurer(aid).prestige = 0
    steps.append(Step("Place each player's prestige token on 0."))
    state.calendar.day = rng.randbelow(7)
    steps.append(
        Step(
            f"The Book of Adventures gives the starting day: place the day token on {calendar_slot(state.calendar.day)}."
        )
    )
    table = [k for k in ("global", "board") if state.places[k]] + [
        k for k in state.places if k.startswith("local:")
    ]
    for key in table:
        steps += [place_timer(state, cid) for cid in state.places[key] if state.copies[cid].timer]
    for aid in players:
        steps += _take_own_cards(state, aid, fresh=fresh)
    first = players.index(starting) if starting else rng.randbelow(len(players))
    state.rng = rng.state
    state.game = Round(
        players=list(players),
        mode=mode,
        challenge=challenge,
        coop_travel=coop_travel,
        starting=first,
        limit=round_limit(len(players)),
    )
    _start_turn(state.game)
    steps.append(Step(f"{adventurer_name(state, players[first])} takes the starting player token."))
    order = players[first:] + players[:first]
    for aid in order:
        where = (positions or {}).get(aid)
        state.adventurer(aid).position = where
        if where:
            steps.append(
                Step(
                    f"Place {possessive(adventurer_name(state, aid))} figure at {state.location_name(where)}; they may pick up quests there."
                )
            )
        else:
            steps.append(
                Step(
                    f"{adventurer_name(state, aid)} places their figure on a location card (or skips: quest #111, Isolated).",
                    manual=True,
                )
            )
    return steps


def _take_own_cards(state: Campaign, aid: str, *, fresh: bool) -> Checklist:
    """Step 11: an adventurer's saved cards go beside their board; their timers go on top."""
    name = adventurer_name(state, aid)
    holding = {
        "item": "items",
        "quest": "quests",
        "companion": "companions",
        "adventurer_status": "statuses",
        "ability": "statuses",
    }
    steps: Checklist = []
    if fresh:
        steps.append(
            Step(
                f"{name}: take the adventurer board and figure; the gold dial stays at {state.adventurer(aid).gold}."
            )
        )
    for cid in list(state.places[f"save:{aid}"]) if fresh else []:
        kind = holding.get(state.copies[cid].type)
        dst = f"{kind}:{aid}" if kind else None
        if dst is None or (kind in ("items", "quests") and len(state.places[dst]) >= MAX_ITEMS):
            steps.append(
                Step(
                    f"{card_label(state, cid).capitalize()} stays in {possessive(name)} save slot: place it as the card says.",
                    manual=True,
                )
            )
            continue
        relocate(state, cid, dst, timers=False)
    if fresh:
        steps.append(
            Step(
                f"{name}: items below the board, statuses and companions beside it, quests in hand."
            )
        )
    for kind in ("items", "quests", "companions", "statuses"):
        steps += [
            place_timer(state, cid)
            for cid in state.places[f"{kind}:{aid}"]
            if state.copies[cid].timer
        ]
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
    state.games_played += 1
    return steps


def in_play_count(state: Campaign) -> int:
    return sum(len(v) for k, v in state.places.items() if in_play(k))


__all__ = [
    "continue_playing",
    "new_campaign",
    "pack_up",
    "reset_adventurer",
    "reset_game",
    "save_game",
    "setup_game",
    "NUMERIC_TRAYS",
    "season_of",
]
