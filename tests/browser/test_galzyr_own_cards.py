"""Issue 16, own box, in Chromium at 390x844 and 1180x820: a card the app doesn't know, taken
by its kind ("Card #213"), is named from its printed card where it is shown (its chip links to
the form), and with no moves left the travel form gives way to the rule's sentence.
Screenshots: tests/browser/shots/galzyr-own-card-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.services import turns
from tests.browser import galzyr_steps as gz
from tests.browser.conftest import PHONE, TABLET, save_shot
from tests.browser.seats import invite_url, join

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {"phone": PHONE, "tablet": TABLET}


@pytest.mark.parametrize("size", list(SIZES))
def test_an_unknown_card_is_named_where_it_is_shown(live_server, chromium, size):
    table = gz.own_box("Mara", "Bo")
    args = {"number": 213, "player": 1, "kind": "item"}
    turns.apply_move(table.code, "campaign-take-card", args, expected_version=1, seat="sm")
    context = chromium.new_context(viewport=SIZES[size], has_touch=True)
    context.set_default_timeout(8000)
    sm = context.new_page()
    try:
        join(sm, invite_url(live_server.url, table, "sm"))
        tabs = sm.locator(".gz-tabs")
        if tabs.count() and tabs.is_visible():
            sm.locator(".gz-tabs label", has_text="Campaign").click()
        chip = sm.locator("a.gz-card", has_text="#213")
        expect(chip).to_be_visible()
        chip.click()  # the chip leads to the card's form: the browser opens its fold
        # (not gz.unfold: a tap on the fold's summary, made before the browser had opened it
        # for the link, would close it again)
        expect(sm.locator("#gz-own-cards")).to_have_attribute("open", "")
        form = sm.locator("#gz-own-213")
        expect(form).to_be_in_viewport()
        form.get_by_label("Name").fill("Brass compass")
        form.get_by_label("Timer box (days, blank: none)").fill("3")
        gz.act(sm, lambda: form.get_by_role("button", name="Save card #213").click())
        expect(sm.locator("a.gz-card", has_text="#213 Brass compass")).to_be_visible()
        save_shot(sm, f"galzyr-own-card-{size}")
    finally:
        context.close()
