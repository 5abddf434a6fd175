"""A phone takes a seat while the shared display's move waits for the table's lock: the move's
answer (read with the locked row, games/services/access.py ``locked_as_proven``) must know the
seat is held, or the display would go on offering "Hand the tablet to …" for it, its seating
mark already up to date. Only PostgreSQL can race so: SQLite's writers wait before reading.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction

from games.services import access, seating, tables, turns
from games.services.access import Credential
from tests.seating import claim

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="a read that waits for a lock: PostgreSQL"
    ),
]

WAITING = "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"


def test_a_seat_taken_while_the_move_waits_is_held_in_its_answer():
    table = tables.create_table("tally", "Rush", {"players": ["Ada", "Bo"]})
    display = Credential(claim(table, "table", keeper=True))
    claimed, release = threading.Event(), threading.Event()
    answers, failures = [], []

    def phone() -> None:  # Bo's phone: its claim keeps the row locked until released
        try:
            with transaction.atomic():
                seating.claim_seat(
                    table.code, "p2", secret=None, invite=seating.join_key(table, "p2")
                )
                claimed.set()
                release.wait(timeout=30)
        except BaseException as exc:  # surfaced below: a thread can't fail the test itself
            failures.append(exc)
        finally:
            claimed.set()
            connection.close()

    def move() -> None:  # the display's move, started while the phone holds the lock
        try:
            written = turns.apply_move(
                table.code, "add", {"points": 1}, expected_version=1, seat=display
            )
            answers.append((written.table.seating, access.held_seats(written.table)))
        except BaseException as exc:
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=phone), threading.Thread(target=move)]
    threads[0].start()
    claimed.wait(timeout=30)
    threads[1].start()
    with connection.cursor() as cursor:  # the move waits for the phone's lock, then it goes
        for _ in range(3000):
            cursor.execute(WAITING)
            if cursor.fetchone()[0]:
                break
            threading.Event().wait(0.01)
    release.set()
    for thread in threads:
        thread.join(timeout=60)

    assert not failures, failures
    assert answers == [(1, {"table", "p2"})]
