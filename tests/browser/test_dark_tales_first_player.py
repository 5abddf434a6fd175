"""Dark Tales' "Who takes the first turn?" on the new-table form is a choice among the names
typed above it (static/js/player-names.js): a field left empty offers no one, and the choice
follows a name corrected after it was chosen."""

import pytest
from playwright.sync_api import expect

from games.models import Table
from tests.browser.seats import take_here

pytestmark = pytest.mark.django_db(transaction=True)

TABLET = {"width": 1024, "height": 768}


def test_the_first_player_is_chosen_among_the_names_typed(live_server, chromium):
    context = chromium.new_context(viewport=TABLET, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(5000)
    page.goto(live_server.url + "/new/dark-tales/")
    first = page.get_by_label("Who takes the first turn?")
    expect(first.locator("option:not([hidden])")).to_have_text(["Draw at random"])
    page.get_by_label("Player 1", exact=True).fill("Mara")
    page.get_by_label("Player 2", exact=True).fill("Bo")
    expect(first.locator("option:not([hidden])")).to_have_text(["Draw at random", "Mara", "Bo"])
    first.select_option(label="Bo")
    page.get_by_label("Player 2", exact=True).fill("Bob")  # corrected once chosen
    expect(first.locator("option:checked")).to_have_text("Bob")
    page.get_by_role("button", name="Start the table").click()
    take_here(page, "Table")
    state = Table.objects.get().state
    assert [p["name"] for p in state["players"]] == ["Mara", "Bob"] and state["active"] == 1
    context.close()
