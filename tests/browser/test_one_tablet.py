"""A 3-player Tales of Danger game with one phone: Ada plays on her phone (390×844), Bo and Cy
on the shared tablet (1180×820), played to its scores.

The tablet keeps the table and sits at the shared display. Acts 1 and 2 are face up: the tablet
enters everything. In Act 3 the tablet hands itself to Bo for his whole turn (his hand, his
payment, his face-down journal) and hides again; for Cy it pays a segment the way a display
that can't see his hand does (naming the card in a payment field), then Cy is handed the tablet
only to place his journal. The tablet never shows a journal value until the reveal, and
never offers Ada's seat (her phone holds it).
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


def bo_turn(tablet, last: bool) -> None:
    """Bo's whole turn after the hand-over: his hand shows; hidden again once it is over."""
    expect(tablet.locator(".prompt")).to_contain_text("Bo completes the current segment")
    hand_over(tablet, "Bo")
    expect(tablet.locator(f'.tod-players [data-seat="p2"] {HAND}')).to_be_visible()
    complete(tablet)
    write_journal(tablet, "Bo")
    if not last:
        prepare(tablet, "Great Fishing! (a bonus card)")
    hidden_by_itself(tablet)


def cy_turn(tablet, table, segment: int, last: bool) -> None:
    """The tablet pays for Cy without seeing his hand, then Cy places his journal."""
    expect(tablet.locator(".prompt")).to_contain_text("Cy completes the current segment")
    form = form_with(tablet, "Complete the segment")
    if segment == 1:  # a 1-crew cost: the display names one of Cy's cards in a payment field
        table.refresh_from_db()
        cy = table.state["players"][2]
        hand = cy["hand"]
        spare = len(hand) - sum(leg["journal_status"] == "owed" for leg in cy["voyage"])
        expect(form.locator("select[name=pay]")).to_have_count(spare)
        person = next(c for c in hand if c != "?")
        names = {c.id: c.name for c in tables.game_of(table).load(table.state).catalog.people}
        form.locator("select[name=pay]").first.select_option(label=names[person])
    complete(tablet)
    if segment == 1:
        save_shot(tablet, "one-tablet-journal-owed-tablet")
    expect(tablet.locator('.tod-players [data-seat="p3"]')).to_contain_text("1 journal to place")
    owed = tablet.locator('.tod-prompt .tod-journal-owed[data-seat="p3"]')
    expect(owed).to_contain_text("Cy has a journal to place face down.")
    owed.get_by_role("link", name="Hand the tablet to Cy to place it").click()
    tablet.get_by_role("button", name="I am Cy: show my part").click()
    if segment == 1:
        save_shot(tablet, "one-tablet-playing-cy-tablet")
    write_journal(tablet, "Cy")
    if not last:
        prepare(tablet, "Great Fishing! (a bonus card)")
    hidden_by_itself(tablet)


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

    # Act 3: Ada prepares on her phone; the tablet prepares for Bo and Cy (no hand needed).
    phone.reload()
    prepare(phone, "1 crew")
    tablet.reload()
    expect(tablet.locator(".prompt")).to_contain_text("Bo prepares a segment")
    prepare(tablet, "Great Fishing! (a bonus card)")
    prepare(tablet, "1 crew")
    save_shot(phone, "one-tablet-act3-phone")
    for segment in range(1, 6):
        last = segment == 5
        ada_turn(phone, segment)
        if segment == 5:
            break  # Ada's fifth segment: Bo and Cy take their final turns
        tablet.reload()
        bo_turn(tablet, last)
        cy_turn(tablet, table, segment, last)
        expect(tablet.locator(".tod-scores strong[data-journal]")).to_have_count(0)
    tablet.reload()
    bo_turn(tablet, True)
    cy_turn(tablet, table, 5, True)

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
