"""The new-table form and the REST API start a campaign with each player's adventurer and
Discord or Harmony; a bad choice comes back on the form (or as a 400) and creates nothing."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from games.galzyr.shelf import forget_books, world_choices
from games.galzyr.state import State
from games.models import Table
from games.services import tables

pytestmark = pytest.mark.django_db

SAMPLE = "fixtures/worlds/sallowmere-marches"
MINIMAL = "fixtures/worlds/_minimal"


def load(path: str, slug: str | None = None) -> None:
    args = [path] + (["--slug", slug] if slug else [])
    call_command("load_world", *args, stdout=StringIO())


@pytest.fixture
def new() -> str:
    return reverse("games:new", args=["galzyr"])


@pytest.fixture
def world():
    forget_books()
    load(SAMPLE)


def form(**fields) -> dict:
    data = {
        "name": "Friday",
        "player": ["Mara", "Bo", "", "", "", ""],
        "opt_world": "sallowmere-marches",
        "opt_mode": "campaign",
        "opt_adventurers": ["-"] * 6,
        "opt_play": "cooperative",
    }
    return {**data, **fields}


def test_the_form_offers_each_loaded_worlds_adventurers_in_a_constant_number_of_queries(
    client, world, new, django_assert_num_queries
):
    with django_assert_num_queries(1):  # the worlds with their adventurers (and the default)
        content = client.get(new).content.decode()
    assert content.count('name="opt_adventurers"') == 6
    assert 'value="wren">Wren Tallowby</option>' in content
    assert 'value="competitive"' in content and "Co-operative (Harmony)" in content
    load(MINIMAL, "minimal")
    with django_assert_num_queries(1):
        content = client.get(new).content.decode()
    assert 'data-gz-of="minimal"' in content and ">Pell</option>" in content


def test_the_form_lists_every_world_with_its_adventurers_default_first(world):
    load(MINIMAL, "minimal")  # "Minimal Vale" comes first by name
    worlds = world_choices()
    assert [w.slug for w in worlds] == ["sallowmere-marches", "minimal"]
    assert worlds[0].adventurers[:2] == (
        ("odile", "Odile Brackwater"),
        ("marrow", "Marrow Hollins"),
    )


@override_settings(TALEKEEPER_SAMPLE_WORLD="minimal")
def test_the_default_world_is_the_settings_one_when_it_has_a_book(world):
    load(MINIMAL, "minimal")
    assert [w.slug for w in world_choices()] == ["minimal", "sallowmere-marches"]
    table = tables.create_table("galzyr", "Friday", {"players": ["Mara"]})
    assert table.state["world"] == "minimal"  # what the form offers first, a table reads


def test_two_worlds_of_one_name_are_told_apart_by_their_slugs(
    client, world, new, django_assert_num_queries
):
    load(MINIMAL, "minimal")
    load(MINIMAL, "minimal-copy")  # the same world loaded again under another slug
    with django_assert_num_queries(1):
        content = client.get(new).content.decode()
    assert '<option value="minimal">Minimal Vale (minimal)</option>' in content
    assert '<option value="minimal-copy">Minimal Vale (minimal-copy)</option>' in content
    assert 'label="Minimal Vale (minimal-copy)" data-gz-of="minimal-copy"' in content
    assert ">The Sallowmere Marches</option>" in content  # a name of its own keeps no slug


def test_the_form_starts_the_campaign_with_the_choices(client, world, new):
    picks = ["wren", "-", "-", "-", "-", "-"]
    response = client.post(new, form(opt_adventurers=picks, opt_play="competitive"))
    assert response.status_code == 302
    s = State.model_validate(Table.objects.get().state)
    assert s.adventurers == ["wren", "odile"] and s.campaign.game.mode == "competitive"


def test_a_bad_choice_is_shown_on_the_form_and_creates_nothing(client, world, new):
    picks = ["marrow", "marrow", "-", "-", "-", "-"]
    response = client.post(new, form(opt_adventurers=picks, opt_play="competitive"))
    content = response.content.decode()
    assert response.status_code == 200 and not Table.objects.exists()
    assert "Marrow Hollins is chosen twice" in content and 'role="alert"' in content
    # the choices stay as they were sent, to be corrected
    assert content.count('value="marrow" selected') == 2
    assert 'value="competitive" checked' in content
    assert 'value="campaign" data-gz-campaign checked' in content


def test_a_pick_for_a_player_who_is_not_there_is_refused(client, world, new):
    picks = ["-", "-", "wren", "-", "-", "-"]
    content = client.post(new, form(opt_adventurers=picks)).content.decode()
    assert "(2 at the table, not 3)" in content and not Table.objects.exists()


def test_a_book_only_table_ignores_the_untouched_campaign_rows(client, world, new):
    data = form()
    del data["opt_mode"]
    assert client.post(new, data).status_code == 302
    assert Table.objects.get().state["mode"] == "book"


def test_the_api_creates_a_campaign_with_the_choices_and_refuses_a_bad_one(world):
    api = APIClient()
    options = {
        "players": ["Mara", "Bo"],
        "world": "sallowmere-marches",
        "mode": "campaign",
        "adventurers": ["ysolde", "marrow"],
        "play": "competitive",
    }
    created = api.post("/api/tables/", {"game": "galzyr", "options": options}, format="json")
    assert created.status_code == 201, created.content
    s = State.model_validate(Table.objects.get().state)
    assert s.adventurers == ["ysolde", "marrow"] and s.campaign.game.mode == "competitive"

    for bad, says in (
        (["ysolde", "bumir"], "no adventurer “bumir”"),
        (["ysolde", "ysolde"], "Ysolde Fennick is chosen twice"),
        (["ysolde"], "(2 at the table, not 1)"),
    ):
        body = {"game": "galzyr", "options": {**options, "adventurers": bad}}
        response = api.post("/api/tables/", body, format="json")
        assert response.status_code == 400 and says in response.json()["error"]
    assert Table.objects.count() == 1
