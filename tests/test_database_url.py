from pathlib import Path

import pytest

from config.database import database_from_url


def test_default_is_sqlite_beside_the_code():
    db = database_from_url(None, Path("/srv/tk"))
    assert db["NAME"] == Path("/srv/tk/db.sqlite3")
    assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_sqlite_urls_relative_and_absolute():
    assert database_from_url("sqlite:///data/tk.db", Path("/x"))["NAME"] == Path("data/tk.db")
    assert database_from_url("sqlite:////var/lib/tk.db", Path("/x"))["NAME"] == Path(
        "/var/lib/tk.db"
    )


def test_postgres_url():
    db = database_from_url("postgres://tk:s%40cret@db.local:5433/talekeeper", Path("/x"))
    assert (db["USER"], db["PASSWORD"], db["HOST"], db["PORT"], db["NAME"]) == (
        "tk",
        "s@cret",
        "db.local",
        "5433",
        "talekeeper",
    )
    # A bounded pool per process, no persistent connections (they leak under ASGI).
    assert db["CONN_MAX_AGE"] == 0 and db["OPTIONS"]["pool"]["max_size"] >= 1


def test_other_schemes_are_refused():
    with pytest.raises(ValueError, match="mysql"):
        database_from_url("mysql://x/y", Path("/x"))
