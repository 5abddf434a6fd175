"""Property of the commutation rule (games/core/commute.py) on every registered game: at a random
state (a random walk of legal moves), a move by one seat made against the version before a
few legal moves by other seats is either refused, or gives the table those moves then it give
(the log's order) — and the same table as it first, then those moves (the device's order).

Pure rules, no database: the log rows are built the way the services build them.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import commute
from games.core.patch import diff, same
from games.core.registry import get_game
from games.core.rng import Rng
from tests.games.dark_tales.test_dark_tales_random_game import bot_move
from tests.games.galzyr import worlds
from tests.games.services.test_tables_loaded_state import random_args, sample_cases, scalars_of
from tests.games.tales_of_danger.test_property import Player
from tests.games.tavern_tales.test_tavern_property import candidates

# Numbers a move may name that no state holds yet: the book's scenes, small counts.
SCENES = sorted({int(p.name[:4]) for p in (worlds.SAMPLE / "scenes").rglob("*.yaml")})
CASES = sample_cases()
TRIES = 60


def rules(slug: str):
    """The registered game, handed what its rules need from folders (Galzyr's books)."""
    return get_game(slug).supplied_by(worlds.SHELF if slug == "galzyr" else None)


class Row:
    """A log row as the services hand it to commute.made_anyway."""

    def __init__(self, version, name, args, seat, sentence, after, before):
        self.version, self.name, self.args, self.seat = version, name, args, seat
        self.sentence, self.state_before = sentence[: commute.SENTENCE], None
        self.patch = diff(after, before, ordered=False)


class Latest:
    def __init__(self, state, version):
        self.state, self.version = state, version


def bots(game, data, rng) -> list[tuple[str, dict, str]]:
    """The moves the games' own random players would make now (tests of each game): legal
    far more often than random arguments, so the walks get past the setup."""
    try:
        if game.slug == "tales-of-danger":
            return [Player(game.load(data), rng).next_move()]
        if game.slug == "dark-tales":
            state = game.load(data)
            move, args, _may_fail = bot_move(state, Rng(rng.randrange(2**32)))
            return [(move, args, f"p{state.active + 1}")]
        if game.slug == "tavern-tales":
            return candidates(rng, data, game.view(data, "table"))
    except Exception:  # noqa: BLE001 - a bot with no move here (a deck run dry)
        return []
    return []


def legal(game, data, rng, *, tries=TRIES, seats=None):
    """A legal (move, args, seat, state after, sentence) at ``data``, or None: the game's bot
    (its move made from any of ``seats``) and random arguments, one or the other first."""
    seat_ids = seats or [seat.id for seat in game.seats(data)]
    bot = [(name, args, seat) for name, args, _ in bots(game, data, rng) for seat in seat_ids]
    tried = []
    found = scalars_of(data)
    view = game.view(data, rng.choice(seat_ids))
    found = scalars_of(view, {kind: set(values) for kind, values in found.items()})
    found[int] = sorted({*found[int], *rng.sample(SCENES, 5), *range(1, 7)})
    for _ in range(tries):
        name = rng.choice(sorted(game.moves))
        tried.append((name, random_args(game.moves[name].args, rng, found), rng.choice(seat_ids)))
    tried = bot + tried if rng.random() < 0.5 else tried + bot
    for name, args, seat in tried:
        try:
            after, sentence = game.apply(data, name, args, seat)
        except Exception:  # noqa: BLE001 - random arguments: most taps are not legal
            continue
        return name, args, seat, after, sentence
    return None


def walk(game, options, rng, steps):
    data = game.setup(options, seed=rng.randrange(2**32))
    for _ in range(steps):
        found = legal(game, data, rng)
        if found is not None:
            data = found[3]
    return data


def check_pair(game, data, rng) -> str:
    """Moves by other seats since the version a device saw, then its stale move: 'made',
    'refused' or 'none' (no legal move found). Asserts the property when made."""
    seats = [seat.id for seat in game.seats(data)]
    stale_seat = rng.choice(seats)
    others = [seat for seat in seats if seat != stale_seat]
    stale = legal(game, data, rng, seats=[stale_seat])
    if stale is None:
        return "none"
    rows, state = [], data
    for version in range(2, 2 + rng.choice([1, 1, 1, 2, 3])):
        since = legal(game, state, rng, seats=others)
        if since is None:
            break
        name, args, seat, after, sentence = since
        rows.append(Row(version, name, args, seat, sentence, after, state))
        state = after
    if not rows:
        return "none"
    name, args, seat, _after, _said = stale
    try:
        made = commute.made_anyway(
            game, Latest(state, rows[-1].version), rows[::-1], name, args, seat, seen=1
        )
    except commute.Conflict:
        return "refused"
    # The log's order: the moves since, then the stale move.
    in_order, said = game.apply(state, name, args, seat)
    assert same(made.state, in_order, ordered=False) and made.sentence == said
    # The device's order: its move first, then the moves since, each making its own change.
    other_order = stale[3]
    for row in rows:
        other_order, _ = game.apply(other_order, row.name, row.args, row.seat)
    assert same(other_order, made.state, ordered=False), (name, [row.name for row in rows])
    return "made"


@pytest.mark.parametrize(("slug", "options"), CASES)
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 10))
def test_a_stale_move_is_refused_or_gives_both_orders_table(slug, options, seed, steps):
    game = rules(slug)
    rng = random.Random(seed)
    data = walk(game, options, rng, steps)
    for _ in range(3):
        check_pair(game, data, rng)


def test_some_stale_moves_are_made_and_some_refused_in_every_game():
    """The property is not vacuous: across fixed walks, each game makes stale moves (the
    tests' own tally game excepted: each of its moves reads or writes whose turn it is)."""
    outcomes = {}
    for slug, options in CASES:
        game, counts = rules(slug), Counter()
        for seed in range(12):
            rng = random.Random(seed)
            data = walk(game, options, rng, rng.randrange(12))
            for _ in range(4):
                counts[check_pair(game, data, rng)] += 1
        outcomes[(slug, len(options["players"]), options.get("mode", ""))] = counts
    print(outcomes)
    by_game: dict[str, Counter] = {}
    for (slug, *_), counts in outcomes.items():
        by_game[slug] = by_game.get(slug, Counter()) + counts
    for slug, counts in by_game.items():
        assert counts["refused"] > 0, (slug, counts)
        if slug != "tally":
            assert counts["made"] > 0, (slug, counts)
