"""PostgreSQL's LISTEN/NOTIFY: every worker process, on every machine, hears every move.

Why PostgreSQL and not Redis pub/sub: it is the database a multi-worker deployment already
runs (and CI tests against), and no second service has to be deployed, watched and secured;
at five moves a second NOTIFY is nowhere near its limits. A process keeps one listening connection (psycopg 3, async) and fans each
notification out to its own streams (``hub``); no stream holds a connection of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref

import psycopg
from asgiref.sync import sync_to_async
from django.db import connection, connections

from games.live.hub import Hub, Marks, hub

CHANNEL = "talekeeper_tables"
RETRY_SECONDS = (0.5, 1, 2, 5, 10)  # reconnecting after the database went away
LISTEN_WAIT = 5.0  # seconds a new stream waits for its process to be listening

_listeners: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # event loop -> Listener

log = logging.getLogger(__name__)


def notify(cursor, code: str, marks: Marks) -> None:
    """Send the announcement (after the move's commit: games/live/announce.py)."""
    cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, payload(code, marks)])


def payload(code: str, marks: Marks) -> str:
    return f"{code} {marks.version} {marks.seating}"


def parse(text: str) -> tuple[str, Marks] | None:
    code, *numbers = text.split(" ")
    if not code or len(numbers) != 2 or not all(n.isdigit() for n in numbers):
        return None
    return code, Marks(*map(int, numbers))


def conninfo(alias: str = "default") -> str:
    """The listening connection goes where Django's does (its settings, psycopg's keywords)."""
    params = connections[alias].get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    params.pop("prepare_threshold", None)
    params.pop("server_side_binding", None)
    params.pop("pool", None)
    return psycopg.conninfo.make_conninfo(
        **{k: v for k, v in params.items() if isinstance(v, str | int)}
    )


class Listener:
    """One per process and event loop: LISTEN, then hand every notification to the hub."""

    def __init__(self, hub: Hub, info: str) -> None:
        self.hub = hub
        self.info = info
        self.listening = asyncio.Event()  # set while LISTEN is in force
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self.run())

    async def run(self) -> None:
        failures = 0
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.info, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    failures = 0
                    self.listening.set()
                    async for note in conn.notifies():
                        if (found := parse(note.payload)) is not None:
                            self.hub.publish(*found)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database restarted, a network cut: listen again
                log.warning("live: listening for table versions failed (%s); retrying", exc)
            # Announcements may have been missed meanwhile: streams end, browsers reconnect
            # and are told the current version.
            if self.listening.is_set():
                self.listening.clear()
                self.hub.close_all()
            await asyncio.sleep(RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)])
            failures += 1

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None
        self.listening.clear()


async def listening() -> None:
    """On PostgreSQL, this process's listener is running (started by the first stream, in
    games/web/stream.py); on SQLite the hub hears its own process, so there is none."""
    if connection.vendor != "postgresql":
        return
    loop = asyncio.get_running_loop()
    listener = _listeners.get(loop)
    if listener is None:
        info = await sync_to_async(conninfo)()
        listener = _listeners.setdefault(loop, Listener(hub, info))
    listener.start()
    # Not listening yet after LISTEN_WAIT: the stream still sends the current version, and the
    # page's fallback poll covers what the listener may miss.
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(listener.listening.wait(), LISTEN_WAIT)
