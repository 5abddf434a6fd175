"""The catalog page (/worlds/<slug>/catalog/) with and without htmx, and the catalog API."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from storybook import world_edit
from storybook.models import World
from storybook.services import load_world_folder

pytestmark = pytest.mark.django_db

GALZYR = Path(__file__).resolve().parents[3] / "fixtures" / "worlds" / "lands-of-galzyr"
HX = {"HTTP_HX_REQUEST": "true"}
# What a signed-in librarian's request reads first: the session, the user, and its
# permissions (its own, its groups') for the librarian check.
SIGNED_IN = 4


@pytest.fixture
def galzyr() -> World:
    return load_world_folder(GALZYR).world


def fresh() -> World:
    return World.objects.get(slug="lands-of-galzyr")


def url(name: str, *args) -> str:
    return reverse(f"storybook:{name}", args=["lands-of-galzyr", *args])


# -- the page ------------------------------------------------------------------------------------
def test_the_worlds_page_links_to_each_catalog(client, galzyr):
    assert url("world-edit") in client.get(reverse("storybook:worlds")).content.decode()


def test_the_page_lists_every_card_in_order_and_marks_the_unknown_names(
    librarian_client, galzyr, django_assert_num_queries
):
    with django_assert_num_queries(SIGNED_IN + 1):  # the world with its data
        response = librarian_client.get(url("world-edit"))
    assert response.status_code == 200
    html = response.content.decode()
    numbers = [int(n) for n in re.findall(r'<li id="card-(\d{3})">', html)]
    assert numbers == sorted(int(n) for n in galzyr.data["cards"]) and len(numbers) == 66
    assert "enter from your cards" in html and "enter from your board" in html
    row = html[html.index('id="card-001"') : html.index('id="card-002"')]
    assert 'value="January"' in row and "enter from your cards" not in row
    row = html[html.index('id="card-127"') : html.index('id="card-128"')]
    assert "enter from your cards" in row and 'name="copies"' in row
    assert 'id="location-card-074"' in html and 'id="map"' in html
    assert "lint warning" not in html  # placing #074–#077 is the owner's: noted, not warned


def test_an_unknown_world_is_404(librarian_client):
    assert librarian_client.get("/worlds/nowhere/catalog/").status_code == 404
    assert (
        librarian_client.post("/worlds/nowhere/catalog/cards/1/", {"name": "x"}, **HX).status_code
        == 404
    )


def test_an_htmx_edit_answers_its_row_and_the_warnings(
    librarian_client, galzyr, django_assert_num_queries
):
    # SAVEPOINT, SELECT … (FOR UPDATE on PostgreSQL), UPDATE world, RELEASE SAVEPOINT; the row
    # is rendered from what was saved.
    with django_assert_num_queries(SIGNED_IN + 4):
        response = librarian_client.post(
            url("world-edit-card", 127),
            {"name": "The Lost Map", "copies": "2", "type": "quest"},
            **HX,
        )
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert html.lstrip().startswith('<li id="card-127">') and 'value="The Lost Map"' in html
    assert 'id="warnings" hx-swap-oob="true"' in html
    assert fresh().data["cards"]["127"] == {
        "number": 127,
        "type": "quest",
        "name": "The Lost Map",
        "copies": 2,
    }


def test_a_refused_htmx_edit_shows_the_reason_in_place_and_saves_nothing(
    librarian_client, galzyr, django_assert_num_queries
):
    # SAVEPOINT, SELECT, ROLLBACK TO SAVEPOINT, RELEASE SAVEPOINT; rendered from what was read.
    with django_assert_num_queries(SIGNED_IN + 4):
        response = librarian_client.post(
            url("world-edit-card", 66), {"name": "Quay", "type": "item"}, **HX
        )
    html = response.content.decode()
    assert response.status_code == 200 and response["HX-Trigger"] == "tk:refused"
    assert "card 066 &#x27;Quay&#x27; is an item, not a location" in html
    assert 'value="Quay"' in html  # what was typed stays in the form
    assert fresh().content_hash == galzyr.content_hash


def test_a_variant_is_edited_from_its_own_form(librarian_client, galzyr):
    response = librarian_client.post(
        url("world-edit-card", 111), {"variant": "2", "name": "Feather"}, **HX
    )
    assert response.status_code == 200 and 'value="Feather"' in response.content.decode()
    assert fresh().data["cards"]["111"]["variants"][2]["name"] == "Feather"


def test_without_htmx_an_edit_comes_back_to_the_page(librarian_client, galzyr):
    response = librarian_client.post(url("world-edit-card", 127), {"name": "The Lost Map"})
    assert response.status_code == 303 and response["Location"].endswith("#card-127")
    response = librarian_client.post(url("world-edit-card", 127), {"copies": "99"})
    assert response.status_code == 400
    assert "write at most 20, not 99" in response.content.decode()
    assert fresh().data["cards"]["127"]["name"] == "The Lost Map"


def test_forms_need_the_csrf_token(galzyr, librarian):
    client = Client(enforce_csrf_checks=True)
    client.force_login(librarian)
    assert client.post(url("world-edit-card", 127), {"name": "x"}, **HX).status_code == 403
    page = client.get(url("world-edit")).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
    response = client.post(url("world-edit-card", 127), {"name": "x"}, HTTP_X_CSRFTOKEN=token, **HX)
    assert response.status_code == 200


def test_map_edits_answer_the_map(librarian_client, galzyr):
    response = librarian_client.post(
        url("world-edit-location-card", 74), {"location": "location-2"}, **HX
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="map"') and 'id="location-card-074"' in html
    response = librarian_client.post(
        url("world-edit-routes"), {"a": "location-1", "b": "location-2", "seasons": "winter"}, **HX
    )
    assert 'id="route-location-1-location-2"' in response.content.decode()
    assert fresh().data["info"]["routes"] == [
        {"between": ["location-1", "location-2"], "seasons": ["winter"]}
    ]
    response = librarian_client.post(
        url("world-edit-routes"), {"a": "location-2", "b": "location-1", "seasons": "all"}, **HX
    )
    assert response["HX-Trigger"] == "tk:refused"
    assert "already a route" in response.content.decode()
    librarian_client.post(
        url("world-edit-route"), {"a": "location-1", "b": "location-2", "seasons": "all"}, **HX
    )
    assert fresh().data["info"]["routes"] == [{"between": ["location-1", "location-2"]}]
    librarian_client.post(
        url("world-edit-route"), {"a": "location-1", "b": "location-2", "action": "remove"}
    )
    assert fresh().data["info"].get("routes", []) == []
    librarian_client.post(
        url("world-edit-location", "location-1"),
        {
            "name": "Lakeside",
            "number": "1",
            "sides": "1",
            "summer": ["pier", "hill"],
            "winter": "pier",
        },
        **HX,
    )
    assert fresh().data["info"]["locations"][0] | {"cards": []} == {
        "id": "location-1",
        "name": "Lakeside",
        "number": 1,
        "cards": [],
        "summer": {"terrain": ["pier", "hill"]},
        "winter": {"terrain": ["pier"]},
    }


# -- export and import on the page ---------------------------------------------------------------
def test_the_export_downloads_as_yaml(client, galzyr):
    response = client.get(url("world-edit-export"))
    assert response["Content-Type"] == "application/yaml; charset=utf-8"
    assert 'filename="lands-of-galzyr-catalog.yaml"' in response["Content-Disposition"]
    assert response.content.decode() == world_edit.export_yaml(galzyr)


def test_an_import_is_previewed_then_saved(librarian_client, galzyr):
    text = world_edit.export_yaml(galzyr).replace("name: 'Card #127'", "name: The Lost Map")
    upload = SimpleUploadedFile("ours.yaml", text.encode(), content_type="application/yaml")
    response = librarian_client.post(url("world-edit-import"), {"file": upload})
    html = response.content.decode()
    assert response.status_code == 200
    assert "ours.yaml is valid and would change: 1 card renamed" in html
    assert "#127 renamed: “Card #127” → “The Lost Map”" in html
    assert fresh().content_hash == galzyr.content_hash  # nothing saved yet
    form = {"confirm": "1", "yaml": text, "filename": "ours.yaml"}
    response = librarian_client.post(
        url("world-edit-import"), {**form, "expected_hash": galzyr.content_hash}
    )
    assert "Imported ours.yaml: 1 card renamed." in response.content.decode()
    assert fresh().data["cards"]["127"]["name"] == "The Lost Map"


def test_a_refused_import_shows_every_finding(librarian_client, galzyr):
    upload = SimpleUploadedFile("bad.yaml", b"format: 1\nformat: 2\n")
    response = librarian_client.post(url("world-edit-import"), {"file": upload})
    assert response.status_code == 400
    assert "bad.yaml:2: error: duplicate key &#x27;format&#x27;" in response.content.decode()
    assert librarian_client.post(url("world-edit-import"), {"yaml": ""}).status_code == 400
    assert fresh().content_hash == galzyr.content_hash


# -- the API -------------------------------------------------------------------------------------
def api(*parts) -> str:
    return "/api/worlds/lands-of-galzyr/" + "/".join(str(p) for p in parts) + "/"


def test_api_reads_a_card(client, galzyr):
    assert client.get(api("cards", 296)).json() == {
        "number": 296,
        "type": "item",
        "name": "Card #296",
        "copies": 2,
    }
    response = client.get(api("cards", 500))
    assert response.status_code == 404 and "no card #500" in response.json()["error"]
    assert client.get("/api/worlds/nowhere/cards/1/").status_code == 404


def test_api_puts_a_card(librarian_client, galzyr):
    card = {"number": 296, "type": "item", "name": "Brass key", "copies": 1, "gold": 2}
    response = librarian_client.put(api("cards", 296), card, content_type="application/json")
    body = response.json()
    assert response.status_code == 200 and body["saved"]
    # As stored (and as cards.yaml would say it): a default value (copies: 1) is left out.
    assert body["card"] == {"number": 296, "type": "item", "name": "Brass key", "gold": 2}
    assert body["changes"]["counts"]["renamed"] == 1 and body["changes"]["copies"] == [
        {"card": "#296", "old": 2, "new": 1}
    ]
    assert body["world"]["content_hash"] == fresh().content_hash
    new = {"number": 300, "type": "item", "name": "Spare"}
    response = librarian_client.put(api("cards", 300), new, content_type="application/json")
    assert response.status_code == 201 and fresh().card_count == 67


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"number": 296, "type": "item", "name": "x", "copies": 21}, "write at most 20, not 21"),
        ({"number": 297, "type": "item", "name": "x"}, "the address says 296"),
        ({"number": 296, "type": "item"}, "missing key 'name'"),
        ({"number": 296, "type": "item", "name": "x", "colour": "red"}, "colour: unknown key"),
        ([1, 2], "A card is a mapping"),
    ],
)
def test_api_refuses_a_bad_card_with_400_json(librarian_client, galzyr, body, message):
    response = librarian_client.put(api("cards", 296), body, content_type="application/json")
    assert response.status_code == 400
    assert message in response.json()["error"] + " ".join(response.json().get("diagnostics", []))
    assert fresh().content_hash == galzyr.content_hash


def test_api_exports_and_imports_yaml(librarian_client, galzyr):
    response = librarian_client.get(api("catalog"))
    assert response.status_code == 200 and response["Content-Type"].startswith("application/yaml")
    text = response.content.decode().replace("name: 'Card #127'", "name: The Lost Map")
    dry = librarian_client.post(
        api("catalog") + "?dry_run=true", text, content_type="application/yaml"
    )
    assert dry.status_code == 200 and dry.json()["saved"] is False
    assert dry.json()["changes"]["counts"]["renamed"] == 1
    assert fresh().content_hash == galzyr.content_hash
    done = librarian_client.post(api("catalog"), text, content_type="application/yaml")
    assert done.json()["saved"] is True and done.json()["summary"] == "1 card renamed"
    assert librarian_client.get(api("catalog")).content.decode() == text


def test_api_imports_a_file_field(librarian_client, galzyr):
    text = world_edit.export_yaml(galzyr).replace(
        "routes: []", "routes:\n  - between: [location-1, location-2]"
    )
    upload = SimpleUploadedFile("ours.yaml", text.encode())
    response = librarian_client.post(api("catalog"), {"file": upload})
    assert response.status_code == 200 and response.json()["changes"]["routes_added"] == [
        "Location 1 – Location 2"
    ]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("cards: [\n", "catalog.yaml:2: error: YAML syntax"),
        ("format: 1\nformat: 1\n", "duplicate key 'format'"),
        ("#" * (world_edit.MAX_BYTES + 10), "larger than 1 MB"),
        ("", "Send the YAML"),
    ],
)
def test_api_refuses_a_bad_import_with_400_json(librarian_client, galzyr, body, message):
    response = librarian_client.post(api("catalog"), body, content_type="application/yaml")
    assert response.status_code == 400
    payload = response.json()
    assert message in payload["error"] + " ".join(payload["diagnostics"])
    assert fresh().content_hash == galzyr.content_hash


def test_the_api_schema_describes_the_catalog_endpoints(client):
    schema = client.get("/api/schema/?format=json").json()
    assert "/api/worlds/{slug}/cards/{number}/" in schema["paths"]
    assert "/api/worlds/{slug}/catalog/" in schema["paths"]
