"""A brand-new group saves its card-data sheet before its first game (issue 16, item 4).

A browser that keeps no group's table is asked for the group's name by the sheet's Save;
saving creates the group (a new key, kept by this browser in a signed cookie,
games/web/browser_groups.py) and the group's card data; the same browser's new table of that name
joins the key and starts with those cards. The server-wide sheet stays a librarian's.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.core.registry import get_game
from games.models import GameCatalog, GroupCatalog, Table
from games.services import catalogs
from games.web.browser_groups import COOKIE
from tests.games.services.card_sheets.card_sheet_data import FILLED, post_for

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SLUGS = list(FILLED)


def sheet_url(slug: str) -> str:
    return reverse("games:card-sheet", args=[slug])


@pytest.mark.parametrize("slug", SLUGS)
def test_a_new_group_saves_its_sheet_before_its_first_table(slug, django_assert_num_queries):
    client = Client()
    data = catalogs.validate(get_game(slug), FILLED[slug]())
    post = post_for(slug, data, group="", new_group="  Thursday Crew ")
    # No claims (no cookie); the server's data; the save's transaction (a savepoint under the
    # test's, and its release) around update_or_create (savepoint, select, savepoint, insert,
    # both releases): nothing more for a new group.
    with django_assert_num_queries(9):
        response = client.post(sheet_url(slug), post, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "tk:refused" not in response.get("HX-Trigger", "")
    assert "Saved for Thursday Crew" in html and "Start a table for Thursday Crew" in html
    assert COOKIE in response.cookies  # this browser keeps the group
    saved = GroupCatalog.objects.get(game=slug)
    assert saved.data and not GameCatalog.objects.exists()
    # The sheet is the group's from now on in this browser, with its own Save.
    html = client.get(sheet_url(slug)).content.decode()
    assert "For the group Thursday Crew" in html and 'id="sheet-group"' not in html
    assert 'id="sheet-save"' in html
    # The new table of that name joins the group and starts with its cards: the form starts
    # with the group's name (from the sheet's link, or on its own), which it offers too.
    form = client.get(reverse("games:new", args=[slug]) + "?group=Thursday+Crew")
    assert b'value="Thursday Crew"' in form.content
    form = client.get(reverse("games:new", args=[slug])).content.decode()
    assert 'name="group" maxlength="60" value="Thursday Crew"' in form
    assert '<datalist id="groups"><option value="Thursday Crew"></datalist>' in form
    client.post(
        reverse("games:new", args=[slug]),
        {"name": "First game", "group": "Thursday Crew", "player": ["Ada", "Bo", "Cy"]},
    )
    table = Table.objects.get()
    assert table.group_key == saved.group_key
    # (the group's key gives a new table the group's card data: test_card_sheet_views.py)
    assert catalogs.saved(get_game(slug), table.group_key) == saved.data


def test_saving_again_keeps_the_same_group():
    client = Client()
    data = FILLED["tavern-tales"]()
    post = post_for("tavern-tales", data, group="", new_group="Thursday")
    client.post(sheet_url("tavern-tales"), post, **HTMX)
    key = GroupCatalog.objects.get().group_key
    # The page now posts the group's key; a second save updates the same group.
    response = client.post(sheet_url("tavern-tales"), {**post, "group": key}, **HTMX)
    assert "Saved for Thursday" in response.content.decode()
    assert GroupCatalog.objects.count() == 1
    # Another sheet named the same from this browser joins it too.
    client.post(sheet_url("dark-tales"), post_for("dark-tales", {}, group="", new_group="Thursday"))
    assert set(GroupCatalog.objects.values_list("group_key", flat=True)) == {key}


def test_without_a_name_the_sheet_comes_back_as_typed_and_nothing_is_saved(
    django_assert_num_queries,
):
    client = Client()
    post = post_for("tales-of-danger", {}, group="") | {"people-3-plans": "4"}
    with django_assert_num_queries(1):  # the server's data; no write
        response = client.post(sheet_url("tales-of-danger"), post, **HTMX)
    html = response.content.decode()
    assert response["HX-Trigger"] == "tk:refused"
    assert "Enter your group&#x27;s name to save its card data." in html
    assert 'name="people-3-plans" value="4"' in html  # what was typed stays
    response = client.post(sheet_url("tales-of-danger"), {**post, "new_group": "x" * 61}, **HTMX)
    html = response.content.decode()
    assert "A group&#x27;s name can be at most 60 characters." in html
    assert 'value="' + "x" * 61 + '"' in html  # the name as typed
    assert COOKIE not in response.cookies
    assert not GroupCatalog.objects.exists() and not GameCatalog.objects.exists()


def test_a_group_key_is_saved_only_by_the_browser_that_keeps_it():
    owner = Client()
    post = post_for("dark-tales", FILLED["dark-tales"](), group="", new_group="Thursday")
    owner.post(sheet_url("dark-tales"), post)
    key = GroupCatalog.objects.get().group_key
    stranger = Client()
    stranger.cookies[COOKIE] = f'{{"{key}":"Thursday"}}'  # unsigned: not this server's
    response = stranger.post(sheet_url("dark-tales"), {**post, "group": key, "new_group": ""})
    assert response.status_code == 400
    assert GroupCatalog.objects.get().data == catalogs.validate(
        get_game("dark-tales"), FILLED["dark-tales"]()
    )
