"""Act 2 (building up crew and supplies at the market) and the move into Act 3."""

from __future__ import annotations

from games.core import words
from games.core.engine import RuleError
from games.core.moves import MoveSet
from games.tales_of_danger.acts import (
    Args,
    RecruitArgs,
    finish_taking,
    pass_turn,
    take_cards,
    turn_start,
)
from games.tales_of_danger.catalog import UNKNOWN, need
from games.tales_of_danger.common import (
    TURN,
    name,
    names,
    person_id,
    refill_pool,
    require_full_pool,
)
from games.tales_of_danger.state import State

moves = MoveSet("tales_of_danger.market")


class FreeArgs(Args):
    people: list[str] | None = None  # default: every pool card the catalog marks free
    refill: list[str] = []


class GatherArgs(RecruitArgs):
    free_checked: bool = False  # the players looked for free cards the catalog cannot see


def free_in_pool(state: State, index: int) -> list[str] | None:
    """Pool cards free for the player's sponsor; None when some “Free for” marks are unknown."""
    sponsor = state.players[index].sponsor
    cards = [state.catalog.person(p) for p in state.pool]
    if any(c.free_for is None for c in cards):
        return None
    return [c.id for c in cards if sponsor in c.free_for]


def _unknown_marks(state: State) -> str:
    cards = {state.catalog.person(p).name for p in state.pool}
    unknown = {c for c in cards if state.catalog.person(c).free_for is None}
    return ", ".join(sorted(unknown))


@moves.move(FreeArgs, roles=TURN)
def take_free_cards(state: State, args: FreeArgs, seat: str) -> str:
    """Act 2: add the pool cards marked “Free for” your sponsor to your hand, then refill."""
    index = turn_start(state, act=2)
    sponsor = state.catalog.sponsor(state.players[index].sponsor)
    if args.people is None:
        free = free_in_pool(state, index)
        if free is None:
            raise RuleError(
                f"The app does not know the “Free for” marks on: {_unknown_marks(state)} "
                f"({UNKNOWN}), or list the free cards yourself."
            )
    else:
        free = [person_id(state, p) for p in args.people]
    if not free:
        raise RuleError(f"No card in the pool is free for {sponsor.called}.")
    pool = list(state.pool)
    for pid in free:
        card = state.catalog.person(pid)
        if pid not in pool:
            raise RuleError(f"There is no {card.name} in the pool.")
        if card.free_for is not None and sponsor.id not in card.free_for:
            raise RuleError(f"The {card.name} is not free for {sponsor.called}.")
        pool.remove(pid)
    state.pool = pool
    state.players[index].hand.extend(free)
    text = f"{name(state, index)} took {names(state, free)} free from the pool"
    if args.refill:
        before = len(state.pool)
        notes = refill_pool(state, args.refill)
        text += f"; the pool was refilled with {names(state, state.pool[before:])}"
        text += "".join(f"; {n}" for n in notes)
    return text + "."


@moves.move(GatherArgs, roles=TURN)
def gather(state: State, args: GatherArgs, seat: str) -> str:
    """Act 2: take your sponsor's Market number of cards, keep your Max at most, refill the pool."""
    index = turn_start(state, act=2)
    require_full_pool(state)
    player = state.players[index]
    sponsor = state.catalog.sponsor(player.sponsor)
    free = free_in_pool(state, index)
    if free:
        raise RuleError(
            f"First take {words.count(len(free), 'free card', 'free cards')} for "
            f"{sponsor.called}: {names(state, free)}."
        )
    if free is None and not args.free_checked:
        raise RuleError(
            f"The app does not know the “Free for” marks on: {_unknown_marks(state)}. "
            f"Take any card free for {sponsor.called} first, then confirm the pool was checked."
        )
    market = need(sponsor.market, f"the Market value of {sponsor.called}")
    most = need(sponsor.max, f"the Max hand size of {sponsor.called}")
    text = f"{player.name} gathered " + take_cards(state, index, args, market, "gather")
    text += finish_taking(state, index, most, "the Max hand size", args.discard, args.refill)
    if _act2_done(state):
        return text + ". " + start_act3(state)
    pass_turn(state)
    return text + "."


def _act2_done(state: State) -> bool:
    for p in state.players:
        if p.act != 2 or p.discard_to is not None:
            return False
    for p in state.players:
        s = state.catalog.sponsor(p.sponsor)
        if len(p.hand) != need(s.max, f"the Max hand size of {s.called}"):
            return False
    return True


def start_act3(state: State) -> str:
    """Everyone holds their Max: put away unclaimed sponsors, shuffle pool and discards in."""
    claimed = [p.sponsor for p in state.players]
    order = state.catalog.ranked(claimed)
    state.removed_sponsors = [s for s in state.sponsors if s not in claimed]
    state.sponsors = order
    state.deck += len(state.pool) + len(state.discard)
    state.pool, state.discard = [], []
    first = claimed.index(order[0])
    n = len(state.players)
    state.prepare_queue = [(first + k) % n for k in range(n)]
    for p in state.players:
        p.act = 3
    state.stage, state.active, state.step = "act3", first, "prepare"
    state.turn += 1
    return (
        "Act 3 begins: unclaimed sponsors leave the table, hands are now private, and the pool "
        f"and discard pile are shuffled into the deck. {name(state, first)} prepares a first "
        "segment, then each player to the left."
    )
