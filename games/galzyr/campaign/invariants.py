"""What must hold after every completed action; ``check`` lists each broken rule as a sentence.

- every card copy is in exactly one place, and every place is one the campaign knows;
- a place of play holds only its card types (items in an inventory, quests on the noticeboard…);
- gold 0–20, 4 skill marks with at most 2 per skill, prestige never below 0;
- at most 3 items and 3 quests; never two copies of the same status on one adventurer;
- between games every card is in the trays, no timer token is out and no figure on the board;
- during a game the noticeboard holds 3 quests unless the quest slot is empty, the board shows
  the month's side, at most one event card is drawn;
- timers consistent with the calendar: one token per card, only for cards in play, always
  ahead of the day token (a token the day token reaches is resolved at once), none between games.
"""

from __future__ import annotations

from collections import Counter

from .facts import (
    MAX_GOLD,
    MAX_ITEMS,
    MAX_MARKS_PER_SKILL,
    MAX_QUESTS,
    NOTICEBOARD_SIZE,
    SKILL_MARKS,
)
from .state import PLACE_TYPES, Campaign, in_play, is_tray, place_keys, place_kind


def check(state: Campaign) -> list[str]:
    broken: list[str] = []
    broken += _copies(state)
    broken += _adventurers(state)
    broken += _phase(state)
    broken += _timers(state)
    return broken


def _copies(state: Campaign) -> list[str]:
    out: list[str] = []
    expected = set(place_keys(state.world))
    if set(state.places) != expected:
        out.append(f"unknown or missing places: {sorted(set(state.places) ^ expected)}")
    seen = Counter(cid for cids in state.places.values() for cid in cids)
    n = len(state.copies)
    for cid, count in seen.items():
        if not 0 <= cid < n:
            out.append(f"copy {cid} is not in the catalog")
        elif count > 1:
            out.append(f"card #{state.copies[cid].number:03d} (copy {cid}) is in {count} places")
    missing = [cid for cid in range(n) if cid not in seen]
    if missing:
        out.append(f"copies {missing[:5]} are nowhere")
    for key, cids in state.places.items():
        allowed = PLACE_TYPES.get(place_kind(key))
        for cid in cids:
            if allowed and 0 <= cid < n and state.copies[cid].type not in allowed:
                out.append(f"card #{state.copies[cid].number:03d} cannot be in {key}")
    return out


def _adventurers(state: Campaign) -> list[str]:
    out: list[str] = []
    skills = set(state.world.skills)
    locations = {loc.id for loc in state.world.locations}
    for adv in state.adventurers:
        who = adv.id
        if not 0 <= adv.gold <= MAX_GOLD:
            out.append(f"{who} has {adv.gold} gold (0–{MAX_GOLD})")
        if sum(adv.marks.values()) != SKILL_MARKS:
            out.append(f"{who} has {sum(adv.marks.values())} skill marks, not {SKILL_MARKS}")
        for skill, marks in adv.marks.items():
            if skill not in skills or not 1 <= marks <= MAX_MARKS_PER_SKILL:
                out.append(f"{who} has {marks} marks on {skill}")
        if adv.prestige < 0:
            out.append(f"{who} has negative prestige")
        if adv.position is not None and adv.position not in locations:
            out.append(f"{who} stands on an unknown space {adv.position}")
        if len(state.places[f"items:{who}"]) > MAX_ITEMS:
            out.append(f"{who} has more than {MAX_ITEMS} items")
        if len(state.places[f"quests:{who}"]) > MAX_QUESTS:
            out.append(f"{who} has more than {MAX_QUESTS} quests")
        statuses = Counter(
            (state.copies[c].number, state.copies[c].variant)
            for c in state.places[f"statuses:{who}"]
        )
        for (number, _), count in statuses.items():
            if count > 1:
                out.append(f"{who} has status #{number:03d} {count} times")
    return out


def _phase(state: Campaign) -> list[str]:
    out: list[str] = []
    game = state.game
    if state.phase == "packed":
        strays = [k for k, v in state.places.items() if v and not is_tray(k)]
        if strays:
            out.append(f"between games cards are out of the trays: {strays}")
        if game is not None or state.calendar.day is not None or state.calendar.side is not None:
            out.append("between games there is no round, day token or board side")
        if any(a.position is not None for a in state.adventurers):
            out.append("between games no figure is on the board")
        return out
    if game is None:
        return [f"a game is {state.phase} but no round is recorded"]
    known = {a.id for a in state.world.adventurers}
    if not set(game.players) <= known or len(set(game.players)) != len(game.players):
        out.append("the players are not distinct adventurers of this world")
    if not 1 <= game.number <= game.limit:
        out.append(f"round {game.number} is outside 1–{game.limit}")
    if not 0 <= game.turn < len(game.players):
        out.append("the turn is not a player's")
    if any(m < 0 for m in game.moves.values()):
        out.append("moves below 0")
    holders = {
        k.partition(":")[2]
        for k, v in state.places.items()
        if v and place_kind(k) in ("items", "quests", "companions", "statuses")
    }
    if not holders <= set(game.players):
        out.append(f"{sorted(holders - set(game.players))} hold cards but are not playing")
    if state.phase == "playing":
        if state.calendar.day is None:
            out.append("a game is on without a day token")
        board, slot = state.places["noticeboard"], state.places["quest_slot"]
        if len(board) < NOTICEBOARD_SIZE and slot:
            out.append(f"the noticeboard holds {len(board)} quests while the quest slot has more")
        months = [
            cid for cid in state.places["global"] if state.copies[cid].number in state.plan.months
        ]
        if len(months) > 1:
            out.append(f"{len(months)} month cards are in play")
        if state.season is not None and state.calendar.side != state.season:
            out.append(f"the board shows {state.calendar.side} in {state.month}")
        if len(state.places["drawn"]) > 1:
            out.append("more than one event card is drawn")
    return out


def _timers(state: Campaign) -> list[str]:
    out: list[str] = []
    timers = state.calendar.timers
    if not timers:
        return out
    if state.phase != "playing" or state.calendar.day is None:
        return ["timer tokens are out between games or after saving"]
    where = state.where()
    counts = Counter(t.copy_id for t in timers)
    for t in timers:
        if counts[t.copy_id] > 1:
            out.append(f"copy {t.copy_id} has {counts[t.copy_id]} timer tokens")
        if t.copy_id not in where or not in_play(where[t.copy_id]):
            out.append(f"a timer token belongs to copy {t.copy_id}, which is not in play")
        if t.day <= state.calendar.day:
            out.append(
                f"a timer token on day {t.day} is not ahead of the day token ({state.calendar.day})"
            )
    return out
