"""Backups over the REST API: a keeper's bearer token lists, backs up now, downloads and
restores; anyone else gets a 403 with a sentence; JSON errors."""

from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from games.models import Backup, Move, Table
from games.services import backups, exchange, tables, turns
from tests.seating import api_as

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


@pytest.fixture
def api(table):
    """The keeper at the shared display (the device that started the table)."""
    return api_as(table, "table", keeper=True)


def url(table, *rest):
    return "/".join([f"/api/tables/{table.code}/backups", *rest]) + "/"


def add(table, points=1):
    version = Table.objects.get(pk=table.pk).version
    turns.apply_move(table.code, "add", {"points": points}, expected_version=version, seat="table")


def test_back_up_now_then_list(api, table, django_assert_num_queries):
    assert api.get(url(table)).json() == []
    created = api.post(url(table), {}, format="json")
    assert created.status_code == 201
    body = created.json()
    assert set(body) == {"token", "created", "version", "label", "size", "automatic"}  # no id
    assert body["version"] == 1 and body["label"] == "Backed up by Table"
    assert body["automatic"] is False
    add(table)
    api.post(url(table), {}, format="json")
    # The claim joined with its table (what the table alone cost before), the backups.
    with django_assert_num_queries(2):
        listed = api.get(url(table)).json()
    assert [b["version"] for b in listed] == [2, 1]
    assert listed[1]["token"] == body["token"]


def test_a_keeper_without_a_seat_backs_up(table):
    keeper = api_as(table, None, keeper=True)
    created = keeper.post(url(table), {}, format="json")
    assert created.status_code == 201
    assert created.json()["label"] == "Backed up by the keeper"
    assert [b["token"] for b in keeper.get(url(table)).json()] == [created.json()["token"]]


def test_the_list_says_which_backups_are_automatic(api, table, tally_registered, monkeypatch):
    monkeypatch.setattr(tally_registered, "backup_after", frozenset({"add"}))
    add(table, 3)
    api.post(url(table), {}, format="json")
    listed = api.get(url(table)).json()
    assert [(b["automatic"], b["label"]) for b in listed] == [
        (False, "Backed up by Table"),
        (True, "Ada added 3."),
    ]


def test_25_manual_backups_leave_the_automatic_ones_in_place(
    api, table, tally_registered, monkeypatch
):
    monkeypatch.setattr(tally_registered, "backup_after", frozenset({"add"}))
    for points in (1, 2):
        add(table, points)
    for _ in range(25):
        assert api.post(url(table), {}, format="json").status_code == 201
    listed = api.get(url(table)).json()
    assert sum(b["automatic"] for b in listed) == 2
    assert sum(not b["automatic"] for b in listed) == backups.KEEP


def refused_clients(table):
    return {
        "anonymous": APIClient(),
        "player": api_as(table, "p1"),
        "shared display, not a keeper": api_as(table, "table"),
    }


@pytest.mark.parametrize("who", ["anonymous", "player", "shared display, not a keeper"])
def test_anyone_but_a_keeper_is_refused_with_json(api, table, who):
    token = api.post(url(table), {}, format="json").json()["token"]
    client = refused_clients(table)[who]
    for response in [
        client.get(url(table)),
        client.post(url(table), {}, format="json"),
        client.get(url(table, token)),
        client.post(url(table, token, "restore"), {"version": 1}, format="json"),
    ]:
        assert response.status_code == 403
        assert "Only the table's keeper" in response.json()["error"]
    assert Backup.objects.count() == 1
    assert Table.objects.get(pk=table.pk).version == 1


def test_a_story_master_who_is_not_a_keeper_is_refused(tally_registered):
    from games.galzyr.shelf import forget_books

    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())
    campaign = tables.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )
    sm = api_as(campaign, "sm")
    for response in [sm.get(url(campaign)), sm.post(url(campaign), {}, format="json")]:
        assert response.status_code == 403
        assert "Only the table's keeper" in response.json()["error"]
    named = api_as(campaign, "sm", keeper=True)  # the keeper named the SM's device
    created = named.post(url(campaign), {}, format="json")
    assert created.status_code == 201
    assert created.json()["label"] == "Backed up by Story master"


def test_unknown_table_or_backup_is_404_json(api, table):
    assert api.get("/api/tables/ZZZZZZZZZZ/backups/").status_code == 404
    assert api.post("/api/tables/ZZZZZZZZZZ/backups/", {}, format="json").status_code == 404
    response = api.post(url(table, "nope", "restore"), {"version": 1}, format="json")
    assert response.status_code == 404
    assert response.json() == {"error": "This table has no such backup."}
    assert api.get(url(table, "nope")).status_code == 404


def test_a_keeper_token_of_another_table_opens_nothing_here(table):
    other = tables.create_table("tally", "Other")
    theirs = api_as(other, None, keeper=True)
    assert theirs.get(url(table)).status_code == 403
    assert theirs.post(url(table), {}, format="json").status_code == 403
    assert not Backup.objects.exists()


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
    assert body["table"]["keeper"] is True
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


def test_schema_describes_the_backups():
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    paths = schema["paths"]
    assert set(paths["/api/tables/{code}/backups/"]) >= {"get", "post"}
    for method in ("get", "post"):
        assert "403" in paths["/api/tables/{code}/backups/"][method]["responses"]
    restore = paths["/api/tables/{code}/backups/{token}/restore/"]["post"]
    assert {p["name"] for p in restore["parameters"]} == {"code", "token"}
    assert set(restore["responses"]) >= {"200", "400", "403", "404", "409"}
    assert {"seatCredential": []} in restore["security"]
    assert "id" not in schema["components"]["schemas"]["Backup"]["properties"]
    assert "automatic" in schema["components"]["schemas"]["Backup"]["properties"]
