"""Fixtures shared by the platform tests under tests/games."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from games.galzyr.campaign import copies
from games.services import blobs, tables


@pytest.fixture
def cold_process():
    """What forgets all this process keeps by digest (the stored data and the parsed card
    catalogs): as a process that never met them, which must read them where they are stored."""

    def forget() -> None:
        blobs.forget()
        copies.forget()

    return forget


@pytest.fixture
def campaign():
    """A Lands of Galzyr campaign on the sample world: a ~8 KB state naming a ~50 KB catalog."""
    from games.galzyr.shelf import forget_books

    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())
    return tables.create_table(
        "galzyr",
        "Sample campaign",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )
