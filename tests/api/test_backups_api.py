"""Backups over the REST API: list, back up now, the document, restore; JSON errors."""

import pytest
from rest_framework.test import APIClient

from games import exchange, services
from games.models import Backup, Move, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def table():
    return services.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


def url(table, *rest):
    return "/".join([f"/api/tables/{table.code}/backups", *rest]) + "/"


def add(table, points=1):
    version = Table.objects.get(pk=table.pk).version
    services.apply_move(
        table.code, "add", {"points": points}, expected_version=version, seat="table"
    )


def test_back_up_now_then_list(api, table, django_assert_num_queries):
    assert api.get(url(table)).json() == []
    created = api.post(url(table), {}, format="json")
    assert created.status_code == 201
    body = created.json()
    assert set(body) == {"token", "created", "version", "label", "size"}  # no sequential id
    assert body["version"] == 1 and body["label"] == "Backed up by Table"
    add(table)
    api.post(url(table), {"seat": "table"}, format="json")
    with django_assert_num_queries(2):  # the table, the backups
        listed = api.get(url(table)).json()
    assert [b["version"] for b in listed] == [2, 1]
    assert listed[1]["token"] == body["token"]


def test_a_player_seat_is_refused_with_json(api, table):
    assert api.post(url(table), {"seat": "p1"}, format="json").status_code == 400
    response = api.get(url(table), {"seat": "p1"})
    assert response.status_code == 400
    assert "story master" in response.json()["error"]
    assert not Backup.objects.exists()


def test_unknown_table_or_backup_is_404_json(api, table):
    assert api.get("/api/tables/ZZZZZZZZZZ/backups/").status_code == 404
    assert api.post("/api/tables/ZZZZZZZZZZ/backups/", {}, format="json").status_code == 404
    response = api.post(url(table, "nope", "restore"), {"version": 1}, format="json")
    assert response.status_code == 404
    assert response.json() == {"error": "This table has no such backup."}
    assert api.get(url(table, "nope")).status_code == 404


def test_the_document_is_the_export_of_its_moment(api, table):
    add(table, 3)
    token = api.post(url(table), {}, format="json").json()["token"]
    then = exchange.export_table(Table.objects.get(pk=table.pk))
    add(table, 2)
    document = api.get(url(table, token)).json()
    assert exchange.validate_document(document) == exchange.validate_document(then)
    assert document["version"] == 2


def test_restore_then_undo(api, table):
    token = api.post(url(table), {}, format="json").json()["token"]
    before = Table.objects.get(pk=table.pk).state
    add(table, 3)
    response = api.post(url(table, token, "restore"), {"version": 2}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["move"]["sentence"].startswith("Restored the backup of ")
    assert body["move"]["sentence"].endswith("(version 1)")
    assert body["table"]["version"] == 3
    assert Table.objects.get(pk=table.pk).state == before
    undo = api.post(f"/api/tables/{table.code}/undo/", {"version": 3}, format="json")
    assert undo.status_code == 200
    assert undo.json()["table"]["state"]["players"][0]["total"] == 3


def test_a_stale_restore_is_409(api, table):
    token = api.post(url(table), {}, format="json").json()["token"]
    add(table)
    response = api.post(url(table, token, "restore"), {"version": 1}, format="json")
    assert response.status_code == 409
    assert response.json()["version"] == 2
    assert not Move.objects.filter(name=Move.RESTORE).exists()


def test_a_backup_the_rules_refuse_is_400_and_changes_nothing(api, table):
    token = api.post(url(table), {}, format="json").json()["token"]
    Backup.objects.filter(token=token).update(game="dark-tales")
    response = api.post(url(table, token, "restore"), {"version": 1}, format="json")
    assert response.status_code == 400
    assert "another game" in response.json()["error"]
    assert Table.objects.get(pk=table.pk).version == 1


def test_a_malformed_restore_request_is_400(api, table):
    token = api.post(url(table), {}, format="json").json()["token"]
    response = api.post(url(table, token, "restore"), {"version": "soon"}, format="json")
    assert response.status_code == 400


def test_schema_describes_the_backups(api):
    schema = api.get("/api/schema/", {"format": "json"}).json()
    paths = schema["paths"]
    assert set(paths["/api/tables/{code}/backups/"]) >= {"get", "post"}
    restore = paths["/api/tables/{code}/backups/{token}/restore/"]["post"]
    assert {p["name"] for p in restore["parameters"]} == {"code", "token"}
    assert set(restore["responses"]) >= {"200", "400", "404", "409"}
    assert "id" not in schema["components"]["schemas"]["Backup"]["properties"]
