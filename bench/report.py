"""The targets of issues 2, 3 and 4, the printed table and the JSON document."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.core import BenchResult, Row
from games.services import backups

POLL_MAX_X_BARE = 2.0
MOVE_MAX_P95_MS = 15.0
MOVE_MAX_QUERIES = 6
# One write in backups.EVERY stores an automatic backup in the same transaction (issue 11):
# the moves read the undone versions, insert the backup and drop the oldest past the quota.
BACKUP_QUERIES = 3
PAGE_MAX_BYTES = 60_000  # "60 KB of HTML", counted strictly
# issue 3
PLAYTEST_RUNS_MAX_S = 15.0  # 2,000 random runs of a 15-scene world (issue 14)
PLAYTEST_SWEEP_MAX_S = 1.0  # its exhaustive sweep (issue 14)
WORLD_LOAD_MAX_S = 5.0  # lint + load of a generated 2,000-scene world
OPEN_SCENE_MAX_P95_MS = 10.0
# issue 4
TRAYS_PAGE_MAX_P95_MS = 25.0  # the trays page with the full catalog
CAMPAIGN_MOVE_MAX_P95_MS = 15.0  # a move on a 500-card campaign


@dataclass
class Verdict:
    target: str
    passed: bool


def verdict(row: Row, result: BenchResult) -> Verdict | None:
    if row.kind == "poll":
        ok = row.x_bare <= POLL_MAX_X_BARE and row.nbytes == 0
        return Verdict(f"≤ {POLL_MAX_X_BARE:g}× bare, 0 B", ok)
    if row.kind == "move":
        ok = row.p95_ms <= MOVE_MAX_P95_MS and move_queries_ok(row.queries)
        return Verdict(
            f"p95 ≤ {MOVE_MAX_P95_MS:g} ms, ≤ {MOVE_MAX_QUERIES} q "
            f"(+{BACKUP_QUERIES} 1 in {backups.EVERY})",
            ok,
        )
    if row.kind in ("world-load", "world-store"):
        # p95 of a few runs: the slowest, in effect
        return Verdict(f"≤ {WORLD_LOAD_MAX_S:g} s", row.p95_ms <= WORLD_LOAD_MAX_S * 1000)
    if row.kind == "playtest-runs":
        return Verdict(f"≤ {PLAYTEST_RUNS_MAX_S:g} s", row.p95_ms <= PLAYTEST_RUNS_MAX_S * 1000)
    if row.kind == "playtest-sweep":
        return Verdict(f"≤ {PLAYTEST_SWEEP_MAX_S:g} s", row.p95_ms <= PLAYTEST_SWEEP_MAX_S * 1000)
    if row.kind == "open-scene":
        return Verdict(f"p95 ≤ {OPEN_SCENE_MAX_P95_MS:g} ms", row.p95_ms <= OPEN_SCENE_MAX_P95_MS)
    if row.kind == "trays-page":
        return Verdict(f"p95 ≤ {TRAYS_PAGE_MAX_P95_MS:g} ms", row.p95_ms <= TRAYS_PAGE_MAX_P95_MS)
    if row.kind == "campaign-move":
        ok = row.p95_ms <= CAMPAIGN_MOVE_MAX_P95_MS
        return Verdict(f"p95 ≤ {CAMPAIGN_MOVE_MAX_P95_MS:g} ms", ok)
    if row.kind == "page":
        return Verdict(f"≤ {PAGE_MAX_BYTES:,} B", row.nbytes <= PAGE_MAX_BYTES)
    return None


def move_queries_ok(counts: list[int]) -> bool:
    """Every call within MOVE_MAX_QUERIES, but for the one in backups.EVERY that also stores
    an automatic backup, which may send BACKUP_QUERIES more."""
    over = [q for q in counts if q > MOVE_MAX_QUERIES]
    allowed = -(-len(counts) // backups.EVERY)  # one per started stretch of EVERY calls
    return len(over) <= allowed and all(q <= MOVE_MAX_QUERIES + BACKUP_QUERIES for q in over)


# Rows whose query count must not grow with the data behind them (every size measured).
CONSTANT = {
    "open-scene": "when opening a scene",  # whatever the size of the book (issue 3)
    "trays-page": "on the trays page",  # whatever the size of the catalog (issue 4)
}


def constant_queries(result: BenchResult, kind: str = "open-scene") -> Verdict | None:
    """Rows of ``kind`` send as many queries at every size measured.

    Compared size by size as each row's fewest and most queries per call: a write's count
    varies with the table's version, not with the data behind it (every ``backups.EVERY``-th
    version stores an automatic backup: three queries more), so one row may show 8–11 as
    long as every size shows the same 8–11.
    """
    rows = [row for row in result.rows if row.kind == kind and row.queries]
    if not rows:
        return None
    counts = {q for row in rows for q in row.queries}
    shown = f"{min(counts)}–{max(counts)}" if len(counts) > 1 else str(min(counts))
    ranges = {(row.min_queries, row.max_queries) for row in rows}
    return Verdict(f"constant queries {CONSTANT[kind]} ({shown} per call)", len(ranges) == 1)


def constant_verdicts(result: BenchResult) -> dict[str, Verdict]:
    """Kind → its constant-queries verdict, for the kinds the run measured."""
    return {kind: v for kind in CONSTANT if (v := constant_queries(result, kind)) is not None}


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
    header = (
        "interaction",
        "n",
        "median ms",
        "p95 ms",
        "cpu ms",
        "× bare",
        "queries",
        "bytes",
        "target",
    )
    lines = []
    for row in result.rows:
        v = verdict(row, result)
        lines.append(
            (
                row.name,
                str(len(row.seconds)),
                f"{row.median_ms:.2f}",
                f"{row.p95_ms:.2f}",
                "–" if not row.cpu_seconds else f"{row.cpu_median_ms:.2f}",
                "–" if row.x_bare != row.x_bare else f"{row.x_bare:.1f}",  # nan: no HTTP
                _queries(row),
                f"{row.nbytes:,}",
                f"{v.target}: {'PASS' if v.passed else 'FAIL'}" if v else "",
            )
        )
    widths = [max(len(r[i]) for r in [header, *lines]) for i in range(len(header))]
    numeric = {1, 2, 3, 4, 5, 6, 7}

    def fmt(cells) -> str:
        out = [
            cell.rjust(widths[i]) if i in numeric else cell.ljust(widths[i])
            for i, cell in enumerate(cells)
        ]
        return "  ".join(out).rstrip()

    rule = "  ".join("-" * w for w in widths)
    verdicts = [v for row in result.rows if (v := verdict(row, result))]
    failed = [row for row in result.rows if (v := verdict(row, result)) and not v.passed]
    failed_names = [row.name for row in failed]
    failed_ids = {id(row) for row in failed}  # rows compare by value; identity is meant
    constants = constant_verdicts(result)
    verdicts += constants.values()
    unequal = {kind for kind, v in constants.items() if not v.passed}
    failed_names += [f"constant queries {CONSTANT[kind]}" for kind in unequal]
    passed = sum(v.passed for v in verdicts)
    text = [
        f"Talekeeper bench — game {result.game}, up to {result.iterations} timed calls per row "
        f"after {result.warmup} warm-up calls; in-process test client, {vendor()}.",
        "× bare: this row's median over the median of the bare view (/healthz), called just "
        "before each timed call.",
        "cpu ms: the median CPU time of this process per call (wall time minus waiting for a "
        "core or for the disk): steadier than wall time on a shared machine.",
        "queries: every statement sent to the database, BEGIN/COMMIT included (as in the "
        "project's tests); bytes: the response body.",
        "",
        fmt(header),
        rule,
        *(fmt(line) for line in lines),
        *([""] if constants else []),
        *(f"{v.target}: {'PASS' if v.passed else 'FAIL'}" for v in constants.values()),
        "",
        f"targets: {passed} of {len(verdicts)} pass"
        + (f"; FAIL: {', '.join(failed_names)}" if failed_names else ""),
    ]
    # The SQL of a row that sent too many queries, or more at one size than at another.
    for row in result.rows:
        if (
            id(row) in failed_ids and row.kind == "move" and row.max_queries > MOVE_MAX_QUERIES
        ) or (row.kind in unequal):
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
                "cpu_median_ms": round(row.cpu_median_ms, 4) if row.cpu_seconds else None,
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
    trays = constant_queries(result, "trays-page")
    return {
        "game": result.game,
        "constant_queries": constant.passed if constant else None,
        "constant_queries_trays_page": trays.passed if trays else None,
        "iterations": result.iterations,
        "warmup": result.warmup,
        "rows": rows,
    }


def write_json(result: BenchResult, path: str | Path) -> None:
    Path(path).write_text(json.dumps(as_json(result), indent=1, ensure_ascii=False) + "\n")
