"""The campaign page laid out for the device, over the platform (issue 16 items 5-8).

The layout itself is CSS (static/css/reader.css) and is measured in the browser
(tests/browser/test_galzyr_campaign_layout.py); these check what the server sends: the tab bar
and its two columns, the tab a page opens on without JavaScript, the keypad's note, and
"Move a card" asking which copy — refused in place, then the copies offered by the trays page.
"""

from __future__ import annotations

from html import escape

import pytest
from django.urls import reverse

from games.galzyr.campaign.text import possessive
from games.services import tables

from .test_campaign_pages import page, post_move, seated, state_of, world  # noqa: F401

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
MARROWS, ODILES = escape(possessive("Marrow Hollins")), escape(possessive("Odile Brackwater"))


@pytest.fixture
def table(world):  # noqa: F811 - the fixture imported above
    """Mara and Bo's campaign of the sample world, as the other campaign page tests start it."""
    return tables.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )


def checked(html: str) -> str:
    """The tab the page opens on: the checked radio of the tab bar (none: the scene's)."""
    tabs = html.split('class="gz-tabs"')[1].split("</div>")[0]
    found = [part for part in tabs.split("<input")[1:] if " checked" in part.split(">")[0]]
    return found[0].split('id="')[1].split('"')[0] if found else "gz-tab-scene"


def copies_url(at, number, to) -> str:
    return reverse("games:campaign-trays", args=[at.code]) + f"?copies={number}&to={to}"


def test_a_campaign_page_has_a_tab_bar_kept_across_swaps_and_two_columns(
    client, table, django_assert_num_queries
):
    seated(client, table)
    page(client, table)
    with django_assert_num_queries(3):  # the table, the world's hash, the recent log
        html = page(client, table)
    assert 'class="gz gz-split"' in html
    assert html.index('class="gz-col gz-col-main"') < html.index('class="gz-col gz-col-side"')
    assert html.count('hx-preserve="true"') >= 2  # the tab bar's radios outlive a live swap
    assert checked(html) == "gz-tab-scene"  # the scene first
    assert html.index("gz-col-side") < html.index('aria-label="Campaign"')


def test_without_javascript_a_campaign_move_answers_on_the_campaign_tab(client, table):
    seated(client, table)
    table.refresh_from_db()
    url = reverse("games:move", args=[table.code, "campaign-gold"])
    html = client.post(url, {"version": table.version, "player": 1, "amount": 2}).content
    assert checked(html.decode()) == "gz-tab-campaign"
    # over htmx the tab a device shows is its own (the radios are preserved): none checked
    table.refresh_from_db()
    data = {"version": table.version, "player": 1, "amount": 2}
    html = client.post(url, data, **HTMX).content.decode()
    assert " checked" not in html.split('class="gz-tabs"')[1].split("</div>")[0]


def test_a_book_only_table_has_no_tab_bar(client, world):  # noqa: F811
    book = tables.create_table("galzyr", "Friday", {"players": ["Mara"]})
    seated(client, book)
    html = page(client, book)
    assert 'class="gz"' in html and "gz-tabs" not in html


def test_the_keypad_says_a_fifth_digit_is_refused(client, table):
    s = state_of(table)
    seated(client, table, f"p{s.active + 1}")
    html = page(client, table)
    assert "gzKey(this,'1')" in html and ".slice(-4)" not in html
    assert "A scene number has 4 digits at most" in html


def test_move_a_card_with_copies_that_differ_asks_which_in_place(
    client, table, django_assert_num_queries
):
    seated(client, table)
    post_move(client, table, "campaign-take-card", {"number": 170, "pick": "random", "player": 2})
    before = state_of(table).campaign
    response = post_move(client, table, "campaign-move-card", {"number": 170, "to": "vault"})
    html = response.content.decode()
    assert response.status_code == 200 and response["HX-Trigger"] == "tk:refused"
    assert "Card #170 has different copies:" in html and "Say which one to move." in html
    assert state_of(table).campaign == before
    form = html.split('id="gz-move-card"')[1].split("</details>")[0]
    assert form.startswith(" open>")  # the form stays open, the number as typed
    assert 'name="number" inputmode="numeric"' in form and 'value="170"' in form
    url = copies_url(table, 170, "vault")
    assert f'hx-get="{url.replace("&", "&amp;")}" hx-trigger="load"' in form
    assert f'href="{url.replace("&", "&amp;")}#gz-copies"' in form  # without JavaScript

    with django_assert_num_queries(1):  # the table
        offered = client.get(url, **HTMX).content.decode()
    assert offered.count('hx-post="') == offered.count("<form") in (5, 6)  # a thimble: 6
    assert f"{MARROWS} inventory" in offered and "Bell-clapper charm" in offered
    held = offered.split(f"{MARROWS} inventory")[0].rsplit("<form", 1)[1]
    assert 'name="source" value="items:marrow"' in held
    choice = {
        "number": 170,
        "to": "vault",
        "source": "items:marrow",
        "variant": held.split('name="variant" value="')[1].split('"')[0],
    }
    post_move(client, table, "campaign-move-card", choice)
    c = state_of(table).campaign
    assert c.places["items:marrow"] == []
    assert [c.copies[cid].number for cid in c.places["vault"]] == [170]


def test_without_javascript_the_trays_page_offers_the_copies(client, table):
    seated(client, table)
    post_move(client, table, "campaign-take-card", {"number": 150, "player": 1})
    html = client.get(copies_url(table, 150, "vault")).content.decode()
    assert 'id="gz-tray-library"' in html  # the whole page
    copies = html.split('id="gz-copies"')[1].split("</div>")[0]
    assert "Which card #150 goes to the vault?" in copies and "hx-post" not in copies
    assert f"Move card #150 from {ODILES} inventory" in copies
    assert 'Move card #150 from the library <span class="muted">(one of 2 alike)' in copies
    nowhere = client.get(copies_url(table, 150, "nowhere"), **HTMX).content.decode()
    assert "gz-copies" not in nowhere  # not a place: not a question about copies
