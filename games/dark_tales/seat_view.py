"""What each seat may see (the server-side filter), the seats, and what to do next."""

from __future__ import annotations

from typing import Any

from games.core.engine import Seat
from games.dark_tales.catalog import ITEM_LIMITS, ITEMS, NIGHT, tale_title
from games.dark_tales.scoring import end_score, outcome
from games.dark_tales.state import (
    ENDED,
    State,
    join,
    no_draw,
    player_index,
    seat_id,
    turn_seat,
)

# The moves each phase offers: the phase logic only, which must agree with each move's
# ``require_phase`` in rules.py (a move named here that its phase refuses shows a button that
# only ever answers a refusal). Who may make them is not said here: it is each move's
# ``roles=`` (state.TURN, ANY_SEAT), which the engine enforces and hands the view as ``may``.
PHASE_MOVES = {
    "draw": ["draw"],
    "item": ["play-item", "skip-item", "play-card"],
    "card": ["play-card"],
    "reveal": ["play-revealed", "leave-revealed"],
    "scoring": ["enter-bonus", "reveal-scores"],
    "over": [],
}
MANUAL_MOVES = ["take-item", "return-item", "adjust-vp", "move-card"]
ANY_TIME = ["note-hand", "edit-card"]


def seats(state: State) -> list[Seat]:
    found = [Seat("table", "Table", "table")]
    return found + [Seat(seat_id(i), p.name, "player") for i, p in enumerate(state.players)]


def to_act(state: State) -> set[str]:
    """The seat with something to do now: the active player's; none once the game has ended
    (the B card's points and the reveal are public: the table or any seat enters them, with
    no one's turn and no hand-over)."""
    turn = turn_seat(state)
    return set() if turn is None else {turn}


def offered(state: State) -> list[str]:
    """The moves the phase offers, to anyone (corrections by hand until the reveal)."""
    moves = list(PHASE_MOVES[state.phase])
    if state.phase in ("item", "card") and state.current.hand_count == 0:
        moves = [m for m in moves if m != "play-card"] + ["pass-turn"]
    by_hand = MANUAL_MOVES if state.phase != "over" else []
    return moves + by_hand + ANY_TIME


def available_moves(state: State, may: dict[str, bool]) -> list[str]:
    """The phase's moves this seat's role may make (``may``: the engine's, from ``roles=``)."""
    return [m for m in offered(state) if may.get(m.replace("-", "_"))]


def prompt(state: State) -> str:
    name = state.current.name
    phase = state.phase
    if phase == "draw":
        return f"{name}: draw a card from the deck."
    if phase in ("item", "card") and state.current.hand_count == 0:
        return f"{name} has no cards to play: pass the turn."
    if phase == "item":
        return f"{name}: play an item if you want to, then play a card."
    if phase == "card":
        return f"{name}: play a card from your hand."
    if phase == "reveal":
        if state.deck_top:
            return f"{name}: the top card is the {state.deck_top}; play it now or leave it."
        return f"{name}: turn over the top card of the deck, then play it now or leave it."
    setting = state.catalog().settings[state.setting_b]
    if phase == "scoring":
        waiting = [
            p.name
            for i, p in enumerate(state.players)
            if end_score(state, i).missing and p.bonus_manual is None
        ]
        if waiting:
            return f"The game is over. Enter the points of {setting.name} for {join(waiting)}."
        return "The game is over: reveal the scores!"
    return outcome(state).summary


def _setting(state: State, code: str) -> dict[str, Any]:
    card = state.catalog().settings[code]
    if card.kind == "A":
        data = card.model_dump(mode="json", include={"code", "name", "text", "item_effects"})
        data["unusable"] = list(card.unusable)
        data["entered"] = bool(card.item_effects or card.unusable)
        # the items whose effect the app doesn't know: their play asks the VP they score
        data["unknown_items"] = [
            i for i in ITEMS if i not in card.item_effects and i not in card.unusable
        ]
    else:
        data = card.model_dump(mode="json", include={"code", "name", "text", "end"})
        data["entered"] = card.end is not None
    return data


def view(state: State, seat: str, may: dict[str, bool]) -> dict[str, Any]:
    """What ``seat`` is shown; ``may`` is the engine's ``Game.may`` for it (game.py hands it)."""
    moves = available_moves(state, may)
    me = player_index(state, seat)
    over = state.phase == "over"
    catalog = state.catalog()
    players = []
    for i, p in enumerate(state.players):
        entry: dict[str, Any] = {
            "seat": seat_id(i),
            "name": p.name,
            "active": i == state.active and state.phase not in ENDED,  # "to play"
            "hand_count": p.hand_count,
            "front": list(p.front),
            "items": dict(p.items),
            "item_count": p.item_count,
            "no_draw": no_draw(state, i),
        }
        if i == me:
            entry["hand"] = list(p.hand)
            entry["hand_unknown"] = p.hand_unknown
        if over or i == me:
            entry["vp"] = p.vp
        if over:
            entry["bonus"] = p.bonus
            entry["bonus_lines"] = list(p.bonus_lines)
        players.append(entry)

    data: dict[str, Any] = {
        "game": "dark-tales",
        "seat": seat,
        "you": seat_id(me) if me is not None else None,
        "title": tale_title(catalog.settings[state.setting_a], catalog.settings[state.setting_b]),
        "setting_a": _setting(state, state.setting_a),
        "setting_b": _setting(state, state.setting_b),
        "phase": state.phase,
        "turn": state.turn,
        "first": seat_id(state.first),
        "active": seat_id(state.active),
        "active_name": state.current.name,
        # a move of the phase beyond naming a hand or entering card data
        "can_act": any(m not in ANY_TIME for m in moves),
        "moves": moves,
        "prompt": prompt(state),
        "deck": state.deck,
        "deck_top": state.deck_top,
        "night": NIGHT in state.common,
        "common": list(state.common),
        "discard": list(state.discard),
        "supply": dict(state.supply),
        "item_limits": dict(ITEM_LIMITS),
        "item_played": state.item_played,
        "gained_this_turn": {k: v for k, v in state.gained.items() if v},
        # every hand fully named: the Gypsy can count Places itself (else ask the players)
        "hands_all_named": not any(p.hand_unknown for p in state.players),
        "players": players,
        "catalog": [
            {**info.model_dump(mode="json"), "missing": info.missing()}
            for info in sorted(catalog.cards.values(), key=lambda c: c.name)
        ],
        "ended_by": seat_id(state.ended_by) if state.ended_by is not None else None,
    }
    if state.phase == "scoring":
        data["end"] = []
        for i, p in enumerate(state.players):
            score = end_score(state, i)
            data["end"].append(
                {
                    "seat": seat_id(i),
                    "name": p.name,
                    "auto": score.auto,
                    "lines": score.lines,
                    "missing": score.missing,
                    "manual": p.bonus_manual,
                    "note": p.bonus_note,
                }
            )
    if over:
        data["outcome"] = outcome(state).as_json()
    return data
