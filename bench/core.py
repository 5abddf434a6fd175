"""The in-process bench: every interaction through Django's test client, timed and counted.

Import after ``django.setup()``. ``run_bench`` works on whatever database Django is connected
to (``python -m bench`` makes a throwaway SQLite one; the smoke test uses pytest-django's).
Server time is ``time.perf_counter`` around each client call: the whole request/response
cycle through the middleware, without a socket. The bare ``/healthz`` view is measured in the
same run, so the ``× bare`` column says how much the interaction costs beyond Django itself.
"""

from __future__ import annotations

import gc
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.db import connection
from django.http import HttpResponse, HttpResponseRedirect
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.games import BenchGame
from bench.stats import median_ms, percentile_ms
from games.models import Move, Table
from games.services import seating, tables, turns
from games.web import credentials

HTMX = {"HX-Request": "true"}
TRANSACTION_SQL = re.compile(r"\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b", re.I)
BARE_URL = "/healthz"
MIN_CALLS = 20


@dataclass
class Row:
    """One interaction: its samples and what one response looked like."""

    name: str
    # bare | home | page | fragment | poll | move | undo | export (bench.core)
    # world-load | world-store | playtest-runs | playtest-sweep | open-scene (bench.storybook)
    kind: str
    logged: int | None = None  # size of the table's log, for the per-table rows
    seconds: list[float] = field(default_factory=list)
    bare_seconds: list[float] = field(default_factory=list)  # /healthz, one call before each
    # The process's CPU time of each timed call: two cores shared by everyone make wall time
    # wait for the CPU; this says what the call itself cost (the database's I/O waits excluded).
    cpu_seconds: list[float] = field(default_factory=list)
    queries: list[int] = field(default_factory=list)
    nbytes: int = 0
    status: int = 0
    sql: list[str] = field(default_factory=list)  # the queries of the last timed call

    @property
    def median_ms(self) -> float:
        return median_ms(self.seconds)

    @property
    def cpu_median_ms(self) -> float:
        return median_ms(self.cpu_seconds)

    @property
    def p95_ms(self) -> float:
        return percentile_ms(self.seconds, 95)

    @property
    def x_bare(self) -> float:
        """Median over the median of the bare view called alongside (same load, same moment)."""
        if self.kind == "bare":
            return 1.0
        if not self.bare_seconds:  # not an HTTP request: no bare view alongside
            return float("nan")
        return median_ms(self.seconds) / median_ms(self.bare_seconds)

    @property
    def data_queries(self) -> int:
        """The last call's queries without BEGIN/COMMIT/SAVEPOINT/RELEASE."""
        return sum(1 for sql in self.sql if not TRANSACTION_SQL.match(sql))

    @property
    def max_queries(self) -> int:
        return max(self.queries, default=0)

    @property
    def min_queries(self) -> int:
        return min(self.queries, default=0)

    def record(self, seconds: float, captured: CaptureQueriesContext, response: HttpResponse):
        self.seconds.append(seconds)
        self.queries.append(len(captured.captured_queries))
        self.sql = [q["sql"] for q in captured.captured_queries]
        self.nbytes = len(response.content)
        self.status = response.status_code


@dataclass
class BenchResult:
    game: str
    iterations: int
    warmup: int
    rows: list[Row]

    @property
    def bare(self) -> Row:
        return next(row for row in self.rows if row.kind == "bare")

    def row(self, kind: str, logged: int | None = None, name_has: str = "") -> Row:
        for row in self.rows:
            if row.kind == kind and row.logged == logged and name_has in row.name:
                return row
        raise KeyError((kind, logged, name_has))


class BenchError(RuntimeError):
    """An interaction answered something other than what the bench expects."""


def _expect(response: HttpResponse, status: int, what: str) -> HttpResponse:
    if response.status_code != status or response.has_header("HX-Trigger"):
        body = response.content[:300].decode(errors="replace")
        raise BenchError(f"{what}: expected {status}, got {response.status_code}: {body}")
    return response


@cache
def _bare_client() -> Client:
    return Client()


