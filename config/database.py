"""Read DATABASE_URL into Django's DATABASES entry (SQLite by default).

Fifteen lines of our own beat a dependency: we support exactly two schemes.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

POOL_SIZE = int(os.environ.get("TALEKEEPER_DB_POOL", "10"))  # connections per worker process


def database_from_url(url: str | None, base_dir: Path) -> dict:
    if not url:
        return sqlite(base_dir / "db.sqlite3")
    parts = urlsplit(url)
    if parts.scheme == "sqlite":
        # sqlite:///relative.db and sqlite:////absolute/path.db, as SQLAlchemy spells them.
        return sqlite(Path(unquote(parts.netloc + parts.path[1:])))
    if parts.scheme in {"postgres", "postgresql"}:
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": unquote(parts.path.lstrip("/")),
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(parts.port or ""),
            # A pool per process (psycopg_pool), not persistent connections: under ASGI each
            # request runs in a thread of its own, and a connection kept by a finished thread
            # lingers until garbage-collected (a hundred of them in a minute of polling).
            "CONN_MAX_AGE": 0,
            "OPTIONS": {"pool": {"min_size": 1, "max_size": POOL_SIZE}},
        }
    raise ValueError(f"DATABASE_URL scheme {parts.scheme!r} is not supported (sqlite, postgres)")


def sqlite(path: Path) -> dict:
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": path,
        # Writers take the lock at BEGIN, so two devices moving at once queue instead of
        # failing half-way with "database is locked"; WAL lets readers poll meanwhile.
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
        # A file (not :memory:) so that threads in the concurrency and browser tests share
        # it; one per process so that two test runs on one machine never collide.
        "TEST": {"NAME": Path(tempfile.gettempdir()) / f"talekeeper-test-{os.getpid()}.sqlite3"},
    }
