"""A newcomer runs a 3-player Tales of Danger game on one tablet and three phones.

The group first enters its card data on the catalog page (invented values that keep the game
short: every person is an insider for every sponsor; every sponsor starts with 3 cards,
gathers 2 and holds at most 5). Then everything is tapped: the deal and the pool on the
tablet, Acts 1 and 2 on the tablet, the voyages and the private journals on the phones.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from games.services import access, tables, turns
from games.tales_of_danger.catalog import DEFAULT_PEOPLE, DEFAULT_SPONSORS
from librarians import make_librarian
from tests.browser import seats
from tests.browser.live import SYNC, act

pytestmark = pytest.mark.django_db(transaction=True)

TABLET = {"width": 1024, "height": 768}
PLAYERS = ["Ada", "Bo", "Cy"]
HANDS = {
    "Ada": ["Nun", "Monk", "Sailor"],
    "Bo": ["Farmer", "Deacon", "Captain"],
    "Cy": ["Innkeeper", "Minstrel", "Socialite"],
}
POOL = ["Royal Guard", "Nun", "Monk", "Farmer", "Deacon"]
JOURNAL = {"Ada": "3", "Bo": "2", "Cy": "2"}  # every segment is difficulty 1


def quick_catalog() -> dict:
    sponsors = [s.id for s in DEFAULT_SPONSORS]
    people = {}
    for card in DEFAULT_PEOPLE:
        values = {"evidence": 1, "plans": 1, "ribbon": dict.fromkeys(sponsors, 1), "free_for": []}
        if not card.cancels:
            values |= {"crew": 1, "supplies": 1}
        people[card.id] = values
    return {
        "sponsors": {
            sid: {"rank": rank, "evidence": 2, "plans": 2, "start": 3, "market": 2, "max": 5}
            for rank, sid in enumerate(sponsors, start=1)
        },
        "people": people,
    }


def submit(page, form, button) -> None:
    act(page, lambda: form.get_by_role("button", name=button).click())


def form_with(page, button):
    return page.locator("form", has=page.get_by_role("button", name=button, exact=True))


def tap_chip(scope, legend, name) -> None:
    scope.locator("fieldset", has_text=legend).get_by_label(name, exact=True).first.check()


def fill_selects(form, prefix, values) -> None:
    for n, value in enumerate(values, start=1):
        form.get_by_label(f"{prefix} {n}").select_option(label=value)


def enter_catalog(page, base) -> None:
    # Saving the group's card data is a librarian's: the page offers to sign in and comes back.
    make_librarian("keeper", password="lantern-and-ledger-5")
    page.goto(f"{base}/catalog/tales-of-danger/")
    page.get_by_role("link", name="Sign in as a librarian").click()
    page.get_by_label("Username").fill("keeper")
    page.get_by_label("Password").fill("lantern-and-ledger-5")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/catalog/tales-of-danger/")
    # JSON is YAML too: the group pastes its card values.
    page.get_by_label("Card data (YAML)").fill(json.dumps(quick_catalog(), indent=1))
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("Saved.")


def start_table(page, base) -> tuple:
    """The tablet starts the table (it is the keeper), reads each player's join link off its
    seat page and sits at the shared display; the table and the links by player."""
    page.goto(f"{base}/")
    page.locator(".tile", has_text="Tales of Danger").get_by_role("link", name="New table").click()
    page.get_by_label("Table name").fill("Voyage night")
    page.get_by_label("Your group").fill("Harbour club")
    for n, name in enumerate(PLAYERS, start=1):
        page.get_by_label(f"Player {n}", exact=True).fill(name)
    # The choices name the players as they are typed (QAF new problem 5).
    page.get_by_label("Who takes the first turn?").select_option(label=PLAYERS[0])
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/seat/")
    table = access.find_table(page.url.rstrip("/").split("/")[-2])
    links = {name: seats.join_link(page, name) for name in PLAYERS}
    seats.take_here(page, "Table")
    expect(page.locator(".tod")).to_be_visible()
    return table, links


def join(page, link) -> None:
    seats.join(page, link)
    expect(page.locator(".tod")).to_be_visible()


def deal(tablet) -> None:
    for name in PLAYERS:
        form = form_with(tablet, f"Deal to {name}")
        fill_selects(form, "Card", HANDS[name])
        submit(tablet, form, f"Deal to {name}")
    form = form_with(tablet, "Fill the pool")
    fill_selects(form, "Pool card", POOL)
    submit(tablet, form, "Fill the pool")
    expect(tablet.locator(".prompt")).to_have_text("Ada recruits 2 people.")


def pool_cards(page) -> list[str]:
    return [c.strip() for c in page.locator(".tod-pool li").all_inner_texts()]


def take_two(page, button, refill) -> None:
    """Take the first two pool cards, flip two new ones into the pool."""
    form = form_with(page, button)
    for name in pool_cards(page)[:2]:
        tap_chip(form, "Tap the cards taken from the pool", name)
    fill_selects(form, "New pool card", refill)
    submit(page, form, button)


def refused_gather_keeps_the_new_pool_cards(page, refill) -> None:
    """Issue 16 item 4: a Gather refused (no pool card tapped) kept the rest of the form but
    cleared the "New pool card" choices."""
    form = form_with(page, "Gather")
    fill_selects(form, "New pool card", refill)
    form.get_by_role("button", name="Gather").click()
    expect(page.locator("#live .flash.error")).to_be_visible()
    form = form_with(page, "Gather")
    for n, value in enumerate(refill, start=1):
        expect(form.get_by_label(f"New pool card {n}").locator("option:checked")).to_have_text(
            value
        )


def secure_first(page, name) -> str:
    form = form_with(page, "Secure this sponsor")
    radio = form.locator("input[name=sponsor]").first
    sponsor = radio.get_attribute("value")
    expect(page.locator(f'[data-sponsor="{sponsor}"] [data-verdict]')).to_have_text(
        "yes: can secure"
    )
    radio.check()
    submit(page, form, "Secure this sponsor")
    expect(page.locator(".log li").first).to_contain_text(f"{name} secured ")
    form = form_with(page, f"Discard for {name}")
    chips = form.locator("input[name=people]")
    chips.nth(0).check()
    chips.nth(1).check()
    submit(page, form, f"Discard for {name}")
    return sponsor


def journals_hidden_on(tablet) -> None:
    tablet.reload()
    board = tablet.locator(".tod-scores")
    expect(board).to_be_visible()
    expect(board.locator("strong[data-journal]")).to_have_count(0)


def prepare(phone, cost) -> None:
    phone.get_by_text("Difficulty 1", exact=True).click()
    form = form_with(phone, "Prepare a difficulty-1 segment")
    form.get_by_label("Cost card 1").select_option(label=cost)
    submit(phone, form, "Prepare a difficulty-1 segment")


def write_journal(phone, name) -> None:
    form = form_with(phone, "Place the journal face down")
    form.locator("input[name=person]").first.check()
    form.get_by_label(JOURNAL[name], exact=True).check()
    submit(phone, form, "Place the journal face down")
    expect(phone.locator("tr.tod-mine strong[data-journal]").last).to_have_text(JOURNAL[name])


def voyage_turn(phone, name, segment, last) -> None:
    phone.reload()
    expect(phone.locator(".prompt")).to_contain_text(f"{name} completes the current segment")
    form = form_with(phone, "Complete the segment")
    pay = form.locator("[data-tod-pay]")
    if segment == 1:  # a 1-crew cost: tap one card (1 crew, 1 supply) and see it cover it
        expect(pay.locator("[data-verdict]")).to_have_text("not enough")
        form.locator("input[name=pay]").first.check()
        expect(pay.locator("[data-paid-crew]")).to_have_text("1")
    expect(pay.locator("[data-verdict]")).to_have_text("enough")
    submit(phone, form, "Complete the segment")
    write_journal(phone, name)
    if not last:
        prepare(phone, "Great Fishing! (a bonus card)")


def test_a_three_player_game_on_a_tablet_and_three_phones(live_server, chromium):
    base = live_server.url
    contexts = [chromium.new_context(viewport=TABLET, has_touch=True) for _ in range(4)]
    tablet, *phones = [context.new_page() for context in contexts]
    for page in (tablet, *phones):
        page.set_default_timeout(5000)
    phone = dict(zip(PLAYERS, phones, strict=True))

    enter_catalog(tablet, base)
    table, links = start_table(tablet, base)
    for name in PLAYERS:
        join(phone[name], links[name])

    # Setup and Acts 1-2 on the tablet: hands are face up, everyone watches.
    deal(tablet)
    # The phones follow by polling (every 2 s) without a reload.
    expect(phone["Ada"].locator('.tod-players [data-seat="p1"]')).to_contain_text(
        "Sailor", timeout=SYNC
    )
    sponsors = {}
    for name, refill in zip(PLAYERS, (["Sailor", "Captain"], ["Nun", "Monk"], ["Farmer", "Sailor"]),
                            strict=True):  # fmt: skip
        expect(tablet.locator(".prompt")).to_have_text(f"{name} recruits 2 people.")
        take_two(tablet, "Recruit", refill)
        sponsors[name] = secure_first(tablet, name)
    assert len(set(sponsors.values())) == 3
    for name, refill in zip(PLAYERS, (["Deacon", "Nun"], ["Monk", "Captain"], ["Nun", "Sailor"]),
                            strict=True):  # fmt: skip
        expect(tablet.locator(".prompt")).to_have_text(f"{name} gathers from the market.")
        if name == "Ada":
            refused_gather_keeps_the_new_pool_cards(tablet, refill)
        take_two(tablet, "Gather", refill)
    expect(tablet.get_by_role("heading", name="Act 3 begins")).to_be_visible()
    expect(tablet.locator(".tod-pool")).to_have_count(0)
    # Hands are private now: the tablet shows counts only, each phone its own cards.
    assert tablet.locator(".tod-players .chips").count() == 0

    # Act 3 on the phones. Ada secured the highest-ranking sponsor: she prepares first.
    for name in PLAYERS:
        phone[name].reload()
        prepare(phone[name], "1 crew" if name == "Ada" else "Great Fishing! (a bonus card)")
    for segment in range(1, 6):
        for name in PLAYERS:
            cost_first = segment == 1 and name == "Ada"
            voyage_turn(phone[name], name, 1 if cost_first else 2, last=segment == 5)
        if segment < 5:  # after every round: the tablet shows no journal value
            journals_hidden_on(tablet)
            expect(tablet.locator(".tod-scores [data-journal]")).to_have_text(
                ["face down"] * (3 * segment)
            )

    # Ada completed her fifth segment first; Bo and Cy took their final turns.
    tablet.reload()
    expect(tablet.get_by_role("heading", name="Game over")).to_be_visible()
    expect(tablet.locator(".outcome")).to_contain_text("Ada wins with 20 points.")
    board = tablet.locator(".tod-scores")
    expect(board.locator('[data-seat="p1"] strong[data-journal]')).to_have_text(["3"] * 5)
    expect(board.locator('[data-seat="p2"] [data-breakdown]')).to_have_text("5+10")
    tablet.get_by_role("link", name="Scores, move by move").click()
    expect(tablet.locator("svg polyline")).to_have_count(3)
    tablet.go_back()
    # The group's results open by the group's own link (it carries the group's key).
    tablet.get_by_role("link", name="Results of Harbour club").click()
    expect(tablet.locator("main")).to_contain_text("Voyage night")
    for context in contexts:
        context.close()


def test_act_1_at_every_size(live_server, new_page, viewport):
    """The table and a phone at one size: recruit with the helper, no sideways scrolling."""
    options = {"players": ["Ada", "Bo"], "first_player": 1, **quick_catalog()}
    table = tables.create_table("tales-of-danger", "Smoke", options)
    for seat, hand in (("p1", ["nun", "monk", "sailor"]), ("p2", ["farmer", "deacon", "captain"])):
        table = turns.apply_move(
            table.code, "deal", {"player": seat, "people": hand},
            expected_version=table.version, seat="table",
        )[0]  # fmt: skip
    table = turns.apply_move(
        table.code,
        "refill-pool",
        {"people": ["nun", "monk", "farmer", "deacon", "innkeeper"]},
        expected_version=table.version,
        seat="table",
    )[0]
    ada = new_page()  # set up on the server (no keeper device): the join links are built there
    join(ada, seats.invite_url(live_server.url, table, "Ada"))
    helper = ada.locator("[data-tod-helper]")
    sponsor = table.state["sponsors"][0]
    verdict = helper.locator(f'[data-sponsor="{sponsor}"] [data-verdict]')
    expect(verdict).to_have_text("yes: can secure")  # her three cards already do it
    for box in helper.locator("input[data-person]").all()[:2]:
        box.uncheck()
    expect(verdict).to_have_text("not enough yet")
    helper.get_by_label("Innkeeper (pool)").check()  # a pool card she could recruit
    expect(verdict).to_have_text("yes: can secure")

    width = ada.evaluate("document.documentElement.clientWidth")
    assert ada.evaluate("document.documentElement.scrollWidth") <= width
    for button in ada.locator("button:visible").all():
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, button.inner_text()

    form = form_with(ada, "Recruit")
    tap_chip(form, "Tap the cards taken from the pool", "Innkeeper")
    tap_chip(form, "Tap the cards taken from the pool", "Farmer")
    act(ada, lambda: form.get_by_role("button", name="Recruit").click())
    expect(ada.locator(".log li").first).to_have_text(
        "Ada recruited Farmer from the pool and Innkeeper from the pool."
    )
    # The pool has two open spaces: her phone flips them in, then she may secure or end.
    form = form_with(ada, "Fill the pool")
    fill_selects(form, "Pool card", ["Sailor", "Nun"])
    submit(ada, form, "Fill the pool")
    expect(ada.get_by_role("button", name="Secure this sponsor")).to_be_visible()
    expect(ada.get_by_role("button", name="End the turn without a sponsor")).to_be_visible()

    # Card values are entered at the table too: the forms load when “Card data” opens.
    ada.get_by_text("Card data", exact=True).click()
    form = form_with(ada, "Save the sponsor card")
    form.get_by_label("Sponsor").select_option(sponsor)
    form.get_by_label("Title").fill("Patron of the voyage")
    submit(ada, form, "Save the sponsor card")
    expect(ada.locator(".tod-sponsors")).to_contain_text("Patron of the voyage")

    bo = new_page()
    join(bo, seats.invite_url(live_server.url, table, "Bo"))
    expect(bo.locator(".tod-prompt")).to_contain_text("It is Ada's turn")
    expect(bo.get_by_role("button", name="Secure this sponsor")).to_have_count(0)
