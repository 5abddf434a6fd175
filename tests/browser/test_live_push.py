"""Push in a real browser: two pages on one table, served through ASGI (uvicorn, as
`make run` and `make serve` do); a move on one shows on the other with the fallback poll raised
to a minute, so whatever arrives well before it came on the stream alone. How fast is measured by
`make bench`, not asserted here: a loaded machine must not fail a correct push."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.services import tables, turns
from tests.browser.conftest import PHONE, TABLET, save_shot
from tests.browser.live import SYNC
from tests.browser.seats import invite_url, join

pytestmark = pytest.mark.django_db(transaction=True)
PUSHED = 10_000  # ms: far below the raised poll (60 s), so only the stream can be in time


@pytest.fixture
def new_page(chromium):
    """A fresh device (its own cookies) of the given size; one run per test, not per size."""
    contexts = []

    def open_device(size):
        context = chromium.new_context(viewport=size, has_touch=True)
        context.set_default_timeout(5000)
        contexts.append(context)
        return context.new_page()

    yield open_device
    for context in contexts:
        context.close()


def test_a_move_on_one_page_shows_on_the_other_by_push(asgi_url, new_page, settings):
    settings.TALEKEEPER_POLL_SECONDS = 60
    table = tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})
    ada, bo = new_page(TABLET), new_page(PHONE)
    errors: list[str] = []  # htmx says a trigger it can't parse on the console, and goes on
    bo.on("console", lambda message: message.type == "error" and errors.append(message.text))
    join(ada, invite_url(asgi_url, table, "Ada"))
    join(bo, invite_url(asgi_url, table, "Bo"))
    # The poll fires only once a minute here: whatever arrives sooner came on the stream.
    assert "every 60s" in bo.locator("[data-poll]").get_attribute("hx-trigger")
    bo.wait_for_function("window.tkLive && window.tkLive.isLive()", timeout=5000)

    for points, total in ((2, "Ada: 2"), (3, "Ada: 5")):
        if points == 3:  # Ada's turn again: Bo takes his first
            bo.get_by_role("button", name="Add").click()
            expect(ada.locator(".log")).to_contain_text("Bo added 1.", timeout=PUSHED)
        ada.locator("input[name=points]").fill(str(points))
        ada.get_by_role("button", name="Add").click()
        expect(bo.locator(".tally")).to_contain_text(total, timeout=PUSHED)
    # An undo is announced too.
    ada.get_by_role("button", name="Undo").click()
    expect(bo.locator(".tally")).to_contain_text("Ada: 2", timeout=PUSHED)
    save_shot(bo, "live-push-phone")
    assert errors == []


def test_a_move_made_elsewhere_reaches_an_open_page_without_its_poll(asgi_url, new_page, settings):
    settings.TALEKEEPER_POLL_SECONDS = 60
    table = tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})
    bo = new_page(PHONE)
    join(bo, invite_url(asgi_url, table, "Bo"))
    bo.wait_for_function("window.tkLive && window.tkLive.isLive()", timeout=5000)
    # Another device's move through the services (the API's path), in another thread.
    turns.apply_move(table.code, "add", {"points": 4}, expected_version=1, seat="p1")
    expect(bo.locator(".tally")).to_contain_text("Ada: 4", timeout=PUSHED)


def test_without_its_stream_a_page_still_polls_every_2_seconds(asgi_url, new_page):
    """A proxy that refuses or buffers the stream: the poll brings the move, as before push."""
    table = tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})
    bo = new_page(PHONE)
    bo.route("**/stream/", lambda route: route.abort())
    join(bo, invite_url(asgi_url, table, "Bo"))
    turns.apply_move(table.code, "add", {"points": 4}, expected_version=1, seat="p1")
    expect(bo.locator(".tally")).to_contain_text("Ada: 4", timeout=SYNC)
    assert not bo.evaluate("window.tkLive.isLive()")


def test_a_phone_taking_a_seat_leaves_the_tablets_hand_over_list_by_push(
    asgi_url, new_page, settings
):
    """One tablet plus phones: the tablet offers "Hand the tablet to …" for every seat no
    device holds, and a phone taking one (or leaving it) reaches the tablet on the stream like
    a move (the poll slowed to a minute: the stream alone brings it), nothing moved."""
    settings.TALEKEEPER_POLL_SECONDS = 60
    table = tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})
    tablet, phone = new_page(TABLET), new_page(PHONE)
    join(tablet, invite_url(asgi_url, table, "table"))
    offers = tablet.locator("[data-hand-over]")
    expect(offers).to_have_text(["Hand the tablet to Ada", "Hand the tablet to Bo"])
    tablet.wait_for_function("window.tkLive && window.tkLive.isLive()", timeout=5000)

    join(phone, invite_url(asgi_url, table, "Bo"))
    expect(offers).to_have_text(["Hand the tablet to Ada"], timeout=PUSHED)
    expect(tablet.locator("#live")).to_have_attribute("data-version", "1")  # no move made
    save_shot(tablet, "live-push-seat-taken-tablet")

    phone.goto(f"{asgi_url}/t/{table.code}/seat/")
    phone.get_by_role("button", name="Leave this seat").click()
    expect(offers).to_have_text(["Hand the tablet to Ada", "Hand the tablet to Bo"], timeout=PUSHED)
