"""``python -m bench.loadtest`` (``make loadtest``): gunicorn with the production settings,
200 devices polling one table every 2 s and 5 moves a second through the API, for 60 s.

Gunicorn runs on a free loopback port with ``DJANGO_DEBUG`` unset, a random secret key,
``DJANGO_ALLOWED_HOSTS=127.0.0.1`` and a throwaway SQLite database (migrated first), as
``gunicorn config.wsgi -w 2 --threads 8 -k gthread``. The client is one asyncio process with
httpx: every device has its own connection and seat cookie and polls
``/t/<code>/poll/?v=<the version it last saw>`` like the page's htmx does; the mover alternates
the bench move and undo, each against the version it last saw, so 409s are expected (counted
apart from errors). Gunicorn is stopped at the end whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import secrets
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from bench.games import BENCH_GAMES, BenchGame, NotReady
from bench.stats import median_ms, percentile_ms

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
VERSION_ATTR = re.compile(rb'data-version="(\d+)"')
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
# Production must not inherit a developer's HTTPS settings: this server speaks plain HTTP.
UNSET = (
    "DJANGO_DEBUG",
    "DJANGO_SECURE_SSL_REDIRECT",
    "DJANGO_SECURE_COOKIES",
    "DJANGO_HSTS_SECONDS",
    "DJANGO_CSRF_TRUSTED_ORIGINS",
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


# -- the server ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def production_env(db_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in UNSET}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS=HOST,
        DATABASE_URL=f"sqlite:///{db_path}",
    )
    return env


def process_tree_cpu(pid: int) -> float | None:
    """CPU seconds of a process and its children (gunicorn's master and workers), from /proc."""
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # gone meanwhile
            # after "pid (comm)": state ppid ... utime is the 12th field, stime the 13th
            if int(stat.parent.name) == pid or int(fields[1]) == pid:
                total += int(fields[11]) + int(fields[12])
        return total / ticks
    except (OSError, ValueError, IndexError):
        return None


@dataclass
class Server:
    process: subprocess.Popen
    url: str
    log: Path

    def tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def stop(self) -> None:
        """SIGTERM to gunicorn's master (it stops its workers), SIGKILL to the group if stuck."""
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)  # its own session: only gunicorn
            self.process.wait(timeout=5)


def migrate(env: dict[str, str]) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def start_server(env: dict[str, str], tmp: Path, workers: int, threads: int) -> Server:
    port = free_port()
    log = tmp / "gunicorn.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi",
                "-w",
                str(workers),
                "--threads",
                str(threads),
                "-k",
                "gthread",
                "--bind",
                f"{HOST}:{port}",
                "--graceful-timeout",
                "5",
                # Longer than the 2 s poll interval, so a device's connection stays open.
                "--keep-alive",
                "5",
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return Server(process, f"http://{HOST}:{port}", log)


async def wait_ready(server: Server, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    async with http_client(server.url) as client:
        while time.monotonic() < deadline:
            if server.process.poll() is not None:
                raise RuntimeError(
                    f"gunicorn exited ({server.process.returncode}):\n{server.tail()}"
                )
            try:
                if (await client.get("/healthz", timeout=2)).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer /healthz within {timeout:g} s:\n{server.tail()}")


# -- the clients ---------------------------------------------------------------------------

# Plain HTTP on loopback, but httpx would load the CA bundle for each of the 200 clients.
_SSL = ssl.create_default_context()


def http_client(base_url: str, **kwargs) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=base_url, timeout=10, verify=_SSL, **kwargs)


@dataclass
class Tally:
    """Latencies (seconds) and outcomes of one kind of request."""

    seconds: list[float] = field(default_factory=list)
    by_status: Counter = field(default_factory=Counter)  # status code -> count
    seconds_by_status: dict[int, list[float]] = field(default_factory=dict)
    errors: Counter = field(default_factory=Counter)  # exception name -> count
    retries: int = 0  # requests sent again after a dropped keep-alive connection

    def record(self, seconds: float, status: int) -> None:
        self.seconds.append(seconds)
        self.by_status[status] += 1
        self.seconds_by_status.setdefault(status, []).append(seconds)

    def fail(self, exc: Exception) -> None:
        self.errors[type(exc).__name__] += 1

    @property
    def total(self) -> int:
        return sum(self.by_status.values()) + sum(self.errors.values())


@dataclass
class Run:
    """What the simulated devices share: tallies, the newest table the mover heard of, and
    when each version was accepted (to time how long devices take to see it)."""

    code: str
    game: BenchGame
    version: int  # the newest version the mover has heard of ...
    state: dict  # ... and the table as its seat sees it
    deadline: float
    polls: Tally = field(default_factory=Tally)
    moves: Tally = field(default_factory=Tally)
    accepted_at: dict[int, float] = field(default_factory=dict)  # version -> when
    seen_after: list[float] = field(default_factory=list)  # accepted → a device has it


async def create_table(client: httpx.AsyncClient, game: BenchGame) -> dict:
    response = await client.post(
        "/api/tables/", json={"game": game.slug, "name": "Load test", "options": game.options}
    )
    if response.status_code != 201:
        raise RuntimeError(f"creating the table answered {response.status_code}: {response.text}")
    return response.json()


async def seat_cookie(base_url: str, code: str, seat: str) -> tuple[str, str]:
    """Take a seat the way a browser does: the seat page for the CSRF token, then the form."""
    async with http_client(base_url) as client:
        page = await client.get(f"/t/{code}/seat/")
        page.raise_for_status()
        found = CSRF_INPUT.search(page.text)
        token = found.group(1) if found else client.cookies.get("csrftoken", "")
        response = await client.post(
            f"/t/{code}/seat/", data={"csrfmiddlewaretoken": token, "seat": seat}
        )
        if response.status_code != 302:
            raise RuntimeError(f"taking seat {seat!r} answered {response.status_code}")
        name = f"seat_{code}"
        return name, client.cookies[name]


