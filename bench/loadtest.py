"""``python -m bench.loadtest`` (``make loadtest``): gunicorn with uvicorn workers and the
production settings; 1,000 open pages on one table and 200 on 20 others, each holding its
table's stream, and 5 moves a second through the API on the first table, for 60 s.

Gunicorn runs on a free loopback port with ``DJANGO_DEBUG`` unset, a random secret key,
``DJANGO_ALLOWED_HOSTS=127.0.0.1`` and a throwaway SQLite database (migrated first), as
``gunicorn config.asgi -k uvicorn_worker.UvicornWorker -w 1`` (on SQLite a move is announced
in its own process: one worker, as `make serve` runs). The client is one asyncio process. The
mover creates the table through the API (so it keeps it: its bearer token), takes the bench
game's seat and reads the keeper's seat list; every other seat is taken once through its join
link, as a phone does. Every open page holds ``/t/<code>/stream/`` on its own connection and
notes when each version reaches it; ``--pages`` of them also fetch their seat's fragment on
each news, as the page does (a real table has a handful of devices; a thousand fetching
each move would be a thousand page renders a move). ``--polling`` devices poll every 2 s as a
page without a stream does (the fallback; ``--devices 0 --other-devices 0 --polling 200`` is
the old polling load test). The mover alternates the bench move and undo, each against the
version it last saw, so 409s are expected (counted apart from errors). The server's memory is
read before and after the streams open. Gunicorn is stopped at the end whatever happens.

Meanwhile ``--pairs`` rounds of each kind of concurrent tap (bench/loadtest_pairs.py) are
spread over the run: two devices on a Galzyr table of their own (the sample world, loaded after
the migrations) tap within 100 ms of each other against the same version, either unrelated
actions (the story master's secret answer and the active player's choice: none may be
refused) or the same thing (exactly one may win).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

import uvloop  # with uvicorn[standard]: a lighter client for 1,200 connections

from bench.games import BENCH_GAMES
from bench.loadtest_clients import (
    Run,
    create_table,
    device,
    http_client,
    mover,
    seat_everyone,
)
from bench.loadtest_pairs import WORLD_FOLDER, close_pairs, prepare_pairs, tap_pairs
from bench.loadtest_report import render, server_log_summary, summary
from bench.loadtest_server import (
    Server,
    load_world,
    migrate,
    process_tree_cpu,
    production_env,
    start_server,
    wait_ready,
)
from bench.loadtest_streams import Streams, page, stream_device, tree_rss

OPENING = 50  # streams opening at once
SETTLE = 1.0  # seconds after the last move for its news to arrive
PAIR_TABLES = 5  # the tables the concurrent taps' pairs play on


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.loadtest", description=__doc__)
    parser.add_argument("--seconds", type=float, default=60, help="how long (default 60)")
    parser.add_argument(
        "--devices", type=int, default=1000, help="open pages on the played table (1000)"
    )
    parser.add_argument(
        "--other-devices", type=int, default=200, help="open pages on other tables (200)"
    )
    parser.add_argument("--other-tables", type=int, default=20, help="those tables (20)")
    parser.add_argument(
        "--pages", type=int, default=8, help="pages that fetch their fragment on news (8)"
    )
    parser.add_argument("--polling", type=int, default=0, help="devices polling, no stream (0)")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between polls (2)")
    parser.add_argument("--moves-per-second", type=float, default=5.0, help="API writes (5)")
    parser.add_argument(
        "--pairs",
        type=int,
        default=20,
        help="rounds of each kind of concurrent tap (unrelated, the same thing) on tables "
        "of their own during the run (20; 0: none)",
    )
    parser.add_argument("--workers", type=int, default=1, help="uvicorn workers (1: SQLite)")
    parser.add_argument(
        "--database-url",
        help="an empty PostgreSQL database to use (postgres://…) instead of a throwaway "
        "SQLite file; several --workers then announce through LISTEN/NOTIFY",
    )
    parser.add_argument("--game", default="dark-tales", help="the game slug (dark-tales)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON here")
    return parser.parse_args(argv)


async def other_codes(url: str, game, count: int) -> list[str]:
    async with http_client(url) as client:
        return [(await create_table(client, game))["code"] for _ in range(count)]


async def open_streams(server: Server, args, code: str, others: list[str], cookies) -> tuple:
    """Every page's stream, opened a few at a time; the pages that fetch their fragment."""
    streams, stop, opening = Streams(), asyncio.Event(), asyncio.Semaphore(OPENING)
    tasks, pages = [], []
    for i in range(args.devices):
        news = asyncio.Queue() if i < args.pages else None
        tasks.append(stream_device(streams, server.url, code, stop, opening, news))
        if news is not None:
            cookie = cookies[i % len(cookies)]
            pages.append(asyncio.create_task(page(streams, server.url, code, cookie, news)))
    for i in range(args.other_devices if others else 0):
        other = others[i % len(others)]
        tasks.append(stream_device(streams, server.url, other, stop, opening, measured=False))
    holding = asyncio.gather(*tasks)
    total = len(tasks)
    deadline = time.monotonic() + 120
    while streams.opened + sum(streams.failed.values()) < total:
        if time.monotonic() > deadline:
            break
        await asyncio.sleep(0.1)
    return streams, stop, holding, pages


