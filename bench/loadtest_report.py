"""The load test's results: the numbers as a dict (kept with ``--json``) and as text."""

from __future__ import annotations

import argparse
import os

from bench.loadtest_clients import Run, Tally
from bench.loadtest_pairs import Pairs, pairs_lines, pairs_summary
from bench.loadtest_streams import Streams, seen_after
from bench.stats import median_ms, percentile_ms

MB = 1024 * 1024


def _latency(seconds: list[float]) -> dict:
    return {
        "count": len(seconds),
        "p50_ms": round(median_ms(seconds), 2),
        "p95_ms": round(percentile_ms(seconds, 95), 2),
    }


def summary(
    args: argparse.Namespace,
    run: Run,
    elapsed: float,
    client_cpu: float,
    streams: Streams | None = None,
    pairs: Pairs | None = None,
) -> dict:
    def counts(tally: Tally) -> dict:
        ok = sum(n for status, n in tally.by_status.items() if 200 <= status < 300)
        other = {str(s): n for s, n in tally.by_status.items() if not 200 <= s < 300 and s != 409}
        return {
            "total": tally.total,
            "2xx": ok,
            "200": tally.by_status[200],
            "204": tally.by_status[204],
            "409": tally.by_status[409],
            "other_status": other,
            "exceptions": dict(tally.errors),
            "errors": sum(other.values()) + sum(tally.errors.values()),
            "retried": tally.retries,
        }

    polls, moves = run.polls, run.moves
    result = {
        "config": {
            "seconds": args.seconds,
            "devices": args.devices,
            "interval": args.interval,
            "moves_per_second": args.moves_per_second,
            "gunicorn": f"-k uvicorn_worker.UvicornWorker -w {args.workers}",
            "streams": getattr(args, "devices", 0),
            "other_streams": getattr(args, "other_devices", 0),
            "pages": getattr(args, "pages", 0),
            "polling": getattr(args, "polling", 0),
            "database": "PostgreSQL" if getattr(args, "database_url", None) else "SQLite",
            "game": args.game,
            "table": run.code,
            "pairs": getattr(args, "pairs", 0),
        },
        "elapsed_s": round(elapsed, 2),  # the configured seconds + draining the last requests
        "final_version": run.version,
        "client_cpu_s": round(client_cpu, 2),
        "polls": {
            **counts(polls),
            "per_second": round(polls.total / args.seconds, 1),
            "latency": _latency(polls.seconds),
            "latency_204": _latency(polls.seconds_by_status.get(204, [])),
            "latency_200": _latency(polls.seconds_by_status.get(200, [])),
        },
        "moves": {
            **counts(moves),
            "per_second": round(moves.total / args.seconds, 2),
            "latency": _latency(moves.seconds),
            "latency_200": _latency(moves.seconds_by_status.get(200, [])),
            "latency_409": _latency(moves.seconds_by_status.get(409, [])),
        },
        # from a write's 200 until a polling device has that version (the issue asks ≤ 3 s)
        "seen_after": _latency(run.seen_after),
    }
    if streams is not None:
        result["streams"] = stream_summary(run, streams)
    if pairs is not None:
        result["pairs"] = pairs_summary(pairs)
    return result


def stream_summary(run: Run, streams: Streams) -> dict:
    """Move → seen on the stream, from the moment the write was sent: by each device, and
    by every device of the table (the slowest of them, per move); the pages' fragments; the
    server's memory per open stream."""
    each, missed = [], 0
    slowest: dict[int, float] = {}
    for arrivals in streams.arrivals:
        for version, seconds in seen_after(arrivals, run.sent_at).items():
            if seconds is None:
                missed += 1
                continue
            each.append(seconds)
            slowest[version] = max(slowest.get(version, 0.0), seconds)
    shown = [
        max(0.0, when - run.sent_at[version])
        for version, when in streams.fragment_seen
        if version in run.sent_at
    ]
    memory = {}
    if streams.rss_before and streams.rss_after:
        grown = streams.rss_after - streams.rss_before
        memory = {
            "rss_before_mb": round(streams.rss_before / MB, 1),
            "rss_after_mb": round(streams.rss_after / MB, 1),
            "per_stream_kb": round(grown / max(1, streams.opened) / 1024, 1),
        }
    return {
        "opened": streams.opened,
        "failed": dict(streams.failed),
        "heartbeats": streams.heartbeats,
        "missed": missed,  # (device, move) pairs where the device never had the version
        "seen_by_device": _latency(each),
        "seen_by_every_device": _latency(list(slowest.values())),
        "fragment_fetch": _latency(streams.fragments.seconds),
        "fragment_errors": sum(streams.fragments.errors.values())
        + sum(n for s, n in streams.fragments.by_status.items() if s >= 400),
        "move_to_page_shown": _latency(shown),
        **memory,
    }


