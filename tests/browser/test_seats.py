"""Seats belong to devices: the keeper's screen hands them out by join link and QR code.

A group starts a Dark Tales table on a tablet, which keeps the table. Mara's phone opens her
seat's join link and sees her own hand, not Bo's; a second phone opening the same link is told
the seat is held; a stranger who only typed the table's code sees no hand and gets no export;
Bo, who has no phone, is played from the shared display. Screenshots of the keeper's seat
page (tablet and phone) and of the join page go to tests/browser/shots/ (git-ignored).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser import seats
from tests.browser.live import SYNC

pytestmark = pytest.mark.django_db(transaction=True)

TABLET = {"width": 1180, "height": 820}
PHONE = {"width": 390, "height": 844}
SHOTS = Path(__file__).resolve().parent / "shots"
EXPORT = "Export (a backup with every secret)"
# A QR code a phone's camera reads from arm's length, that still fits a phone's screen.
QR_MIN, QR_MAX = 160, 340
MARA_HAND = ["Princess", "Ogre"]
BO_HAND = ["Dragon", "Wizard"]


@pytest.fixture
def device(chromium):
    """A new device (its own cookies) at ``size``."""
    contexts = []

    def open_device(size: dict) -> Page:
        context = chromium.new_context(viewport=size, has_touch=True)
        context.set_default_timeout(5000)
        contexts.append(context)
        return context.new_page()

    yield open_device
    for context in contexts:
        context.close()


def start_table(page: Page, base: str) -> str:
    """Start a Dark Tales table with Bo to play first; the table's code."""
    page.goto(base + "/")
    page.locator(".tile", has_text="Dark Tales").get_by_role("link", name="New table").click()
    page.get_by_label("Table name").fill("Tale night")
    for n, name in enumerate(["Mara", "Bo", "Cy"], start=1):
        page.get_by_label(f"Player {n}", exact=True).fill(name)
    page.get_by_label("Setting card A").select_option("A1")
    page.get_by_label("Setting card B").select_option("B1")
    page.get_by_label("Who takes the first turn?").select_option(label="Bo")  # as typed
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/seat/")
    return page.url.rstrip("/").split("/")[-2]


def no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


