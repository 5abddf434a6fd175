"""Run a coroutine to its end on a loop of its own, in a thread of its own.

A test run may leave an event loop running in the main thread (Playwright's sync API, a
live server), and ``asyncio.run`` refuses to start under one; the load test's clients are
asyncio, so their tests run them here, whatever ran before."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor


def run(coroutine):
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
