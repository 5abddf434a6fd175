"""The trays page (every tray in numerical order, card by card) and the panel's trays, which
show counts and fetch a tray's cards when opened, so a move's answer stays small."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.galzyr.campaign import tray, where_is
from games.galzyr.shelf import forget_books
from games.galzyr.state import State
from games.models import Table
from games.services import tables
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())
    return tables.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )


def seated(client, table, seat="table"):
    return sit(client, table, seat)


def trays_url(table) -> str:
    return reverse("games:campaign-trays", args=[table.code])


def campaign_of(table):
    return State.model_validate(Table.objects.get(pk=table.pk).state).campaign


def chips(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'class="chip gz-card"[^>]*>#(\d{3})<', html)]


def test_the_trays_page_shows_every_tray_in_numerical_order(client, table):
    seated(client, table)
    c = campaign_of(table)
    response = client.get(trays_url(table))
    assert response.status_code == 200
    html = response.content.decode()
    library = [c.copies[cid].number for cid in tray(c, "library")]
    assert library == sorted(library) and len(library) > 50
    section = html.split('id="gz-tray-library"')[1].split("</section>")[0]
    assert chips(section) == library
    for key in ("library", "vault", "quest_slot", "noticeboard"):
        assert f'id="gz-tray-{key}"' in html
    assert 'id="gz-where-form"' in html and 'id="gz-where-answer"' in html


def test_its_queries_do_not_grow_with_the_cards(client, table, django_assert_num_queries):
    seated(client, table)
    client.get(trays_url(table))
    with django_assert_num_queries(1):  # the table (the trays need no book)
        client.get(trays_url(table))


def test_a_tray_opened_in_the_panel_fetches_only_its_cards(client, table):
    seated(client, table)
    c = campaign_of(table)
    response = client.get(trays_url(table), {"tray": "library"}, **HTMX)
    html = response.content.decode().strip()
    assert html.startswith('<p class="gz-tray-cards">') and "<section" not in html
    assert chips(html) == [c.copies[cid].number for cid in tray(c, "library")]
    missing = client.get(trays_url(table), {"tray": "nowhere"}, **HTMX)
    assert missing.status_code == 404


def test_a_move_answers_with_the_tray_counts_not_their_cards(client, table):
    seated(client, table)
    response = client.post(
        reverse("games:move", args=[table.code, "campaign-move-card"]),
        {"version": table.version, "number": 150, "to": "vault"},
        **HTMX,
    )
    html = response.content.decode()
    c = campaign_of(table)
    library = html.split('id="gz-tray-library"')[1].split("</details>")[0]
    assert f"({len(c.places['library'])})" in library
    assert chips(library) == [] and f"{trays_url(table)}?tray=library" in library
    assert 'id="gz-where-form"' in html and "gz-where-data" not in html  # asked when typed
    assert 'data-tray="library"' in html
    assert "Card #150" in html or "card #150" in html


def test_where_is_answers_one_number_over_htmx_and_on_the_page_without_it(client, table):
    seated(client, table)
    post_move = reverse("games:move", args=[table.code, "campaign-move-card"])
    client.post(post_move, {"version": table.version, "number": 150, "to": "vault"}, **HTMX)
    c = campaign_of(table)
    sentence = where_is(c, 150)
    assert "vault" in sentence
    htmx = client.get(trays_url(table), {"number": "150"}, **HTMX)
    assert htmx.status_code == 200 and htmx.content.decode().strip() == sentence
    page = client.get(trays_url(table), {"number": "#150"}).content.decode()
    assert 'id="gz-tray-library"' in page  # the whole page, with the answer in place
    answer = page.split('id="gz-where-answer"')[1].split("</p>")[0]
    assert sentence in answer
    for typed, expected in (("abc", "Type a card number"), ("1234", "Type a card number")):
        text = client.get(trays_url(table), {"number": typed}, **HTMX).content.decode()
        assert expected in text
    missing = client.get(trays_url(table), {"number": "998"}, **HTMX).content.decode()
    assert "no card #998" in missing


def test_the_api_lists_the_trays_and_answers_where_is(table):
    c = campaign_of(table)
    client = api_as(table, "table")  # the shared display's token (the code alone reads none)
    body = client.get(reverse("api-trays", args=[table.code])).json()
    library = next(t for t in body["trays"] if t["key"] == "library")
    assert [x["number"] for x in library["cards"]] == [
        c.copies[cid].number for cid in tray(c, "library")
    ]
    assert body["in_trays"] == sum(
        len(t["cards"]) for t in body["trays"] if t["key"] != "noticeboard"
    )
    assert body["where"]["150"] == where_is(c, 150)
    one = client.get(reverse("api-where", args=[table.code, 150])).json()
    assert one == {"number": 150, "where": where_is(c, 150)}
    # the table's own document keeps counts only
    view = client.get(reverse("api-table", args=[table.code])).json()["state"]["campaign"]
    counts = {t["key"]: t["count"] for t in view["trays"]}
    assert counts["library"] == len(library["cards"]) and "where" not in view
    assert all("cards" not in t for t in view["trays"])


def test_the_api_trays_answer_every_credential_the_same_and_refuse_a_book_table(client, table):
    # Nothing in a campaign is secret at the table: the shared display's token, a player's and
    # the keeper's holding no seat get the same; the code alone and another table's token
    # (anonymous here) read no tray (tests/api/test_code_alone.py).
    url = reverse("api-trays", args=[table.code])
    other = tables.create_table(
        "galzyr", "Other", {"players": ["Mara"], "world": "sallowmere-marches"}
    )
    seated = (api_as(table, "table"), api_as(table, "p2"), api_as(table, None, keeper=True))
    bodies = [c.get(url).json() for c in seated]
    assert bodies[0]["trays"] and bodies[0] == bodies[1] == bodies[2]
    assert [c.get(url).status_code for c in (client, api_as(other, "sm"))] == [403, 403]
    assert client.get(reverse("api-where", args=["NOSUCHCODE", 1])).status_code == 404
    book = tables.create_table(
        "galzyr", "Book", {"players": ["Mara"], "world": "sallowmere-marches"}
    )
    refused = api_as(book, "sm").get(reverse("api-trays", args=[book.code]))
    assert refused.status_code == 404 and "campaign" in refused.json()["error"]
    tales = tables.create_table("dark-tales", "Other", {"players": ["Mara", "Bo"]})
    assert api_as(tales, "p1").get(reverse("api-where", args=[tales.code, 1])).status_code == 404


def test_the_trays_page_needs_a_seat_and_a_campaign(client, table):
    assert client.get(trays_url(table)).status_code == 302
    book = tables.create_table(
        "galzyr", "Book", {"players": ["Mara"], "world": "sallowmere-marches"}
    )
    seated(client, book)
    assert client.get(trays_url(book)).status_code == 404


def test_the_card_lists_built_in_python_match_the_template_markup():
    from django.template import Context, Template

    cards = [
        {"number": 7, "name": "A <b>\"bold\"</b> & 'odd' name"},
        {"number": 150, "name": "Eel"},
    ]
    by_template = Template(
        '{% for x in cards %}<span class="chip gz-card" title="{{ x.name }}">'
        '#{{ x.number|stringformat:"03d" }}</span> {% endfor %}|'
        '{% for x in cards %}<option value="{{ x.number }}">#{{ x.number|stringformat:"03d" }} '
        "{{ x.name }}</option>{% endfor %}"
    )
    by_filter = Template(
        "{% load galzyr_campaign %}{{ cards|gz_tray_chips }}|{{ cards|gz_card_options }}"
    )
    context = Context({"cards": cards})
    assert by_filter.render(context) == by_template.render(context)
    assert "&lt;b&gt;" in by_filter.render(context)
