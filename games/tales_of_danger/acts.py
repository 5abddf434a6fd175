"""Dealing and Act 1 (secure a sponsor), with the turn helpers Act 2 shares.

The moves are declared on ``moves``, which game.py gathers. Whether a hand can secure a
sponsor is sponsors.py's question.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core import words
from games.core.engine import RuleError
from games.core.moves import MoveSet
from games.tales_of_danger.catalog import need
from games.tales_of_danger.common import (
    ACT1_HAND_LIMIT,
    POOL_SIZE,
    TABLE_OR_PLAYER,
    TURN,
    check_copies,
    discard_from_hand,
    discard_to,
    draw,
    name,
    names,
    next_player,
    own_or_table,
    person_id,
    refill_pool,
    require_full_pool,
)
from games.tales_of_danger.sponsors import (
    available_sponsors,
    check_secure,
    must_secure,
    require_unable,
    securable,
    secure_checks,
    without_sponsor,
)
from games.tales_of_danger.state import State

moves = MoveSet("tales_of_danger.acts")


class Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DealArgs(Args):
    player: str = Field(description="seat id (p1), number or name")
    people: list[str] = Field(min_length=3, max_length=3)


class RefillArgs(Args):
    people: list[str] = Field(min_length=1, max_length=POOL_SIZE)


class Pick(Args):
    person: str
    source: Literal["pool", "deck"] = "pool"
    pool_discard: str | None = None  # a deck draw costs one pool card, chosen by the player


class RecruitArgs(Args):
    picks: list[Pick]
    # Pool cards discarded for the deck draws that name none, in order (what a form sends
    # from one select per draw).
    deck_discards: list[str] = []
    discard: list[str] = []  # from hand, down to the hand limit
    refill: list[str] = []  # cards flipped into the pool afterwards


class SecureArgs(Args):
    sponsor: str
    people: list[str] | None = None  # the people presented; default: the whole hand
    discard: list[str] = []  # down to the sponsor's Start hand size


class TakeLowestArgs(Args):
    discard: list[str] = []


class DiscardArgs(Args):
    player: str | None = None  # needed when the table acts
    people: list[str]


# -- setup ---------------------------------------------------------------------------------


def _dealt(state: State) -> bool:
    return all(len(p.hand) == 3 for p in state.players) and len(state.pool) == POOL_SIZE


def _maybe_begin(state: State) -> str:
    if state.stage == "deal" and _dealt(state):
        state.stage = "acts"
        state.active = state.first_player
        state.step = "start"
        return f" Everyone is dealt in: {name(state, state.active)} takes the first turn."
    return ""


@moves.move(DealArgs, name="deal", roles=TABLE_OR_PLAYER)
def deal(state: State, args: DealArgs, seat: str) -> str:
    """Enter a player's three face-up starting cards."""
    if state.stage != "deal":
        raise RuleError("Starting hands are dealt only before the first turn.")
    index = own_or_table(state, seat, args.player)
    player = state.players[index]
    if player.hand:
        raise RuleError(f"{player.name} already has a starting hand.")
    draw(state, 3)
    player.hand = [person_id(state, ref) for ref in args.people]
    check_copies(state)
    return f"{player.name} was dealt {names(state, player.hand)}." + _maybe_begin(state)


@moves.move(RefillArgs, name="refill-pool", roles=TURN)
def refill_pool_move(state: State, args: RefillArgs, seat: str) -> str:
    """Flip cards from the deck into the open spaces of the pool."""
    if state.stage not in ("deal", "acts"):
        raise RuleError("There is no pool in Act 3.")
    before = len(state.pool)
    notes = refill_pool(state, args.people)
    added = state.pool[before:]
    text = f"The pool was refilled with {names(state, added)}"
    return text + "".join(f"; {n}" for n in notes) + "." + _maybe_begin(state)


# -- shared by recruiting and gathering ----------------------------------------------------


def turn_start(state: State, act: int) -> int:
    if state.stage == "deal":
        raise RuleError("Deal the starting hands and the pool first.")
    if state.stage != "acts":
        raise RuleError("Acts 1 and 2 are over.")
    index = state.active  # the move's roles (TURN): the table or the active player's seat
    player = state.players[index]
    if player.act != act:
        raise RuleError(f"{player.name} is in Act {player.act}, not Act {act}.")
    if state.step != "start":
        raise RuleError(f"{player.name} has already taken cards this turn.")
    if player.discard_to is not None:
        raise RuleError(f"{player.name} must first discard down to {player.discard_to} cards.")
    return index


