"""A malformed import file is answered with one sentence a player understands (issue 16,
item 10), pydantic's report kept as the technical detail: on the page behind "Technical
detail", never in the sentence."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.models import Table
from games.services import exchange, tables, turns

pytestmark = pytest.mark.django_db

PYDANTIC_WORDS = ("input should be", "field required", "Field required", "Input should be")


@pytest.fixture
def document():
    table = tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})
    turns.apply_move(table.code, "add", {"points": 2}, expected_version=1, seat="table")
    table.refresh_from_db()
    return exchange.export_table(table)


def refusal(data) -> exchange.ImportRefused:
    with pytest.raises(exchange.ImportRefused) as info:
        exchange.validate_document(data)
    return info.value


def test_the_issues_file_gets_a_sentence_and_the_detail_stays_behind_it():
    refused = refusal({"format": "something.else", "game": "tally"})
    assert str(refused) == (
        "This file is not a table exported from Talekeeper (a table's “Export” button makes one)."
    )
    assert not any(word in str(refused) for word in PYDANTIC_WORDS)
    assert "format: Input should be 'talekeeper.table'" in refused.detail
    assert "format_version: Field required" in refused.detail


@pytest.mark.parametrize(
    ("mangle", "sentence"),
    [
        (
            lambda d: [1, 2],
            "This file holds data, but not a table exported from Talekeeper.",
        ),
        (
            lambda d: d | {"format_version": 9},
            "This file was exported by another version of Talekeeper (format version 9); this "
            "server reads format versions 1 to 4.",
        ),
        (
            lambda d: d | {"format_version": "new"},
            "This file has no format version Talekeeper knows: it was not exported here.",
        ),
        (
            lambda d: {k: v for k, v in d.items() if k != "name"},
            "The file is missing the table's name.",
        ),
        (lambda d: d | {"name": "x" * 81}, "The table's name is too long: at most 80 characters."),
        (lambda d: d | {"name": ""}, "The table's name is empty."),
        (lambda d: d | {"version": "two"}, "The table's version number should be a whole number."),
        (
            lambda d: d | {"colour": "red"},
            "The file has an entry Talekeeper does not write there: “colour”.",
        ),
        (
            lambda d: d | {"moves": [d["moves"][0] | {"sentence": "a\x07b"}]},
            "The sentence of move 2 holds a control character.",
        ),
        (
            lambda d: d | {"moves": [d["moves"][0] | {"seat": 3}]},
            "The seat of move 2 should be text.",
        ),
        (
            lambda d: d | {"moves": [d["moves"][0] | {"state_before": {}}]},
            "Move 2 of the log: a move needs exactly one of “patch” and “state_before”.",
        ),
        (
            lambda d: {k: v for k, v in d.items() if k not in ("name", "state")},
            "The file is missing the table's name. (One more thing is wrong: see the technical "
            "detail.)",
        ),
        (
            lambda d: d | {"state": d["state"] | {"totals": "many"}},
            "The table's state does not fit the rules of Tally (tests only): “totals” should be "
            "a list.",
        ),
    ],
)
def test_each_fault_is_one_plain_sentence(document, mangle, sentence):
    refused = refusal(mangle(json.loads(json.dumps(document))))
    assert str(refused) == sentence
    assert not any(word in str(refused) for word in PYDANTIC_WORDS)
    assert refused.detail  # the technical report is kept for whoever asks


def test_the_import_page_says_the_sentence_and_folds_the_detail_away():
    upload = SimpleUploadedFile(
        "t.json", json.dumps({"format": "x"}).encode(), content_type="application/json"
    )
    response = Client().post(reverse("games:import"), {"document": upload})
    assert response.status_code == 400
    html = response.content.decode()
    alert = html.split('role="alert">')[1].split("</p>")[0]
    assert alert.startswith("This file is not a table exported from Talekeeper")
    assert "<summary>Technical detail</summary>" in html
    assert "format_version: Field required" in html.split("<summary>Technical detail</summary>")[1]
    assert not Table.objects.exists()


def test_the_api_answers_the_sentence():
    response = Client().post(
        "/api/tables/import/", {"format": "x"}, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["error"].startswith("This file is not a table exported")
