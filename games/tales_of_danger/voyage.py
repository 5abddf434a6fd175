"""Act 3: each player's voyage — prepare a segment, complete it or forage, write journals."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core import words
from games.core.engine import RuleError
from games.core.moves import MoveSet
from games.tales_of_danger.catalog import LABEL_TEXT, UNKNOWN_CARD, Cards, need
from games.tales_of_danger.common import (
    ACTIVE_SEAT,
    FINAL_SEGMENTS,
    PLAYER,
    check_copies,
    draw,
    name,
    names,
    next_player,
    person_id,
    player_at,
    take_from_hand,
)
from games.tales_of_danger.state import Leg, Segment, State

moves = MoveSet("tales_of_danger.voyage")


class Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PrepareArgs(Args):
    difficulty: int = Field(ge=1, le=3, description="the number in the ship icon")
    source: Literal["deck", "hand"] = "deck"
    person: str | None = None  # the card played from hand, if the player names it
    costs: list[str]  # cost kind ids, one per cost card drawn


class PayCard(Args):
    """One card discarded as payment: name the person, or give the crew and supplies on it."""

    person: str | None = None
    crew: int | None = Field(None, ge=0, le=9)
    supplies: int | None = Field(None, ge=0, le=9)


class CompleteArgs(Args):
    pay: list[PayCard] = []
    bonus: list[str] = []  # names of the Great Fishing bonus cards, if the player says


class ForageArgs(Args):
    cost: str  # the cost kind of the flipped card that joins the current segment
    to_hand: list[str] = Field([], max_length=3)  # names of the other three, if the player says


class JournalArgs(Args):
    value: int = Field(ge=1, le=3, description="the number in the journal card's ship icon")
    person: str | None = None  # which card from the hand
    segment: int | None = Field(None, ge=1, le=FINAL_SEGMENTS)  # default: the earliest owed


# -- what a segment costs ------------------------------------------------------------------


@dataclass
class Settlement:
    """What a segment still costs after cancels, and whether a payment covers it."""

    crew: int = 0
    supplies: int = 0
    cancelled: list[str] = field(default_factory=list)  # cost kind ids cancelled
    bonus: int = 0  # Great Fishing cards: one card each from the deck afterwards
    paid_crew: int = 0
    paid_supplies: int = 0
    ok: bool = True
    reason: str = ""

    @property
    def wasted(self) -> tuple[int, int]:
        return max(self.paid_crew - self.crew, 0), max(self.paid_supplies - self.supplies, 0)


def _amount(crew: int, supplies: int) -> str:
    parts = []
    if crew:
        parts.append(f"{crew} crew")
    if supplies:
        parts.append(words.count(supplies, "supply", "supplies"))
    return " and ".join(parts) or "nothing"


def still_owed(catalog: Cards, costs: list[str], cancels: list[str]) -> Settlement:
    """The crew and supplies a segment asks for once the given cancel labels are played."""
    out = Settlement()
    for ref in costs:
        kind = catalog.cost(ref)
        out.bonus += kind.bonus
        if kind.label in cancels:
            out.cancelled.append(kind.id)
            continue
        out.crew += kind.crew
        out.supplies += kind.supplies
    return out


def card_values(catalog: Cards, card: PayCard) -> tuple[int, int, str | None]:
    """(crew, supplies, cancel label) of one paid card; asks for values the catalog lacks."""
    if card.person is None:
        if card.crew is None and card.supplies is None:
            raise RuleError("For each card paid, name the person or enter its crew and supplies.")
        return card.crew or 0, card.supplies or 0, None
    person = catalog.person(card.person)
    values = []
    for what, given, known in (
        ("crew", card.crew, person.crew),
        ("supplies", card.supplies, person.supplies),
    ):
        if given is not None and known is not None and given != known:
            raise RuleError(
                f"The catalog says the {person.name} shows {known} {what}, not {given}: "
                "check the card, or correct the catalog."
            )
        values.append(
            need(
                given if given is not None else known,
                f"the {what} on the {person.name} (or enter it with the payment)",
            )
        )
    return values[0], values[1], person.cancels


def settle(catalog: Cards, costs: list[str], pay: list[PayCard]) -> Settlement:
    """Check a payment against a segment: cancels first, then crew and supplies."""
    values = [card_values(catalog, c) for c in pay]
    out = still_owed(catalog, costs, [label for _, _, label in values if label])
    out.paid_crew = sum(crew for crew, _, _ in values)
    out.paid_supplies = sum(supplies for _, supplies, _ in values)
    short_crew = max(out.crew - out.paid_crew, 0)
    short_supplies = max(out.supplies - out.paid_supplies, 0)
    if short_crew or short_supplies:
        out.ok = False
        out.reason = (
            f"That pays {_amount(out.paid_crew, out.paid_supplies)}, but the segment still costs "
            f"{_amount(out.crew, out.supplies)}: {_amount(short_crew, short_supplies)} short."
        )
    return out


# -- moves ---------------------------------------------------------------------------------


def _no_sixth(state: State, seat: str) -> None:
    index = player_at(state, seat)  # the active player's seat: the moves' roles
    if len(state.players[index].voyage) >= FINAL_SEGMENTS:
        raise RuleError(
            f"{name(state, index)} has completed {FINAL_SEGMENTS} segments: a voyage has no sixth."
        )


def _act3_turn(state: State, seat: str, step: str) -> int:
    _no_sixth(state, seat)
    if state.stage != "act3":
        raise RuleError("The voyages begin in Act 3.")
    index = state.active  # the move's roles (ACTIVE_SEAT): the active player's seat
    if state.step != step:
        player = state.players[index]
        if state.step == "prepare":
            raise RuleError(f"{player.name} must first prepare a segment.")
        raise RuleError(f"{player.name} has no segment to prepare now.")
    return index


def _spare(state: State, index: int) -> int:
    """Cards in hand not already promised as journals."""
    player = state.players[index]
    return len(player.hand) - player.journals_owed


def _check_counts(state: State) -> None:
    costs, ships = Counter(), Counter()
    for p in state.players:
        ships.update(leg.difficulty for leg in p.voyage)
        ships.update(leg.journal for leg in p.voyage if leg.journal)
        if p.segment:
            ships[p.segment.difficulty] += 1
            costs.update(p.segment.costs)
    for kind, n in costs.items():
        card = state.catalog.cost(kind)
        if n > card.count:
            raise RuleError(f"The game has only {card.count} “{card.text}” cost cards.")
    for ship, n in ships.items():
        if n > (printed := state.catalog.ships.get(ship, 0)):
            cards = words.count(printed, "card", "cards")
            raise RuleError(
                f"The game has only {cards} with {words.count(ship, 'ship', 'ships')}, and all "
                "of them are on the table already (in voyages, journals and the segment being "
                "prepared): choose another difficulty or journal."
            )


@moves.move(PrepareArgs, roles=ACTIVE_SEAT)
def prepare_segment(state: State, args: PrepareArgs, seat: str) -> str:
    """Act 3: a difficulty card (from hand or deck) and that many cost cards from the deck."""
    index = _act3_turn(state, seat, "prepare")
    player = state.players[index]
    if len(args.costs) != args.difficulty:
        raise RuleError(
            f"A difficulty-{args.difficulty} segment gets exactly "
            f"{words.count(args.difficulty, 'cost card', 'cost cards')}."
        )
    text = f"{player.name} prepared a difficulty-{args.difficulty} segment"
    notes = []
    if args.source == "hand":
        if _spare(state, index) < 1:
            raise RuleError(f"{player.name} has no card in hand to spare for the difficulty.")
        played = take_from_hand(state, index, args.person)
        text += f" (playing {names(state, [played])} from hand)"
    else:
        if args.person is not None:
            raise RuleError("Only a card played from the hand is named here.")
        notes += draw(state)
    costs = [state.catalog.cost(c).id for c in args.costs]
    notes += draw(state, len(costs))
    player.segment = Segment(difficulty=args.difficulty, costs=costs)
    _check_counts(state)
    text += " costing " + ", ".join(state.catalog.cost(c).text for c in costs)
    text += "".join(f"; {n}" for n in notes)
    if state.prepare_queue:
        state.prepare_queue.pop(0)
        if state.prepare_queue:
            state.active = state.prepare_queue[0]
            return text + f". {name(state, state.active)} prepares next."
        state.active = state.players.index(_holder(state, state.sponsors[0]))
        state.step = "start"
        return text + f". Every voyage is ready: {name(state, state.active)} takes the first turn."
    return text + _end_turn(state, index)


def _holder(state: State, sponsor: str):
    return next(p for p in state.players if p.sponsor == sponsor)


def _end_turn(state: State, index: int) -> str:
    state.turn += 1
    state.step = "start"
    if state.final_round_by is None:
        state.active = next_player(state, index)
        return f". {name(state, state.active)} is next."
    if state.final_turns and state.final_turns[0] == index:
        state.final_turns.pop(0)
    if not state.final_turns:
        state.stage = "over"
        owed = [p.name for p in state.players if p.journals_owed]
        wait = f" Waiting for journals from {', '.join(owed)}." if owed else ""
        return ". The game is over: journals are revealed and scored." + wait
    state.active = state.final_turns[0]
    return f". {name(state, state.active)} takes a final turn."


@moves.move(CompleteArgs, roles=ACTIVE_SEAT)
def complete_segment(state: State, args: CompleteArgs, seat: str) -> str:
    """Act 3: pay the segment's costs from your hand, bank it, and write a journal."""
    index = _act3_turn(state, seat, "start")
    player = state.players[index]
    segment = player.segment
    if segment is None:
        raise RuleError(f"{player.name} has no segment in progress.")
    result = settle(state.catalog, segment.costs, args.pay)
    if not result.ok:
        raise RuleError(result.reason)
    if len(args.pay) > _spare(state, index):
        raise RuleError(f"{player.name} does not have {len(args.pay)} spare cards in hand.")
    paid = [take_from_hand(state, index, c.person) for c in args.pay]
    state.discard.extend(paid)
    state.discard.extend([UNKNOWN_CARD] * len(segment.costs))
    if len(args.bonus) > result.bonus:
        bonus = words.count(result.bonus, "bonus card", "bonus cards")
        raise RuleError(f"This segment gives {bonus}, not {len(args.bonus)}.")
    notes = draw(state, result.bonus)
    bonus = [person_id(state, b) for b in args.bonus]
    player.hand += bonus + [UNKNOWN_CARD] * (result.bonus - len(bonus))
    check_copies(state)
    player.segment = None
    status = "owed" if _spare(state, index) > 0 else "none"
    player.voyage.append(Leg(difficulty=segment.difficulty, journal_status=status))

    text = f"{player.name} completed a difficulty-{segment.difficulty} segment"
    if result.cancelled:
        labels = sorted({LABEL_TEXT[state.catalog.cost(c).label] for c in result.cancelled})
        text += f" ({' and '.join(labels)} cancelled)"
    text += f", paying {names(state, paid)}" if paid else " with nothing to pay"
    wasted = _amount(*result.wasted)
    if wasted != "nothing":
        text += f" ({wasted} wasted)"
    if result.bonus:
        text += f"; Great Fishing gives {words.count(result.bonus, 'bonus card', 'bonus cards')}"
    text += "".join(f"; {n}" for n in notes)
    if status == "owed":
        text += f". {player.name} writes a face-down journal"
    else:
        text += f". With an empty hand, {player.name} writes no journal"
    done = len(player.voyage)
    if done == FINAL_SEGMENTS and state.final_round_by is None:
        state.final_round_by = index
        n = len(state.players)
        state.final_turns = [(index + k) % n for k in range(1, n)]
        text += ". That is the fifth segment: everyone else takes one final turn"
        return text + _end_turn(state, index)
    if done == FINAL_SEGMENTS or state.final_round_by is not None:
        return text + _end_turn(state, index)
    state.step = "prepare"
    return text + ", then prepares the next segment."


