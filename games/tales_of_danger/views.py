"""What each seat may see. Hidden values are left out of the dict, not merely flagged."""

from __future__ import annotations

from typing import Any

from games.engine import TABLE_SEAT, RuleError, Seat
from games.tales_of_danger.acts import available_sponsors, check_secure, must_secure
from games.tales_of_danger.market import free_in_pool
from games.tales_of_danger.scoring import outcome, scoreboard
from games.tales_of_danger.state import State
from games.tales_of_danger.table import POOL_SIZE, player_at, seat_of
from games.tales_of_danger.voyage import still_owed


def seats(state: State) -> list[Seat]:
    return [Seat(TABLE_SEAT, "Table", "table")] + [
        Seat(seat_of(i), p.name, "player") for i, p in enumerate(state.players)
    ]


def _viewer(state: State, seat: str) -> int | None:
    if seat == TABLE_SEAT or not seat.startswith("p"):
        return None
    try:
        return player_at(state, seat)
    except RuleError:
        return None


def _segment(state: State, index: int) -> dict[str, Any] | None:
    segment = state.players[index].segment
    if segment is None:
        return None
    owed = still_owed(state.catalog, segment.costs, [])
    # What each cancel would leave owing, so the table sees the effect of a Priest, Doctor or
    # Merchant before anyone pays.
    after = {}
    for label in ("bad-luck", "illness", "rough-seas"):
        left = still_owed(state.catalog, segment.costs, [label])
        if left.cancelled:
            after[label] = {"crew": left.crew, "supplies": left.supplies}
    return {
        "difficulty": segment.difficulty,
        "costs": list(segment.costs),
        "owed": {"crew": owed.crew, "supplies": owed.supplies},
        "after_cancel": after,
        "bonus_cards": owed.bonus,
    }


def _player(state: State, index: int, viewer: int | None) -> dict[str, Any]:
    p = state.players[index]
    private = state.stage in ("act3", "over") and viewer != index
    out: dict[str, Any] = {
        "seat": seat_of(index),
        "name": p.name,
        "act": p.act,
        "sponsor": p.sponsor,
        "hand_count": len(p.hand),
        "discard_to": p.discard_to,
        "segment": _segment(state, index),
        "segments_done": len(p.voyage),
        "journals_owed": p.journals_owed,
    }
    if not private:
        out["hand"] = list(p.hand)
    return out


def _secure_hints(state: State, index: int) -> dict[str, Any]:
    """For an Act 1 player: could the whole hand secure each available sponsor?"""
    hints = {}
    for sponsor in available_sponsors(state):
        try:
            check = check_secure(state.catalog, sponsor, state.players[index].hand)
            hints[sponsor] = {"ok": check.ok, "reason": check.reason}
        except RuleError as exc:
            hints[sponsor] = {"ok": None, "reason": str(exc)}
    return hints


def _prompt(state: State) -> str:
    if state.stage == "deal":
        waiting = [p.name for p in state.players if not p.hand]
        if waiting:
            return f"Deal 3 face-up cards to {', '.join(waiting)} and enter them."
        return f"Flip {POOL_SIZE - len(state.pool)} card(s) into the pool and enter them."
    if state.stage == "over":
        owed = [p.name for p in state.players if p.journals_owed]
        if owed:
            return f"Waiting for journals from {', '.join(owed)}."
        return outcome(state).summary
    p = state.players[state.active]
    if p.discard_to is not None:
        return f"{p.name} discards down to {p.discard_to} cards."
    if state.stage == "act3":
        if state.step == "prepare":
            return f"{p.name} prepares a segment: a difficulty card, then that many cost cards."
        return f"{p.name} completes the current segment or forages."
    if p.act == 1:
        if state.step == "start":
            return f"{p.name} recruits 2 people."
        if must_secure(state, state.active):
            return f"{p.name} must secure a sponsor, or receive the lowest-ranking one left."
        return f"{p.name} may secure a sponsor, or ends the turn."
    free = free_in_pool(state, state.active)
    if free:
        return f"{p.name} first takes the free card(s) in the pool."
    return f"{p.name} gathers from the market."


def view(state: State, seat: str) -> dict[str, Any]:
    viewer = _viewer(state, seat)
    active = state.players[state.active]
    out: dict[str, Any] = {
        "stage": state.stage,
        "turn": state.turn,
        "you": seat_of(viewer) if viewer is not None else None,
        "active": seat_of(state.active),
        "active_name": active.name,
        "step": state.step,
        "prompt": _prompt(state),
        "sponsors": [
            {
                "id": s,
                "claimed_by": next(
                    (seat_of(i) for i, p in enumerate(state.players) if p.sponsor == s), None
                ),
            }
            for s in state.sponsors
        ],
        "removed_sponsors": list(state.removed_sponsors),
        "deck": state.deck,
        "pool": list(state.pool),
        "discard": list(state.discard),
        "players": [_player(state, i, viewer) for i in range(len(state.players))],
        "final_round": (
            None
            if state.final_round_by is None
            else {
                "by": seat_of(state.final_round_by),
                "waiting": [seat_of(i) for i in state.final_turns],
            }
        ),
        "scoreboard": scoreboard(state, viewer),
        "outcome": outcome(state).as_json(),
        "catalog": state.catalog.model_dump(mode="json"),
        "catalog_missing": state.catalog.missing(),
    }
    if state.stage == "acts" and active.act == 1 and viewer in (None, state.active):
        out["secure_hints"] = _secure_hints(state, state.active)
    return out
