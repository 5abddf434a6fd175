"""A card-data sheet may be saved with blank cells (a partial sheet is allowed): what is still
missing is said, how many and which, on the sheet and beside a refusal that asks for a card
(issue 16)."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse

from games.core.registry import get_game
from games.services import card_sheets, catalogs, tables
from games.templatetags.card_sheets import card_sheet_link
from tests.games.services.card_sheets.card_sheet_data import FILLED, post_for
from tests.seating import sit

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SLUGS = list(FILLED)


def sheet_url(slug: str) -> str:
    return reverse("games:card-sheet", args=[slug])


def missing_box(page: str) -> str:
    return page.split('id="sheet-missing"')[1].split("</details>")[0]


@pytest.mark.parametrize("slug", SLUGS)
def test_the_sheet_says_how_many_cards_are_missing_and_which(client, slug):
    gaps = card_sheets.missing(slug, {})
    assert gaps  # the box's rulebook doesn't print everything
    page = html.unescape(client.get(sheet_url(slug)).content.decode())
    box = missing_box(page)
    assert f"Still to enter ({len(gaps)})" in box
    assert all(f"<li>{gap}</li>" in box for gap in gaps)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_saved_partial_sheet_says_what_is_left_and_a_full_one_says_none(slug):
    table = tables.create_table(
        slug, "Tonight", {"players": ["Ada", "Bo", "Cy"]}, group="Thursday", group_key=""
    )
    client = sit(Client(), table, None, keeper=True)
    blank = post_for(slug, {}, group=table.group_key)  # every cell left as shipped
    page = html.unescape(client.post(sheet_url(slug), blank, **HTMX).content.decode())
    assert 'id="sheet-saved"' in page
    assert f"Still to enter ({len(card_sheets.missing(slug, {}))})" in missing_box(page)
    data = catalogs.validate(get_game(slug), FILLED[slug]())
    full = post_for(slug, data, group=table.group_key)
    page = html.unescape(client.post(sheet_url(slug), full, **HTMX).content.decode())
    left = card_sheets.missing(slug, data)
    if left:  # the filled test data may leave a card blank on purpose
        assert f"Still to enter ({len(left)})" in missing_box(page)
    else:
        assert "Every card the game needs is entered." in page


def test_a_refusal_asking_for_a_card_says_how_many_are_left_on_the_sheet():
    table = tables.create_table("tales-of-danger", "Tonight", {"players": ["Ada", "Bo", "Cy"]})
    left = len(card_sheets.missing("tales-of-danger", {}))
    link = card_sheet_link(
        table, "The app does not know the Queen's rank yet: enter from your cards."
    )
    assert f"({left} still to enter there)" in link
    assert card_sheet_link(table, "It is not your turn.") == ""
