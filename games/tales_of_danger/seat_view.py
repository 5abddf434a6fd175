"""What each seat may see. Hidden values are left out of the dict, not merely flagged."""

from __future__ import annotations

from typing import Any

from games.core import words
from games.core.engine import TABLE_SEAT, RuleError, Seat
from games.tales_of_danger.catalog import LABEL_TEXT, UNKNOWN_CARD, Cards
from games.tales_of_danger.common import (
    ACT1_HAND_LIMIT,
    FINAL_SEGMENTS,
    POOL_SIZE,
    player_at,
    seat_id,
)
from games.tales_of_danger.market import free_in_pool
from games.tales_of_danger.scoring import outcome, scoreboard
from games.tales_of_danger.sponsors import (
    SecureCheck,
    available_sponsors,
    must_secure,
    securable,
    secure_checks,
)
from games.tales_of_danger.state import State
from games.tales_of_danger.voyage import still_owed

CANCELS = ("bad-luck", "illness", "rough-seas")
# Crew and supplies an unnamed card may show, for paying with a card the app cannot name.
PAY_VALUES = [(c, s) for c in range(4) for s in range(5) if c + s]


def seats(state: State) -> list[Seat]:
    return [Seat(TABLE_SEAT, "Table", "table")] + [
        Seat(seat_id(i), p.name, "player") for i, p in enumerate(state.players)
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
    for label in CANCELS:
        left = still_owed(state.catalog, segment.costs, [label])
        if left.cancelled:
            after[label] = {"crew": left.crew, "supplies": left.supplies}
    # Every combination of the cancels that matter (“bad-luck illness”), for the payment helper.
    labels = [label for label in CANCELS if label in after]
    combos = {}
    for mask in range(2 ** len(labels)):
        chosen = [label for bit, label in enumerate(labels) if mask >> bit & 1]
        left = still_owed(state.catalog, segment.costs, chosen)
        combos[" ".join(chosen)] = {"crew": left.crew, "supplies": left.supplies}
    return {
        "difficulty": segment.difficulty,
        "costs": list(segment.costs),
        "cost_texts": [state.catalog.cost(c).text for c in segment.costs],
        "owed": {"crew": owed.crew, "supplies": owed.supplies},
        "after_cancel": after,
        "owed_by_cancels": combos,
        "bonus_cards": owed.bonus,
    }


def _player(state: State, index: int, viewer: int | None) -> dict[str, Any]:
    p = state.players[index]
    private = state.stage in ("act3", "over") and viewer != index
    out: dict[str, Any] = {
        "seat": seat_id(index),
        "name": p.name,
        "active": index == state.active and state.stage in ("acts", "act3"),
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
        out["unnamed"] = p.hand.count(UNKNOWN_CARD)
    return out


def _secure_hints(state: State, index: int) -> dict[str, Any]:
    """For an Act 1 player: could the whole hand secure each available sponsor?"""
    hints = {}
    for sponsor, check in secure_checks(state, index).items():
        if isinstance(check, SecureCheck):
            hints[sponsor] = {
                "ok": check.ok,
                "reason": check.reason,
                "evidence": check.evidence,
                "plans": check.plans,
                "insider": bool(check.insiders),
            }
        else:
            hints[sponsor] = {"ok": None, "reason": str(check)}
        card = state.catalog.sponsor(sponsor)
        hints[sponsor]["needs"] = [card.evidence, card.plans]
    return hints


def _secure_values(catalog: Cards, sponsors: list[str], people: list[str]) -> dict[str, Any]:
    """What each person adds towards each sponsor, for the “can I secure?” helper a player taps.

    Per person and sponsor: [evidence, plans, stars] when the person shows the sponsor's
    icon, None when not, "?" when the catalog lacks a value the count needs.
    """
    out: dict[str, Any] = {}
    for pid in dict.fromkeys(people):
        if pid == UNKNOWN_CARD:
            continue
        card = catalog.person(pid)
        row: dict[str, Any] = {}
        for sponsor in sponsors:
            if card.ribbon is None:
                row[sponsor] = "?"
            elif sponsor not in card.ribbon:
                row[sponsor] = None
            elif card.evidence is None or card.plans is None:
                row[sponsor] = "?"
            else:
                row[sponsor] = [card.evidence, card.plans, card.ribbon[sponsor]]
        out[pid] = row
    return out


def offered(state: State) -> dict[str, frozenset[int] | None]:
    """The moves the state offers now, to anyone: the phase logic only, which must agree with
    each move's own checks (a move offered here that its body refuses shows a button that only
    ever answers a refusal). Each maps to the players it is about when it is a player's own
    (dealing in, discarding down, writing a journal: that player's seat, or the table for
    them), else None. Who may make them is not said here: it is each move's ``roles=``
    (common.py), which the engine enforces and hands the view as ``may``."""
    active = state.players[state.active]
    out: dict[str, frozenset[int] | None] = {}
    if state.stage == "deal":
        waiting = frozenset(i for i, p in enumerate(state.players) if not p.hand)
        if waiting:
            out["deal"] = waiting
        if len(state.pool) < POOL_SIZE:
            out["refill-pool"] = None
    elif state.stage == "acts":
        open_pool = len(state.pool) < POOL_SIZE and state.deck + len(state.discard) > 0
        if open_pool:
            out["refill-pool"] = None
        if active.discard_to is None:
            if active.act == 1 and state.step == "start" and not open_pool:
                out["recruit"] = None
            elif active.act == 1 and state.step == "acted":
                if available_sponsors(state):
                    out["secure-sponsor"] = None
                if not must_secure(state, state.active):
                    out["end-turn"] = None
                elif not securable(secure_checks(state, state.active)):
                    out["take-lowest-sponsor"] = None  # only for a player unable to secure
            elif active.act == 2 and state.step == "start" and not open_pool:
                free = free_in_pool(state, state.active)
                if free is None or free:
                    out["take-free-cards"] = None
                if not free:
                    out["gather"] = None
        owing = frozenset(i for i, p in enumerate(state.players) if p.discard_to is not None)
        if owing:
            out["discard-down"] = owing
    elif state.stage == "act3" and len(active.voyage) < FINAL_SEGMENTS:
        if state.step == "prepare":
            out["prepare-segment"] = None
        elif active.segment is not None:
            out["complete-segment"] = None
            out["forage"] = None
    journals = frozenset(i for i, p in enumerate(state.players) if p.journals_owed)
    if journals:
        out["write-journal"] = journals
    if state.stage != "over":
        out["set-sponsor-card"] = None
        out["set-person-card"] = None
    return out


def available_moves(state: State, seat: str, may: dict[str, bool]) -> list[str]:
    """The moves offered now that this seat's role may make (``may``: the engine's, from
    ``roles=``), a player's own move only to that player or the table."""
    viewer = _viewer(state, seat)
    return [
        move
        for move, about in offered(state).items()
        if may.get(move.replace("-", "_"))
        and (about is None or seat == TABLE_SEAT or viewer in about)
    ]


# The sponsor card's values the board shows, "?" while unknown (templates/…/_board.html).
BOARD_VALUES = ("rank", "evidence", "plans", "start", "market", "max")


def _sponsor_cards(state: State) -> dict[str, Any]:
    claimed = {p.sponsor: (seat_id(i), p.name) for i, p in enumerate(state.players) if p.sponsor}
    out = {}
    for card in state.catalog.sponsors:
        seat, who = claimed.get(card.id, (None, None))
        dumped = card.model_dump(mode="json")
        out[card.id] = {
            **dumped,
            "display": card.display,
            "claimed_by": seat,
            "claimed_name": who,
            "unknown": any(dumped.get(key) is None for key in BOARD_VALUES),
        }
    return out


def _board_unknown(state: State, cards: dict[str, Any]) -> bool:
    """Whether the board shows a "?" (a value of a sponsor on the table not entered yet): its
    legend is shown then only, not whenever some card of the game is unknown."""
    return any(cards[s]["unknown"] for s in state.sponsors if s in cards)


FIELD_TEXT = {
    "ribbon": "sponsor icons and stars",
    "free for": "“Free for” marks",
    "start": "Start hand size",
    "market": "Market",
    "max": "Max hand size",
}


def _unknown(catalog: Cards) -> list[dict[str, Any]]:
    """What the catalog still lacks, card by card (“enter from your cards”)."""
    grouped: dict[str, dict[str, Any]] = {}
    for phrase in catalog.missing():
        card, _, field = phrase.rpartition(": ")
        entry = grouped.setdefault(card, {"card": card, "fields": []})
        entry["fields"].append(FIELD_TEXT.get(field, field))
    return list(grouped.values())


def _prompt(state: State) -> str:
    if state.stage == "deal":
        waiting = [p.name for p in state.players if not p.hand]
        if waiting:
            return f"Deal 3 face-up cards to {', '.join(waiting)} and enter them."
        flip = words.count(POOL_SIZE - len(state.pool), "card", "cards")
        return f"Flip {flip} into the pool and enter them."
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
            if securable(secure_checks(state, state.active)):
                return f"{p.name} must secure a sponsor of their choice."
            return f"{p.name} must secure a sponsor, or receive the lowest-ranking one left."
        return f"{p.name} may secure a sponsor, or ends the turn."
    free = free_in_pool(state, state.active)
    if free:
        takes = words.count(len(free), "free card", "free cards")
        return f"{p.name} first takes {takes} from the pool."
    return f"{p.name} gathers from the market."


def view(state: State, seat: str, may: dict[str, bool]) -> dict[str, Any]:
    """What ``seat`` is shown; ``may`` is the engine's ``Game.may`` for it (game.py hands it)."""
    viewer = _viewer(state, seat)
    active = state.players[state.active]
    sponsor_cards = _sponsor_cards(state)
    out: dict[str, Any] = {
        "stage": state.stage,
        "turn": state.turn,
        "you": seat_id(viewer) if viewer is not None else None,
        "active": seat_id(state.active),
        "active_name": active.name,
        "step": state.step,
        "prompt": _prompt(state),
        "sponsors": [
            {
                "id": s,
                "claimed_by": next(
                    (seat_id(i) for i, p in enumerate(state.players) if p.sponsor == s), None
                ),
            }
            for s in state.sponsors
        ],
        "removed_sponsors": list(state.removed_sponsors),
        "deck": state.deck,
        "pool": list(state.pool),
        # Open pool spaces the deck (and the discard pile behind it) can still fill.
        "pool_open": min(POOL_SIZE - len(state.pool), state.deck + len(state.discard))
        if state.stage in ("deal", "acts")
        else 0,
        "discard": list(state.discard),
        "can_forage": state.deck + len(state.discard) >= 4,  # foraging flips 4 cards
        "players": [_player(state, i, viewer) for i in range(len(state.players))],
        "final_round": (
            None
            if state.final_round_by is None
            else {
                "by": seat_id(state.final_round_by),
                "waiting": [seat_id(i) for i in state.final_turns],
            }
        ),
        "scoreboard": scoreboard(state, viewer),
        "outcome": outcome(state).as_json(),
        "moves": available_moves(state, seat, may),
        "preparing_first": [seat_id(i) for i in state.prepare_queue],
        "deal_next": next((seat_id(i) for i, p in enumerate(state.players) if not p.hand), None)
        if state.stage == "deal"
        else None,
        "sponsor_cards": sponsor_cards,
        "board_unknown": _board_unknown(state, sponsor_cards),
        "people": {
            p.id: {
                "name": p.name,
                "crew": p.crew,
                "supplies": p.supplies,
                "cancels": p.cancels,
                "cancels_text": LABEL_TEXT[p.cancels] if p.cancels else None,
            }
            for p in state.catalog.people
        }
        | {UNKNOWN_CARD: {"name": "an unnamed card", "crew": None, "supplies": None}},
        "cost_kinds": [{"id": c.id, "text": c.text} for c in state.catalog.costs],
        "pay_values": [{"crew": c, "supplies": s} for c, s in PAY_VALUES],
        "catalog": state.catalog.model_dump(mode="json"),
        "catalog_missing": state.catalog.missing(),
        "unknown": _unknown(state.catalog),
    }
    if state.stage == "acts" and active.act == 1 and viewer in (None, state.active):
        out["secure_hints"] = _secure_hints(state, state.active)
        out["secure_values"] = _secure_values(
            state.catalog, available_sponsors(state), active.hand + state.pool
        )
    if state.stage == "acts" and active.act == 2:
        out["free_in_pool"] = free_in_pool(state, state.active)
    if state.stage == "acts":
        out["take"] = _take(state)
    return out


def _take(state: State) -> dict[str, Any]:
    """How many cards the active player takes this turn, their hand limit, and the excess."""
    player = state.players[state.active]
    if player.act == 1:
        count, limit = 2, ACT1_HAND_LIMIT
    else:
        sponsor = state.catalog.sponsor(player.sponsor)
        count, limit = sponsor.market, sponsor.max
    over = None
    if count is not None and limit is not None:
        over = max(len(player.hand) + count - limit, 0)
    return {"count": count, "limit": limit, "discard": over}
