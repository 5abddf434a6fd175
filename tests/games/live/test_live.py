"""Push (games/live): the hub, and the announcement after a commit (the stream view that
passes it on to a page: tests/games/web/test_stream.py)."""

from __future__ import annotations

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async

from games.live import postgres
from games.live.hub import Hub, Marks, hub
from games.services import seating, tables, turns
from games.services.access import AccessDenied
from tests.games.live.pushing import add, in_thread, new_table

pytestmark = pytest.mark.django_db(transaction=True)


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
        await postgres.listening()  # on PostgreSQL, this process's listener
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


def test_a_seat_taken_or_left_is_announced_like_a_move_and_a_refused_claim_is_not():
    """The shared display's "Hand the tablet to …" list follows the seats a phone takes."""
    table = new_table()
    invite = seating.join_key(table, "p2")

    async def main():
        subscription = hub.subscribe(table.code)
        await postgres.listening()
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