# The server closed an idle keep-alive connection just as the device reused it: a browser
# quietly sends an idempotent GET again on a fresh connection, and so do we (counted).
STALE_CONNECTION = (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)


async def poll_once(run: Run, client: httpx.AsyncClient, version: int) -> httpx.Response:
    url = f"/t/{run.code}/poll/"
    try:
        return await client.get(url, params={"v": version})
    except STALE_CONNECTION:
        run.polls.retries += 1
        return await client.get(url, params={"v": version})


async def device(run: Run, base_url: str, cookie: tuple[str, str], interval: float) -> None:
    """One open table page: poll every ``interval`` s with the version it last saw."""
    version = run.version
    async with http_client(
        base_url, cookies=dict([cookie]), headers={"HX-Request": "true"}
    ) as client:
        next_at = time.monotonic() + random.uniform(0, interval)
        while next_at < run.deadline:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            next_at += interval
            start = time.monotonic()
            try:
                response = await poll_once(run, client, version)
            except httpx.HTTPError as exc:
                run.polls.fail(exc)
                continue
            now = time.monotonic()
            run.polls.record(now - start, response.status_code)
            if response.status_code == 200 and (found := VERSION_ATTR.search(response.content)):
                seen = int(found.group(1))
                for v in range(version + 1, seen + 1):
                    if v in run.accepted_at:
                        run.seen_after.append(max(0.0, now - run.accepted_at[v]))
                version = max(version, seen)


async def one_write(run: Run, client: httpx.AsyncClient) -> None:
    """The bench move, or the undo of it, against the newest version the mover knows."""
    try:
        name, args = run.game.bench_move(run.state)
        url, body = f"/api/tables/{run.code}/moves/", {"move": name, "args": args}
    except NotReady:
        url, body = f"/api/tables/{run.code}/undo/", {}
    body.update(version=run.version, seat=run.game.seat)
    start = time.monotonic()
    try:
        response = await client.post(url, json=body)
    except httpx.HTTPError as exc:
        run.moves.fail(exc)
        return
    now = time.monotonic()
    run.moves.record(now - start, response.status_code)
    if response.status_code in (200, 409):
        data = response.json()
        table = data.get("table", data)  # 200: {"move", "table"}; 409: {"version", "state"}
        if response.status_code == 200:
            run.accepted_at[table["version"]] = now
        if table["version"] > run.version:
            run.version, run.state = table["version"], table["state"]


async def mover(run: Run, base_url: str, rate: float) -> None:
    """``rate`` writes a second on a fixed schedule; a slow answer doesn't delay the next."""
    async with http_client(base_url) as client:
        in_flight: set[asyncio.Task] = set()
        next_at = time.monotonic()
        while next_at < run.deadline:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            next_at += 1 / rate
            task = asyncio.create_task(one_write(run, client))
            in_flight.add(task)
            task.add_done_callback(in_flight.discard)
        if in_flight:
            await asyncio.wait(in_flight, timeout=15)


async def run_load(server: Server, args: argparse.Namespace) -> dict:
    game = BENCH_GAMES[args.game]
    await wait_ready(server)
    async with http_client(server.url) as client:
        table = await create_table(client, game)
    code = table["code"]
    seats = [seat["id"] for seat in table["seats"]]  # devices sit round the table in turn
    cookies = {seat: await seat_cookie(server.url, code, seat) for seat in seats}
    start = time.monotonic()
    run = Run(code, game, table["version"], table["state"], deadline=start + args.seconds)
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    server_cpu = process_tree_cpu(server.process.pid)
    await asyncio.gather(
        mover(run, server.url, args.moves_per_second),
        *(
            device(run, server.url, cookies[seats[i % len(seats)]], args.interval)
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


def _latency(seconds: list[float]) -> dict:
    return {
        "count": len(seconds),
        "p50_ms": round(median_ms(seconds), 2),
        "p95_ms": round(percentile_ms(seconds, 95), 2),
    }


def summary(args: argparse.Namespace, run: Run, elapsed: float, client_cpu: float) -> dict:
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
    return {
        "config": {
            "seconds": args.seconds,
            "devices": args.devices,
            "interval": args.interval,
            "moves_per_second": args.moves_per_second,
            "gunicorn": f"-w {args.workers} --threads {args.threads} -k gthread",
            "game": args.game,
            "table": run.code,
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


def render(result: dict) -> str:
    c, p, m = result["config"], result["polls"], result["moves"]

    def line(label: str, lat: dict) -> str:
        return (
            f"  {label:<30} n={lat['count']:<6} p50 {lat['p50_ms']:8.1f} ms"
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
            f"Talekeeper load test — gunicorn {c['gunicorn']}, production settings, SQLite; "
            f"{c['devices']} devices polling every {c['interval']:g} s + "
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
            line("accepted move → seen by device", result["seen_after"]),
        ]
    )


def server_log_summary(text: str, tail: int = 30) -> str:
    """Django logs each 409 as a "Conflict:" warning; count those, show the rest."""
    lines = text.splitlines()
    conflicts = sum(1 for line in lines if line.startswith("Conflict: "))
    others = [line for line in lines if not line.startswith("Conflict: ")]
    out = [f"gunicorn log: {conflicts} “Conflict” warnings (the 409s), {len(others)} other lines"]
    if others:
        out += ["", *others[-tail:]]
    return "\n".join(out)


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
