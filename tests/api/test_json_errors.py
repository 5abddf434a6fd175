"""Every answer under /api/ is JSON with an error sentence, even where Django answers alone."""

import pytest
from django.test import Client

from games.services import tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return Client(raise_request_exception=False)


def test_an_unknown_api_address_is_json_404(client):
    response = client.get("/api/no-such-thing/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert "nothing at this address" in response.json()["error"]


def test_a_wrong_method_is_json_405(client):
    response = client.delete("/api/tables/import/")
    assert response.status_code == 405
    assert "error" in response.json()


def test_a_body_over_the_limit_is_json_413(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    response = client.post(
        "/api/tables/",
        data=b'{"game": "tally", "name": "' + b"x" * 500 + b'"}',
        content_type="application/json",
    )
    assert response.status_code == 413
    assert "larger than" in response.json()["error"]


def test_a_server_error_is_json_500(client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(tables, "create_table", broken)
    response = client.post("/api/tables/", {"game": "tally"}, content_type="application/json")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert "went wrong" in response.json()["error"]


def test_pages_keep_djangos_html_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")
