"""The world a librarian's write changes."""

from __future__ import annotations

import pytest

from storybook import world_edit
from storybook.models import World
from storybook.services import load_world_folder
from tests.storybook.web.librarian_data import GALZYR, SLUG


@pytest.fixture
def world() -> World:
    """The Lands of Galzyr world, with one route to change."""
    load_world_folder(GALZYR)
    return world_edit.add_route(SLUG, "location-1", "location-2", list(world_edit.SEASONS)).world
