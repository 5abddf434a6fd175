"""The streams open in this process, by table code, and how an announcement reaches them.

A stream subscribes for its table's code and waits on its ``Subscription``; an announcement
(from a request thread after its commit, or from the PostgreSQL listener in the event loop)
keeps the newest marks and wakes the stream. Marks only grow, so a burst of moves wakes a
slow stream once, with the newest: it never queues.
"""

from __future__ import annotations

import asyncio
import threading
from collections import defaultdict
from typing import NamedTuple


class Marks(NamedTuple):
    """What tells an open page that its table changed, neither a secret: the table's version
    (a move, an undo, a restore) and its seating (a device took, left or was freed from a
    seat: the shared display's "Hand the tablet to …" list changes, no version does). Each
    only grows."""

    version: int
    seating: int

    def newer_than(self, other: Marks) -> bool:
        return self.version > other.version or self.seating > other.seating

    def newest(self, other: Marks) -> Marks:
        return Marks(max(self.version, other.version), max(self.seating, other.seating))


NONE = Marks(0, 0)


class Subscription:
    """One open stream's mailbox: the newest marks announced, and an event to wake it."""

    def __init__(self, code: str, loop: asyncio.AbstractEventLoop) -> None:
        self.code = code
        self.loop = loop
        self.marks = NONE
        self.closed = False  # the announcements may have been missed: end the stream
        self.woken = asyncio.Event()

    def deliver(self, marks: Marks) -> None:
        """In the subscription's own loop."""
        if marks.newer_than(self.marks):
            self.marks = marks.newest(self.marks)
            self.woken.set()

    def close(self) -> None:
        self.closed = True
        self.woken.set()

    async def wait(self, timeout: float) -> bool:
        """True when woken (a version, or closed) within ``timeout`` seconds."""
        try:
            async with asyncio.timeout(timeout):  # no task of its own, unlike wait_for
                await self.woken.wait()
        except TimeoutError:
            return False
        self.woken.clear()
        return True


class Hub:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._streams: dict[str, set[Subscription]] = defaultdict(set)

    def subscribe(self, code: str) -> Subscription:
        """From a coroutine: the stream's loop is the running one."""
        subscription = Subscription(code, asyncio.get_running_loop())
        with self._lock:
            self._streams[code].add(subscription)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            streams = self._streams.get(subscription.code)
            if streams is not None:
                streams.discard(subscription)
                if not streams:
                    del self._streams[subscription.code]

    def count(self, code: str | None = None) -> int:
        with self._lock:
            if code is not None:
                return len(self._streams.get(code, ()))
            return sum(len(streams) for streams in self._streams.values())

    def publish(self, code: str, marks: Marks) -> None:
        """Wake this process's streams of ``code``; from any thread. Each event loop is called
        once with its own streams, so a table with a thousand streams costs one hop."""
        for loop, streams in self._by_loop(code).items():
            if _running_loop() is loop:
                _deliver(streams, marks)
            elif not loop.is_closed():
                loop.call_soon_threadsafe(_deliver, streams, marks)

    def close_all(self) -> None:
        """Every stream ends (its browser reconnects and is told the current version): the
        announcements of a while may have been missed, e.g. when the listener lost the
        database."""
        with self._lock:
            everyone = [s for streams in self._streams.values() for s in streams]
        for subscription in everyone:
            if _running_loop() is subscription.loop:
                subscription.close()
            elif not subscription.loop.is_closed():
                subscription.loop.call_soon_threadsafe(subscription.close)

    def _by_loop(self, code: str) -> dict[asyncio.AbstractEventLoop, list[Subscription]]:
        grouped: dict[asyncio.AbstractEventLoop, list[Subscription]] = defaultdict(list)
        with self._lock:
            for subscription in self._streams.get(code, ()):
                grouped[subscription.loop].append(subscription)
        return grouped


def _deliver(streams: list[Subscription], marks: Marks) -> None:
    for subscription in streams:
        subscription.deliver(marks)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


hub = Hub()  # this process's
