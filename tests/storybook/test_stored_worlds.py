"""Stored worlds read a piece at a time (storybook.stored_worlds): the stamp that doesn't read the
world's data, its head, one scene, and the worlds a reader may offer."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from storybook import stored_worlds
from storybook.models import World
from storybook.services import load_world_folder

pytestmark = pytest.mark.django_db

MINIMAL = Path(__file__).resolve().parents[2] / "fixtures" / "worlds" / "_minimal"


def test_the_stamp_is_one_query_that_does_not_read_the_world_data():
    load_world_folder(MINIMAL, "vale")
    with CaptureQueriesContext(connection) as captured:
        world_id, version = stored_worlds.stamp("vale")
    [query] = captured.captured_queries
    select = query["sql"].split("WHERE")[0]
    assert "content_hash" in select and "data" not in select
    assert (world_id, version) == tuple(
        World.objects.filter(slug="vale").values_list("id", "content_hash").get()
    )
    assert stored_worlds.stamp("no-such-world") is None


def test_a_head_and_a_scene_are_read_on_their_own():
    load_world_folder(MINIMAL, "vale")
    world_id, version = stored_worlds.stamp("vale")
    with CaptureQueriesContext(connection) as captured:
        head = stored_worlds.head(world_id)
    assert len(captured.captured_queries) == 2
    assert head.version == version and head.titles and head.info.skills
    number = head.titles[0][0]
    assert stored_worlds.scene(world_id, number).number == number
    assert stored_worlds.scene(world_id, 9999) is None
    assert stored_worlds.head(world_id + 1000) is None


def test_the_worlds_offered_carry_their_adventurers():
    load_world_folder(MINIMAL, "vale")
    [offered] = [w for w in stored_worlds.offered() if w.slug == "vale"]
    assert offered.has_scenes and offered.adventurers
    assert ("vale", offered.name) in stored_worlds.with_scenes()
