"""Push across processes through PostgreSQL's LISTEN/NOTIFY (`make test-postgres`).

Two servers, each a uvicorn process of its own, share the test database: a page's stream is
open on the first, a device moves through the API of the second, and a third process (this
one) moves through the services. Each move reaches the stream before its next heartbeat. Skipped
on SQLite, where one process announces in-process (tests/games/live/test_live.py).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from django.db import connection

from bench.games import DARK_TALES
from games.live.hub import Marks
from games.live.postgres import conninfo, parse, payload
from games.services import tables, turns
from games.web import stream
from tests.seating import claim

ROOT = Path(__file__).resolve().parents[3]

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="LISTEN/NOTIFY needs DATABASE_URL=postgres"
    ),
]


def test_payload_round_trip_and_a_malformed_one_is_ignored():
    assert parse(payload("K7QMR2XT9B", Marks(12, 3))) == ("K7QMR2XT9B", Marks(12, 3))
    assert parse("junk") is None and parse("CODE x") is None and parse("CODE 12") is None
    assert parse("CODE 12 x") is None and parse("CODE 1 2 3") is None
    assert "dbname=" in conninfo()


def database_url() -> str:
    db = connection.settings_dict
    auth = quote(db["USER"]) + (f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def two_servers(tmp_path):
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DJANGO_SECRET_KEY": "live-postgres-test-" + "x" * 40,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_DEBUG": "false",
    }
    servers = []
    for n in range(2):
        port = free_port()
        log = (tmp_path / f"server{n}.log").open("wb")
        process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(port)]
            + ["--host", "127.0.0.1", "--log-level", "warning", "--lifespan", "off"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        servers.append((process, f"http://127.0.0.1:{port}"))
    try:
        for process, url in servers:
            deadline = time.monotonic() + 20
            while True:
                try:
                    if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert process.poll() is None, (tmp_path / "server0.log").read_text()
                assert time.monotonic() < deadline, "uvicorn did not answer"
                time.sleep(0.2)
        yield [url for _process, url in servers]
    finally:
        for process, _url in servers:
            process.send_signal(signal.SIGTERM)
        for process, _url in servers:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def test_a_move_in_one_process_reaches_a_stream_open_in_another(two_servers):
    first, second = two_servers
    # A real game: the servers are processes of their own, without the tests' tally game.
    table = tables.create_table("dark-tales", "Friday", DARK_TALES.options)
    token = claim(table, DARK_TALES.seat)
    heard: list[tuple[float, dict]] = []
    opened = threading.Event()

    def listen():
        with httpx.stream("GET", f"{first}/t/{table.code}/stream/", timeout=15) as response:
            assert response.headers["content-type"] == "text/event-stream"
            for line in response.iter_lines():
                if line.startswith("data: "):
                    heard.append((time.monotonic(), json.loads(line[6:])))
                    opened.set()
                    if len(heard) == 3:
                        return

    reader = threading.Thread(target=listen, daemon=True)
    reader.start()
    assert opened.wait(10), "the stream sent no current version"
    # Through the second server's API (its own process and database connection).
    answer = httpx.post(
        f"{second}/api/tables/{table.code}/moves/",
        json={"move": "draw", "args": {}, "version": 1},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 200, answer.text
    # The stream has no poll: between heartbeats (stream.HEARTBEAT, 15 s) a version reaches it
    # only by the notification, so hearing it before then is the proof; no timing is asserted
    # (a loaded machine may take a second or two).
    deadline = time.monotonic() + stream.HEARTBEAT / 2
    while len(heard) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert [v for _t, v in heard][:2] == [
        {"code": table.code, "version": 1, "seating": 0},
        {"code": table.code, "version": 2, "seating": 0},
    ]
    # And from this test's own process, through the services.
    turns.undo_last(table.code, expected_version=2, seat=DARK_TALES.seat)
    reader.join(timeout=3)
    assert [v["version"] for _t, v in heard] == [1, 2, 3]