@moves.move(ForageArgs, roles=ACTIVE_SEAT)
def forage(state: State, args: ForageArgs, seat: str) -> str:
    """Act 3: flip 4 cards — one becomes a cost on your segment, three go to your hand."""
    index = _act3_turn(state, seat, "start")
    player = state.players[index]
    if player.segment is None:
        raise RuleError(f"{player.name} has no segment in progress.")
    left = state.deck + len(state.discard)
    if left < 4:  # the only way on is to pay: say how, an unnamed card included
        raise RuleError(
            f"{player.name} cannot forage: the deck and the discard pile hold "
            f"{words.count(left, 'card', 'cards')}, and foraging flips 4. Complete the segment "
            "with cards from your hand (for an unnamed card, give its crew and supplies)."
        )
    cost = state.catalog.cost(args.cost)
    notes = draw(state, 4)
    player.segment.costs.append(cost.id)
    named = [person_id(state, p) for p in args.to_hand]
    player.hand += named + [UNKNOWN_CARD] * (3 - len(named))
    check_copies(state)
    _check_counts(state)
    text = f"{player.name} foraged: “{cost.text}” joins the segment and 3 cards go to hand"
    return text + "".join(f"; {n}" for n in notes) + _end_turn(state, index)


@moves.move(JournalArgs, roles=PLAYER)
def write_journal(state: State, args: JournalArgs, seat: str) -> str:
    """Act 3: on your own seat, record the face-down journal for a completed segment."""
    index = player_at(state, seat)  # the seat's own player: the move is for players only
    player = state.players[index]
    owed = [i for i, leg in enumerate(player.voyage) if leg.journal_status == "owed"]
    if not owed:
        raise RuleError(f"{player.name} owes no journal.")
    at = owed[0] if args.segment is None else args.segment - 1
    if at not in owed:
        raise RuleError(f"Segment {args.segment} does not need a journal.")
    take_from_hand(state, index, args.person)
    player.voyage[at].journal = args.value
    player.voyage[at].journal_status = "written"
    _check_counts(state)
    # The sentence goes into the shared log: it must not say the value or the card.
    return f"{player.name} wrote a face-down journal for segment {at + 1}."
