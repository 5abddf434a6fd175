"""The reader's shelf over the stored worlds (games.galzyr.shelf): the
per-request "is the hash the same?" check, and a book kept by row id and content hash."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.galzyr.shelf import DatabaseShelf, forget_books
from storybook.models import World
from storybook.services import load_world_folder

pytestmark = pytest.mark.django_db

MINIMAL = Path(__file__).resolve().parents[3] / "fixtures" / "worlds" / "_minimal"


def test_a_kept_book_costs_one_query_that_does_not_read_the_world_data():
    load_world_folder(MINIMAL, "vale")
    shelf = DatabaseShelf()
    first = shelf.book("vale")
    with CaptureQueriesContext(connection) as captured:
        again = shelf.book("vale")
    assert again is first
    [query] = captured.captured_queries
    select = query["sql"].split("WHERE")[0]  # the world's data column is not read
    assert "content_hash" in select and "data" not in select


def test_a_changed_hash_reads_the_book_again_and_an_unknown_slug_has_none():
    load_world_folder(MINIMAL, "vale")
    shelf = DatabaseShelf()
    first = shelf.book("vale")
    World.objects.filter(slug="vale").update(content_hash="0" * 64)
    second = shelf.book("vale")
    assert second is not first and second.version == "0" * 64
    assert shelf.book("no-such-world") is None


def test_forget_drops_every_kept_book():
    load_world_folder(MINIMAL, "vale")
    shelf = DatabaseShelf()
    first = shelf.book("vale")
    forget_books()
    assert shelf.book("vale") is not first
