"""The header of every page: at most ~60 px on a phone and a landscape tablet, with every
text size, and the reading settings one tap away in it (issue 16, items 5 and 9).

Each game's table page is shot at both sizes (tests/browser/shots/<game>-table-<size>.png),
so a reviewer can look at every game without running a browser.
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from games.galzyr.shelf import forget_books
from games.services import tables
from tests.browser.conftest import PHONE, TABLET, save_shot
from tests.browser.seats import invite_url, join

pytestmark = pytest.mark.django_db(transaction=True)

SAMPLE = Path(__file__).resolve().parents[2] / "fixtures" / "worlds" / "sallowmere-marches"
SIZES = {"phone": PHONE, "tablet": TABLET}
MAX_HEADER = 60  # px, the "at most ~60 px"
LONG_NAME = "Thursday night at the Harbour club"  # a long table name must not wrap the header


def running_tables() -> dict[str, object]:
    """A running table of every game, with a long name."""
    forget_books()
    call_command("load_world", str(SAMPLE), stdout=StringIO())
    players = {"players": ["Ada", "Bo", "Cy"]}
    made = {
        slug: tables.create_table(slug, LONG_NAME, players)
        for slug in ("dark-tales", "tales-of-danger", "tavern-tales")
    }
    made["galzyr"] = tables.create_table(
        "galzyr",
        LONG_NAME,
        {"players": ["Ada", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )
    return made


def open_device(chromium, size):
    context = chromium.new_context(viewport=size, has_touch=True)
    context.set_default_timeout(5000)
    return context, context.new_page()


def with_text(page, text: str) -> None:
    """This device's text size setting (as the header's settings store it), page reloaded."""
    page.evaluate(
        "t => t ? localStorage.setItem('tk-text', t) : localStorage.removeItem('tk-text')", text
    )
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-text", text) if text else None


def header_height(page) -> float:
    return page.locator("header.topbar").bounding_box()["height"]


@pytest.mark.parametrize("size_name", list(SIZES))
def test_the_header_stays_small_on_every_page_and_text_size(live_server, chromium, size_name):
    size = SIZES[size_name]
    base = live_server.url
    measured = {}
    for slug, table in running_tables().items():
        context, page = open_device(chromium, size)
        join(page, invite_url(base, table, "p1"))
        for text in ("", "large", "larger"):
            with_text(page, text)
            measured[(slug, text or "normal")] = header_height(page)
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            if not text:
                save_shot(page, f"{slug}-table-{size_name}")
            elif text == "larger":
                save_shot(page, f"{slug}-table-{size_name}-larger-text", full_page=False)
        context.close()
    context, page = open_device(chromium, size)
    page.goto(f"{base}/")
    for text in ("", "larger"):
        with_text(page, text)
        measured[("home", text or "normal")] = header_height(page)
        save_shot(page, f"home-{size_name}{'-larger-text' if text else ''}", full_page=False)
    context.close()
    print(f"header heights at {size_name}: {measured}")
    too_tall = {k: h for k, h in measured.items() if h > MAX_HEADER}
    assert not too_tall, too_tall


def test_the_reading_settings_open_from_the_header_of_any_page(live_server, chromium):
    """Larger text chosen on the home page stays on at a table, on this device only; the menu
    opens over the page (the header keeps its height) and closes with Escape."""
    table = tables.create_table("tavern-tales", "Friday", {"players": ["Ada", "Bo"]})
    context, page = open_device(chromium, PHONE)
    page.goto(f"{live_server.url}/")
    before = header_height(page)
    page.get_by_title("Reading settings").click()
    menu = page.get_by_role("group", name="Reading settings (this device only)")
    expect(menu).to_be_visible()
    assert header_height(page) == before
    menu.get_by_label("Text size").select_option("larger")
    menu.get_by_label("High contrast").check()
    expect(page.locator("html")).to_have_attribute("data-text", "larger")
    expect(page.locator("html")).to_have_attribute("data-contrast", "high")
    save_shot(page, "reading-settings-phone", full_page=False)
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    join(page, invite_url(live_server.url, table, "Ada"))
    expect(page.locator("html")).to_have_attribute("data-text", "larger")
    page.get_by_title("Reading settings").click()
    expect(menu.get_by_label("Text size")).to_have_value("larger")
    menu.get_by_label("High contrast").uncheck()
    expect(page.locator("html")).not_to_have_attribute("data-contrast", "high")
    page.locator("h2, h3").first.click()  # a tap outside closes it
    expect(menu).to_be_hidden()
    assert page.evaluate("localStorage.getItem('tk-text')") == "larger"  # the old key
    context.close()
    other, fresh = open_device(chromium, PHONE)  # another device keeps its own settings
    fresh.goto(f"{live_server.url}/")
    expect(fresh.locator("html")).not_to_have_attribute("data-text", "larger")
    other.close()
