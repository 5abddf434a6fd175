"""Worlds and catalogs are written by a librarian (the project's ``librarians``).

Every write endpoint and page is in one table: a visitor and a signed-in user without the
permission are refused and change nothing; a librarian gets through. Then the ways in: a
cross-origin upload, a session without its CSRF token, a script's token, and how a librarian
is made.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from rest_framework.test import APIClient

from librarians import is_librarian
from tests.storybook.web.librarian_data import (
    API,
    CARD_JSON,
    CATALOG,
    DARK_TALES_YAML,
    HX,
    MINIMAL,
    SLUG,
    bundle,
    renamed_catalog,
    snapshot,
)

pytestmark = pytest.mark.django_db


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
    from storybook.web import api_urls, urls

    names = {p.name for p in urls.urlpatterns + api_urls.urlpatterns}
    read_only = {"world-edit", "world-edit-export"}  # GET only
    written = {
        "worlds": "/worlds/",
        "world-edit-card": f"{CATALOG}cards/",
        "world-edit-location-card": f"{CATALOG}location-cards/",
        "world-edit-location": f"{CATALOG}locations/",
        "world-edit-routes": f"{CATALOG}routes/",
        "world-edit-route": f"{CATALOG}routes/change/",
        "world-edit-import": f"{CATALOG}import/",
        "api-worlds": "/api/worlds/",
        "api-world-edit": f"{API}catalog/",
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
