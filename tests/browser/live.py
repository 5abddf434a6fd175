"""The live region every table page has: its version, and a tap that waits for the move."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def version(page: Page) -> int:
    return int(page.locator("#live").get_attribute("data-version"))


def act(page: Page, do) -> None:
    """Tap, then wait until the live region shows the table one version later."""
    before = version(page)
    do()
    expect(page.locator("#live")).to_have_attribute("data-version", str(before + 1))