async def run_load(server: Server, args: argparse.Namespace) -> dict:
    game = BENCH_GAMES[args.game]
    await wait_ready(server)
    seated = await seat_everyone(server.url, game)
    table, code, cookies = seated.table, seated.table["code"], seated.cookies
    others = await other_codes(server.url, game, args.other_tables) if args.other_devices else []
    pairs = await prepare_pairs(server.url, args.pairs, PAIR_TABLES) if args.pairs > 0 else None
    await asyncio.sleep(0.5)
    rss_before = tree_rss(server.process.pid)
    streams, stop, holding, pages = await open_streams(server, args, code, others, cookies)
    await asyncio.sleep(1.0)
    streams.rss_before, streams.rss_after = rss_before, tree_rss(server.process.pid)

    start = time.monotonic()
    run = Run(code, game, table["version"], table["state"], deadline=start + args.seconds)
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    server_cpu = process_tree_cpu(server.process.pid)
    await asyncio.gather(
        mover(run, server.url, seated.token, args.moves_per_second),
        *(
            device(run, server.url, cookies[i % len(cookies)], args.interval)
            for i in range(args.polling)
        ),
        *([tap_pairs(pairs, start, run.deadline)] if pairs else []),
    )
    await asyncio.sleep(SETTLE)
    elapsed = time.monotonic() - start
    used = resource.getrusage(resource.RUSAGE_SELF)
    server_after = process_tree_cpu(server.process.pid)
    stop.set()
    await holding
    for task in pages:
        task.cancel()
    if pairs:
        await close_pairs(pairs)
    client_cpu = used.ru_utime + used.ru_stime - cpu.ru_utime - cpu.ru_stime
    result = summary(args, run, elapsed, client_cpu, streams, pairs)
    if server_cpu is not None and server_after is not None:
        result["server_cpu_s"] = round(server_after - server_cpu, 2)
    return result


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="talekeeper-load-") as tmp_name:
        tmp = Path(tmp_name)
        env = production_env(tmp / "load.db")
        if args.database_url:
            env["DATABASE_URL"] = args.database_url
        migrate(env)
        if args.pairs > 0:
            load_world(env, WORLD_FOLDER)
        loadavg_before = os.getloadavg()[0]
        server = None
        try:
            server = start_server(env, tmp, args.workers)
            print(f"… gunicorn on {server.url} (pid {server.process.pid})", file=sys.stderr)
            with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
                result = runner.run(run_load(server, args))
        finally:
            if server is not None:
                server.stop()
                print(f"… gunicorn stopped ({server.process.returncode})", file=sys.stderr)
        result["loadavg_before"], result["loadavg_after"] = loadavg_before, os.getloadavg()[0]
        log = server.log.read_text(errors="replace")
    print(render(result))
    print("\n" + server_log_summary(log))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
        print(f"\nresults written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
