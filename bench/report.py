"""The targets of issue 2, the printed table and the JSON document."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.core import BenchResult, Row

POLL_MAX_X_BARE = 2.0
MOVE_MAX_P95_MS = 15.0
MOVE_MAX_QUERIES = 6
PAGE_MAX_BYTES = 60_000  # "60 KB of HTML", counted strictly
# issue 3
WORLD_LOAD_MAX_S = 5.0  # lint + load of a generated 2,000-scene world
OPEN_SCENE_MAX_P95_MS = 10.0


@dataclass
class Verdict:
    target: str
    passed: bool


def verdict(row: Row, result: BenchResult) -> Verdict | None:
    if row.kind == "poll":
        ok = row.x_bare <= POLL_MAX_X_BARE and row.nbytes == 0
        return Verdict(f"≤ {POLL_MAX_X_BARE:g}× bare, 0 B", ok)
    if row.kind == "move":
        ok = row.p95_ms <= MOVE_MAX_P95_MS and row.max_queries <= MOVE_MAX_QUERIES
        return Verdict(f"p95 ≤ {MOVE_MAX_P95_MS:g} ms, ≤ {MOVE_MAX_QUERIES} q", ok)
    if row.kind in ("world-load", "world-store"):
        # p95 of a few runs: the slowest, in effect
        return Verdict(f"≤ {WORLD_LOAD_MAX_S:g} s", row.p95_ms <= WORLD_LOAD_MAX_S * 1000)
    if row.kind == "open-scene":
        return Verdict(f"p95 ≤ {OPEN_SCENE_MAX_P95_MS:g} ms", row.p95_ms <= OPEN_SCENE_MAX_P95_MS)
    if row.kind == "page":
        return Verdict(f"≤ {PAGE_MAX_BYTES:,} B", row.nbytes <= PAGE_MAX_BYTES)
    return None


def constant_queries(result: BenchResult) -> Verdict | None:
    """Opening a scene sends the same number of queries whatever the size of the book."""
    counts = {q for row in result.rows if row.kind == "open-scene" for q in row.queries}
    if not counts:
        return None
    shown = f"{min(counts)}–{max(counts)}" if len(counts) > 1 else str(min(counts))
    return Verdict(f"constant queries when opening a scene ({shown} per call)", len(counts) == 1)


def vendor() -> str:
    from django.db import connection

    return (
        f"{connection.vendor} {connection.Database.sqlite_version}"
        if connection.vendor == "sqlite"
        else connection.vendor
    )


def _short(sql: str, width: int = 150) -> str:
    return sql if len(sql) <= width else sql[: width - 1] + "…"


def _queries(row: Row) -> str:
    if row.min_queries == row.max_queries:
        return str(row.max_queries)
    return f"{row.min_queries}–{row.max_queries}"


def render(result: BenchResult) -> str:
    header = ("interaction", "n", "median ms", "p95 ms", "× bare", "queries", "bytes", "target")
    lines = []
    for row in result.rows:
        v = verdict(row, result)
        lines.append(
            (
                row.name,
                str(len(row.seconds)),
                f"{row.median_ms:.2f}",
                f"{row.p95_ms:.2f}",
                "–" if row.x_bare != row.x_bare else f"{row.x_bare:.1f}",  # nan: no HTTP
                _queries(row),
                f"{row.nbytes:,}",
                f"{v.target}: {'PASS' if v.passed else 'FAIL'}" if v else "",
            )
        )
    widths = [max(len(r[i]) for r in [header, *lines]) for i in range(len(header))]
    numeric = {1, 2, 3, 4, 5, 6}

    def fmt(cells) -> str:
        out = [
            cell.rjust(widths[i]) if i in numeric else cell.ljust(widths[i])
            for i, cell in enumerate(cells)
        ]
        return "  ".join(out).rstrip()

    rule = "  ".join("-" * w for w in widths)
    verdicts = [v for row in result.rows if (v := verdict(row, result))]
    failed_names = [
        row.name for row in result.rows if (v := verdict(row, result)) is not None and not v.passed
    ]
    failed = [row for row in result.rows if row.name in failed_names]
    constant = constant_queries(result)
    if constant is not None:
        verdicts.append(constant)
        if not constant.passed:
            failed_names.append("constant queries")
    text = [
        f"Talekeeper bench — game {result.game}, up to {result.iterations} timed calls per row "
        f"after {result.warmup} warm-up calls; in-process test client, {vendor()}.",
        "× bare: this row's median over the median of the bare view (/healthz), called just "
        "before each timed call.",
        "queries: every statement sent to the database, BEGIN/COMMIT included (as in the "
        "project's tests); bytes: the response body.",
        "",
        fmt(header),
        rule,
        *(fmt(line) for line in lines),
        *(["", f"{constant.target}: {'PASS' if constant.passed else 'FAIL'}"] if constant else []),
        "",
        f"targets: {len(verdicts) - len(failed)} of {len(verdicts)} pass"
        + (f"; FAIL: {', '.join(failed_names)}" if failed_names else ""),
    ]
    for row in failed:
        if (
            row.kind == "move"
            and row.max_queries > MOVE_MAX_QUERIES
            or (row.kind == "open-scene" and constant is not None and not constant.passed)
        ):
            text += [
                "",
                f"queries of “{row.name}” (last call; {row.data_queries} without "
                "transaction control):",
            ]
            text += [f"  {i}. {_short(sql)}" for i, sql in enumerate(row.sql, 1)]
    return "\n".join(text)


def as_json(result: BenchResult) -> dict[str, Any]:
    rows = []
    for row in result.rows:
        v = verdict(row, result)
        rows.append(
            {
                "interaction": row.name,
                "kind": row.kind,
                "logged_moves": row.logged,
                "median_ms": round(row.median_ms, 4),
                "p95_ms": round(row.p95_ms, 4),
                "x_bare": None if row.x_bare != row.x_bare else round(row.x_bare, 3),
                "n": len(row.seconds),
                "queries": row.max_queries,
                "data_queries": row.data_queries,
                "queries_min": row.min_queries,
                "bytes": row.nbytes,
                "status": row.status,
                "target": v.target if v else None,
                "passed": v.passed if v else None,
                "sql": row.sql,
            }
        )
    constant = constant_queries(result)
    return {
        "game": result.game,
        "constant_queries": constant.passed if constant else None,
        "iterations": result.iterations,
        "warmup": result.warmup,
        "rows": rows,
    }


def write_json(result: BenchResult, path: str | Path) -> None:
    Path(path).write_text(json.dumps(as_json(result), indent=1, ensure_ascii=False) + "\n")
