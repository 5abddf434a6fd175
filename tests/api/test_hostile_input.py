"""Hostile and malformed input: refused with a sentence (JSON on the API), nothing written.

One row per input and place; every row checks the status, the error sentence and that no
table, move or claim was written.
"""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.core import patch
from games.core.engine import RuleError
from games.models import Claim, Move, Table
from games.services import exchange, tables, turns
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db

DEEP = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 100_000 + "1" + "}" * 100_000
SHORT_DEEP = "[" * 5_000 + "]" * 5_000  # within a form field's size, past the depth


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


def counts():
    return Table.objects.count(), Move.objects.count(), Claim.objects.count()


API_BODIES = [
    ("/api/tables/", DEEP),
    ("/api/tables/", '{"game": "tally", "options": ' + DEEP_OBJECT + "}"),
    ("/api/tables/import/", DEEP),
    ("/api/tables/import/", DEEP_OBJECT),
    ("/api/tables/{code}/moves/", '{"move": "add", "version": 1, "args": ' + DEEP + "}"),
    ("/api/tables/{code}/claim/", DEEP),
    ("/api/tables/{code}/undo/", "{oops"),
    # text PostgreSQL's JSON can't keep (schemathesis found it): a NUL, half a surrogate pair
    ("/api/tables/", '{"game": "dark-tales", "options": {"players": ["Ada", "\\u0000"]}}'),
    ("/api/tables/", '{"game": "tally", "options": {"players": ["Ada", "\\udaae"]}}'),
]


@pytest.mark.parametrize(("path", "body"), API_BODIES)
def test_api_bodies_nested_too_deep_or_broken_are_400_json(table, path, body):
    api = api_as(table, "p1")
    before = counts()
    response = api.post(path.format(code=table.code), data=body, content_type="application/json")
    assert response.status_code == 400, response.content[:200]
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]
    assert counts() == before


PAGE_FORMS = [
    ("new", {"options_json": DEEP}, "at most 65,536 are accepted"),
    ("new", {"options_json": SHORT_DEEP}, "nested deeper than 32 levels"),
    ("new", {"options_json": "[1,2]"}, "not a list"),
    ("new", {"options_json": "{nope"}, "not valid JSON"),
]


@pytest.mark.parametrize(("page", "data", "message"), PAGE_FORMS)
def test_new_table_form_json_is_refused_in_place(client, page, data, message):
    response = client.post(reverse("games:new", args=["tally"]), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert counts() == (0, 0, 0)


@pytest.mark.parametrize("field", ["args_json"])
@pytest.mark.parametrize("value", [DEEP, DEEP_OBJECT, SHORT_DEEP, "{nope", "[1]"])
def test_htmx_move_json_fields_are_refused_in_place(client, table, field, value):
    sit(client, table, "p1")
    before = counts()
    response = client.post(
        reverse("games:move", args=[table.code, "add"]),
        {"version": 1, field: value},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert response["HX-Trigger"] == "tk:refused"
    assert counts() == before
    table.refresh_from_db()
    assert table.version == 1


@pytest.mark.parametrize("content", [DEEP.encode(), DEEP_OBJECT.encode(), b"\xff\xfe"])
def test_import_page_refuses_hostile_files(client, content):
    upload = SimpleUploadedFile("t.json", content, content_type="application/json")
    response = Client().post(reverse("games:import"), {"document": upload})
    assert response.status_code == 400
    assert counts() == (0, 0, 0)


def test_a_document_just_within_the_depth_limit_still_reads(table):
    api = api_as(table, "p1")
    nested = {"points": 1}
    response = api.post(
        f"/api/tables/{table.code}/moves/",
        {"move": "add", "version": 1, "args": nested},
        format="json",
    )
    assert response.status_code == 200
    assert json.loads(response.content)["table"]["version"] == 2


@pytest.mark.parametrize("name", ["Fri\x00day", "tab\there"])
def test_table_names_with_control_characters_are_refused(client, name):
    response = client.post(reverse("games:new", args=["tally"]), {"name": name})
    assert b"control characters" in response.content
    api = Client().post(
        "/api/tables/", {"game": "tally", "name": name}, content_type="application/json"
    )
    assert api.status_code == 400
    assert counts() == (0, 0, 0)


def _one_move(table):
    turns.apply_move(table.code, "add", {"points": 2}, expected_version=1, seat="p1")
    table.refresh_from_db()
    return exchange.export_table(table)


def _with_undo(table):
    turns.apply_move(table.code, "add", {"points": 2}, expected_version=1, seat="p1")
    turns.undo_last(table.code, expected_version=2, seat="table")
    turns.apply_move(table.code, "add", {"points": 5}, expected_version=3, seat="p1")
    table.refresh_from_db()
    return exchange.export_table(table)


@pytest.mark.parametrize(
    ("exported", "mangle", "says"),
    [
        # Made-up names and seats.
        (_one_move, lambda d: d.update(name="Fri\x00day"), "control character"),
        (_one_move, lambda d: d["moves"][0].update(seat="p9"), "a seat this table did not have"),
        (_one_move, lambda d: d["moves"][0].update(name="cheat"), "does not have"),
        (_one_move, lambda d: d["moves"][0].update(sentence="a\x07b"), "control character"),
        # A log that contradicts itself, and numbers no game holds.
        (_with_undo, lambda d: d["moves"][0].update(undone=False), "marked not undone"),
        (_with_undo, lambda d: d["moves"][2].update(undone=True), "marked undone"),
        (_with_undo, lambda d: d["state"].update(totals=[10**30, 0]), "beyond"),
    ],
)
def test_hostile_import_documents_are_refused(table, exported, mangle, says):
    document = exported(table)
    mangle(document)
    before = counts()
    response = Client().post("/api/tables/import/", document, content_type="application/json")
    assert response.status_code == 400
    assert says in response.json()["error"]
    assert counts() == before


def test_undo_refuses_to_bring_back_a_state_that_breaks_the_rules(table):
    turns.apply_move(table.code, "add", {"points": 2}, expected_version=1, seat="p1")
    table.refresh_from_db()
    move = Move.objects.get()
    # A log edited behind the app's back: the state before the move had a negative total.
    move.patch = patch.diff(table.state, {**table.state, "totals": [-3, 0]}, ordered=False)
    move.save()
    with pytest.raises(RuleError, match="breaks the rules"):
        turns.undo_last(table.code, expected_version=2, seat="p1")
    table.refresh_from_db()
    assert table.version == 2 and table.state["totals"] == [2, 0]
