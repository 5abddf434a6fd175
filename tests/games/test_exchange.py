"""Export and import as documents: exact round-trip; every fault named; nothing written."""

import json

import pytest

from games import exchange, services
from games.models import Move, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    table = services.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})
    for version, points in enumerate((1, 2, 3), start=1):
        services.apply_move(
            table.code, "add", {"points": points}, expected_version=version, seat="table"
        )
    services.undo_last(table.code, expected_version=4, seat="p1")
    table.refresh_from_db()
    return table


def test_round_trip_is_exact(played):
    document = exchange.export_table(played)
    copy = exchange.import_table(json.dumps(document))
    assert exchange.export_table(copy) == document
    assert copy.code != played.code


def test_imported_table_undoes_like_the_original(played):
    copy = exchange.import_table(json.dumps(exchange.export_table(played)))
    copy, _ = services.undo_last(copy.code, expected_version=copy.version, seat="table")
    assert copy.state["totals"] == [1, 0]


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda d: d.pop("state"), "state"),
        (lambda d: d.update(format="something.else"), "format"),
        (lambda d: d.update(game="chess"), "no game “chess”"),
        (lambda d: d.update(version=9), "version 9"),
        (lambda d: d["state"].update(totals="many"), "the table's state"),
        (lambda d: d["state"].update(totals=[-4, 0]), "below zero"),
        (lambda d: d["state"].update(colour="red"), "fields this game does not know"),
        (lambda d: d["moves"][0]["state_before"].pop("players"), "state before move 2"),
        (lambda d: d.update(extra=1), "extra"),
    ],
)
def test_faults_are_named_and_nothing_is_written(played, mangle, message):
    document = exchange.export_table(played)
    mangle(document)
    with pytest.raises(exchange.ImportRefused, match=message):
        exchange.import_table(json.dumps(document))
    assert Table.objects.count() == 1
    assert Move.objects.count() == 4


def test_oversized_and_malformed_documents_are_refused():
    with pytest.raises(exchange.ImportRefused, match="5 MB"):
        exchange.parse_document(b" " * (exchange.MAX_BYTES + 1))
    with pytest.raises(exchange.ImportRefused, match="not valid JSON"):
        exchange.parse_document(b"[1, 2")
    with pytest.raises(exchange.ImportRefused, match="table document"):
        exchange.parse_document(b"[1, 2]")
