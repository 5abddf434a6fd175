"""Several devices write at the same moment: no update is lost, every loser gets a conflict."""

import threading

import pytest
from django.db import connection

from games.models import Move
from games.services import tables, turns

DEVICES = 6
ATTEMPTS = 4


@pytest.mark.django_db(transaction=True)
def test_simultaneous_moves_lose_nothing():
    table = tables.create_table("tally", "Rush", {"players": ["Ada", "Bo"]})
    start = threading.Barrier(DEVICES)
    accepted: list[int] = []
    conflicts: list[int] = []
    failures: list[BaseException] = []
    lock = threading.Lock()

    def device(n: int) -> None:
        try:
            start.wait()
            for _ in range(ATTEMPTS):
                seen = tables.current_marks(table.code).version
                try:
                    updated, move = turns.apply_move(
                        table.code, "add", {"points": 1}, expected_version=seen, seat="table"
                    )
                except tables.VersionConflict as exc:
                    assert exc.table.version > seen
                    with lock:
                        conflicts.append(n)
                else:
                    with lock:
                        accepted.append(move.version)
        except BaseException as exc:  # surfaced below: a thread can't fail the test itself
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=device, args=(n,)) for n in range(DEVICES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    print(f"accepted {len(accepted)}, conflicts {len(conflicts)}")
    assert not failures, failures
    assert len(accepted) + len(conflicts) == DEVICES * ATTEMPTS
    table.refresh_from_db()
    # Every accepted move is in the log, in the state, and has its own version.
    assert sorted(accepted) == list(range(2, table.version + 1))
    assert Move.objects.filter(table=table).count() == len(accepted)
    assert sum(table.state["totals"]) == len(accepted)
    assert len(conflicts) > 0 or len(accepted) == DEVICES * ATTEMPTS
