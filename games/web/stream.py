"""The stream: ``GET /t/<code>/stream/``, server-sent events of the table's versions.

Read-only and bounded. The code is enough to open it, since it carries what the poll already
answers to anyone with the code: the version and the seating (``hub.Marks``), no seat's view
and no secret. It sends the current marks at once (so a page that reconnects learns what it
missed, and knows the stream works through any proxy), then each change of either as
``event: version``, a comment
every ``HEARTBEAT`` seconds (a proxy keeps the connection, a vanished client is noticed),
and ends after ``LIFETIME`` seconds, when the browser reconnects on its own. An open stream
keeps no thread busy and no database connection: it waits in the worker's event loop (Django
parks one idle thread per open request for the synchronous middleware: memory, no CPU).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, HttpRequest, StreamingHttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.live import postgres
from games.live.hub import Marks, hub
from games.services import tables

HEARTBEAT = 15.0  # seconds between comments on a quiet stream
LIFETIME = 600.0  # seconds before the stream ends and the browser reconnects …
JITTER = 60.0  # … give or take up to this, so a thousand pages don't reconnect together
RETRY_MS = (1000, 3000)  # how long the browser waits before reconnecting, at random
WSGI_RETRY_MS = 1000


def table_marks(code: str) -> Marks | None:
    """One indexed query (the poll's), on a connection closed at once: a stream keeps none."""
    try:
        return tables.current_marks(code)
    finally:
        if not connection.in_atomic_block:  # (a test's transaction: left to the test)
            connection.close()


def event(marks: Marks, code: str) -> bytes:
    data = json.dumps(
        {"code": code, "version": marks.version, "seating": marks.seating}, separators=(",", ":")
    )
    return f"event: version\ndata: {data}\n\n".encode()


async def events(
    code: str,
    *,
    lifetime: float | None = None,
    heartbeat: float = HEARTBEAT,
    retry_ms: int | None = None,
) -> AsyncIterator[bytes]:
    """The stream's chunks: the retry delay and the current marks, then each newer one."""
    lifetime = LIFETIME + random.uniform(-JITTER, JITTER) if lifetime is None else lifetime
    retry_ms = random.randint(*RETRY_MS) if retry_ms is None else retry_ms
    subscription = hub.subscribe(code)  # before reading the version: no move falls between
    try:
        await postgres.listening()
        marks = await sync_to_async(table_marks)(code)
        if marks is None:  # deleted meanwhile; the page's poll tells it so
            return
        yield f"retry: {retry_ms}\n".encode() + event(marks, code)
        ends = time.monotonic() + lifetime
        while (left := ends - time.monotonic()) > 0:
            if not await subscription.wait(min(heartbeat, left)):
                yield b": beat\n\n"
                continue
            if subscription.closed:
                return
            if subscription.marks.newer_than(marks):
                marks = subscription.marks.newest(marks)
                yield event(marks, code)
    finally:
        hub.unsubscribe(subscription)


@require_GET
async def stream(request: HttpRequest, code: str) -> StreamingHttpResponse:
    marks = await sync_to_async(table_marks)(code)
    if marks is None:
        raise Http404(_("No table has this code."))
    if isinstance(request, ASGIRequest):
        content = events(code)
    else:
        # Under WSGI (pytest-django's live server, a WSGI deployment) a response can't wait
        # without holding a thread, and Django would buffer the whole stream: send the current
        # version and end, so the browser asks again after a second, like a poll.
        content = [f"retry: {WSGI_RETRY_MS}\n".encode() + event(marks, code)]
    response = StreamingHttpResponse(content, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache, no-transform"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
