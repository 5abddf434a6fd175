"""Announcing a table's new marks (version, seating) once its transaction commits."""

from __future__ import annotations

from functools import partial

from django.db import connection, transaction

from games.live import postgres
from games.live.hub import Marks, hub


def announce(code: str, marks: Marks) -> None:
    """Called by the write that stores ``marks`` (games.services.tables.save_move, a seat taken
    or left in games.services.seating), inside its transaction: the announcement leaves after
    the commit, and not at all on a rollback.

    PostgreSQL: a NOTIFY, heard by the listener of every process (this one's included).
    SQLite (one process): this process's streams directly. ``robust``: a failed announcement
    never turns a committed move into an error; the pages' fallback poll still finds it."""
    if connection.vendor == "postgresql":
        transaction.on_commit(partial(_notify, code, marks), robust=True)
    else:
        transaction.on_commit(partial(hub.publish, code, marks), robust=True)


def _notify(code: str, marks: Marks) -> None:
    with connection.cursor() as cursor:
        postgres.notify(cursor, code, marks)