def with_deck_discards(picks: list[Pick], discards: list[str]) -> list[Pick]:
    """Give the deck draws that name no pool discard the ones listed separately, in order."""
    left = list(discards)
    out = []
    for pick in picks:
        if pick.source == "deck" and pick.pool_discard is None and left:
            pick = pick.model_copy(update={"pool_discard": left.pop(0)})
        out.append(pick)
    if left:
        raise RuleError("Only a card drawn from the deck costs a card from the pool.")
    return out


def take_cards(state: State, index: int, args: RecruitArgs, count: int, verb: str) -> str:
    require_full_pool(state)
    picks = with_deck_discards(args.picks, args.deck_discards)
    if len(picks) != count:
        raise RuleError(
            f"{verb.capitalize()} exactly {words.count(count, 'card', 'cards')}, not {len(picks)}."
        )
    player = state.players[index]
    parts, notes = [], []
    for pick in picks:
        pid = person_id(state, pick.person)
        if pick.source == "pool":
            if pick.pool_discard is not None:
                raise RuleError("Only a card drawn from the deck costs a card from the pool.")
            if pid not in state.pool:
                raise RuleError(f"There is no {names(state, [pid])} in the pool.")
            state.pool.remove(pid)
            parts.append(f"{names(state, [pid])} from the pool")
        else:
            notes += draw(state)
            text = f"{names(state, [pid])} from the deck"
            if state.pool:
                if pick.pool_discard is None:
                    raise RuleError("Drawing from the deck discards a pool card: say which one.")
                gone = person_id(state, pick.pool_discard)
                if gone not in state.pool:
                    raise RuleError(f"There is no {names(state, [gone])} in the pool.")
                state.pool.remove(gone)
                state.discard.append(gone)
                text += f" (discarding {names(state, [gone])} from the pool)"
            parts.append(text)
        player.hand.append(pid)
    check_copies(state)
    return " and ".join(parts) + "".join(f"; {n}" for n in notes)


def finish_taking(state: State, index: int, limit: int, why: str, discard, refill) -> str:
    text = ""
    gone = discard_to(state, index, limit, discard, why)
    if gone:
        text += f", discarding {names(state, gone)}"
    if refill:
        before = len(state.pool)
        notes = refill_pool(state, refill)
        text += f"; the pool was refilled with {names(state, state.pool[before:])}"
        text += "".join(f"; {n}" for n in notes)
    return text


def pass_turn(state: State) -> None:
    state.active = next_player(state, state.active)
    state.step = "start"
    state.turn += 1


# -- Act 1 ---------------------------------------------------------------------------------


@moves.move(RecruitArgs, roles=TURN)
def recruit(state: State, args: RecruitArgs, seat: str) -> str:
    """Act 1: recruit 2 people from the pool or the deck, keep 7 at most, refill the pool."""
    index = turn_start(state, act=1)
    text = f"{name(state, index)} recruited " + take_cards(state, index, args, 2, "recruit")
    text += finish_taking(
        state, index, ACT1_HAND_LIMIT, "the Act 1 hand limit", args.discard, args.refill
    )
    state.step = "acted"
    if must_secure(state, index):
        text += f". As the last without a sponsor, {name(state, index)} must take one now"
    return text + "."


def _after_recruiting(state: State) -> int:
    if state.stage != "acts":
        raise RuleError("Sponsors are secured in Act 1.")
    index = state.active  # the move's roles (TURN): the table or the active player's seat
    player = state.players[index]
    if player.discard_to is not None:
        raise RuleError(
            f"{player.name} must first discard down to {player.discard_to} cards: "
            "securing a sponsor ends with it, in the same turn."
        )
    if player.act != 1:
        raise RuleError(f"{player.name} already has a sponsor.")
    if state.step != "acted":
        raise RuleError(f"{player.name} recruits first; a sponsor is secured at the end of a turn.")
    return index