def qr_fits(page: Page, label: str) -> None:
    """The seat's QR code is square, large enough to scan and inside the screen."""
    box = seats.seat_line(page, label).locator(".qr svg").bounding_box()
    assert box is not None, "no QR code shown"
    assert abs(box["width"] - box["height"]) <= 1, box
    assert QR_MIN <= box["width"] <= QR_MAX, f"the QR code is {box['width']:.0f}px wide"
    width = page.viewport_size["width"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def name_hand(page: Page, cards: list[str], whose: str | None = None) -> None:
    """Name cards in a hand (by hand: only that player's seat sees them)."""
    page.get_by_text("By hand: hand, items, VP, cards, card data").click()
    form = page.locator("form", has=page.get_by_role("button", name="Save the hand"))
    if whose is not None:
        form.locator("select[name=player]").select_option(label=whose)
    form.locator("select[name=cards]").select_option(cards)
    before = page.locator("#live").get_attribute("data-version")
    form.get_by_role("button", name="Save the hand").click()
    expect(page.locator("#live")).to_have_attribute("data-version", str(int(before) + 1))


def test_a_phone_takes_its_seat_by_the_join_link(live_server, device):
    base = live_server.url
    tablet = device(TABLET)
    code = start_table(tablet, base)

    # -- the keeper's screen: every seat free, each with its join link and QR code -----------
    expect(tablet.get_by_role("heading", name="Seats at this table")).to_be_visible()
    lines = tablet.locator("li.seat-line")
    expect(lines).to_have_count(4)  # the shared display and three players
    for label in ("Table", "Mara", "Bo", "Cy"):
        expect(seats.seat_line(tablet, label)).to_contain_text("free")
    link = seats.join_link(tablet, "Mara")
    assert link.startswith(f"{base}/t/{code}/join/p1/"), link
    qr_fits(tablet, "Mara")
    no_sideways_scroll(tablet)
    shot(tablet, "seat-keeper-tablet")
    tablet.set_viewport_size(PHONE)  # the keeper on a phone: the same page, one column
    qr_fits(tablet, "Mara")
    no_sideways_scroll(tablet)
    for button in seats.seat_line(tablet, "Mara").locator("button:visible, summary").all():
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, button.inner_text()
    shot(tablet, "seat-keeper-phone")
    tablet.emulate_media(color_scheme="dark")  # a camera reads dark modules on white only
    qr_box = seats.seat_line(tablet, "Mara").locator(".qr")
    expect(qr_box).to_have_css("background-color", "rgb(255, 255, 255)")
    shot(tablet, "seat-keeper-phone-dark")
    tablet.emulate_media(color_scheme="light")
    tablet.set_viewport_size(TABLET)

    # The tablet sits at the shared display; as keeper it alone is offered the export.
    seats.take_here(tablet, "Table")
    expect(tablet.get_by_role("link", name=EXPORT)).to_be_visible()
    # Bo has no phone: his hand is named on the shared display (only Bo's seat would see it).
    name_hand(tablet, BO_HAND, whose="Bo")
    for card in BO_HAND:
        expect(tablet.locator(".dt-players")).not_to_contain_text(card)

    # -- Mara's phone opens her link and takes the seat ----------------------------------------
    late = device(PHONE)  # a phone that opened the link too, a moment before Mara tapped
    late.goto(link)
    mara = device(PHONE)
    mara.goto(link)
    expect(mara.get_by_role("heading", name="Take the seat “Mara” on this device?")).to_be_visible()
    no_sideways_scroll(mara)
    shot(mara, "join-phone")
    mara.get_by_role("button", name="Take this seat").click()
    expect(mara.locator("#live")).to_have_attribute("data-seat", "p1")
    name_hand(mara, MARA_HAND)
    mine = mara.locator('.dt-players [data-seat="p1"]')
    expect(mine).to_contain_text("Your hand:")
    for card in MARA_HAND:
        expect(mine).to_contain_text(card)
    expect(mara.locator('.dt-players [data-seat="p2"]')).not_to_contain_text("Your hand")
    for card in BO_HAND:
        expect(mara.locator(".dt-players")).not_to_contain_text(card)
    expect(mara.get_by_role("link", name=EXPORT)).to_have_count(0)
    no_sideways_scroll(mara)

    # The keeper's screen now shows Mara's seat held by another device, with no link to it.
    tablet.goto(f"{base}/t/{code}/seat/")
    expect(seats.seat_line(tablet, "Mara")).to_contain_text("held by another device")
    expect(seats.seat_line(tablet, "Mara").locator("input.join-url")).to_have_count(0)
    expect(seats.seat_line(tablet, "Table")).to_contain_text("this device")
    tablet.get_by_role("link", name="Open the table").click()

    # -- the same link on another phone: the seat is held ------------------------------------
    late.get_by_role("button", name="Take this seat").click()  # the page it opened earlier
    expect(late.get_by_role("alert")).to_contain_text("held by another device")
    expect(late.locator("#live")).to_have_count(0)
    second = device(PHONE)
    response = second.goto(link)
    assert response.status == 409
    expect(second.get_by_role("alert")).to_contain_text("“Mara” is held by another device")
    expect(second.get_by_role("button", name="Take this seat")).to_have_count(0)

    # -- a stranger who typed the table's code: no hand, no export ---------------------------
    stranger = device(PHONE)
    stranger.goto(base + "/")
    stranger.get_by_placeholder("K7QM-R2XT-9B").fill(code.lower())
    stranger.get_by_role("button", name="Join").click()
    expect(stranger.get_by_role("heading", name="Take your seat")).to_be_visible()
    stranger.goto(f"{base}/t/{code}/")
    for text in ("Your hand", *MARA_HAND, *BO_HAND):
        expect(stranger.locator("main")).not_to_contain_text(text)
    expect(stranger.get_by_role("link", name=EXPORT)).to_have_count(0)
    export = stranger.request.get(f"{base}/t/{code}/export/", max_redirects=0)
    assert export.status == 403, export.status
    assert not any(card in export.text() for card in (*MARA_HAND, *BO_HAND))
    assert stranger.request.get(f"{base}/api/tables/{code}/export/").status in (401, 403)

    # -- Bo has no phone: the shared display plays his turn ----------------------------------
    expect(tablet.locator(".prompt")).to_contain_text("Bo: draw a card")
    expect(mara.get_by_role("button", name="Draw a card")).to_have_count(0)  # not her turn
    before = int(tablet.locator("#live").get_attribute("data-version"))
    tablet.get_by_role("button", name="Draw a card").click()
    expect(tablet.locator("#live")).to_have_attribute("data-version", str(before + 1))
    tablet.get_by_role("button", name="Play no item").click()
    expect(tablet.locator("#live")).to_have_attribute("data-version", str(before + 2))
    expect(tablet.locator(".prompt")).to_contain_text("Bo: play a card")
    # Mara's phone follows by polling (every 2 s).
    expect(mara.locator(".log")).to_contain_text("Bo drew a card", timeout=SYNC)
    expect(mara.locator(".log")).to_contain_text("Bo played no item", timeout=SYNC)
