"""Property: at any point of any game, export → import → export gives the same document, and
undo on the imported table gives what undo gives on the original (issue 12)."""

from __future__ import annotations

import contextlib
import json
import random
from io import StringIO

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.engine import RuleError
from games.core.registry import all_games
from games.galzyr.shelf import forget_books
from games.services import exchange, tables, turns
from tests.games.services.test_tables_loaded_state import random_args, scalars_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())


def walk(slug: str, options: dict, seed: int, steps: int):
    """A table after up to ``steps`` accepted moves (and undos) chosen at random."""
    game = all_games()[slug]
    rng = random.Random(seed)
    table = tables.create_table(slug, "Round trip", options)
    for _ in range(steps):
        seats = [seat.id for seat in game.seats(table.state)]
        if rng.random() < 0.15:
            with contextlib.suppress(RuleError):
                table, _ = turns.undo_last(
                    table.code, expected_version=table.version, seat=rng.choice(seats)
                )
            continue
        found = scalars_of(table.state)
        for _ in range(40):
            name = rng.choice(sorted(game.moves))
            args = random_args(game.moves[name].args, rng, found)
            seat = rng.choice(seats)
            try:
                game.apply(table.state, name, args, seat)
            except (RuleError, ValueError, KeyError, IndexError, TypeError):
                continue
            table, _ = turns.apply_move(
                table.code, name, args, expected_version=table.version, seat=seat
            )
            break
    return table


CASES = [(slug, game.sample_options[0]) for slug, game in all_games().items()]


@pytest.mark.parametrize(("slug", "options"), CASES)
@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 12))
def test_export_import_export_is_the_same_document(world, slug, options, seed, steps):
    check_round_trip(slug, options, seed, steps)


def check_round_trip(slug: str, options: dict, seed: int, steps: int) -> None:
    table = walk(slug, options, seed, steps)
    document = exchange.export_table(table)
    copy = exchange.import_table(json.dumps(document))
    assert exchange.export_table(copy) == document
    seat = all_games()[slug].seats(table.state)[0].id
    try:
        original, _ = turns.undo_last(table.code, expected_version=table.version, seat=seat)
    except RuleError as refused:
        with pytest.raises(RuleError, match=str(refused)[:20]):
            turns.undo_last(copy.code, expected_version=copy.version, seat=seat)
        return
    imported, _ = turns.undo_last(copy.code, expected_version=copy.version, seat=seat)
    assert imported.state == original.state
