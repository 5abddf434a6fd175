"""A tests-only game built to have every kind of stale move (games/core/commute.py), and its own
checks: moves of different seats on different places commute, the others don't.

"Commons": each player keeps their own marks and note, everyone adds to one shared pot, a
player may draw from the seeded generator or peek at it, the shared display ends the turn.
"""

from __future__ import annotations

import pytest
from pydantic import BaseModel, Field

from games.core import commute
from games.core.engine import Game, Rng, RuleError, Seat
from games.core.moves import MoveSet, collect
from games.core.registry import all_games


class Options(BaseModel):
    players: list[str] = Field(default_factory=lambda: ["Ada", "Bo"], min_length=2, max_length=4)


class State(BaseModel):
    players: list[str]
    marks: list[int]
    notes: dict[str, str] = {}
    pot: int = 0
    turn: int = 0
    drawn: list[int] = []
    rng: int


def setup(options: Options, seed: int, needs: None) -> State:
    n = len(options.players)
    return State(players=options.players, marks=[0] * n, rng=Rng(seed).state)


def seats(state: State) -> list[Seat]:
    return [Seat("table", "Table", "table")] + [
        Seat(f"p{i + 1}", name, "player") for i, name in enumerate(state.players)
    ]


def view(state: State, seat: str) -> dict:
    return state.model_dump(mode="json")


moves = MoveSet("commons")


def index(seat: str) -> int:
    return int(seat[1:]) - 1


class Points(BaseModel):
    points: int = Field(default=1, ge=1, le=5)


class Text(BaseModel):
    text: str = Field(max_length=40)


@moves.move(Points, roles={"player"})
def mark(state: State, args: Points, seat: str) -> str:
    """A player marks points on their own track."""
    state.marks[index(seat)] += args.points
    return f"{state.players[index(seat)]} marks {args.points}."


@moves.move(Text, roles={"player"})
def note(state: State, args: Text, seat: str) -> str:
    """A player writes their own note."""
    state.notes[seat] = args.text
    return f"{state.players[index(seat)]} writes a note."


@moves.move(Points)
def pot(state: State, args: Points, seat: str) -> str:
    """Anyone adds to the shared pot (a shared counter)."""
    state.pot += args.points
    return f"The pot holds {state.pot}."


@moves.move(roles={"player"})
def draw(state: State, args, seat: str) -> str:
    """Draw a number from the seeded generator."""
    rng = Rng(state.rng)
    state.drawn.append(rng.randbelow(100))
    state.rng = rng.state
    return f"{state.players[index(seat)]} draws."


@moves.move(roles={"player"}, reads={"rng"})
def peek(state: State, args, seat: str) -> str:
    """Write the generator's next number in one's note without drawing it (reads ``rng``)."""
    state.notes[seat] = str(Rng(state.rng).randbelow(2))
    return f"{state.players[index(seat)]} peeks."


@moves.move(roles={"player"})
def catch_up(state: State, args, seat: str) -> str:
    """A player behind draws level with the leader: reads the other players' marks."""
    leader = max(state.marks)
    if state.marks[index(seat)] == leader:
        raise RuleError("Only a player who is behind may catch up.")
    state.marks[index(seat)] = leader
    return f"{state.players[index(seat)]} catches up."


@moves.move(Text, any_time=True)
def name_table(state: State, args: Text, seat: str) -> str:
    """Anyone names the table, whoever's turn it is (like card data read off the box)."""
    state.notes["table"] = args.text
    return "The table has a name."


@moves.move(roles={"table"})
def end_turn(state: State, args, seat: str) -> str:
    """The shared display passes the turn on."""
    state.turn = (state.turn + 1) % len(state.players)
    return f"It is {state.players[state.turn]}'s turn."


commons = Game(
    slug="commons",
    title="Commons (tests only)",
    State=State,
    Options=Options,
    setup_fn=setup,
    view_fn=view,
    seats_fn=seats,
    template="tests/tally_panel.html",
    secret_keys=frozenset(),
    contended=frozenset({"turn"}),  # every move reads whose turn it is,
    moves=collect(moves),
)


@pytest.fixture(autouse=True, scope="module")
def commons_registered():
    """Registered for the module using it only: "every registered game" tests elsewhere must
    not meet it."""
    games = all_games()
    games["commons"] = commons
    yield commons
    games.pop("commons", None)


# -- the rule on the pure game, without the database -------------------------------------------


class Row:
    """A log row as the services hand it over."""

    def __init__(self, version, name, args, seat, sentence, patch):
        self.version, self.name, self.args, self.seat = version, name, args, seat
        self.sentence, self.patch, self.state_before = sentence, patch, None


class Latest:
    def __init__(self, state: dict, version: int):
        self.state, self.version = state, version


def stale(data: dict, first: tuple, second: tuple) -> commute.Made:
    """Make ``first`` on ``data`` (version 1), then ``second`` against version 1."""
    from games.core.patch import diff

    name, args, seat = first
    after, sentence = commons.apply(data, name, args, seat)
    row = Row(2, name, args, seat, sentence, diff(after, data))
    name, args, seat = second
    return commute.made_anyway(commons, Latest(after, 2), [row], name, args, seat, seen=1)


START = commons.setup({"players": ["Ada", "Bo", "Cy"]}, seed=7)
AHEAD = {**START, "marks": [2, 0, 0]}  # Ada leads


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (("mark", {"points": 2}, "p1"), ("mark", {"points": 3}, "p2")),
        (("note", {"text": "hi"}, "p1"), ("note", {"text": "yo"}, "p2")),
        (("mark", {}, "p1"), ("pot", {"points": 2}, "p2")),
        (("draw", {}, "p1"), ("mark", {}, "p2")),
        (("mark", {}, "p1"), ("draw", {}, "p2")),
        (("pot", {}, "table"), ("note", {"text": "x"}, "p3")),
        # made any time: the turn that passed since is not among what it reads
        (("end-turn", {}, "table"), ("name-table", {"text": "Fri"}, "p2")),
    ],
)
def test_moves_on_different_places_commute(first, second):
    made = stale(START, first, second)
    in_order = commons.apply(commons.apply(START, *first)[0], *second)[0]
    other_order = commons.apply(commons.apply(START, *second)[0], *first)[0]
    assert made.state == in_order == other_order


@pytest.mark.parametrize(
    ("first", "second", "why"),
    [
        (("pot", {"points": 1}, "p1"), ("pot", {"points": 2}, "p2"), "another change"),
        (("draw", {}, "p1"), ("draw", {}, "p2"), "another change"),  # both read the generator
        (("draw", {}, "p1"), ("peek", {}, "p2"), "reads"),  # declared: it reads the generator
        (("end-turn", {}, "table"), ("mark", {}, "p2"), "reads"),  # the game's contended turn
        (("mark", {}, "p1"), ("catch-up", {}, "p2"), "another change"),  # to 3, not to 2
        (("catch-up", {}, "p2"), ("mark", {}, "p1"), "another change after it"),
        (("note", {"text": "a"}, "p1"), ("note", {"text": "b"}, "p1"), "writes"),
    ],
)
def test_moves_that_do_not_commute_conflict(first, second, why):
    with pytest.raises(commute.Conflict, match=why):
        stale(AHEAD, first, second)


def test_the_same_note_written_twice_is_no_lost_update():
    # The second device writes what the first already wrote: "the same change" fails (the
    # first made it already), so it is refused rather than logged as a move that did nothing.
    with pytest.raises(commute.Conflict):
        stale(START, ("note", {"text": "a"}, "p1"), ("note", {"text": "a"}, "p1"))
