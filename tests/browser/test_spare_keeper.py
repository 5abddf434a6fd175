"""A group whose keeping tablet forgets its cookies goes on with the spare keeper link.

The tablet starts a table (it is told it holds the table's keys and where the spare is), takes
the shared display's seat and plays. Its browser data is then cleared: it is a stranger at its
own table, its seat held by "another device". The spare keeper link, saved on a phone, makes
the phone a keeper; the phone frees the tablet's old seat and hands it the Table seat's join
link, and the tablet plays on. Renewed, the old spare opens nothing. Screenshots of the spare
on the keeper's seat page (tablet, phone) go to tests/browser/shots/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser import live, seats
from tests.browser.conftest import PHONE, TABLET, save_shot

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def viewport():
    """Each device here is opened at its own size (conftest's ``new_page(size)``): one run."""
    return PHONE


def spare_link(keeper: Page) -> str:
    """Read the spare keeper link off the keeper's seat page, as a group saves it."""
    seats.open_seat_page(keeper)
    section = keeper.locator("[data-spare]")
    section.get_by_text("Spare keeper link and QR code").click()
    expect(section.locator(".qr svg")).to_be_visible()
    return section.locator("input.spare-url").input_value()


def test_the_spare_link_on_a_phone_frees_the_forgetful_tablets_seat(live_server, new_page):
    base = live_server.url
    tablet = new_page(TABLET)
    tablet.goto(base + "/new/tally/")
    for n, name in enumerate(["Ada", "Bo"], start=1):
        tablet.get_by_label(f"Player {n}", exact=True).fill(name)
    tablet.get_by_role("button", name="Start the table").click()
    tablet.wait_for_url("**/seat/")
    expect(tablet.get_by_role("status")).to_contain_text("holds the table's keys")
    expect(tablet.get_by_role("heading", name="If this device is lost")).to_be_visible()
    saved = spare_link(tablet)
    assert "/spare/" in saved, saved
    save_shot(tablet, "spare-keeper-tablet")
    seats.take_here(tablet, "Table")
    live.act(tablet, lambda: tablet.get_by_role("button", name="Add").click())

    # The tablet forgets everything: a stranger at its own table.
    tablet.context.clear_cookies()
    tablet.goto(seats.seat_page_url(tablet))
    expect(tablet.locator("[data-visitor]")).to_be_visible()
    expect(tablet.locator("[data-keeper-lost]")).to_contain_text("spare keeper link")
    expect(tablet.get_by_role("heading", name="Seats at this table")).to_have_count(0)

    # The phone opens the saved spare: one tap, and it keeps the table.
    phone = new_page(PHONE)
    phone.goto(saved)
    phone.get_by_role("button", name="Keep the table on this device").click()
    phone.wait_for_url("**/seat/")
    expect(phone.get_by_role("status").first).to_contain_text("keeps the table now")
    expect(seats.seat_line(phone, "Table")).to_contain_text("held by another device")
    seats.free(phone, "Table")
    save_shot(phone, "spare-keeper-phone")

    # The tablet takes the shared display's seat again by its join link, and the game goes on.
    seats.join(tablet, seats.join_link(phone, "Table"))
    live.act(tablet, lambda: tablet.get_by_role("button", name="Add").click())
    expect(tablet.locator(".tally")).to_contain_text("Bo: 1")

    # Renewed, the saved spare opens nothing on a third device.
    seats.open_seat_page(phone)
    phone.locator("[data-spare]").get_by_text("Spare keeper link and QR code").click()
    phone.get_by_role("button", name="Renew the spare link").click()
    expect(phone.get_by_role("status").first).to_contain_text("old one no longer works")
    assert spare_link(phone) != saved
    stranger = new_page(PHONE)
    stranger.goto(saved)
    expect(stranger.locator("[data-spare-refused]")).to_contain_text("does not work")
    expect(stranger.get_by_role("button", name="Keep the table on this device")).to_have_count(0)
