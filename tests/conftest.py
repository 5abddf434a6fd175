"""Shared fixtures. The platform is tested against a tiny game that lives only here."""

from __future__ import annotations

import pytest
from django.test import override_settings
from hypothesis import settings
from pydantic import BaseModel, Field

from games.core import registry
from games.core.bounds import Score, Seed, index_below, upto
from games.core.engine import Game, Outcome, Rng, RuleError, Seat
from games.core.moves import MoveSet, collect

# No per-example deadline (hypothesis's default is 200 ms): the house asserts no timing, and on
# a shared 2-core machine an example's time says nothing about the code
# (tests/games/core/test_patch.py failed on it at load 16).
settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")


@pytest.fixture(autouse=True, scope="session")
def quick_password_hashing():
    """Librarians' passwords are hashed with a fast hasher in tests: the default (PBKDF2,
    ~1 million rounds) made a browser test's admin "Log in" wait past its 5 s at load 13, and a
    password's strength of hashing is Django's to test, not ours."""
    quick = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
    quick.enable()
    yield
    quick.disable()


class TallyOptions(BaseModel):
    players: list[str] = Field(default_factory=lambda: ["Ada", "Bo"], min_length=1, max_length=4)


class TallyState(BaseModel):
    players: list[str]
    totals: list[Score]  # below zero is the invariant's to refuse, with its sentence
    secrets: list[upto(999)]  # one per player, seen only from that player's seat
    turn: index_below(4) = 0
    rng: Seed


def tally_setup(options: TallyOptions, seed: int, needs: None) -> TallyState:
    rng = Rng(seed)
    secrets = [rng.randint(100, 999) for _ in options.players]
    return TallyState(
        players=options.players,
        totals=[0] * len(options.players),
        secrets=secrets,
        rng=rng.state,
    )


def tally_seats(state: TallyState) -> list[Seat]:
    return [Seat("table", "Table", "table")] + [
        Seat(f"p{i + 1}", name, "player") for i, name in enumerate(state.players)
    ]


def tally_view(state: TallyState, seat: str) -> dict:
    return {
        "players": [
            {
                "name": name,
                "total": state.totals[i],
                "secret": state.secrets[i] if seat == f"p{i + 1}" else None,
            }
            for i, name in enumerate(state.players)
        ],
        "turn": state.turn,
    }


def tally_outcome(state: TallyState) -> Outcome | None:
    scores = {f"p{i + 1}": total for i, total in enumerate(state.totals)}
    best = max(state.totals)
    finished = best >= 20
    winners = tuple(seat for seat, total in scores.items() if total == best) if finished else ()
    return Outcome(finished=finished, scores=scores, winners=winners, summary="")


def tally_invariants(state: TallyState) -> list[str]:
    return ["a total went below zero"] if min(state.totals) < 0 else []


moves = MoveSet("tally")


class AddArgs(BaseModel):
    points: int = Field(ge=1, le=5)


@moves.move(AddArgs)
def add(state: TallyState, args: AddArgs, seat: str) -> str:
    """Add 1–5 points to the player whose turn it is."""
    player = state.turn
    if seat not in ("table", f"p{player + 1}"):
        raise RuleError(f"It is {state.players[player]}'s turn.")
    if state.totals[player] >= 20:
        raise RuleError("The game is over.")
    state.totals[player] += args.points
    state.turn = (player + 1) % len(state.players)
    return f"{state.players[player]} added {args.points}."


@moves.move(label="Take one back")
def take_back(state: TallyState, args, seat: str) -> str:
    """Take a point from the previous player (refused at 0 by the invariant)."""
    previous = (state.turn - 1) % len(state.players)
    state.totals[previous] -= 1
    return f"{state.players[previous]} lost a point."


tally = Game(
    slug="tally",
    title="Tally (tests only)",
    State=TallyState,
    Options=TallyOptions,
    setup_fn=tally_setup,
    view_fn=tally_view,
    seats_fn=tally_seats,
    outcome_fn=tally_outcome,
    invariants_fn=tally_invariants,
    template="tests/tally_panel.html",
    secret_keys=frozenset({"secret"}),
    moves=collect(moves),
    sample_options=({"players": ["Ada", "Bo"]},),
)


@pytest.fixture(autouse=True)
def fresh_guess_counts():
    """Wrong codes are counted per address in the cache (games/web/throttle.py): each test starts
    with none, whatever the tests before it asked."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(scope="session")
def tally_registered():
    """The tally game, registered for the whole run (``pytest_configure``)."""
    return tally


def pytest_configure(config):
    from pathlib import Path

    from django.conf import settings

    # The tally game's panel lives beside the tests, not in the product's templates.
    settings.TEMPLATES[0]["DIRS"].append(Path(__file__).parent / "templates")
    # Registered before collection, so tests parametrized over the registry play it too.
    registry.add(tally)
