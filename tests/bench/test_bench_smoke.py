"""`make bench` and `make loadtest` still run: the bench in-process with tiny counts (the
storybook rows on a 50-scene world), the load
test's bookkeeping without a server. No timing assertions: only that every row is there and
its numbers are sane."""

from __future__ import annotations

import json

import pytest

from bench.core import BenchResult, Row, run_bench
from bench.games import DARK_TALES, NotReady
from bench.loadtest import Run, parse_args, server_log_summary, summary
from bench.loadtest import render as render_load
from bench.report import as_json, constant_queries, render, verdict
from bench.storybook import run_storybook_bench
from games.models import Claim

PER_TABLE = [
    "full table page",
    "live fragment",
    "poll, nothing changed",
    "move (HTMX)",
    "undo (HTMX)",
    "move (API)",
    "undo (API)",
    "export (page)",
    "export (API)",
]


@pytest.mark.django_db
def test_bench_measures_every_interaction():
    result = run_bench(DARK_TALES, iterations=3, warmup=1, log_sizes=(2, 6))

    expected = ["bare view (/healthz)", "home page"] + [
        f"{what}, {logged} logged" for logged in (2, 6) for what in PER_TABLE
    ]
    assert [row.name for row in result.rows] == expected
    # One device per table, as a group's shared display: it started the table, so it keeps it,
    # and holds the bench game's seat (its cookie for the pages, its token for the API).
    claims = Claim.objects.values_list("table__name", "seat", "keeper").order_by("table__name")
    assert list(claims) == [("Bench 2", "table", True), ("Bench 6", "table", True)]
    for row in result.rows:
        assert len(row.seconds) == 3, row.name
        assert 0 < row.median_ms <= row.p95_ms, row.name
        assert len(row.queries) == 3, row.name
        if row.kind != "bare":
            assert len(row.bare_seconds) == 3 and row.x_bare > 0, row.name
        if row.kind == "poll":
            assert (row.status, row.nbytes, row.max_queries) == (204, 0, 1)
        else:
            assert row.status == 200 and row.nbytes > 0, row.name
    assert result.bare.max_queries == 0
    for row in result.rows:
        if row.kind in ("page", "fragment", "export", "home"):
            assert row.max_queries >= 1, row.name
        if row.kind in ("move", "undo"):
            # lock, update, insert at least; the SQL of the last call is kept for the report
            assert row.data_queries >= 3 and len(row.sql) == row.max_queries, row.name

    text = render(result)
    assert all(name in text for name in expected)
    verdicts = [v for row in result.rows if (v := verdict(row, result))]
    assert len(verdicts) == 8  # poll and full page at each size, two moves at each size
    assert text.count(": PASS") + text.count(": FAIL") == len(verdicts)
    document = json.loads(json.dumps(as_json(result)))
    assert len(document["rows"]) == len(expected)


def test_bench_move_alternates_with_undo():
    assert DARK_TALES.bench_move({"phase": "draw"}) == ("draw", {})
    with pytest.raises(NotReady):
        DARK_TALES.bench_move({"phase": "item"})


def test_load_test_summary_counts_409_apart_from_errors():
    run = Run("ABCD", DARK_TALES, version=7, state={"phase": "draw"}, deadline=0.0)
    for status in (204, 204, 200, 500):
        run.polls.record(0.002, status)
    run.polls.fail(TimeoutError())
    for status in (200, 409, 409):
        run.moves.record(0.010, status)
    run.seen_after += [0.5, 0.5, 1.5]
    args = parse_args(["--seconds", "1"])

    result = summary(args, run, elapsed=1.0, client_cpu=0.1)

    assert result["polls"]["2xx"] == 3 and result["polls"]["204"] == 2
    assert result["polls"]["errors"] == 2  # the 500 and the timeout
    assert result["moves"]["409"] == 2 and result["moves"]["errors"] == 0
    assert result["seen_after"]["p50_ms"] == 500
    assert "p95" in render_load(result)
    log = "Conflict: /api/tables/ABCD/moves/\nInternal Server Error: /t/ABCD/poll/\n"
    assert "1 “Conflict” warnings" in server_log_summary(log)
    assert "Internal Server Error" in server_log_summary(log)


