"""Two devices at one table: seats, moves in place, sync by polling, stale writes."""

import pytest
from playwright.sync_api import expect

from games.services import tables, turns
from tests.browser.live import SYNC
from tests.browser.seats import invite_url, join

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


def take_seat(page, base, table, label):
    """The table was set up on the server (no keeper device): open the seat's join link."""
    join(page, invite_url(base, table, label))


def test_two_devices_see_each_others_moves(live_server, new_page, table):
    ada, bo = new_page(), new_page()
    take_seat(ada, live_server.url, table, "Ada")
    take_seat(bo, live_server.url, table, "Bo")
    secret_bo = table.state["secrets"][1]
    expect(ada.locator(".tally")).not_to_contain_text(str(secret_bo))
    expect(bo.locator(".tally")).to_contain_text(f"secret {secret_bo}")

    ada.get_by_role("button", name="Add").click()
    expect(ada.locator(".log")).to_contain_text("Ada added 1.")
    # Bo's page follows by its poll (every 2 s) or its stream, without a reload.
    expect(bo.locator(".log")).to_contain_text("Ada added 1.", timeout=SYNC)
    expect(bo.locator(".tally")).to_contain_text("Ada: 1")


def test_refusal_is_shown_in_place(live_server, new_page, table):
    bo = new_page()
    take_seat(bo, live_server.url, table, "Bo")
    bo.get_by_role("button", name="Add").click()
    expect(bo.get_by_role("alert")).to_contain_text("It is Ada's turn.")


def test_stale_write_gets_the_latest_table(live_server, new_page, table):
    page = new_page()
    # Another device moves between this page's render and its tap; the page hears nothing of
    # it (no poll, no stream), so it still holds the old version when the tap lands. (Removing
    # the poll once the page was open left a poll or a stream's news in flight, which could
    # bring the move before the tap.)
    page.route(lambda url: "/poll/" in url or url.endswith("/stream/"), lambda r: r.abort())
    take_seat(page, live_server.url, table, "Table")
    turns.apply_move(table.code, "add", {"points": 5}, expected_version=1, seat="p1")
    page.get_by_role("button", name="Add").click()
    expect(page.get_by_role("alert")).to_contain_text("The table changed")
    expect(page.locator(".tally")).to_contain_text("Ada: 5")


def test_touch_targets_are_large_enough(live_server, new_page, table):
    page = new_page()
    take_seat(page, live_server.url, table, "Table")
    for button in page.locator("button:visible").all():
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, button.inner_text()


def test_a_half_filled_form_survives_another_devices_move(live_server, new_page, table):
    page = new_page()
    take_seat(page, live_server.url, table, "Table")
    page.locator("input[name=points]").fill("4")
    turns.apply_move(table.code, "add", {"points": 5}, expected_version=1, seat="p1")
    expect(page.locator("#table-moved")).to_be_visible(timeout=SYNC)
    expect(page.locator("input[name=points]")).to_have_value("4")
    page.get_by_role("button", name="show the latest").click()
    expect(page.locator(".tally")).to_contain_text("Ada: 5")


def test_only_a_keeper_is_offered_the_export(live_server, new_page, table):
    # A device seated by a join link is no keeper, even at the shared display's seat.
    for label in ("Ada", "Table"):
        page = new_page()
        take_seat(page, live_server.url, table, label)
        expect(page.get_by_role("link", name="Export (a backup with every secret)")).to_have_count(
            0
        )
        expect(page.get_by_role("link", name="Backups")).to_have_count(0)
