"""A newcomer runs a 4-player Dark Tales game to the end on one tablet."""

import pytest
from playwright.sync_api import expect

from games.models import Table
from tests.browser.live import act
from tests.browser.seats import take_here

pytestmark = pytest.mark.django_db(transaction=True)

TABLET = {"width": 1024, "height": 768}


def start_table(page, base):
    page.goto(base + "/")
    page.locator(".tile", has_text="Dark Tales").get_by_role("link", name="New table").click()
    page.get_by_label("Table name").fill("Tale night")
    for n, name in enumerate(["Mara", "Bo", "Cy", "Di"], start=1):
        page.get_by_label(f"Player {n}", exact=True).fill(name)
    page.get_by_label("Setting card A").select_option("A1")
    page.get_by_label("Setting card B").select_option("B1")
    page.get_by_label("Who takes the first turn?").select_option(label="Mara")  # as typed
    page.get_by_role("button", name="Start the table").click()
    take_here(page, "Table")  # the starting tablet keeps the table and is its shared display
    expect(page.locator(".dt-tale h2")).to_have_text(
        "The Battle of the Forgotten Moors and the Iron Army"
    )


def test_a_four_player_game_to_the_end(live_server, chromium):
    page = chromium.new_context(viewport=TABLET, has_touch=True).new_page()
    page.set_default_timeout(5000)
    start_table(page, live_server.url)

    # The group enters one card from their copy: from now on a tap plays it.
    page.get_by_text("By hand: hand, items, VP, cards, card data").click()
    form = page.locator("form", has=page.get_by_role("button", name="Save the card"))
    form.get_by_label("Name").fill("Knight")
    form.get_by_label("Copies in the deck").fill("47")
    form.get_by_label("Type").select_option("male")
    form.get_by_label("VP").fill("2")
    form.get_by_label("Where it goes").select_option("front")
    act(page, lambda: form.get_by_role("button", name="Save the card").click())

    turns = 0

    def turn_buttons():
        return page.get_by_role("button", name="Draw a card").or_(
            page.get_by_role("button", name="Play the card")
        )

    while turn_buttons().count():
        if page.get_by_role("button", name="Draw a card").count():
            act(page, lambda: page.get_by_role("button", name="Draw a card").click())
        page.locator("form.move select[name=card]").first.select_option("Knight")
        act(page, lambda: page.get_by_role("button", name="Play the card").click())
        turns += 1
        assert turns < 60, "the game should end once the deck and a hand are empty"
    # 48 cards - the Night - 12 dealt = 35 draws, then the 3 cards left in hand... until
    # the first player to begin a turn with an empty hand ends the game.
    assert turns == 35 + 12

    expect(page.locator(".prompt")).to_contain_text("Iron Army")
    while page.get_by_role("button", name="Enter", exact=True).count():
        form = page.locator("form", has=page.get_by_role("button", name="Enter", exact=True)).first
        form.get_by_role("spinbutton").fill("1")
        act(page, lambda f=form: f.get_by_role("button", name="Enter", exact=True).click())
    act(page, lambda: page.get_by_role("button", name="Reveal the scores").click())

    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    table = Table.objects.get()
    assert table.state["phase"] == "over"
    # Everyone scored the same Knights: the tie-break shares the victory.
    expect(page.locator(".outcome")).to_contain_text("Mara")
    page.get_by_role("link", name="Scores, move by move").click()
    expect(page.locator("svg polyline")).to_have_count(4)
