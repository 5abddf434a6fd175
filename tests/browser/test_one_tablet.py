"""A 3-player Tales of Danger game with one phone: Ada plays on her phone (390×844), Bo and Cy
on the shared tablet (1180×820), played to its scores.

The tablet keeps the table and sits at the shared display. Acts 1 and 2 are face up: the tablet
enters everything. In Act 3 hands are private: the tablet hands itself to Bo, then to Cy, for
each whole turn (the hand, the segment, the payment, the face-down journal) and hides again by
itself; as itself it makes no Act 3 move. The tablet never shows a journal value until the
reveal, and never offers Ada's seat (her phone holds it).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.services import tables
from tests.browser import seats
from tests.browser.conftest import PHONE, TABLET, save_shot
from tests.browser.test_tales_of_danger import (
    deal,
    form_with,
    quick_catalog,
    secure_first,
    submit,
    take_two,
)
from tests.seating import claim, cookie_value

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ["Ada", "Bo", "Cy"]
JOURNAL = {"Ada": "3", "Bo": "2", "Cy": "2"}
HAND = 'ul[aria-label="Your hand (private)"]'


def open_tablet(chromium, base: str):
    """The keeper's tablet: the table made on the server, the tablet holding the keeper's
    credential; it sits at the shared display from its seat page, as a group would."""
    options = {"players": PLAYERS, "first_player": 1, **quick_catalog()}
    table = tables.create_table("tales-of-danger", "One tablet", options)
    context = chromium.new_context(viewport=TABLET, has_touch=True)
    secret = claim(table, None, keeper=True)
    name = f"seat_{table.code}"
    context.add_cookies([{"name": name, "value": cookie_value(table.code, secret), "url": base}])
    tablet = context.new_page()
    tablet.set_default_timeout(5000)
    tablet.goto(f"{base}/t/{table.code}/seat/")
    ada_link = seats.join_link(tablet, "Ada")
    seats.take_here(tablet, "Table")
    return context, tablet, table, ada_link


def hand_over(tablet, name: str) -> None:
    """The tablet's "hand the tablet to …" step, then the player's own tap."""
    tablet.get_by_role("link", name=f"Hand the tablet to {name}").first.click()
    expect(tablet.get_by_role("heading", name=f"Hand the tablet to {name}")).to_be_visible()
    save_shot(tablet, "one-tablet-hand-over-tablet")
    tablet.get_by_role("button", name=f"I am {name}: show my part").click()
    expect(tablet.locator(".hand-over.playing")).to_contain_text(f"{name} is playing")


def hidden_by_itself(tablet) -> None:
    """The player's turn is over: the tablet hid their part by itself, no "Done" tapped."""
    expect(tablet.locator(".hand-over.playing")).to_have_count(0)
    expect(tablet.locator(HAND)).to_have_count(0)  # hands private again


def prepare(page, cost: str) -> None:
    page.get_by_text("Difficulty 1", exact=True).click()
    form = form_with(page, "Prepare a difficulty-1 segment")
    form.get_by_label("Cost card 1").select_option(label=cost)
    submit(page, form, "Prepare a difficulty-1 segment")


def write_journal(page, name: str) -> None:
    form = form_with(page, "Place the journal face down")
    form.locator("input[name=person]").first.check()
    form.get_by_label(JOURNAL[name], exact=True).check()
    submit(page, form, "Place the journal face down")


def complete(page, pay: bool = False) -> None:
    """Complete the segment; ``pay``: tap the first card of the hand shown (1 crew, 1 supply)."""
    form = form_with(page, "Complete the segment")
    if pay:
        expect(form.locator("[data-verdict]")).to_have_text("not enough")
        form.locator("input[name=pay]").first.check()
    expect(form.locator("[data-verdict]")).to_have_text("enough")
    submit(page, form, "Complete the segment")


def ada_turn(phone, segment: int) -> None:
    phone.reload()
    expect(phone.locator(".prompt")).to_contain_text("Ada completes the current segment")
    complete(phone, pay=segment == 1)
    write_journal(phone, "Ada")
    if segment < 5:
        prepare(phone, "Great Fishing! (a bonus card)")


