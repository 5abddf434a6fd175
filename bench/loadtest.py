"""``python -m bench.loadtest`` (``make loadtest``): gunicorn with the production settings,
200 devices polling one table every 2 s and 5 moves a second through the API, for 60 s.

Gunicorn runs on a free loopback port with ``DJANGO_DEBUG`` unset, a random secret key,
``DJANGO_ALLOWED_HOSTS=127.0.0.1`` and a throwaway SQLite database (migrated first), as
``gunicorn config.wsgi -w 2 --threads 8 -k gthread``. The client is one asyncio process with
httpx. The mover creates the table through the API (so it keeps it: its bearer token), takes
the bench game's seat and reads the keeper's seat list; every other seat is taken once through
its join link, as a phone does, and the devices share those seats' cookies in turn. Every
device has its own connection and polls ``/t/<code>/poll/?v=<the version it last saw>`` like
the page's htmx does; the mover alternates the bench move and undo, each against the version
it last saw, so 409s are expected (counted apart from errors). Gunicorn is stopped at the end
whatever happens.
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

# The parts live in loadtest_server.py, loadtest_clients.py and loadtest_report.py; this module
# ties them together and keeps the names tests import from it (Run, summary, render, …).
from bench.games import BENCH_GAMES
from bench.loadtest_clients import Run, device, mover, seat_everyone
from bench.loadtest_report import render, server_log_summary, summary
from bench.loadtest_server import (
    Server,
    migrate,
    process_tree_cpu,
    production_env,
    start_server,
    wait_ready,
)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.loadtest", description=__doc__)
    parser.add_argument("--seconds", type=float, default=60, help="how long (default 60)")
    parser.add_argument("--devices", type=int, default=200, help="polling devices (200)")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between polls (2)")
    parser.add_argument("--moves-per-second", type=float, default=5.0, help="API writes (5)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (2)")
    parser.add_argument("--threads", type=int, default=8, help="threads per worker (8)")
    parser.add_argument("--game", default="dark-tales", help="the game slug (dark-tales)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON here")
    return parser.parse_args(argv)


async def run_load(server: Server, args: argparse.Namespace) -> dict:
    game = BENCH_GAMES[args.game]
    await wait_ready(server)
    seated = await seat_everyone(server.url, game)
    table, code, cookies = seated.table, seated.table["code"], seated.cookies
    # A seat holds one device, so the polling devices share the seats' cookies in turn (to
    # the server, tabs of the same few browsers).
    start = time.monotonic()
    run = Run(code, game, table["version"], table["state"], deadline=start + args.seconds)
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    server_cpu = process_tree_cpu(server.process.pid)
    await asyncio.gather(
        mover(run, server.url, seated.token, args.moves_per_second),
        *(
            device(run, server.url, cookies[i % len(cookies)], args.interval)
            for i in range(args.devices)
        ),
    )
    elapsed = time.monotonic() - start
    used = resource.getrusage(resource.RUSAGE_SELF)
    client_cpu = used.ru_utime + used.ru_stime - cpu.ru_utime - cpu.ru_stime
    result = summary(args, run, elapsed, client_cpu)
    server_after = process_tree_cpu(server.process.pid)
    if server_cpu is not None and server_after is not None:
        result["server_cpu_s"] = round(server_after - server_cpu, 2)
    return result


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="talekeeper-load-") as tmp_name:
        tmp = Path(tmp_name)
        env = production_env(tmp / "load.db")
        migrate(env)
        loadavg_before = os.getloadavg()[0]
        server = None
        try:
            server = start_server(env, tmp, args.workers, args.threads)
            print(f"… gunicorn on {server.url} (pid {server.process.pid})", file=sys.stderr)
            result = asyncio.run(run_load(server, args))
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
