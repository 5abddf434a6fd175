"""A tap in the scene shows its answer where it was made (QA 8 item A), in Chromium.

The story master's landscape tablet (1180x820, the Story master seat of a campaign of the
sample world) and a phone (390x844): every in-scene move, made well down the page, used to
throw the page to its very bottom ("What happened"): "Roll the dice" at scrollY 1155 -> 3601,
the roll's result 2,049 px above the screen. Chromium anchors the scroll on the focused
element, the button just tapped, and htmx's swap puts the new live region in above the old
one before it takes the old one out: the page followed the button down. After each tap the
answer (the dice, the outcome, the scene's end) must be on the screen.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser import galzyr_steps as gz
from tests.browser.conftest import PHONE, TABLET, save_shot
from tests.browser.test_galzyr_campaign_layout import campaign_table, device

pytestmark = pytest.mark.django_db(transaction=True)


def tap_down_the_page(page: Page, button) -> None:
    """Tap ``button`` with the page scrolled so that it stands mid-screen (the page well down:
    at its top, scroll anchoring has nothing to do and the tap never jumped)."""
    button.evaluate("b => b.scrollIntoView({block: 'center'})")
    assert page.evaluate("() => window.scrollY") > 200, "the button is not down the page"
    gz.act(page, lambda: button.click())  # returns once live.js has placed the answer


def on_screen(page: Page, locator, size: dict, what: str) -> None:
    """The answer's top is on the screen, below the sticky header (an answer under it is not
    seen)."""
    box = locator.first.bounding_box()
    assert box is not None, what
    header = page.evaluate("() => document.querySelector('.topbar').getBoundingClientRect().bottom")
    scroll = page.evaluate("() => window.scrollY")
    assert header <= box["y"] < size["height"] - 20, (what, box, header, scroll)


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["tablet", "phone"])
def test_each_tap_in_the_scene_shows_its_answer_on_the_screen(live_server, chromium, size):
    table, ids = campaign_table()
    page = device(chromium, live_server.url, table, ids["sm"], size)
    option = page.locator(".gz-option").filter(has_text="Fish from the nearest island.")
    gz.act(page, lambda: option.get_by_role("button").click())

    tap_down_the_page(page, page.get_by_role("button", name="Roll the dice"))
    on_screen(page, page.get_by_text(re.compile(r"^The dice show \d+ success")), size, "roll")

    tap_down_the_page(page, page.get_by_role("button", name="Reroll all dice (once)"))
    expect(page.get_by_text("Rerolled: the dice stay as they are.")).to_be_visible()
    on_screen(page, page.get_by_text(re.compile(r"^The dice show \d+ success")), size, "reroll")

    tap_down_the_page(page, page.get_by_role("button", name=re.compile(r"^Use \d+ success")))
    on_screen(page, page.locator(".gz-result h3"), size, "the outcome")
    save_shot(
        page, f"galzyr-tap-outcome-{'tablet' if size == TABLET else 'phone'}", full_page=False
    )

    tap_down_the_page(page, page.locator(".gz-scene-foot").get_by_role("button"))
    on_screen(page, page.get_by_text("The scene is over."), size, "continue")
    page.context.close()


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["tablet", "phone"])
def test_opening_a_scene_brings_its_title_on_the_screen(live_server, chromium, size):
    """The opener's form stays on the page below the scene it opened: the scene's title, not
    the keypad, is what the reader must see (QAF: 850-2,250 px above the screen)."""
    table, ids = campaign_table()
    page = device(chromium, live_server.url, table, ids["sm"], size)
    opener = page.locator("#gz-opener")
    if opener.get_attribute("open") is None:
        opener.locator("summary").click()
    opener.locator("input[name=number]").fill("1002")
    tap_down_the_page(page, opener.get_by_role("button", name="Open", exact=True))
    expect(page.locator(".gz-number")).to_have_text("1002")
    on_screen(page, page.locator("#gz-scene-title"), size, "the opened scene's title")
    # A location's button (QAF2: the title under the header 5 times in 13 on a phone, when
    # the tab bar shrank a frame after the scroll)
    for _ in range(3):
        if opener.get_attribute("open") is None:
            opener.locator("summary").click()
        button = opener.locator(".gz-scene-buttons button").first
        number = button.get_attribute("value")
        tap_down_the_page(page, button)
        expect(page.locator(".gz-number")).to_have_text(number)
        on_screen(page, page.locator("#gz-scene-title"), size, f"scene {number}'s title")
    page.context.close()
