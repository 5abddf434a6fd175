"""The load test's concurrent taps, a tiny run against a live server: pairs of devices on
Galzyr tables of their own tap within 100 ms of each other against the same version. The
unrelated pair (the story master's secret answer, the active player's choice) is never
refused; of the same thing tapped twice exactly one is made, the other answered the latest
table. The report has those rows."""

from __future__ import annotations

import time
from io import StringIO

import pytest
from django.core.management import call_command

from bench.games import DARK_TALES
from bench.loadtest import parse_args
from bench.loadtest_clients import Run
from bench.loadtest_pairs import WORLD_FOLDER, close_pairs, prepare_pairs, tap_pairs
from bench.loadtest_report import render, summary
from games.galzyr.shelf import forget_books
from games.models import Move, Table
from tests.bench.asyncio_thread import run as run_async


def test_the_number_of_pairs_is_an_option_and_the_run_time_stays_a_minute():
    assert parse_args([]).pairs == 20 and parse_args([]).seconds == 60
    assert parse_args(["--pairs", "3"]).pairs == 3


@pytest.fixture
def sample_world():
    """The sample world in the database, and no book of it remembered after the test."""
    forget_books()
    call_command("load_world", WORLD_FOLDER, stdout=StringIO())
    yield
    forget_books()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("sample_world")
def test_pairs_of_devices_tapping_at_once_unrelated_never_refused_same_one_wins(live_server):
    url = live_server.url

    async def scenario():
        pairs = await prepare_pairs(url, count=3, tables=2)
        start = time.monotonic()
        try:
            await tap_pairs(pairs, start, start + 2.5)
        finally:
            await close_pairs(pairs)
        return pairs

    pairs = run_async(scenario())
    args = parse_args(["--seconds", "2.5", "--pairs", "3"])
    run = Run("ABCD", DARK_TALES, version=1, state={}, deadline=0.0)
    result = summary(args, run, 2.5, 0.1, pairs=pairs)
    unrelated, same = result["pairs"]["unrelated"], result["pairs"]["same"]

    assert unrelated["tried"] == 3 and unrelated["refusals"] == 0, unrelated
    assert unrelated["both_made"] == unrelated["logged_in_turn"] == 3
    assert same["tried"] == 3 and same["one_wins"] == 3 and same["refusals"] == 3, same
    assert same["both_made"] == same["both_refused"] == 0
    assert unrelated["errors"] == same["errors"] == 0
    assert unrelated["widest_gap_ms"] <= 150 and same["widest_gap_ms"] <= 150
    assert unrelated["write"]["count"] == same["write"]["count"] == 6

    text = render(result)
    assert "unrelated (secret answer + option choice): 3 pairs, 0 refused (target 0)" in text
    assert "same thing (both pick option 3): 3 pairs, exactly one wins 3" in text
    assert "unrelated taps (writes)" in text and "same-thing taps (writes)" in text

    # Every accepted tap is logged: per table, the month, then 3 moves a round (the scene,
    # the unrelated pair's two taps; the scene and the one winning pick).
    tables = {t.code: t for t in Table.objects.filter(code__in=[p.code for p in pairs.tables])}
    assert sum(t.version - 1 for t in tables.values()) == 2 + 3 * (3 + 2)
    assert Move.objects.filter(table__in=tables.values()).count() == 2 + 3 * (3 + 2)
