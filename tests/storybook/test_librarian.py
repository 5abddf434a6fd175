"""Worlds and catalogs are written by a librarian (storybook.librarian).

Every write endpoint and page is in one table: a visitor and a signed-in user without the
permission are refused and change nothing; a librarian gets through. Then the ways in: a
cross-origin upload, a session without its CSRF token, a script's token, and how a librarian
is made.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Group, Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client, RequestFactory
from rest_framework.authtoken.models import Token
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.test import APIClient

from games import catalogs
from games.registry import get_game
from storybook import catalog_edit as ce
from storybook.librarian import GROUP, PERMISSION, is_librarian, make_librarian
from storybook.models import World, WorldScene
from storybook.services import load_world_folder

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
GALZYR = ROOT / "fixtures" / "worlds" / "lands-of-galzyr"
MINIMAL = ROOT / "fixtures" / "worlds" / "_minimal"
SLUG = "lands-of-galzyr"
HX = {"HTTP_HX_REQUEST": "true"}
DARK_TALES_YAML = (
    "cards:\n- name: Lantern\n  type: event\n  vp: 1\n  goes: discard\n  manual: false\n"
)


def bundle(folder: Path, top: str) -> SimpleUploadedFile:
    """The folder as a world bundle whose folder is named ``top`` (the slug it loads under)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                z.write(path, f"{top}/{path.relative_to(folder).as_posix()}")
    return SimpleUploadedFile(f"{top}.zip", buf.getvalue(), content_type="application/zip")


def renamed_catalog() -> str:
    """The world's catalog file with card #127 named: an import that changes something."""
    return ce.export_yaml(ce.get_catalog(SLUG)).replace("name: 'Card #127'", "name: Lost Map")


@pytest.fixture
def world() -> World:
    """The Lands of Galzyr world, with one route to change."""
    load_world_folder(GALZYR)
    return ce.add_route(SLUG, "location-1", "location-2", list(ce.SEASONS)).world


def snapshot() -> tuple:
    """Everything a write could change: every world row and scene, and the games' catalogs."""
    worlds = list(World.objects.order_by("slug").values())
    scenes = WorldScene.objects.count()
    return worlds, scenes, catalogs.saved(get_game("dark-tales"))


@dataclass(frozen=True)
class Write:
    """One way to write: how to send it, and what a librarian gets back."""

    name: str
    method: str
    path: str
    data: Any = None
    kind: str = "page"  # "api" (JSON refusals), "page" or "htmx"
    content_type: str | None = None
    back: str = ""  # where a visitor returns after signing in (pages)
    accepted: int = 200
    extra: dict = field(default_factory=dict)

    def send(self, client, **headers):
        kwargs: dict[str, Any] = {**self.extra, **headers}
        if self.kind == "htmx":
            kwargs.update(HX)
        data = self.data() if callable(self.data) else self.data
        if self.content_type:
            kwargs["content_type"] = self.content_type
        return getattr(client, self.method)(self.path, data, **kwargs)


CATALOG = f"/worlds/{SLUG}/catalog/"
API = f"/api/worlds/{SLUG}/"
CARD_JSON = {"number": 296, "type": "item", "name": "Brass key"}
WRITES = [
    # The API: 401 without credentials, 403 without the permission.
    Write(
        "api: upload a world",
        "post",
        "/api/worlds/",
        lambda: {"bundle": bundle(MINIMAL, SLUG)},
        "api",
    ),
    Write(
        "api: put a card",
        "put",
        f"{API}cards/296/",
        CARD_JSON,
        "api",
        content_type="application/json",
    ),
    Write(
        "api: import a catalog",
        "post",
        f"{API}catalog/",
        renamed_catalog,
        "api",
        content_type="application/yaml",
    ),
    Write(
        "api: dry-run a catalog",
        "post",
        f"{API}catalog/?dry_run=true",
        renamed_catalog,
        "api",
        content_type="application/yaml",
    ),
    # The pages: a visitor signs in first, a user without the permission reads why.
    Write(
        "page: upload a world",
        "post",
        "/worlds/",
        lambda: {"bundle": bundle(MINIMAL, SLUG)},
        back="/worlds/",
    ),
    Write(
        "page: edit a card",
        "post",
        f"{CATALOG}cards/127/",
        {"name": "Lost Map"},
        back=CATALOG,
        accepted=303,
    ),
    Write("htmx: edit a card", "post", f"{CATALOG}cards/127/", {"name": "Lost Map"}, "htmx"),
    Write(
        "page: edit a variant",
        "post",
        f"{CATALOG}cards/111/",
        {"variant": "0", "name": "Feather"},
        back=CATALOG,
        accepted=303,
    ),
    Write(
        "page: place a location card",
        "post",
        f"{CATALOG}location-cards/74/",
        {"location": "location-2"},
        back=CATALOG,
        accepted=303,
    ),
    Write(
        "htmx: edit a location",
        "post",
        f"{CATALOG}locations/location-1/",
        {"name": "Lakeside"},
        "htmx",
    ),
    Write(
        "page: add a route",
        "post",
        f"{CATALOG}routes/",
        {"a": "location-2", "b": "location-3", "seasons": "all"},
        back=CATALOG,
        accepted=303,
    ),
    Write(
        "page: change a route",
        "post",
        f"{CATALOG}routes/change/",
        {"a": "location-1", "b": "location-2", "seasons": "winter"},
        back=CATALOG,
        accepted=303,
    ),
    Write(
        "page: remove a route",
        "post",
        f"{CATALOG}routes/change/",
        {"a": "location-1", "b": "location-2", "action": "remove"},
        back=CATALOG,
        accepted=303,
    ),
    Write(
        "page: check an import",
        "post",
        f"{CATALOG}import/",
        lambda: {"yaml": renamed_catalog()},
        back=CATALOG,
    ),
    Write(
        "page: save an import",
        "post",
        f"{CATALOG}import/",
        lambda: {"yaml": renamed_catalog(), "confirm": "1", "filename": "ours.yaml"},
        back=CATALOG,
    ),
    Write(
        "page: save a game's card data",
        "post",
        "/catalog/dark-tales/",
        {"yaml": DARK_TALES_YAML},
        back="/catalog/dark-tales/",
    ),
]
IDS = [w.name for w in WRITES]


