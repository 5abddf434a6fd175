"""The load test's streams: the event parser, move → seen from the stream, and the summary."""

from __future__ import annotations

import asyncio

from bench.games import DARK_TALES
from bench.loadtest import parse_args
from bench.loadtest_clients import Run
from bench.loadtest_report import render, summary
from bench.loadtest_streams import Streams, read_events, seen_after
from tests.bench.asyncio_thread import run as run_async


def chunked(*parts: bytes) -> bytes:
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in parts) + b"0\r\n\r\n"


def test_events_are_read_across_chunks_and_comments_are_heartbeats():
    async def main():
        reader = asyncio.StreamReader()
        reader.feed_data(
            chunked(
                b'retry: 1000\nevent: version\ndata: {"code":"C","version":1}\n\n',
                b": beat\n\n",
                b"event: version\ndata: {",  # an event split over two chunks
                b'"code":"C","version":2}\n\n',
            )
        )
        reader.feed_eof()
        return [message async for message in read_events(reader)]

    assert run_async(main()) == [
        {"code": "C", "version": 1},
        None,
        {"code": "C", "version": 2},
    ]


def test_a_version_counts_as_seen_when_it_or_a_newer_one_arrived():
    sent = {2: 10.0, 3: 10.2, 4: 10.4, 5: 11.0}
    arrivals = [(1, 9.0), (2, 10.03), (4, 10.45)]  # 3 was folded into 4; 5 never came
    seen = seen_after(arrivals, sent)
    assert round(seen[2], 3) == 0.03 and round(seen[3], 3) == 0.25
    assert round(seen[4], 3) == 0.05 and seen[5] is None


def test_the_summary_reports_the_streams_and_memory_per_stream():
    run = Run("ABCD", DARK_TALES, version=3, state={}, deadline=0.0)
    run.sent_at = {2: 10.0, 3: 11.0}
    streams = Streams(opened=2, rss_before=100 * 1024 * 1024, rss_after=101 * 1024 * 1024)
    streams.arrivals = [[(2, 10.02), (3, 11.01)], [(2, 10.04), (3, 11.05)]]
    streams.fragment_seen = [(2, 10.1)]
    result = summary(parse_args(["--seconds", "1"]), run, 1.0, 0.1, streams)
    s = result["streams"]
    assert s["seen_by_device"]["count"] == 4 and s["missed"] == 0
    assert s["seen_by_every_device"]["p95_ms"] == 50  # the slowest device, per move
    assert s["per_stream_kb"] == 512
    assert s["move_to_page_shown"]["p50_ms"] == 100
    assert "KB per open stream" in render(result)