def handed_turn(tablet, name: str, pay: bool, last: bool) -> None:
    """A phone-less player's whole turn after the hand-over: their hand shows, they pay,
    place the journal, prepare the next segment; hidden again once it is over."""
    expect(tablet.locator(".prompt")).to_contain_text(f"{name} completes the current segment")
    assert form_count(tablet, "Complete the segment") == 0  # not on the display as itself
    hand_over(tablet, name)
    seat = f"p{PLAYERS.index(name) + 1}"
    expect(tablet.locator(f'.tod-players [data-seat="{seat}"] {HAND}')).to_be_visible()
    complete(tablet, pay=pay)
    write_journal(tablet, name)
    if not last:
        prepare(tablet, "Great Fishing! (a bonus card)")
    hidden_by_itself(tablet)


def form_count(page, button: str) -> int:
    return page.locator("form").filter(has=page.get_by_role("button", name=button)).count()


def test_three_players_one_phone_to_the_scores(live_server, chromium):
    base = live_server.url
    context, tablet, table, ada_link = open_tablet(chromium, base)
    phone_context = chromium.new_context(viewport=PHONE, has_touch=True)
    phone = phone_context.new_page()
    phone.set_default_timeout(5000)
    seats.join(phone, ada_link)
    expect(phone.locator(".tod")).to_be_visible()
    # The tablet offers to play Bo and Cy, never Ada (her phone holds her seat; a seat taken
    # moves no version, so the tablet sees it when it next loads).
    tablet.reload()
    offered = tablet.locator("nav.hand-over [data-hand-over]")
    expect(offered).to_have_count(2)
    expect(tablet.get_by_role("link", name="Hand the tablet to Ada")).to_have_count(0)
    save_shot(tablet, "one-tablet-setup-tablet")

    deal(tablet)
    for name, refill in zip(PLAYERS, (["Sailor", "Captain"], ["Nun", "Monk"], ["Farmer", "Sailor"]),
                            strict=True):  # fmt: skip
        expect(tablet.locator(".prompt")).to_have_text(f"{name} recruits 2 people.")
        take_two(tablet, "Recruit", refill)
        secure_first(tablet, name)
    for name, refill in zip(PLAYERS, (["Deacon", "Nun"], ["Monk", "Captain"], ["Nun", "Sailor"]),
                            strict=True):  # fmt: skip
        expect(tablet.locator(".prompt")).to_have_text(f"{name} gathers from the market.")
        take_two(tablet, "Gather", refill)
    expect(tablet.get_by_role("heading", name="Act 3 begins")).to_be_visible()

    # Act 3: Ada prepares on her phone; Bo and Cy each on the tablet handed to them.
    phone.reload()
    prepare(phone, "1 crew")
    tablet.reload()
    for name, cost in (("Bo", "Great Fishing! (a bonus card)"), ("Cy", "1 crew")):
        expect(tablet.locator(".prompt")).to_contain_text(f"{name} prepares a segment")
        hand_over(tablet, name)
        prepare(tablet, cost)
        hidden_by_itself(tablet)
    save_shot(phone, "one-tablet-act3-phone")
    for segment in range(1, 6):
        last = segment == 5
        ada_turn(phone, segment)
        if segment == 5:
            break  # Ada's fifth segment: Bo and Cy take their final turns
        tablet.reload()
        handed_turn(tablet, "Bo", pay=False, last=last)
        handed_turn(tablet, "Cy", pay=segment == 1, last=last)
        expect(tablet.locator(".tod-scores strong[data-journal]")).to_have_count(0)
    tablet.reload()
    handed_turn(tablet, "Bo", pay=False, last=True)
    handed_turn(tablet, "Cy", pay=False, last=True)

    expect(tablet.get_by_role("heading", name="Game over")).to_be_visible()
    expect(tablet.locator(".outcome")).to_contain_text("Ada wins with 20 points.")
    board = tablet.locator(".tod-scores")
    expect(board.locator('[data-seat="p2"] [data-breakdown]')).to_have_text("5+10")
    expect(board.locator('[data-seat="p3"] [data-breakdown]')).to_have_text("5+10")
    save_shot(tablet, "one-tablet-game-over-tablet")
    phone.reload()
    expect(phone.get_by_role("heading", name="Game over")).to_be_visible()
    save_shot(phone, "one-tablet-game-over-phone")
    tablet.get_by_role("link", name="Scores, move by move").click()
    expect(tablet.locator("svg polyline")).to_have_count(3)
    save_shot(tablet, "one-tablet-scores-tablet")
    # The log says who did what: Bo's and Cy's journals were placed from their own seats.
    moves = {m.name: m.seat for m in table.moves.filter(name="write-journal")}
    assert set(table.moves.filter(name="write-journal").values_list("seat", flat=True)) == {
        "p1",
        "p2",
        "p3",
    }, moves
    context.close()
    phone_context.close()