def _call(row: Row, request: Callable[[], HttpResponse], status: int) -> HttpResponse:
    """One timed call, preceded by a timed call of the bare view for the × bare column."""
    if row.kind != "bare":
        start = time.perf_counter()
        _bare_client().get(BARE_URL)
        row.bare_seconds.append(time.perf_counter() - start)
    with CaptureQueriesContext(connection) as captured:
        cpu, start = time.process_time(), time.perf_counter()
        response = request()
        elapsed = time.perf_counter() - start
        row.cpu_seconds.append(time.process_time() - cpu)
    _expect(response, status, row.name)
    row.record(elapsed, captured, response)
    return response


def measure(
    row: Row,
    request: Callable[[], HttpResponse],
    n: int,
    warmup: int,
    status: int = 200,
    budget: float | None = None,
) -> Row:
    """A read: ``warmup`` untimed calls, then ``n`` timed ones.

    With a ``budget`` (seconds), a slow interaction (a large export) gets fewer timed calls,
    never fewer than ``MIN_CALLS``; the ``n`` column shows how many.
    """
    start = time.perf_counter()
    for _ in range(max(warmup, 1)):
        _expect(request(), status, row.name)
    per_call = (time.perf_counter() - start) / max(warmup, 1)
    if budget is not None and per_call * n > budget:
        n = max(min(n, MIN_CALLS), int(budget / per_call))
    gc.collect()
    for _ in range(n):
        _call(row, request, status)
    return row


# -- the tables ----------------------------------------------------------------------------


def build_table(game: BenchGame, logged: int, name: str) -> Table:
    """A table whose log holds ``logged`` moves: move/undo pairs through the services."""
    table = tables.create_table(game.slug, name, game.options)
    for i in range(logged):
        table = Table.objects.get(pk=table.pk)
        if i % 2 == 0:
            move, args = game.bench_move(table.state)
            turns.apply_move(table.code, move, args, expected_version=table.version, seat=game.seat)
        else:
            turns.undo_last(table.code, expected_version=table.version, seat=game.seat)
    table.refresh_from_db()
    return table


def _trim(table: Table, above_version: int) -> None:
    """Drop the log rows a measured move/undo pair added, so the log keeps its size."""
    Move.objects.filter(table=table, version__gt=above_version).delete()


def keep_and_sit(client: Client, table: Table, seat: str) -> str:
    """Seat ``client`` the way the device that starts a table is seated; the secret it keeps.

    The device that creates a table keeps it (games/services/seating.py): the new-table form answers with
    the keeper's signed cookie (``seating.open_keeper`` + ``credentials.remember``, done here on a
    redirect of our own since the bench builds its tables through the services), then the
    keeper takes its own seat on the seat page, ``POST games:seat``, with no join key. The
    secret is also the keeper's bearer token for the API (``POST /api/tables/`` answers it
    as ``token``).
    """
    secret = seating.open_keeper(table)
    answer = HttpResponseRedirect(reverse("games:seat", args=[table.code]))
    credentials.remember(answer, table.code, secret)
    client.cookies.update(answer.cookies)
    response = client.post(reverse("games:seat", args=[table.code]), {"seat": seat})
    if response.status_code != 302:
        raise BenchError(f"taking the seat {seat!r} answered {response.status_code}")
    return secret


def api_client(token: str) -> Client:
    """A REST client of its own (no page cookie: the API reads only the bearer token)."""
    return Client(headers={"Authorization": f"Bearer {token}"})


