"""The load test's open pages: each holds its table's stream (``/t/<code>/stream/``) on a raw
socket, as light as a browser's EventSource and far lighter than an HTTP client per device,
and notes when each version reached it. A few of them (``pages``) also fetch their seat's
fragment on each news, as the page's htmx does, to time the move up to the fresh page.
"""

from __future__ import annotations

import asyncio
import bisect
import json
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from bench.loadtest_clients import VERSION_ATTR, Tally, http_client


@dataclass
class Streams:
    """What the open streams saw."""

    opened: int = 0
    failed: Counter = field(default_factory=Counter)  # why a stream could not be held
    heartbeats: int = 0
    # one list per device on the measured table: (version, when it arrived)
    arrivals: list[list[tuple[int, float]]] = field(default_factory=list)
    fragments: Tally = field(default_factory=Tally)  # the pages' fetches on news
    fragment_seen: list[tuple[int, float]] = field(default_factory=list)  # version, when shown
    rss_before: int | None = None  # bytes, the server's processes before the streams opened
    rss_after: int | None = None  # … and with every stream open


async def read_events(reader: asyncio.StreamReader):
    """The events of a chunked ``text/event-stream`` answer, as (event, data) pairs; None
    for a comment (a heartbeat)."""
    buffer = b""
    while True:
        size = int((await reader.readline()).split(b";")[0], 16)
        if size == 0:
            return
        buffer += (await reader.readexactly(size + 2))[:-2]
        while b"\n\n" in buffer:
            block, buffer = buffer.split(b"\n\n", 1)
            fields = dict(line.split(b": ", 1) for line in block.split(b"\n") if b": " in line)
            if block.startswith(b":"):
                yield None
            elif fields.get(b"event") == b"version":
                yield json.loads(fields[b"data"])


async def open_stream(host: str, port: int, code: str):
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(
        f"GET /t/{code}/stream/ HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n"
        "Cache-Control: no-cache\r\n\r\n".encode()
    )
    await writer.drain()
    status = await reader.readline()
    headers = {}
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _sep, value = line.decode().partition(":")
        headers[name.strip().lower()] = value.strip()
    if b" 200 " not in status or headers.get("transfer-encoding") != "chunked":
        writer.close()
        raise ConnectionError(f"stream answered {status.decode().strip()!r}")
    return reader, writer


async def stream_device(
    streams: Streams,
    url: str,
    code: str,
    stop: asyncio.Event,
    opened: asyncio.Semaphore,
    news: asyncio.Queue | None = None,
    measured: bool = True,
) -> None:
    """One open page's stream, held until ``stop``; ``news`` gets each version (a page)."""
    host, port = httpx.URL(url).host, httpx.URL(url).port
    arrivals: list[tuple[int, float]] = []
    if measured:
        streams.arrivals.append(arrivals)
    try:
        async with opened:  # open them a few at a time, as pages do not all load at once
            reader, writer = await open_stream(host, port, code)
    except (OSError, ConnectionError, asyncio.IncompleteReadError) as exc:
        streams.failed[type(exc).__name__] += 1
        return
    streams.opened += 1

    async def listen():
        async for message in read_events(reader):
            if message is None:
                streams.heartbeats += 1
                continue
            arrivals.append((message["version"], time.monotonic()))
            if news is not None:
                news.put_nowait(message["version"])

    listening = asyncio.create_task(listen())
    stopping = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait({listening, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if listening.done() and not stop.is_set():
            exc = listening.exception()
            streams.failed[type(exc).__name__ if exc else "EndedEarly"] += 1
    finally:
        listening.cancel()
        stopping.cancel()
        writer.close()


async def page(
    streams: Streams, url: str, code: str, cookie: tuple[str, str], news: asyncio.Queue
) -> None:
    """Fetch this seat's fragment on each news, as the page does (the poll with the version
    it shows: 204 when it already has it)."""
    version = 0
    async with http_client(url, cookies=dict([cookie]), headers={"HX-Request": "true"}) as client:
        while True:
            announced = await news.get()
            if announced <= version:
                continue
            start = time.monotonic()
            try:
                response = await client.get(f"/t/{code}/poll/", params={"v": version})
            except httpx.HTTPError as exc:
                streams.fragments.fail(exc)
                continue
            now = time.monotonic()
            streams.fragments.record(now - start, response.status_code)
            if response.status_code == 200 and (found := VERSION_ATTR.search(response.content)):
                version = int(found.group(1))
                streams.fragment_seen.append((version, now))


def seen_after(
    arrivals: list[tuple[int, float]], sent: dict[int, float]
) -> dict[int, float | None]:
    """For each version (version -> when its write was sent): how long until this device had
    it or a newer one (a burst may reach a slow stream as its newest version only); None for
    one it never had."""
    ordered = sorted(arrivals)
    versions = [v for v, _t in ordered]
    earliest_from = [0.0] * len(ordered)  # the first arrival of this version or a later one
    soonest = float("inf")
    for i in range(len(ordered) - 1, -1, -1):
        soonest = min(soonest, ordered[i][1])
        earliest_from[i] = soonest
    seen: dict[int, float | None] = {}
    for version, sent_at in sent.items():
        i = bisect.bisect_left(versions, version)
        seen[version] = max(0.0, earliest_from[i] - sent_at) if i < len(ordered) else None
    return seen


def tree_rss(pid: int) -> int | None:
    """Resident memory (bytes) of a process and its children (gunicorn and its workers)."""
    total = 0
    try:
        for status in Path("/proc").glob("[0-9]*/status"):
            try:
                text = status.read_text()
            except OSError:
                continue
            fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
            if int(status.parent.name) == pid or int(fields["PPid"].strip()) == pid:
                total += int(fields.get("VmRSS", "0 kB").split()[0]) * 1024
        return total
    except (OSError, ValueError, KeyError):
        return None
