"""Who may make a move is declared once, on the move (``roles=``): the buttons a seat's view
offers (its ``moves``) are exactly the phase's moves that the engine's role check lets that
seat make, for every seat in every phase; a player's own move (dealing in, discarding down,
a journal) only to that player's seat or the table."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.tales_of_danger.common import player_at
from games.tales_of_danger.game import game
from games.tales_of_danger.seat_view import offered
from tests.games.tales_of_danger.test_roles import SCENARIOS
from tests.roles import passes_role_check

CARD_MOVES = ["set-sponsor-card", "set-person-card"]


def _journal_on_anothers_turn(tod):
    """Ada owes a journal while it is Bo's turn (Bo's segment to complete)."""
    t = tod.act3([["monk", "nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])])
    t.do("complete-segment", {"pay": [{"person": "monk"}]}, seat="p1")
    t.do("prepare-segment", {"difficulty": 1, "costs": ["crew"]}, seat="p1")
    return t


def _over_with_a_journal_owed(tod):
    t = tod.act3([["monk", "nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])],
                 [[(2, 3)] * 4, [(3, 1)]])  # fmt: skip
    t.do("complete-segment", {"pay": [{"person": "monk"}]})
    t.do("forage", {"cost": "crew"}, seat="p2")
    return t


def _half_dealt(tod):
    t = tod.Table(3)
    t.do("deal", {"player": "p2", "people": ["nun", "nun", "monk"]}, seat="p2")
    return t


# A table in each phase: each move's own scenario (where it is legal for Ada, p1), and a few
# where the seats differ more (a journal owed on another's turn, the game over, half dealt).
ARRANGED = {name: build for name, (build, _) in SCENARIOS.items()} | {
    "journal on another's turn": _journal_on_anothers_turn,
    "over, a journal owed": _over_with_a_journal_owed,
    "half dealt": _half_dealt,
}


@pytest.mark.parametrize("situation", ARRANGED)
def test_each_seat_is_offered_the_moves_the_engine_lets_it_make(tod, situation):
    t = ARRANGED[situation](tod)
    state = t.state
    for seat in game.seats(t.data):
        allowed = [
            move
            for move, about in offered(state).items()
            if passes_role_check(game, state, move, seat.id)
            and (about is None or seat.kind == "table" or player_at(state, seat.id) in about)
        ]
        assert t.view(seat.id)["moves"] == allowed, (situation, seat.id)


def test_a_waiting_seat_is_offered_only_the_card_data_and_told_whose_turn_it_is(tod):
    t = SCENARIOS["recruit"][0](tod)
    assert t.view("p2")["moves"] == CARD_MOVES
    assert t.view("p1")["moves"] == ["recruit", *CARD_MOVES]
    assert t.view("table")["moves"] == ["recruit", *CARD_MOVES]
    before = t.data
    with pytest.raises(RuleError, match="^It is Ada's turn.$"):
        t.do("recruit", {"picks": [{"person": "monk"}, {"person": "farmer"}]}, seat="p2")
    assert t.data == before


def test_the_first_player_flips_the_pool_once_the_hands_are_dealt(tod):
    t = tod.Table(2)
    for seat, hand in (("p1", ["nun", "nun", "monk"]), ("p2", ["monk", "farmer", "nun"])):
        t.do("deal", {"player": seat, "people": hand}, seat=seat)
    assert t.view("p2")["moves"] == CARD_MOVES
    with pytest.raises(RuleError, match="^It is Ada's turn.$"):
        t.do("refill-pool", {"people": ["monk"]}, seat="p2")
    assert t.view("p1")["moves"] == ["refill-pool", *CARD_MOVES]
    t.do("refill-pool", {"people": ["deacon"]}, seat="p1")
    assert t.state.pool == ["deacon"]


def test_a_journal_is_its_writers_on_anothers_turn(tod):
    t = _journal_on_anothers_turn(tod)
    assert t.state.active == 1
    assert t.view("p1")["moves"] == ["write-journal", *CARD_MOVES]
    assert t.view("p2")["moves"] == ["complete-segment", "forage", *CARD_MOVES]
    assert t.view("table")["moves"] == CARD_MOVES
