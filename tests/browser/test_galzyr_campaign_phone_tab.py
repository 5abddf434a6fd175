"""The Galzyr campaign tab on a phone is short (issue 16): its long forms ("Gold, prestige…",
"Take a card") and the trays are folded until tapped, and the campaign comes before the day,
with the turn's controls right after the round and the checklist, on the first screen. A
landscape tablet still opens them.

Measured on this test's table (the sample world, scene 1101 open), the Campaign tab at 390x844,
for the story master, the active player, the other player and the shared display: 5,258-5,395
px tall before, "End the turn" at 4,084-4,128 px; after, 3,001-3,133 px, "End the turn" at 505
px.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TABLET, save_shot
from tests.browser.test_galzyr_campaign_layout import SEATS, box, campaign_table, device, tab

pytestmark = pytest.mark.django_db(transaction=True)

HEIGHT = "() => document.documentElement.scrollHeight"
TAB_MAX = 3600  # px: the Campaign tab of every seat on the phone, at most (room for the log)


def test_the_campaign_tab_is_short_on_a_phone_with_the_turn_on_its_first_screen(
    live_server, chromium
):
    table, ids = campaign_table()
    heights = {}
    for who in SEATS:
        page = device(chromium, live_server.url, table, ids[who], PHONE)
        tab(page, "Campaign")
        expect(page.locator(".gz-campaign")).to_be_visible()
        heights[who] = page.evaluate(HEIGHT)
        save_shot(page, f"galzyr-campaign-{who}-phone-campaign-tab-short")
        for fold in ("#gz-changes", "#gz-take", "#gz-all-trays"):
            if page.locator(fold).count():
                expect(page.locator(fold)).not_to_have_attribute("open", "")
        end = page.get_by_role("button", name="End the turn")
        if end.count():
            assert box(page, ".gz-campaign-actions")["y"] < PHONE["height"], who
        page.context.close()
    print("campaign tab heights", heights)
    assert max(heights.values()) <= TAB_MAX, heights


def test_a_landscape_tablet_still_opens_the_forms(live_server, chromium):
    table, ids = campaign_table()
    page = device(chromium, live_server.url, table, ids["sm"], TABLET)
    expect(page.locator("#gz-changes")).to_have_attribute("open", "")
    expect(page.locator("#gz-take")).to_have_attribute("open", "")
    expect(page.locator("#gz-all-trays")).to_have_attribute("open", "")
    page.context.close()
