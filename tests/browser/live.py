"""The live region every table page has: its version, and a tap that waits for the move."""

from __future__ import annotations

from playwright.sync_api import Page, expect

# static/js/live.js: the live region swapped and settled, its answer placed on the screen.
SETTLED = "() => window.tkLive && window.tkLive.settled()"
# ms: how long another device's page may take to show a move, by its stream or its poll (every
# 2 s). Generous on purpose: a test asserts what arrives, not how fast (make bench measures
# that), and on a busy CI machine a poll's answer can take seconds.
SYNC = 8000


def version(page: Page) -> int:
    return int(page.locator("#live").get_attribute("data-version"))


def settled(page: Page) -> None:
    """Wait until the page is done answering: a new version shows at the swap, but the page
    brings the answer on the screen (and keep-open.js's folds settle) only after it, so a
    position read at the new version alone races the page's own script."""
    page.wait_for_function(SETTLED)


def act(page: Page, do) -> None:
    """Tap, then wait until the live region shows the table one version later, settled."""
    before = version(page)
    do()
    expect(page.locator("#live")).to_have_attribute("data-version", str(before + 1))
    settled(page)
