"""The smallest game the recipe (docs/api.md "Adding a game") allows: public, one move.

Nothing is hidden (``secret_keys=frozenset()``), one move counts up, no card data, no options
template, no outcome: tests/test_adding_a_game.py runs the platform's generic tests on it, as
on the recipe's own game, so they accept a game this simple.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from games.core.bounds import index_below, upto
from games.core.engine import Game, Seat
from games.core.moves import MoveSet, NoArgs, collect


class Options(BaseModel):
    players: list[str] = Field(min_length=2, max_length=3)


class State(BaseModel):
    players: list[str]
    count: upto(999) = 0
    turn: index_below(3) = 0


moves = MoveSet("counter")


@moves.move(NoArgs, label="Count one")
def count(state: State, args: NoArgs, seat: str) -> str:
    """One more, whoever taps; the turn only says who counts aloud next."""
    state.count += 1
    state.turn = (state.turn + 1) % len(state.players)
    return f"{state.count}."


game = Game(
    slug="counter",
    title="Counter (tests only)",
    State=State,
    Options=Options,
    setup_fn=lambda options, seed, needs: State(players=options.players),
    view_fn=lambda state, seat: state.model_dump(mode="json"),
    seats_fn=lambda state: (
        [Seat("table", "Table", "table")]
        + [Seat(f"p{i + 1}", name, "player") for i, name in enumerate(state.players)]
    ),
    template="tests/counter_panel.html",
    secret_keys=frozenset(),
    moves=collect(moves),
    sample_options=({"players": ["Ada", "Bo"]},),
)
