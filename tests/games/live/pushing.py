"""What the push tests share: a table to move on, its moves, a stream's versions, and a thread
of its own for an event loop (tests/games/live, tests/games/web/test_stream.py)."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

from django.db import connection

from games.services import tables, turns


def in_thread(fn, *args):
    """Run ``fn`` in a thread of its own: after the browser tests, Playwright's event loop is
    the running loop of this one, where asyncio.run and async_to_sync refuse to run."""

    def call():
        try:
            return fn(*args)
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(call).result()


def new_table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


def add(code: str, version: int, points: int = 1, seat: str = "p1"):
    return turns.apply_move(code, "add", {"points": points}, expected_version=version, seat=seat)


def versions(chunks: list[bytes]) -> list[dict]:
    found = []
    for chunk in chunks:
        for block in chunk.decode().split("\n\n"):
            lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
            if lines.get("event") == "version":
                found.append(json.loads(lines["data"]))
    return found
