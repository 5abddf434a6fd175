"""The load test's clients sit down and play the way a group does, against a live server:
the mover starts the table through the API (its token keeps the table), takes the bench
game's seat, and the polling devices take the other seats through the keeper's join links.
A second of the load test's own mover and devices then runs without an error."""

from __future__ import annotations

import asyncio
import time

import pytest

from bench.games import DARK_TALES
from bench.loadtest_clients import Run, device, http_client, mover, seat_everyone
from games.models import Claim, Table
from tests.bench.asyncio_thread import run as run_async


@pytest.mark.django_db(transaction=True)
def test_the_load_test_seats_its_group_and_plays(live_server):
    url = live_server.url

    async def scenario():
        seated = await seat_everyone(url, DARK_TALES)
        table = seated.table
        run = Run(
            table["code"], DARK_TALES, table["version"], table["state"], time.monotonic() + 1.5
        )
        await asyncio.gather(
            mover(run, url, seated.token, rate=4),
            *(device(run, url, cookie, interval=0.3) for cookie in seated.cookies),
        )
        async with http_client(url) as anonymous:  # no token: the public view, no move
            refused = await anonymous.post(
                f"/api/tables/{table['code']}/moves/",
                json={"move": "draw", "args": {}, "version": run.version},
            )
        return seated, run, refused.status_code

    seated, run, refused = run_async(scenario())

    table = Table.objects.get(code=seated.table["code"])
    claims = {c.seat: c.keeper for c in Claim.objects.filter(table=table)}
    seats = {seat["id"] for seat in seated.table["seats"]}
    assert set(claims) == seats and len(seats) == 5  # the shared display and 4 players
    assert claims.pop(DARK_TALES.seat) is True  # the mover keeps the table at its seat
    assert len(seated.cookies) == 4 and not any(claims.values())  # one phone per other seat
    assert seated.table["keeper"] is True and seated.token == seated.table["token"]
    assert run.moves.by_status[200] >= 2 and not run.moves.errors, run.moves
    assert set(run.moves.by_status) <= {200, 409}, run.moves.by_status
    assert set(run.polls.by_status) <= {200, 204} and not run.polls.errors, run.polls
    assert run.seen_after, "no device saw an accepted move"
    assert refused == 403
