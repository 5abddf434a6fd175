"""A refused new-table form on a tablet: the reason shows and the form is as the group left it,
so they correct the one thing and start the table without typing the names again."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from games.galzyr.state import State
from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

WORLDS = Path(__file__).resolve().parents[2] / "fixtures" / "worlds"


def names(page, *players):
    for field, name in zip(page.locator("input[name=player]").all(), players, strict=False):
        field.fill(name)


def test_a_tavern_tales_table_after_a_refusal(live_server, new_page):
    page = new_page()  # at each of the viewports
    page.goto(live_server.url + "/new/tavern-tales/")
    page.get_by_label("Table name").fill("Friday")
    names(page, "Mara", "Bo", "Cy")
    page.get_by_label("Rooms", exact=True).check()
    page.get_by_label("Epic Duel to 45 (2 players)").check()
    expect(page.get_by_role("radio", name="Player 4", exact=True)).to_be_visible()
    page.get_by_role("radio", name="Bo", exact=True).check()  # the names typed, as they are typed
    page.get_by_text("Rooms: which 3 depths get one").click()
    for depth in ("Mineshaft", "Caverns", "Inferno"):
        page.get_by_label(depth).check()
    page.get_by_role("button", name="Start the table").click()
    expect(page.get_by_role("alert")).to_contain_text("The Epic Duel is for 2 players")
    assert not Table.objects.exists()

    fields = page.locator("input[name=player]")
    for i, name in enumerate(("Mara", "Bo", "Cy", "", "")):
        expect(fields.nth(i)).to_have_value(name)
    expect(page.get_by_label("Table name")).to_have_value("Friday")
    expect(page.get_by_label("Rooms", exact=True)).to_be_checked()
    expect(page.get_by_role("radio", name="Bo", exact=True)).to_be_checked()
    expect(page.get_by_label("Caverns")).to_be_visible()  # the depths chosen are in sight
    expect(page.get_by_label("Caverns")).to_be_checked()

    page.get_by_label("Epic Duel to 45 (2 players)").uncheck()
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/seat/")
    state = Table.objects.get().state
    assert [p["name"] for p in state["players"]] == ["Mara", "Bo", "Cy"]
    assert state["active"] == 1 and state["modules"]["rooms"]


def test_a_galzyr_campaign_comes_back_with_its_rows(live_server, new_page):
    call_command("load_world", str(WORLDS / "sallowmere-marches"), stdout=StringIO())
    page = new_page()
    page.goto(live_server.url + "/new/galzyr/")
    names(page, "Mara", "Bo")
    page.get_by_label("Campaign mode").check()
    rows = page.locator("[data-gz-row]")
    rows.nth(0).locator("select").select_option(label="Wren Tallowby")
    rows.nth(1).locator("select").select_option(label="Wren Tallowby")
    page.get_by_role("button", name="Start the table").click()
    expect(page.get_by_role("alert")).to_contain_text("Wren Tallowby is chosen twice")

    # The names came back, so the script shows their two rows, labelled, as they were.
    expect(rows.nth(1)).to_contain_text("(Bo)")
    expect(rows.nth(2)).to_be_hidden()
    expect(rows.nth(0).locator("select")).to_have_value("wren")
    rows.nth(1).locator("select").select_option(label="Ysolde Fennick")
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/seat/")
    s = State.model_validate(Table.objects.get().state)
    assert s.players == ["Mara", "Bo"] and s.adventurers == ["wren", "ysolde"]