def render(result: dict) -> str:
    c, p, m = result["config"], result["polls"], result["moves"]

    def line(label: str, lat: dict) -> str:
        return (
            f"  {label:<34} n={lat['count']:<6} p50 {lat['p50_ms']:8.1f} ms"
            f"   p95 {lat['p95_ms']:8.1f} ms"
        )

    def errors(block: dict) -> str:
        parts = [f"HTTP {s}×{n}" for s, n in block["other_status"].items()]
        parts += [f"{name}×{n}" for name, n in block["exceptions"].items()]
        return f"errors {block['errors']}" + (f" ({', '.join(parts)})" if parts else "")

    machine = ""
    if "loadavg_before" in result:
        machine = (
            f"CPU: gunicorn {result.get('server_cpu_s', '?')} s, "
            f"this client {result['client_cpu_s']:g} s "
            f"over {result['elapsed_s']:g} s on {os.cpu_count()} CPUs; load average "
            f"{result['loadavg_before']:.2f} before, {result['loadavg_after']:.2f} after"
        )
    return "\n".join(
        [
            f"Talekeeper load test — gunicorn {c['gunicorn']}, production settings, "
            f"{c.get('database', 'SQLite')}; "
            f"{c.get('streams', 0)} open pages on the played table + "
            f"{c.get('other_streams', 0)} on other tables, {c.get('polling', 0)} polling every "
            f"{c['interval']:g} s + "
            f"{c['moves_per_second']:g} writes/s via the API for {c['seconds']:g} s "
            f"(+{result['elapsed_s'] - c['seconds']:.1f} s for the last answers; "
            f"{c['game']}, table {c['table']}, final version {result['final_version']})",
            machine,
            "",
            f"polls  {p['total']} ({p['per_second']}/s): 2xx {p['2xx']} "
            f"(200 with the fragment {p['200']}, 204 unchanged {p['204']}), {errors(p)}; "
            f"{p['retried']} sent again after the server dropped an idle keep-alive connection",
            line("all polls", p["latency"]),
            line("204 (nothing changed)", p["latency_204"]),
            line("200 (fresh fragment)", p["latency_200"]),
            f"moves  {m['total']} ({m['per_second']}/s): 2xx {m['2xx']}, "
            f"409 (stale version, expected) {m['409']}, {errors(m)}",
            line("all writes", m["latency"]),
            line("accepted (200)", m["latency_200"]),
            line("409", m["latency_409"]),
            "sync",
            line("accepted move → seen by poll", result["seen_after"]),
            *stream_lines(result.get("streams"), line),
            *pairs_lines(result.get("pairs"), line),
        ]
    )


def stream_lines(s: dict | None, line) -> list[str]:
    if not s:
        return []
    memory = (
        f"server memory {s['rss_before_mb']} MB before the streams, {s['rss_after_mb']} MB "
        f"with them: {s['per_stream_kb']} KB per open stream"
        if "per_stream_kb" in s
        else "server memory not read"
    )
    failed = ", ".join(f"{name}×{n}" for name, n in s["failed"].items()) or "none"
    return [
        f"streams {s['opened']} open (failed: {failed}), {s['heartbeats']} heartbeats, "
        f"{s['missed']} (device, move) pairs never seen; {memory}",
        line("move sent → seen on a stream", s["seen_by_device"]),
        line("move sent → seen by every device", s["seen_by_every_device"]),
        line("page's fragment fetch on news", s["fragment_fetch"]),
        line("move sent → page shows it", s["move_to_page_shown"]),
        f"  fragment fetches failed: {s['fragment_errors']}",
    ]


def server_log_summary(text: str, tail: int = 30) -> str:
    """Django logs each 409 as a "Conflict:" warning; count those, show the rest."""
    lines = text.splitlines()
    conflicts = sum(1 for line in lines if line.startswith("Conflict: "))
    others = [line for line in lines if not line.startswith("Conflict: ")]
    out = [f"gunicorn log: {conflicts} “Conflict” warnings (the 409s), {len(others)} other lines"]
    if others:
        out += ["", *others[-tail:]]
    return "\n".join(out)