class Session:
    """One table, one seated device (its keeper): the requests the bench makes against it.

    The pages go through ``client`` with the keeper's cookie; the API through a client of its
    own sending the same credential as ``Authorization: Bearer``.
    """

    def __init__(self, client: Client, game: BenchGame, table: Table):
        self.client, self.game, self.table = client, game, table
        self.code = table.code
        self.api = api_client(keep_and_sit(client, table, game.seat))

    @property
    def version(self) -> int:
        return Table.objects.filter(pk=self.table.pk).values_list("version", flat=True).get()

    def state(self) -> dict[str, Any]:
        return Table.objects.filter(pk=self.table.pk).values_list("state", flat=True).get()

    def page(self):
        return self.client.get(reverse("games:table", args=[self.code]))

    def fragment(self):
        # A stale version: the poll answers with the fresh live region.
        return self.client.get(reverse("games:poll", args=[self.code]), {"v": 0}, headers=HTMX)

    def poll(self, version: int):
        url = reverse("games:poll", args=[self.code])
        seating = Table.objects.filter(pk=self.table.pk).values_list("seating", flat=True).get()
        return lambda: self.client.get(url, {"v": version, "s": seating}, headers=HTMX)

    def export_page(self):
        return self.client.get(reverse("games:export", args=[self.code]))

    def export_api(self):
        return self.api.get(f"/api/tables/{self.code}/export/")

    def move_htmx(self, version: int, move: str, args: dict):
        data = {"version": version}
        if args:
            data["args_json"] = json.dumps(args)
        url = reverse("games:move", args=[self.code, move])
        return lambda: self.client.post(url, data, headers=HTMX)

    def undo_htmx(self, version: int):
        url = reverse("games:undo", args=[self.code])
        return lambda: self.client.post(url, {"version": version}, headers=HTMX)

    def move_api(self, version: int, move: str, args: dict):
        body = {"move": move, "args": args, "version": version}  # the token says which seat
        url = f"/api/tables/{self.code}/moves/"
        return lambda: self.api.post(url, body, content_type="application/json")

    def undo_api(self, version: int):
        body = {"version": version}
        url = f"/api/tables/{self.code}/undo/"
        return lambda: self.api.post(url, body, content_type="application/json")

    def move_then_undo(self, move_row: Row, undo_row: Row, via: str, n: int, warmup: int):
        """Each iteration: the bench move (timed), its undo (timed), then the log trimmed back."""
        make = self.move_htmx if via == "htmx" else self.move_api
        undo = self.undo_htmx if via == "htmx" else self.undo_api
        for i in range(warmup + n):
            if i == warmup:
                gc.collect()
            version = self.version
            move, args = self.game.bench_move(self.state())
            if i < warmup:
                _expect(make(version, move, args)(), 200, move_row.name)
                _expect(undo(version + 1)(), 200, undo_row.name)
            else:
                _call(move_row, make(version, move, args), 200)
                _call(undo_row, undo(version + 1), 200)
            _trim(self.table, version)


def bare_row(n: int, warmup: int) -> Row:
    """The bare view alone: the reference every other row's × bare column divides by."""
    return measure(
        Row("bare view (/healthz)", "bare"), lambda: _bare_client().get(BARE_URL), n, warmup
    )


def run_bench(
    game: BenchGame,
    *,
    iterations: int = 200,
    warmup: int = 20,
    log_sizes: tuple[int, ...] = (10, 1000),
    budget: float = 15.0,
    progress: Callable[[str], None] = lambda message: None,
) -> BenchResult:
    """Measure every interaction; needs a migrated database and ``testserver`` allowed.

    ``budget`` caps the seconds spent timing one slow read (exports of a long log).
    """
    if any(size % 2 for size in log_sizes):
        raise ValueError("log sizes must be even: the log is built of move/undo pairs")
    client = Client()
    n = iterations
    rows: list[Row] = []

    def read(name: str, kind: str, logged: int | None, request, status: int = 200) -> None:
        row = Row(name, kind, logged)
        rows.append(measure(row, request, n, warmup, status=status, budget=budget))

    progress("bare view")
    rows.append(bare_row(n, warmup))

    sessions = []
    for logged in log_sizes:
        progress(f"building a table with {logged} logged moves")
        table = build_table(game, logged, f"Bench {logged}")
        sessions.append((logged, Session(client, game, table)))

    progress("home page")
    read("home page", "home", None, lambda: client.get("/"))

    for logged, s in sessions:
        at = f", {logged} logged"
        progress(f"table with {logged} logged moves")
        read("full table page" + at, "page", logged, s.page)
        read("live fragment" + at, "fragment", logged, s.fragment)
        read("poll, nothing changed" + at, "poll", logged, s.poll(s.version), status=204)
        for via, label in (("htmx", "HTMX"), ("api", "API")):
            move_row = Row(f"move ({label}){at}", "move", logged)
            undo_row = Row(f"undo ({label}){at}", "undo", logged)
            s.move_then_undo(move_row, undo_row, via, n, warmup)
            rows.extend([move_row, undo_row])
        if Move.objects.filter(table=s.table).count() != logged:
            raise BenchError(f"the log of the {logged}-move table changed size")
        read("export (page)" + at, "export", logged, s.export_page)
        read("export (API)" + at, "export", logged, s.export_api)

    return BenchResult(game=game.slug, iterations=iterations, warmup=warmup, rows=rows)