def _give_sponsor(
    state: State, index: int, sponsor_id: str, discard: list[str], *, lowest: bool = False
) -> str:
    player = state.players[index]
    sponsor = state.catalog.sponsor(sponsor_id)
    start = need(sponsor.start, f"the Start hand size of {sponsor.called}")
    player.sponsor, player.act = sponsor.id, 2
    over = len(player.hand) - start
    if len(discard) > max(over, 0):
        extra = words.count(max(over, 0), "card", "cards")
        raise RuleError(f"{player.name} only needs to discard {extra}.")
    gone = discard_from_hand(state, index, discard)
    got = "receives" if lowest else "secured"
    left = " (the lowest-ranking sponsor left)" if lowest else ""
    text = f"{player.name} {got} {sponsor.called}{left} and moves to Act 2"
    if gone:
        text += f", discarding {names(state, gone)}"
    if len(player.hand) > start:
        player.discard_to = start
        text += f"; {player.name} must discard down to {start} cards (the Start hand size)"
    return text


def _story_along(state: State) -> str:
    """With 6 players, the 6th receives the last sponsor the moment the 5th secures one."""
    left = without_sponsor(state)
    if len(state.players) == 6 and len(left) == 1 and len(available_sponsors(state)) == 1:
        text = _give_sponsor(state, left[0], available_sponsors(state)[0], [])
        return ". " + text.replace("secured", "receives", 1)
    return ""


def _pass_unless_discarding(state: State, index: int) -> str:
    """The rulebook's "When you secure a Sponsor, do the following, in order": take the card,
    then discard down to its Start hand size. The turn ends once both are done, so a player
    still holding too many keeps the turn until ``discard-down``."""
    if state.players[index].discard_to is not None:
        return ", before the turn ends."
    pass_turn(state)
    return "."


@moves.move(SecureArgs, roles=TURN)
def secure_sponsor(state: State, args: SecureArgs, seat: str) -> str:
    """Act 1: present people to a sponsor; with an insider and enough evidence and plans, move on."""
    index = _after_recruiting(state)
    player = state.players[index]
    sponsor = state.catalog.sponsor(args.sponsor)
    if sponsor.id not in available_sponsors(state):
        raise RuleError(f"{sponsor.called_first} is not available.")
    presented = [person_id(state, p) for p in (args.people or player.hand)]
    spare = list(player.hand)
    for pid in presented:
        if pid not in spare:
            raise RuleError(f"{player.name} has no {names(state, [pid])} in hand to present.")
        spare.remove(pid)
    check = check_secure(state.catalog, sponsor.id, presented)
    if not check.ok:
        raise RuleError(check.reason)
    text = _give_sponsor(state, index, sponsor.id, args.discard) + _story_along(state)
    return text + _pass_unless_discarding(state, index)


@moves.move(TakeLowestArgs, roles=TURN)
def take_lowest_sponsor(state: State, args: TakeLowestArgs, seat: str) -> str:
    """Act 1: the last player without a sponsor receives the lowest-ranking one left."""
    index = _after_recruiting(state)
    if not must_secure(state, index):
        raise RuleError("Only the last player without a sponsor is given the lowest-ranking one.")
    require_unable(state, index)
    lowest = state.catalog.ranked(available_sponsors(state))[-1]
    text = _give_sponsor(state, index, lowest, args.discard, lowest=True)
    return text + _pass_unless_discarding(state, index)


@moves.move(Args, roles=TURN)
def end_turn(state: State, args: Args, seat: str) -> str:
    """Act 1: end the turn without securing a sponsor."""
    index = _after_recruiting(state)
    if must_secure(state, index):
        last = f"{name(state, index)} is the last player without a sponsor and must take one now"
        if securable(secure_checks(state, index)):
            raise RuleError(f"{last}: secure one of your choice.")
        lowest = state.catalog.ranked(available_sponsors(state))[-1]
        raise RuleError(
            f"{last}: secure one, or receive the lowest-ranking one left "
            f"({state.catalog.sponsor(lowest).called})."
        )
    pass_turn(state)
    return f"{name(state, index)} ended the turn; {name(state, state.active)} is next."


@moves.move(DiscardArgs, roles=TABLE_OR_PLAYER)
def discard_down(state: State, args: DiscardArgs, seat: str) -> str:
    """Discard down to the Start hand size after securing a sponsor."""
    index = own_or_table(state, seat, args.player)
    player = state.players[index]
    if player.discard_to is None:
        raise RuleError(f"{player.name} has nothing to discard.")
    gone = discard_to(state, index, player.discard_to, args.people, "the Start hand size")
    player.discard_to = None
    text = f"{player.name} discarded {names(state, gone)} and starts Act 2"
    if index == state.active and state.step == "acted":  # securing, this turn: it ends now
        pass_turn(state)
        return text + f"; {name(state, state.active)} is next."
    return text + "."
