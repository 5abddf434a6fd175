"""Tales of Danger's card-data sheet says "blank for no icon" for the ★ cells of the red ribbon:
a blank cell on a row the group filled in is saved as no icon, so Secure stops asking for the
icons of those cards and the table's count of cards still to enter drops (QA9 P8)."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse

from games.core.registry import get_game
from games.services import card_sheets, tables
from games.tales_of_danger.sponsors import check_secure
from tests.games.services.card_sheets.card_sheet_data import FILLED, post_for
from tests.seating import sit

pytestmark = pytest.mark.django_db

SLUG = "tales-of-danger"
NO_ICON = ("innkeeper", "minstrel", "monk")  # the rows QA9 left blank in every ★ cell


def sheet_data() -> dict:
    """A group's sheet: every card filled in, the ★ cells of three kinds left blank, and the
    Nun's row untouched."""
    data = FILLED[SLUG]()
    for person in NO_ICON:
        data["people"][person]["ribbon"] = {}
    del data["people"]["nun"]
    return data


def sent(data: dict) -> dict:
    """What the sheet stores from the form's POST for ``data``."""
    return card_sheets.to_data(SLUG, card_sheets.posted(SLUG, post_for(SLUG, data), {}), {})


def test_a_blank_ribbon_on_a_filled_row_is_no_icon_and_a_blank_row_stays_to_enter():
    saved = sent(sheet_data())
    assert all(saved["people"][p]["ribbon"] == {} for p in NO_ICON)
    assert "nun" not in saved["people"]
    assert card_sheets.missing(SLUG, saved) == [
        "Nun: Evidence, Plans, Ribbon, Crew, Supplies, Free for"
    ]


def test_secure_counts_people_saved_without_icons_instead_of_asking_for_them():
    data = sent(sheet_data())
    catalog = (
        get_game(SLUG)
        .load(tables.create_table(SLUG, "T", {"players": ["Ada", "Bo"], **data}).state)
        .catalog
    )
    check = check_secure(catalog, "queen", list(NO_ICON))  # refused before: "does not know"
    assert check.counted == [] and not check.ok


def test_after_saving_the_sheet_the_table_shows_the_count_still_missing():
    table = tables.create_table(
        SLUG, "Tonight", {"players": ["Ada", "Bo", "Cy"]}, group="Thursday", group_key=""
    )
    client = sit(Client(), table, "table", keeper=True)
    page = html.unescape(client.get(reverse("games:table", args=[table.code])).content.decode())
    assert "(27 cards still to enter from your cards)" in page  # 6 sponsors, 21 kinds
    post = post_for(SLUG, sheet_data(), group=table.group_key, table=table.code)
    response = client.post(
        reverse("games:card-sheet", args=[SLUG]),
        post | {"version": str(table.version)},
        HTTP_HX_REQUEST="true",
    )
    assert "Entered at the table" in response.content.decode()
    page = html.unescape(client.get(reverse("games:table", args=[table.code])).content.decode())
    assert "(1 card still to enter from your cards)" in page  # the Nun's untouched row
