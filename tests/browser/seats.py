"""Taking seats as a group does: the keeper on its own screen, everyone else by a join link.

The device that starts a table is its keeper and lands on the seat page, where it takes any
free seat with "Take it on this device". Any other device opens that seat's join link (the
keeper's screen shows it under "Join link and QR code") and taps "Take this seat". Tests
that set a table up on the server, with no keeper device, build the same link from
``games.services.seating.join_key``.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from games.models import Table
from games.services import seating, tables

TABLE_PATH = re.compile(r"(/t/[^/]+/)")


def seat_page_url(page: Page) -> str:
    """The seat page of the table ``page`` is at (any /t/<code>/… page)."""
    found = TABLE_PATH.search(page.url)
    assert found, f"not at a table: {page.url}"
    return page.url[: found.end()] + "seat/"


def seat_line(page: Page, label: str):
    """One seat's line on the keeper's seat page, found by the seat's name."""
    name = page.locator("strong").get_by_text(label, exact=True)
    return page.locator("li.seat-line").filter(has=name)


def open_seat_page(page: Page) -> None:
    if not page.url.endswith("/seat/"):
        page.goto(seat_page_url(page))
    expect(page.get_by_role("heading", name="Seats at this table")).to_be_visible()


def take_here(page: Page, label: str) -> None:
    """The keeper takes a free seat on its own device and lands on the table."""
    open_seat_page(page)
    seat_line(page, label).get_by_role("button", name="Take it on this device").click()
    expect(page.locator("#live")).to_be_visible()
    page.wait_for_load_state("load")  # the table's own scripts have run (see join)


def join_link(keeper: Page, label: str) -> str:
    """Read a free seat's join link off the keeper's seat page, as the group would, and
    bring the keeper's screen back to where it was."""
    back = keeper.url
    open_seat_page(keeper)
    line = seat_line(keeper, label)
    details = line.locator("details.join-link")
    if not details.evaluate("d => d.open"):
        details.get_by_text("Join link and QR code").click()
    field = line.locator("input.join-url")
    expect(field).to_be_visible()
    url = field.input_value()
    assert "/join/" in url, url
    if keeper.url != back:
        keeper.goto(back)
        if "/seat/" not in back:
            expect(keeper.locator("#live")).to_be_visible()
    return url


def free(keeper: Page, label: str) -> None:
    """The keeper frees a seat another device holds (a tablet put away, a lost phone)."""
    back = keeper.url
    open_seat_page(keeper)
    seat_line(keeper, label).get_by_role("button", name="Free this seat").click()
    taken = seat_line(keeper, label).get_by_role("button", name="Take it on this device")
    expect(taken).to_be_visible()
    if keeper.url != back:
        keeper.goto(back)


def join(page: Page, url: str) -> None:
    """Open a seat's join link on this device and take the seat."""
    page.goto(url)
    page.get_by_role("button", name="Take this seat").click()
    expect(page.locator("#live")).to_be_visible()
    # The page's own scripts (folds a tablet opens, the header's height) run once the document
    # is parsed; a test that reads the page before then races them (CI: a fold the test opened
    # by a tap while the page was opening it, so the tap closed it)
    page.wait_for_load_state("load")


def invite_url(base: str, table: Table, seat: str) -> str:
    """A seat's join link built on the server (``seat``: its id or its name)."""
    table.refresh_from_db()
    seats = tables.game_of(table).seats(table.state)
    found = next(s for s in seats if seat in (s.id, s.label))
    key = seating.join_key(table, found.id)
    return f"{base}/t/{table.code}/join/{found.id}/{key}/"
