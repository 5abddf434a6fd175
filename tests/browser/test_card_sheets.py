"""Each card game's card-data sheet filled in on one page, on a phone and a landscape tablet;
the group's next table then plays without asking for a card's value."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.models import GroupCatalog
from games.services import access, tables
from tests.browser import seats
from tests.browser.conftest import PHONE, TABLET, save_shot
from tests.browser.test_tales_of_danger import (
    deal,
    form_with,
    quick_catalog,
    secure_first,
    take_two,
)
from tests.games.services.card_sheets.card_sheet_data import FILLED, post_for

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {"phone": PHONE, "tablet": TABLET}
TILE = {
    "tales-of-danger": "Tales of Danger",
    "dark-tales": "Dark Tales",
    "tavern-tales": "Tavern Tales",
}
PLAYERS = ["Ada", "Bo", "Cy"]


@pytest.fixture(params=list(SIZES))
def device(request, chromium):
    context = chromium.new_context(viewport=SIZES[request.param], has_touch=True)
    context.set_default_timeout(5000)
    page = context.new_page()
    page.size_name = request.param
    yield page
    context.close()


def start(page, base, slug, name="Game night", group="Harbour club"):
    """The new-table form, for the group ``group``; the device keeps the table."""
    page.goto(f"{base}/new/{slug}/")
    page.get_by_label("Table name").fill(name)
    page.get_by_label("Your group").fill(group)
    for n, player in enumerate(PLAYERS, start=1):
        page.get_by_role("textbox", name=f"Player {n}", exact=True).fill(player)
    if slug == "tales-of-danger":
        page.get_by_label("Who takes the first turn?").select_option(
            label=PLAYERS[0]
        )  # named as typed
    if slug == "dark-tales":
        page.get_by_label("Setting card A").select_option("A1")
        page.get_by_label("Setting card B").select_option("B1")
        page.get_by_label("Who takes the first turn?").select_option(label=PLAYERS[0])
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/seat/")
    return access.find_table(page.url.rstrip("/").split("/")[-2])


def fill_sheet(page, slug, data) -> int:
    """Type ``data`` into the sheet as a group would, cell by cell; how many cells changed."""
    sheet = page.locator("#card-sheet")
    before, after = post_for(slug, {}), post_for(slug, data)
    changed = 0
    for key, value in after.items():
        if value == before.get(key, [] if isinstance(value, list) else "") or key.endswith("-rows"):
            continue
        if key.endswith("-id"):  # a card the box doesn't name: typed in a blank row
            sheet.locator(f'[name="{key[:-3]}-name"]').fill(value)
        elif isinstance(value, list):
            for tick in set(value) - set(before.get(key) or []):
                sheet.locator(f'[name="{key}"][value="{tick}"]').check()
        elif sheet.locator(f'select[name="{key}"]').count():
            sheet.locator(f'select[name="{key}"]').select_option(value)
        else:
            sheet.locator(f'[name="{key}"]').fill(value)
        changed += 1
    return changed


def tod_sheet() -> dict:
    data = quick_catalog()
    for i, values in enumerate(data["sponsors"].values(), start=1):
        values |= {"name": f"Patron {i}", "title": "of the Harbour", "icon": f"flag {i}"}
    return data


DATA = {
    "tales-of-danger": tod_sheet,
    "dark-tales": FILLED["dark-tales"],
    "tavern-tales": FILLED["tavern-tales"],
}


@pytest.mark.parametrize("slug", list(TILE))
def test_the_card_data_sheet_in_one_page_then_a_game_that_asks_nothing(device, live_server, slug):
    page, base = device, live_server.url
    # A brand-new group, before its first game: from the home page, the game's sheet; this
    # browser keeps no group yet, so the sheet asks for the group's name by its Save.
    page.goto(f"{base}/")
    page.locator(".tile", has_text=TILE[slug]).get_by_role("link", name="Card data sheet").click()
    expect(page.locator("#sheet-whose")).to_contain_text("Enter your group's name")
    # The whole sheet parsed before it is measured and its cells counted (a tap's navigation is
    # waited for only until the page commits): a select not parsed yet would count 0 in
    # fill_sheet, and its value go to fill(), which refuses a select.
    page.wait_for_load_state("load")
    # Nothing sticks out of the page sideways; the table scrolls inside its card.
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    save_shot(page, f"{slug}-card-sheet-first-screen-{page.size_name}", full_page=False)
    assert fill_sheet(page, slug, DATA[slug]()) > 10
    save_shot(page, f"{slug}-card-sheet-filled-{page.size_name}", full_page=False)
    page.get_by_role("button", name="Save for the group").click()  # no name yet: refused
    expect(page.locator("#sheet-error")).to_contain_text("Enter your group's name")
    page.get_by_label("Your group's name").fill("Harbour club")
    save_shot(page, f"{slug}-card-sheet-group-name-{page.size_name}", full_page=False)
    page.get_by_role("button", name="Save for the group").click()
    expect(page.locator("#sheet-saved")).to_contain_text("Saved for Harbour club")
    expect(page.locator("#sheet-error")).to_have_count(0)
    save_shot(page, f"{slug}-card-sheet-{page.size_name}")
    # The sheet is the group's from now on in this browser.
    page.reload()
    expect(page.locator("#sheet-whose")).to_contain_text("For the group Harbour club")
    expect(page.get_by_role("button", name="Save the card data")).to_be_visible()

    # The form starts with the group's name: its card data isn't left behind (QA's item 3).
    page.goto(f"{base}/new/{slug}/")
    expect(page.get_by_label("Your group")).to_have_value("Harbour club")
    table = start(page, base, slug, "First evening")  # joins the group's key
    assert GroupCatalog.objects.get(game=slug).group_key == table.group_key
    PLAY[slug](page, table)


@pytest.mark.parametrize("slug", list(TILE))
def test_the_sheet_of_a_table_without_a_group_names_the_group(device, live_server, slug):
    """A table started without a group: its sheet asks the keeper for the group's name, the
    table joins the group, and the group's next table (the form offers the name) starts with
    the cards."""
    page, base = device, live_server.url
    table = start(page, base, slug, "First evening", group="")
    seats.take_here(page, "Table")
    page.goto(f"{base}/t/{table.code}/cards/")
    expect(page.locator("#sheet-whose")).to_contain_text("This table has no group yet")
    assert fill_sheet(page, slug, DATA[slug]()) > 10
    page.get_by_role("button", name="Save for the group").click()  # no name yet: refused
    expect(page.locator("#sheet-error")).to_contain_text("Enter your group's name")
    page.get_by_label("Your group's name").fill("Harbour club")
    page.get_by_role("button", name="Save for the group").click()
    saved = page.locator("#sheet-saved")
    expect(saved).to_contain_text("This table now belongs to the group Harbour club.")
    expect(saved).to_contain_text("Entered at the table")
    save_shot(page, f"{slug}-card-sheet-named-group-{page.size_name}", full_page=False)
    table.refresh_from_db()
    assert GroupCatalog.objects.get(game=slug).group_key == table.group_key != ""
    # The form offers the group's name; a slip of the shift key still joins it.
    page.goto(f"{base}/new/{slug}/")
    assert page.locator("datalist#groups option").evaluate_all("os => os.map(o => o.value)") == [
        "Harbour club"
    ]
    later = start(page, base, slug, "Second evening", group="harbour club")
    assert later.group_key == table.group_key
    PLAY[slug](page, later)


def play_tales_of_danger(page, table) -> None:
    links = {name: seats.join_link(page, name) for name in PLAYERS}
    assert links
    seats.take_here(page, "Table")
    expect(page.locator(".tod")).to_be_visible()
    expect(page.locator("#tod-cards summary")).not_to_contain_text("still to enter")
    deal(page)
    take_two(page, "Recruit", ["Sailor", "Captain"])
    secure_first(page, "Ada")  # the sheet's values: the helper says yes, no question asked
    expect(page.get_by_role("alert")).to_have_count(0)


def play_dark_tales(page, table) -> None:
    seats.take_here(page, "Table")
    expect(page.locator(".dt-tale h2")).to_be_visible()
    before = int(page.locator("#live").get_attribute("data-version"))
    if page.get_by_role("button", name="Draw a card").count():
        page.get_by_role("button", name="Draw a card").click()
        before += 1
        expect(page.locator("#live")).to_have_attribute("data-version", str(before))
    # The Old Sage's VP and type were on the sheet: one tap plays it.
    page.locator("form.move select[name=card]").first.select_option("Old Sage")
    page.get_by_role("button", name="Play the card").click()
    expect(page.locator("#live")).to_have_attribute("data-version", str(before + 1))
    expect(page.locator(".log li").first).to_contain_text("Old Sage")


def play_tavern_tales(page, table) -> None:
    seats.take_here(page, "Table")
    state = tables.loaded_state(access.find_table(table.code))
    ruby = state.catalog.feat("Ruby")
    assert ruby is not None and ruby.track == [1, 2, 3, 4]
    assert state.catalog.hero("Boblin").depths == ["Caverns", "Inferno"]


PLAY = {
    "tales-of-danger": play_tales_of_danger,
    "dark-tales": play_dark_tales,
    "tavern-tales": play_tavern_tales,
}


def test_bad_input_stays_on_the_sheet_as_typed(live_server, chromium):
    page = chromium.new_context(viewport=PHONE, has_touch=True).new_page()
    page.set_default_timeout(5000)
    start(page, live_server.url, "dark-tales")
    page.goto(f"{live_server.url}/t/{tables.Table.objects.get().code}/cards/")
    sheet = page.locator("#card-sheet")
    # The browser keeps each number within its card's bounds; the server checks the deck.
    sheet.locator('[name="cards-0-count"]').fill("40")
    sheet.locator('[name="cards-12-name"]').fill("Prince")
    sheet.locator('[name="cards-12-count"]').fill("20")
    page.get_by_role("button", name="Save the card data").click()
    expect(page.locator("#sheet-error")).to_contain_text("60 cards; the deck has 48")
    expect(sheet.locator('[name="cards-0-count"]')).to_have_value("40")
    expect(sheet.locator('[name="cards-12-name"]')).to_have_value("Prince")
    expect(page.get_by_role("link", name="Back to the table")).to_be_visible()
    save_shot(page, "dark-tales-card-sheet-refused-phone", full_page=False)
    assert form_with  # the Tales of Danger helpers are shared


def test_a_refusal_leads_to_the_sheet_and_back_to_a_game_that_goes_on(device, live_server):
    page, base = device, live_server.url
    start(page, base, "dark-tales")
    seats.take_here(page, "Table")
    page.get_by_role("button", name="Draw a card").click()
    expect(page.locator(".log li").first).to_contain_text("drew")
    page.locator("form.move select[name=card]").first.select_option("Princess")
    page.get_by_role("button", name="Play the card").click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("The app does not know these of the Princess yet: its VP")
    alert.get_by_role("link", name="Enter every card at once on the card-data sheet").click()
    expect(page.locator("#sheet-table")).to_contain_text("Game night")
    sheet = page.locator("#card-sheet")
    row = sheet.locator("tr", has=page.locator("th", has_text="Princess"))
    row.locator('[name$="-vp"]').fill("2")
    row.locator('select[name$="-type"]').select_option("female")
    row.locator('select[name$="-goes"]').select_option("front")
    row.locator('[name$="-count"]').fill("2")  # a play asks a card's copies too
    page.get_by_role("button", name="Save the card data").click()
    expect(page.locator("#sheet-saved")).to_contain_text("Entered at the table")
    save_shot(page, f"dark-tales-card-sheet-from-a-table-{page.size_name}", full_page=False)
    page.locator("#sheet-saved").get_by_role("link", name="Back to the table").click()
    page.locator("form.move select[name=card]").first.select_option("Princess")
    page.get_by_role("button", name="Play the card").click()
    expect(page.locator(".log li").first).to_contain_text("Princess")
    expect(page.get_by_role("alert")).to_have_count(0)
