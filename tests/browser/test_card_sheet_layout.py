"""The card-data sheets on a landscape tablet (1180x820): no table scrolls sideways (Tales of
Danger's "Free for" column was cut), and a refused save marks every bad field where it is
(issue 16)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TABLET, save_shot

pytestmark = pytest.mark.django_db(transaction=True)

SLUGS = ("tales-of-danger", "dark-tales", "tavern-tales")
OVERFLOW = """() => Array.from(document.querySelectorAll('.sheet-scroll')).map(
  box => [box.closest('section').id, box.scrollWidth, box.clientWidth])"""


def open_sheet(chromium, base: str, slug: str, size: dict):
    context = chromium.new_context(viewport=size, has_touch=True)
    context.set_default_timeout(5000)
    page = context.new_page()
    page.goto(f"{base}/catalog/{slug}/sheet/")
    expect(page.locator("#card-sheet")).to_be_visible()
    return page


@pytest.mark.parametrize("slug", SLUGS)
def test_no_sheet_scrolls_sideways_on_a_landscape_tablet(live_server, chromium, slug):
    page = open_sheet(chromium, live_server.url, slug, TABLET)
    widths = page.evaluate(OVERFLOW)
    print(slug, widths)
    save_shot(page, f"card-sheet-{slug}-tablet")
    assert all(scroll <= client for _section, scroll, client in widths), widths
    # "Still to enter" folds out, and shows it does (a marker, as every fold-out).
    summary = page.locator("#sheet-missing > summary")
    assert summary.evaluate("s => getComputedStyle(s, '::before').content") == '"▸"'
    summary.click()
    assert summary.evaluate("s => getComputedStyle(s, '::before').content") == '"▾"'
    page.context.close()


def test_a_refused_sheet_marks_every_bad_field(live_server, chromium):
    for size, name in ((TABLET, "tablet"), (PHONE, "phone")):
        page = open_sheet(chromium, live_server.url, "tales-of-danger", size)
        page.locator('[name="people-3-plans"]').fill("11")
        page.locator('[name="people-5-evidence"]').fill("12")
        page.locator("#sheet-group").fill("Harbour club")
        page.locator("#sheet-save").click()
        expect(page.locator("#sheet-error")).to_contain_text("2 values don't fit")
        for field in ("people-3-plans", "people-5-evidence"):
            expect(page.locator(f"#{field}")).to_have_attribute("aria-invalid", "true")
            expect(page.locator(f"#{field}-fault")).to_contain_text("outside 0–9")
        save_shot(page, f"card-sheet-refused-{name}")
        page.context.close()
