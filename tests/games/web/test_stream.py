"""The stream view (games/web/stream.py): the table's current version, then each move's, and
no secret; heartbeats on a quiet stream; a WSGI server's short answer; the page that opens it."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async
from django.test import AsyncClient

from games.live.hub import hub
from games.services import tables
from games.web import stream
from tests.games.live.pushing import add, in_thread, new_table, versions
from tests.seating import sit

pytestmark = pytest.mark.django_db(transaction=True)


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
