"""Who may make a move is declared once, on the move (``roles=``): the buttons a seat's view
offers (its ``moves``) are exactly the phase's moves that the engine's role check lets that
seat make, for every seat in every phase."""

from __future__ import annotations

import pytest

from games.dark_tales.game import game
from games.dark_tales.seat_view import ANY_TIME, offered
from games.dark_tales.state import State
from tests.games.dark_tales.test_dark_tales_seat_view import finish, to_scoring
from tests.roles import passes_role_check


def _empty_hand(state: State) -> None:
    state.deck += state.current.hand_count
    state.current.hand_unknown = 0
    state.current.hand = []


ARRANGED = {
    "draw": lambda t: None,
    "item": lambda t: t.move("draw"),
    "card": lambda t: (t.move("draw"), t.move("skip-item")),
    "reveal": lambda t: (
        t.give(0, "Wizard"),
        t.move("draw"),
        t.move("play-card", card="Wizard"),
    ),
    "item, no cards": lambda t: (t.move("draw"), t.edit(_empty_hand)),
    "scoring": to_scoring,
    "over": finish,
}


@pytest.mark.parametrize("situation", ARRANGED)
def test_each_seat_is_offered_the_moves_the_engine_lets_it_make(table, situation):
    t = table(players=("Mara", "Bo", "Cy"))
    ARRANGED[situation](t)
    state = t.state
    assert state.phase == situation.split(",")[0]
    for seat in game.seats(t.data):
        allowed = [m for m in offered(state) if passes_role_check(game, state, m, seat.id)]
        assert t.view(seat.id)["moves"] == allowed, (situation, seat.id)


def test_a_waiting_seat_is_offered_only_what_no_turn_holds_and_theto_scoring_is_everyones(table):
    t = table(players=("Mara", "Bo", "Cy"))
    t.move("draw")
    waiting, active = t.view("p2"), t.view("p1")
    assert waiting["moves"] == ANY_TIME and not waiting["can_act"]
    assert "play-item" in active["moves"] and "take-item" in active["moves"]
    to_scoring(t)
    # no one's turn: every seat enters the B card's points; the corrections stay the table's
    assert t.view("p2")["moves"] == ["enter-bonus", "reveal-scores", *ANY_TIME]
    assert "take-item" in t.view("table")["moves"]
