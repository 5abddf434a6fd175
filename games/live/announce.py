"""Announcing a table's new version once its transaction commits."""

from __future__ import annotations

from functools import partial

from django.db import connection, transaction

from games.live import postgres
from games.live.hub import hub


def announce(code: str, version: int) -> None:
    """Called by the write that stores ``version`` (games.services.tables.save_move), inside its
    transaction: the announcement leaves after the commit, and not at all on a rollback.

    PostgreSQL: a NOTIFY, heard by the listener of every process (this one's included).
    SQLite (one process): this process's streams directly. ``robust``: a failed announcement
    never turns a committed move into an error; the pages' fallback poll still finds it."""
    if connection.vendor == "postgresql":
        transaction.on_commit(partial(_notify, code, version), robust=True)
    else:
        transaction.on_commit(partial(hub.publish, code, version), robust=True)


def _notify(code: str, version: int) -> None:
    with connection.cursor() as cursor:
        postgres.notify(cursor, code, version)
