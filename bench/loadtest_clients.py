"""The load test's clients: the devices polling a table the way the page's htmx does, and
the mover writing through the API, all sharing one ``Run`` of tallies.
"""

from __future__ import annotations

import asyncio
import random
import re
import ssl
import time
from collections import Counter
from dataclasses import dataclass, field

import httpx

from bench.games import BenchGame, NotReady

HOST = "127.0.0.1"
VERSION_ATTR = re.compile(rb'data-version="(\d+)"')
SEATING_ATTR = re.compile(rb'data-seating="(\d+)"')
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')

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
    sent_at: dict[int, float] = field(default_factory=dict)  # version -> when its write left
    seen_after: list[float] = field(default_factory=list)  # accepted → a device has it


async def create_table(client: httpx.AsyncClient, game: BenchGame) -> dict:
    """Start the table through the API: the answer's ``token`` makes this client its keeper."""
    response = await client.post(
        "/api/tables/", json={"game": game.slug, "name": "Load test", "options": game.options}
    )
    if response.status_code != 201:
        raise RuntimeError(f"creating the table answered {response.status_code}: {response.text}")
    return response.json()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def keeper_sits(client: httpx.AsyncClient, code: str, token: str, seat: str) -> str:
    """The keeper takes its own seat (no join key needed); the token it keeps."""
    response = await client.post(
        f"/api/tables/{code}/claim/", json={"seat": seat}, headers=bearer(token)
    )
    if response.status_code != 200:
        raise RuntimeError(f"the keeper taking {seat!r} answered {response.status_code}")
    return response.json()["token"]


async def seat_lines(client: httpx.AsyncClient, code: str, token: str) -> list[dict]:
    """The keeper's list of seats: who holds each, and its join key and link."""
    response = await client.get(f"/api/tables/{code}/seats/", headers=bearer(token))
    if response.status_code != 200:
        raise RuntimeError(f"the keeper's seat list answered {response.status_code}")
    return response.json()


async def seat_cookie(base_url: str, code: str, line: dict) -> tuple[str, str]:
    """Take a seat the way a phone does with the keeper's QR code: open the seat's join link
    (the page with the CSRF token and the "Take this seat" form), then post that form."""
    async with http_client(base_url) as client:
        page = await client.get(httpx.URL(line["join_url"]).path)
        page.raise_for_status()
        found = CSRF_INPUT.search(page.text)
        token = found.group(1) if found else client.cookies.get("csrftoken", "")
        response = await client.post(
            f"/t/{code}/seat/",
            data={"csrfmiddlewaretoken": token, "seat": line["id"], "invite": line["invite"]},
        )
        if response.status_code != 302:
            raise RuntimeError(f"taking seat {line['id']!r} answered {response.status_code}")
        name = f"seat_{code}"
        return name, client.cookies[name]


@dataclass
class Seated:
    """The group the load test plays with: the keeper (the mover) and one device per seat."""

    table: dict  # the API's answer to creating the table (the keeper's view, its token)
    token: str  # the keeper's bearer token; it holds the bench game's seat
    cookies: list[tuple[str, str]]  # (name, value) of each other seat's page cookie


async def seat_everyone(base_url: str, game: BenchGame) -> Seated:
    """Seat the group as a real one sits down: the mover starts the table through the API, so
    it keeps it, and takes the bench game's seat; its seat list gives every other seat's join
    key, and one phone per seat opens that join link."""
    async with http_client(base_url) as client:
        table = await create_table(client, game)
        code = table["code"]
        token = await keeper_sits(client, code, table["token"], game.seat)
        lines = await seat_lines(client, code, token)
    cookies = [await seat_cookie(base_url, code, line) for line in lines if not line["held"]]
    if not cookies:
        raise RuntimeError(f"{game.slug}: no seat left for the polling devices")
    return Seated(table, token, cookies)


# The server closed an idle keep-alive connection just as the device reused it: a browser
# quietly sends an idempotent GET again on a fresh connection, and so do we (counted).
STALE_CONNECTION = (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)


async def poll_once(
    run: Run, client: httpx.AsyncClient, version: int, seating: int | None
) -> httpx.Response:
    url = f"/t/{run.code}/poll/"
    params = {"v": version} if seating is None else {"v": version, "s": seating}
    try:
        return await client.get(url, params=params)
    except STALE_CONNECTION:
        run.polls.retries += 1
        return await client.get(url, params=params)


async def device(run: Run, base_url: str, cookie: tuple[str, str], interval: float) -> None:
    """One open table page: poll every ``interval`` s with the version and seating it last saw
    (its first poll, knowing no seating yet, brings the fragment as opening the page does)."""
    version, seating = run.version, None
    async with http_client(
        base_url, cookies=dict([cookie]), headers={"HX-Request": "true"}
    ) as client:
        next_at = time.monotonic() + random.uniform(0, interval)
        while next_at < run.deadline:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            next_at += interval
            start = time.monotonic()
            try:
                response = await poll_once(run, client, version, seating)
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
                if sat := SEATING_ATTR.search(response.content):
                    seating = int(sat.group(1))


async def one_write(run: Run, client: httpx.AsyncClient) -> None:
    """The bench move, or the undo of it, against the newest version the mover knows."""
    try:
        name, args = run.game.bench_move(run.state)
        url, body = f"/api/tables/{run.code}/moves/", {"move": name, "args": args}
    except NotReady:
        url, body = f"/api/tables/{run.code}/undo/", {}
    body["version"] = run.version  # the client's bearer token says which seat moves
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
            run.sent_at[table["version"]] = start
        if table["version"] > run.version:
            run.version, run.state = table["version"], table["state"]


async def mover(run: Run, base_url: str, token: str, rate: float) -> None:
    """``rate`` writes a second on a fixed schedule; a slow answer doesn't delay the next.

    The keeper writes, holding the bench game's seat, with its bearer token."""
    async with http_client(base_url, headers=bearer(token)) as client:
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
