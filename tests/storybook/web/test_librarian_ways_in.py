"""A librarian's ways in: the catalog's forms shown only to a librarian, the admin's sign-in,
and what refuses a write from elsewhere (cross-origin, a session without its CSRF token, a
wrong token) while a script's token and a session with its token write."""

from __future__ import annotations

import re

import pytest
from django.test import Client, RequestFactory
from rest_framework.authtoken.models import Token
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.test import APIClient

from storybook.models import World
from tests.storybook.web.librarian_data import (
    API,
    CARD_JSON,
    CATALOG,
    HX,
    MINIMAL,
    SLUG,
    bundle,
    renamed_catalog,
    snapshot,
)

pytestmark = pytest.mark.django_db


# -- reading stays open; forms only for librarians ------------------------------------------------
def test_a_visitor_reads_the_catalog_without_its_forms(world, client):
    html = client.get(CATALOG).content.decode()
    assert 'method="post"' not in html and "csrfmiddlewaretoken" not in html
    assert "Only a librarian can change this catalog and map" in html
    assert f'href="/admin/login/?next={CATALOG}"' in html
    row = html[html.index('id="card-127"') : html.index('id="card-128"')]
    assert "Card #127" in row and "enter from your cards" in row
    assert "Location 1 – Location 2" in html and "all year" in html
    assert client.get(f"{CATALOG}export/").status_code == 200
    assert client.get(f"{API}catalog/").status_code == 200
    assert client.get(f"{API}cards/296/").json()["name"] == "Card #296"
    assert client.get("/api/worlds/").status_code == 200


def test_a_librarian_sees_the_forms(world, librarian_client):
    html = librarian_client.get(CATALOG).content.decode()
    assert 'action="/worlds/lands-of-galzyr/catalog/cards/127/"' in html
    assert 'action="/worlds/lands-of-galzyr/catalog/import/"' in html
    assert "Only a librarian" not in html


@pytest.mark.parametrize(
    ("path", "form"), [("/worlds/", 'name="bundle"'), ("/catalog/dark-tales/", 'name="yaml"')]
)
def test_the_upload_and_card_data_forms_are_a_librarians(path, form, client, librarian):
    html = client.get(path).content.decode()
    assert form not in html and "Only a librarian" in html
    client.force_login(librarian)
    html = client.get(path).content.decode()
    assert form in html and "Only a librarian" not in html


def test_a_librarian_signs_in_at_the_admin_and_comes_back(world, librarian):
    client = Client()
    response = client.post(
        f"/admin/login/?next={CATALOG}",
        {"username": "librarian", "password": "shelf-and-quill-9", "next": CATALOG},
    )
    assert response.status_code == 302 and response["Location"] == CATALOG
    assert (
        'action="/worlds/lands-of-galzyr/catalog/import/"' in client.get(CATALOG).content.decode()
    )


# -- cross-origin, CSRF, tokens ----------------------------------------------------------------------
def test_a_cross_origin_multipart_upload_without_a_cookie_is_refused(world):
    before = snapshot()
    client = APIClient(enforce_csrf_checks=True)
    response = client.post(
        "/api/worlds/",
        {"bundle": bundle(MINIMAL, SLUG)},
        format="multipart",
        HTTP_ORIGIN="https://evil.example",
        HTTP_REFERER="https://evil.example/",
    )
    assert response.status_code == 401
    assert snapshot() == before
    # The page is no way round: Django's CSRF check refuses the form post before the view.
    page = Client(enforce_csrf_checks=True).post(
        "/worlds/", {"bundle": bundle(MINIMAL, SLUG)}, HTTP_ORIGIN="https://evil.example"
    )
    assert page.status_code == 403
    assert snapshot() == before


def test_a_session_without_the_csrf_token_is_refused(world, librarian):
    before = snapshot()
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(librarian)
    response = client.post("/api/worlds/", {"bundle": bundle(MINIMAL, SLUG)}, format="multipart")
    assert response.status_code == 403
    assert "without its CSRF token" in response.json()["error"]
    response = client.put(f"{API}cards/296/", CARD_JSON, format="json")
    assert response.status_code == 403
    assert snapshot() == before
    page = Client(enforce_csrf_checks=True)
    page.force_login(librarian)
    assert page.post(f"{CATALOG}cards/127/", {"name": "Lost Map"}, **HX).status_code == 403
    assert snapshot() == before


def test_a_session_with_the_csrf_token_writes(world, librarian):
    client = Client(enforce_csrf_checks=True)
    client.force_login(librarian)
    html = client.get(CATALOG).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)[1]
    response = client.put(
        f"{API}cards/296/", CARD_JSON, content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 200
    assert World.objects.get(slug=SLUG).data["cards"]["296"]["name"] == "Brass key"


def test_a_script_writes_with_a_token_and_no_csrf(world, librarian):
    token = Token.objects.create(user=librarian)
    script = APIClient(enforce_csrf_checks=True)
    script.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = script.post(f"{API}catalog/", renamed_catalog(), content_type="application/yaml")
    assert response.status_code == 200 and response.json()["saved"] is True
    response = script.post("/api/worlds/", {"bundle": bundle(MINIMAL, "vale")}, format="multipart")
    assert response.status_code == 201 and response.json()["world"]["slug"] == "vale"


def test_a_wrong_token_or_a_readers_token_is_refused(world, django_user_model):
    before = snapshot()
    script = APIClient()
    script.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = script.put(f"{API}cards/296/", CARD_JSON, format="json")
    assert response.status_code == 401 and response.json()["error"]
    reader = django_user_model.objects.create_user("reader")
    script.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=reader).key}")
    assert script.put(f"{API}cards/296/", CARD_JSON, format="json").status_code == 403
    assert snapshot() == before


def test_a_bearer_header_is_left_to_the_tables(world):
    """Seats send "Authorization: Bearer …"; the librarians' authentication ignores it, so it
    never turns a table request into a 401."""
    request = Request(RequestFactory().get("/", HTTP_AUTHORIZATION="Bearer abc.def"))
    for auth in api_settings.DEFAULT_AUTHENTICATION_CLASSES:
        assert auth().authenticate(request) is None, auth
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Bearer abc.def")
    assert client.get("/api/worlds/").status_code == 200
    assert client.get(f"{API}cards/296/").status_code == 200
    # Writing a world still needs a librarian: no credentials it knows, so 401.
    assert client.put(f"{API}cards/296/", CARD_JSON, format="json").status_code == 401


def test_the_schema_says_who_may_write(client):
    schema = client.get("/api/schema/?format=json").json()
    upload = schema["paths"]["/api/worlds/"]["post"]
    assert {"401", "403"} <= set(upload["responses"])
    assert {"401", "403"} <= set(
        schema["paths"]["/api/worlds/{slug}/cards/{number}/"]["put"]["responses"]
    )
    assert {"401", "403"} <= set(
        schema["paths"]["/api/worlds/{slug}/catalog/"]["post"]["responses"]
    )
    assert "401" not in schema["paths"]["/api/worlds/"]["get"]["responses"]