# -- the storybook rows (issue 3) ------------------------------------------------------------
STORYBOOK_ROWS = [
    ("lint + load, 50-scene world", "world-load"),
    ("load_world (lint + load + store), 50-scene world", "world-store"),
    ("playtest, 20 runs, 15-scene world", "playtest-runs"),
    ("playtest, exhaustive, 15-scene world", "playtest-sweep"),
    ("galzyr table page, 5-scene world", "page"),
    ("open scene 1003 (HTMX), 5-scene world", "open-scene"),
    ("galzyr table page, 50-scene world", "page"),
    ("open scene 1026 (HTMX), 50-scene world", "open-scene"),
]


@pytest.mark.django_db
def test_bench_measures_the_storybook():
    rows = run_storybook_bench(scenes=50, iterations=3, warmup=1, world_runs=2, playtest_runs=20)

    assert [(row.name, row.kind) for row in rows] == STORYBOOK_ROWS
    for row in rows:
        assert 0 < row.median_ms <= row.p95_ms, row.name
        assert row.nbytes > 0, row.name
    loads = {row.kind: row for row in rows if row.kind.startswith(("world-", "playtest-"))}
    for row in loads.values():
        assert len(row.seconds) == 2 and row.bare_seconds == []
        assert row.x_bare != row.x_bare  # nan: not an HTTP request, no bare view
    assert loads["world-load"].max_queries == 0  # lint + load doesn't touch the database
    assert loads["playtest-runs"].max_queries == loads["playtest-sweep"].max_queries == 0
    assert loads["world-store"].min_queries >= 3  # lookup, world row, scene rows at least
    readers = [row for row in rows if row.kind in ("page", "open-scene")]
    for row in readers:
        assert len(row.seconds) == 3 and len(row.bare_seconds) == 3, row.name
        assert row.status == 200 and row.max_queries >= 1, row.name
    small, big = (row for row in rows if row.kind == "open-scene")
    assert small.queries == big.queries and small.min_queries == small.max_queries
    assert big.nbytes > small.nbytes  # the table's view lists every scene of the book

    result = BenchResult(game="dark-tales", iterations=3, warmup=1, rows=rows)
    text = render(result)
    assert all(name in text for name, _ in STORYBOOK_ROWS)
    assert "≤ 5 s: " in text and "p95 ≤ 10 ms: " in text
    assert "constant queries when opening a scene" in text
    assert constant_queries(result).passed
    verdicts = [v for row in rows if (v := verdict(row, result))]
    assert len(verdicts) == 8  # two loads, two playtests, two pages, two openings
    assert text.count(": PASS") + text.count(": FAIL") == len(verdicts) + 1
    document = json.loads(json.dumps(as_json(result), allow_nan=False))
    assert document["constant_queries"] is True
    assert [r["interaction"] for r in document["rows"]] == [name for name, _ in STORYBOOK_ROWS]


def test_constant_queries_compares_each_size_not_each_call():
    def rows(*counts):
        return BenchResult(
            "galzyr",
            1,
            0,
            [Row(f"open scene, {i}", "open-scene", queries=list(c)) for i, c in enumerate(counts)],
        )

    # An automatic backup every backups.EVERY versions: the same 8–11 at both sizes passes.
    assert constant_queries(rows([8, 8, 11], [8, 11, 8])).passed
    assert constant_queries(rows([8, 8], [8, 8])).target.endswith("(8 per call)")
    assert not constant_queries(rows([8, 8], [9, 9])).passed  # the bigger book costs a query
    assert not constant_queries(rows([8, 11], [8, 8])).passed


def test_a_move_may_send_more_queries_only_on_its_automatic_backups():
    from bench.report import BACKUP_QUERIES, MOVE_MAX_QUERIES, move_queries_ok
    from games.services import backups

    calls = [MOVE_MAX_QUERIES] * (2 * backups.EVERY)
    assert move_queries_ok(calls)
    backed_up = list(calls)
    backed_up[0] = backed_up[backups.EVERY] = MOVE_MAX_QUERIES + BACKUP_QUERIES
    assert move_queries_ok(backed_up)
    assert not move_queries_ok([*backed_up[:-1], MOVE_MAX_QUERIES + 1])  # one too many
    assert not move_queries_ok([MOVE_MAX_QUERIES + BACKUP_QUERIES + 1])
