"""The campaign rows of issue 4 still run: tiny counts, a 300-copy generated catalog next to the
sample world. No timing assertions: only that every row is there, its numbers are sane and the
trays page sends as many queries at both catalog sizes."""

from __future__ import annotations

import json

import pytest

from bench.__main__ import parse_args
from bench.campaign import SAMPLE, catalog_copies, generate_catalog_world, run_campaign_bench
from bench.core import BenchResult
from bench.report import as_json, constant_queries, render, verdict
from games.models import Move, Table

SAMPLE_COPIES = 253  # the Sallowmere Marches' catalog, unrolled


def expected_rows(copies: int) -> list[tuple[str, str]]:
    return [
        (name + f", {size} card copies", kind)
        for size in (SAMPLE_COPIES, copies)
        for name, kind in [
            ("campaign table page", "campaign-page"),
            ("campaign trays page", "trays-page"),
            ("campaign move a card (HTMX)", "campaign-move"),
            ("campaign undo (HTMX)", "campaign-undo"),
            ("campaign move a card (API)", "campaign-move"),
            ("campaign undo (API)", "campaign-undo"),
        ]
    ]


def test_the_generated_catalog_has_exactly_the_copies_asked(tmp_path):
    assert catalog_copies(SAMPLE) == SAMPLE_COPIES
    root = generate_catalog_world(tmp_path / "w", 500)
    assert catalog_copies(root) == 500
    with pytest.raises(ValueError):
        generate_catalog_world(tmp_path / "small", 10)


@pytest.mark.django_db
def test_bench_measures_the_campaign():
    rows = run_campaign_bench(copies=300, iterations=3, warmup=1)

    assert [(row.name, row.kind) for row in rows] == expected_rows(300)
    for row in rows:
        assert len(row.seconds) == 3 and len(row.bare_seconds) == 3, row.name
        assert 0 < row.median_ms <= row.p95_ms, row.name
        assert row.status == 200 and row.nbytes > 0, row.name
    pages = [row for row in rows if row.kind == "trays-page"]
    assert pages[0].queries == pages[1].queries  # the catalog's size costs no query
    assert pages[1].nbytes > pages[0].nbytes  # …but the bigger catalog is on the page
    for row in rows:
        if row.kind in ("campaign-move", "campaign-undo"):
            # lock, update, insert at least; the SQL of the last call is kept for the report
            assert row.data_queries >= 3 and len(row.sql) == row.max_queries, row.name

    result = BenchResult(game="galzyr", iterations=3, warmup=1, rows=rows)
    text = render(result)
    assert all(name in text for name, _ in expected_rows(300))
    assert "p95 ≤ 25 ms: " in text and "p95 ≤ 15 ms: " in text
    assert constant_queries(result, "trays-page").passed
    assert "constant queries on the trays page" in text
    verdicts = [v for row in rows if (v := verdict(row, result))]
    assert len(verdicts) == 6  # a page and two moves at each size; undo rows have no target
    assert text.count(": PASS") + text.count(": FAIL") == len(verdicts) + 1
    document = json.loads(json.dumps(as_json(result), allow_nan=False))
    assert document["constant_queries_trays_page"] is True


def test_only_and_no_pick_the_groups():
    assert parse_args([]).groups == ["core", "storybook", "campaign"]
    assert parse_args(["--only", "campaign"]).groups == ["campaign"]
    assert parse_args(["--no-campaign"]).groups == ["core", "storybook"]
    assert parse_args(["--only", "core", "--only", "campaign"]).groups == ["core", "campaign"]


@pytest.mark.django_db
def test_the_profile_steps_still_follow_the_code(capsys):
    # Imported here: bench.campaign_profile imports its Django parts lazily, like ``main``.
    from bench.campaign_profile import Steps, print_steps, profile

    steps = Steps(300)
    print_steps("page", steps.page_steps(), calls=1)
    print_steps("move", steps.move_steps(), calls=1)
    profile("move + undo", steps.move_and_undo, calls=1, top=5, out=None)

    out = capsys.readouterr().out
    assert "WHOLE: GET the table page" in out and "'where' for every number" in out
    assert "tables.save_move" in out and "cProfile: move + undo" in out
    # every move was undone and the log trimmed back: the table is as it was set up
    table = Table.objects.get(pk=steps.table.pk)
    assert table.state == steps.data and not Move.objects.filter(table=table).exists()
