"""The Lands of Galzyr new-table form on a tablet: the campaign's choices appear once campaign
mode is ticked, one row per named player offering the chosen world's adventurers; a refused
choice comes back on the form with the reason; the table starts with the choices."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from games.galzyr.state import State
from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
WORLDS = ROOT / "fixtures" / "worlds"


def test_a_campaign_table_starts_with_the_players_choices(live_server, new_page):
    call_command("load_world", str(WORLDS / "sallowmere-marches"), stdout=StringIO())
    call_command("load_world", str(WORLDS / "_minimal"), "--slug", "minimal", stdout=StringIO())
    page = new_page()  # at each of the viewports
    page.goto(live_server.url + "/new/galzyr/")
    choices = page.locator("[data-gz-campaign-choices]")
    expect(choices).to_be_hidden()  # book-only until campaign mode is ticked
    page.get_by_label("Player 1", exact=True).fill("Mara")
    page.get_by_label("Player 2", exact=True).fill("Bo")
    page.get_by_label("Campaign mode").check()
    expect(choices).to_be_visible()
    rows = choices.locator("[data-gz-row]")
    expect(rows.nth(1)).to_contain_text("(Bo)")
    expect(rows.nth(2)).to_be_hidden()  # nobody is player 3
    second = rows.nth(1).locator("select")

    # Only the chosen world's adventurers are offered.
    page.get_by_label("World").select_option("minimal")
    # (taken out of the list: a phone's picker showed the other book's hidden group)
    expect(second.locator("optgroup[data-gz-of=minimal]")).to_have_count(1)
    expect(second.locator("optgroup[data-gz-of=sallowmere-marches]")).to_have_count(0)
    assert "Wren Tallowby" not in second.locator("option").all_inner_texts()
    page.get_by_label("World").select_option("sallowmere-marches")

    # The same adventurer twice is refused on the form, and no table is created.
    rows.nth(0).locator("select").select_option(label="Wren Tallowby")
    second.select_option(label="Wren Tallowby")
    page.get_by_role("button", name="Start the table").click()
    expect(page.get_by_role("alert")).to_contain_text("Wren Tallowby is chosen twice")
    assert not Table.objects.exists()

    page.get_by_label("Player 1", exact=True).fill("Mara")
    page.get_by_label("Player 2", exact=True).fill("Bo")
    expect(choices).to_be_visible()  # the form came back in campaign mode
    second.select_option(label="Ysolde Fennick")
    page.get_by_text("Competitive (Discord)").check()
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/seat/")
    s = State.model_validate(Table.objects.get().state)
    assert s.adventurers == ["wren", "ysolde"] and s.campaign.game.mode == "competitive"
