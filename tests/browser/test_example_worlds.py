"""The author manual's example worlds (docs/examples/, issue 14) at a real table in campaign
mode: loaded from their folders, a campaign table started, the active adventurer's figure
placed at a location, the story begun and one of that location's scenes opened; the active
player's phone shows the scene. Screenshots: tests/browser/shots/example-<world>.png."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from games.galzyr.shelf import forget_books
from games.galzyr.state import State
from games.services import tables, turns
from tests.browser import seats
from tests.browser.conftest import PHONE, save_shot

pytestmark = pytest.mark.django_db(transaction=True)

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
# world folder → (the location the figure is placed at, a scene it offers, the scene's title)
WORLDS = {
    "first-world": ("mill", 1, "The mill wheel"),
    "brackenford": ("harbour", 104, "The ferry"),
}


@pytest.mark.parametrize("slug", WORLDS)
def test_a_scene_of_each_example_world_opens_in_campaign_mode(live_server, chromium, slug):
    forget_books()
    call_command("load_world", str(EXAMPLES / slug), stdout=StringIO())  # slug: the folder's
    location, number, title = WORLDS[slug]
    table = tables.create_table(
        "galzyr", "Example", {"players": ["Mara", "Bo"], "world": slug, "mode": "campaign"}
    )
    active = f"p{State.model_validate(table.state).active + 1}"
    for name, args, seat in (
        ("campaign-place-figure", {"player": int(active[1:]), "to": location}, "sm"),
        ("campaign-begin-story", {}, active),
        ("open-scene", {"number": number}, active),
    ):
        table, _ = turns.apply_move(
            table.code, name, args, expected_version=table.version, seat=seat
        )
    context = chromium.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(5000)
    try:
        page = context.new_page()
        seats.join(page, seats.invite_url(live_server.url, table, active))
        scene = page.locator(".gz-scene")
        expect(scene).to_be_visible()
        expect(scene).to_contain_text(title)
        expect(scene).to_contain_text(f"{number:04d}")
        save_shot(page, f"example-{slug}")
    finally:
        context.close()
