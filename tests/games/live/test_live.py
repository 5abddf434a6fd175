"""Push (games/live): the hub, the announcement after a commit, and the stream view."""

from __future__ import annotations

import asyncio
import json
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import sync_to_async
from django.db import connection
from django.test import AsyncClient

from games.live import stream
from games.live.hub import Hub, Marks, hub
from games.services import seating, tables, turns
from games.services.access import AccessDenied
from tests.seating import sit

pytestmark = pytest.mark.django_db(transaction=True)


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


def test_a_publish_from_another_thread_wakes_the_stream_with_the_newest_version():
    async def main():
        mine = Hub()
        subscription = mine.subscribe("CODE")
        other = mine.subscribe("OTHER")
        marks = (Marks(3, 0), Marks(5, 0), Marks(4, 1))
        burst = threading.Thread(target=lambda: [mine.publish("CODE", m) for m in marks])
        burst.start()
        burst.join()
        assert await subscription.wait(1)
        # a burst wakes a slow stream once, with the newest of each mark
        assert subscription.marks == Marks(5, 1)
        assert not await other.wait(0.05)
        mine.unsubscribe(subscription)
        mine.unsubscribe(other)
        assert mine.count() == 0

    in_thread(asyncio.run, main())


def test_close_all_ends_every_stream():
    async def main():
        mine = Hub()
        subscription = mine.subscribe("CODE")
        mine.close_all()
        assert await subscription.wait(1) and subscription.closed

    in_thread(asyncio.run, main())


def test_a_move_is_announced_after_its_commit_and_a_refused_one_is_not():
    table = new_table()

    async def main():
        subscription = hub.subscribe(table.code)
        await stream.listening()  # on PostgreSQL, this process's listener
        try:
            await sync_to_async(add)(table.code, 1)
            assert await subscription.wait(2)
            assert subscription.marks.version == 2
            with pytest.raises(tables.VersionConflict):
                await sync_to_async(add)(table.code, 1, seat="p2")  # stale: rolled back
            assert not await subscription.wait(0.2)
            await sync_to_async(turns.undo_last)(table.code, expected_version=2, seat="p1")
            assert await subscription.wait(2)
            assert subscription.marks.version == 3  # an undo is a new version too
        finally:
            hub.unsubscribe(subscription)

    in_thread(asyncio.run, main())


def test_the_stream_sends_the_current_version_then_each_move_and_no_secret():
    table = new_table()
    secrets = [str(s) for s in tables.loaded_state(table).secrets]

    async def main():
        chunks = []
        events = stream.events(table.code, lifetime=2, heartbeat=0.1)
        chunks.append(await anext(events))
        assert chunks[0].startswith(b"retry: ")
        await sync_to_async(add)(table.code, 1, points=3)
        chunks.append(await anext(events))
        await events.aclose()
        return chunks

    chunks = in_thread(asyncio.run, main())
    assert versions(chunks) == [
        {"code": table.code, "version": 1, "seating": 0},
        {"code": table.code, "version": 2, "seating": 0},
    ]
    assert not any(secret.encode() in b"".join(chunks) for secret in secrets)
    assert hub.count(table.code) == 0  # closing the stream unsubscribes it


def test_a_quiet_stream_sends_heartbeat_comments_and_ends_after_its_lifetime():
    table = new_table()

    async def main():
        return [chunk async for chunk in stream.events(table.code, lifetime=0.35, heartbeat=0.1)]

    chunks = in_thread(asyncio.run, main())
    assert versions(chunks) == [{"code": table.code, "version": 1, "seating": 0}]
    assert chunks[1:] and all(chunk == b": beat\n\n" for chunk in chunks[1:])
    assert hub.count(table.code) == 0


def test_the_stream_view_answers_event_stream_for_a_table_and_404_for_a_wrong_code():
    table = new_table()

    async def main():
        client = AsyncClient()
        missing = await client.get("/t/ZZZZZZZZZZ/stream/")
        response = await client.get(f"/t/{table.code}/stream/")
        first = await anext(aiter(response.streaming_content))
        await response.streaming_content.aclose()
        refused = await client.post(f"/t/{table.code}/stream/")
        return missing, response, first, refused

    missing, response, first, refused = in_thread(asyncio.run, main())
    assert missing.status_code == 404
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"].startswith("no-cache")
    assert response["X-Accel-Buffering"] == "no"
    assert versions([first]) == [{"code": table.code, "version": 1, "seating": 0}]
    assert refused.status_code == 405  # read-only


def test_the_table_page_opens_the_stream_and_keeps_the_poll_as_fallback(client):
    table = new_table()
    sit(client, table, "p1")
    html = in_thread(lambda: client.get(f"/t/{table.code}/").content.decode())
    assert f'sse-connect="/t/{table.code}/stream/"' in html
    assert "django_htmx/ext/hx-sse-2" in html
    assert "every 2s [tkLive.pollDue()], sse:version" in html


def test_under_wsgi_the_stream_sends_the_current_version_and_ends(client):
    """No thread waits on a WSGI server: the browser asks again after a second, like a poll."""
    table = new_table()
    body = in_thread(lambda: b"".join(client.get(f"/t/{table.code}/stream/")))
    assert body.startswith(b"retry: 1000\n")
    assert versions([body]) == [{"code": table.code, "version": 1, "seating": 0}]


def test_a_seat_taken_or_left_is_announced_like_a_move_and_a_refused_claim_is_not():
    """The shared display's "Hand the tablet to …" list follows the seats a phone takes."""
    table = new_table()
    invite = seating.join_key(table, "p2")

    async def main():
        subscription = hub.subscribe(table.code)
        await stream.listening()
        try:
            claim = sync_to_async(seating.claim_seat)
            with pytest.raises(AccessDenied):
                await claim(table.code, "p2", secret=None, invite="wrong")
            assert not await subscription.wait(0.2)
            secret, held = await claim(table.code, "p2", secret=None, invite=invite)
            assert await subscription.wait(2)
            assert subscription.marks == Marks(1, 1)  # no version: no move was made
            await claim(table.code, "p2", secret=secret, invite=invite)  # already its seat
            assert not await subscription.wait(0.2)
            await sync_to_async(seating.leave_seat)(table.code, held)
            assert await subscription.wait(2)
            assert subscription.marks == Marks(1, 2)
        finally:
            hub.unsubscribe(subscription)

    in_thread(asyncio.run, main())