def test_the_table_covers_every_writing_url():
    """A new writing page or endpoint under storybook (or the games' catalog) joins WRITES."""
    from storybook import api_urls, urls

    names = {p.name for p in urls.urlpatterns + api_urls.urlpatterns}
    read_only = {"catalog", "catalog-export"}  # GET only
    written = {
        "worlds": "/worlds/",
        "catalog-card": f"{CATALOG}cards/",
        "catalog-location-card": f"{CATALOG}location-cards/",
        "catalog-location": f"{CATALOG}locations/",
        "catalog-routes": f"{CATALOG}routes/",
        "catalog-route": f"{CATALOG}routes/change/",
        "catalog-import": f"{CATALOG}import/",
        "api-worlds": "/api/worlds/",
        "api-world-catalog": f"{API}catalog/",
        "api-world-card": f"{API}cards/",
    }
    assert names - read_only == set(written)
    for prefix in written.values():
        assert any(w.path.startswith(prefix) for w in WRITES), prefix


@pytest.mark.parametrize("write", WRITES, ids=IDS)
def test_a_visitor_is_refused_and_nothing_changes(world, write):
    before = snapshot()
    client = APIClient() if write.kind == "api" else Client()
    response = write.send(client)
    if write.kind == "api":
        assert response.status_code == 401
        assert response["WWW-Authenticate"].startswith("Token")
        assert response.json()["error"].startswith("Only a signed-in librarian can change")
    elif write.kind == "htmx":
        assert response.status_code == 401
        assert response["HX-Redirect"].startswith("/admin/login/?next=")
    else:
        assert response.status_code == 302
        assert response["Location"] == f"/admin/login/?next={write.back}"
    assert snapshot() == before


@pytest.mark.parametrize("write", WRITES, ids=IDS)
def test_a_user_without_the_permission_is_refused_and_nothing_changes(
    world, write, django_user_model
):
    reader = django_user_model.objects.create_user("reader", password="not-a-librarian-7")
    reader.user_permissions.add(Permission.objects.get(codename="change_world"))  # not enough
    before = snapshot()
    client = APIClient() if write.kind == "api" else Client()
    client.force_login(reader)
    response = write.send(client)
    assert response.status_code == 403
    message = "Only a librarian can change worlds and card catalogs, and reader is not one."
    if write.kind == "api":
        assert response.json() == {"error": message}
    else:
        assert message in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize("write", WRITES, ids=IDS)
def test_a_librarian_gets_through(world, write, librarian):
    client = APIClient() if write.kind == "api" else Client()
    client.force_login(librarian)
    response = write.send(client)
    assert response.status_code == write.accepted, response.content[:500]


@pytest.mark.parametrize(("superuser", "active"), [(True, True), (False, False)])
def test_superusers_pass_and_inactive_librarians_do_not(
    world, librarian, django_user_model, superuser, active
):
    if superuser:
        user = django_user_model.objects.create_superuser("root", password="root-pass-12345")
    else:
        user = librarian
        user.is_active = False
        user.save()
    assert is_librarian(user) is active
    client = APIClient()
    client.force_authenticate(user)
    response = client.put(f"{API}cards/296/", CARD_JSON, format="json")
    assert response.status_code == (200 if active else 403)


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


# -- making a librarian ----------------------------------------------------------------------------
def run(*args) -> str:
    out = StringIO()
    call_command("make_librarian", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_make_librarian_puts_an_existing_user_in_the_group(django_user_model):
    user = django_user_model.objects.create_user("ada", password="lantern-and-map-3")
    assert not is_librarian(user)
    assert "ada is now a librarian (group Librarians)." in run("ada")
    user = django_user_model.objects.get(username="ada")
    assert is_librarian(user) and user.is_staff  # staff: the admin's sign-in page lets them in
    group = Group.objects.get(name=GROUP)
    assert [f"storybook.{p.codename}" for p in group.permissions.all()] == [PERMISSION]
    run("ada")  # again: nothing new
    assert Group.objects.count() == 1 and user.groups.count() == 1


def test_make_librarian_makes_a_scripts_user_with_a_token(django_user_model):
    out = run("importer", "--no-password", "--token").splitlines()
    assert out[0] == "importer created and made a librarian (group Librarians)."
    user = django_user_model.objects.get(username="importer")
    assert not user.has_usable_password() and is_librarian(user)
    assert out[1] == Token.objects.get(user=user).key
    assert run("importer", "--token").splitlines()[1] == out[1]  # the same token again


def test_make_librarian_asks_for_a_password_it_cannot_ask_for(django_user_model):
    with pytest.raises(CommandError, match="--no-password"):
        run("nobody")
    assert not django_user_model.objects.filter(username="nobody").exists()


def test_make_librarian_in_code(django_user_model):
    user, created = make_librarian("bo", password="quill-and-ink-42")
    assert created and user.check_password("quill-and-ink-42") and is_librarian(user)
    assert make_librarian("bo")[1] is False
