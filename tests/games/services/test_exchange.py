"""Export and import as documents: exact round-trip; every fault named; nothing written."""

import json

import pytest

from games.core import patch
from games.models import Move, Table
from games.services import exchange, tables, turns

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    table = tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})
    for version, points in enumerate((1, 2, 3), start=1):
        turns.apply_move(
            table.code, "add", {"points": points}, expected_version=version, seat="table"
        )
    turns.undo_last(table.code, expected_version=4, seat="table")
    table.refresh_from_db()
    return table


def test_round_trip_is_exact(played):
    document = exchange.export_table(played)
    copy = exchange.import_table(json.dumps(document))
    assert exchange.export_table(copy) == document
    assert copy.code != played.code


@pytest.mark.parametrize("slug", ["tally", "dark-tales", "tales-of-danger", "tavern-tales"])
def test_a_table_exported_before_its_first_move_imports_exactly(slug):
    table = tables.create_table(slug, "Fresh", {"players": ["Ada", "Bo"]})
    document = exchange.export_table(table)
    copy = exchange.import_table(json.dumps(document))
    assert exchange.export_table(copy) == document
    assert not copy.moves.exists()


def test_imported_table_undoes_like_the_original(played):
    copy = exchange.import_table(json.dumps(exchange.export_table(played)))
    copy, _ = turns.undo_last(copy.code, expected_version=copy.version, seat="table")
    assert copy.state["totals"] == [1, 0]


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda d: d.pop("state"), "state"),
        (lambda d: d.update(format="something.else"), "not a table exported from Talekeeper"),
        (lambda d: d.update(game="chess"), "no game “chess”"),
        (lambda d: d.update(version=9), "version 9"),
        (lambda d: d["state"].update(totals="many"), "The table's state does not fit"),
        (lambda d: d["state"].update(totals=[-4, 0]), "below zero"),
        (lambda d: d["state"].update(colour="red"), "fields this game does not know"),
        (lambda d: d["moves"][0]["patch"].update({"{": {"players": {"=": 1}}}), "before move 2"),
        (lambda d: d["moves"][1].update(patch={"{": {"gone": {"{": {}}}}), "move 3 .* at /gone"),
        (lambda d: d["moves"][2].update(patch={"[": [0, 0, []]}), "patch of move 4"),
        (lambda d: d["moves"][2].update(patch={"=": 5}), "state before move 4"),
        (lambda d: d["moves"][2].update(patch={"{": {}, "-": [[1]]}), "patch of move 4"),
        (lambda d: d["moves"][2].update(state_before={}), "exactly one"),
        (lambda d: d["moves"][2].pop("patch"), "exactly one"),
        (lambda d: d.update(format_version=5), "format version 5"),
        # Replayed by the rules (format 4): a move that doesn't give the state after it.
        (lambda d: d["state"].update(totals=[7, 2]), "Move 5 undoes move 4 but does not give"),
        (lambda d: d["moves"][0].update(args={"points": 4}), "Move 2 .* does not give"),
        (lambda d: d["moves"][0].update(seat="p2"), "Move 2 .* not one the rules allow"),
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
    with pytest.raises(exchange.ImportRefused, match="not a table exported from Talekeeper"):
        exchange.parse_document(b"[1, 2]")


def states_of(document):
    """The state before every move of a format 2 document, oldest first, and the last state."""
    after, states = document["state"], [document["state"]]
    for move in reversed(document["moves"]):
        after = (
            move["state_before"] if "state_before" in move else patch.apply(after, move["patch"])
        )
        states.append(after)
    return states[::-1]


def as_format_1(document):
    """The document as the exports made before patches were (a full state per move)."""
    old = json.loads(json.dumps(document))
    for move, before in zip(old["moves"], states_of(document), strict=False):
        move.pop("patch")
        move["state_before"] = before
    old["format_version"] = 1
    return old


def test_an_export_carries_a_patch_per_move_not_a_state(played):
    document = exchange.export_table(played)
    assert document["format_version"] == exchange.FORMAT_VERSION
    assert all("patch" in m and "state_before" not in m for m in document["moves"])
    assert [s["totals"] for s in states_of(document)] == [[0, 0], [1, 0], [1, 2], [4, 2], [1, 2]]


def test_a_format_1_document_still_imports_as_patches(played):
    document = exchange.export_table(played)
    copy = exchange.import_table(json.dumps(as_format_1(document)))
    assert not Move.objects.filter(table=copy, patch__isnull=True).exists()
    again = exchange.export_table(copy)
    assert again["format_version"] == exchange.FORMAT_VERSION
    assert json.dumps(states_of(again)) == json.dumps(states_of(document))
    copy, _ = turns.undo_last(copy.code, expected_version=copy.version, seat="table")
    assert copy.state["totals"] == [1, 0]


def test_a_format_1_document_with_a_patch_is_refused_naming_the_move(played):
    old = as_format_1(exchange.export_table(played))
    old["moves"][1]["patch"] = {}
    del old["moves"][1]["state_before"]
    with pytest.raises(exchange.ImportRefused, match="format 1 .* move 3 has one"):
        exchange.import_table(json.dumps(old))
    assert Table.objects.count() == 1


def test_a_format_1_state_that_breaks_the_rules_is_named(played):
    old = as_format_1(exchange.export_table(played))
    old["moves"][0]["state_before"].pop("players")
    with pytest.raises(exchange.ImportRefused, match="state before move 2"):
        exchange.import_table(json.dumps(old))


def test_rows_logged_before_patches_export_their_state_and_import_as_patches(played):
    document = exchange.export_table(played)
    # Rows as the log kept them before patches existed: the full state, no patch.
    for move, before in zip(played.moves.order_by("id"), states_of(document), strict=False):
        Move.objects.filter(pk=move.pk).update(state_before=before, patch=None)
    mixed = exchange.export_table(played)
    assert mixed["format_version"] == exchange.FORMAT_VERSION
    assert all("state_before" in m and "patch" not in m for m in mixed["moves"])
    assert json.dumps(states_of(mixed)) == json.dumps(states_of(document))
    copy = exchange.import_table(json.dumps(mixed))
    assert exchange.export_table(copy) == document  # the same patches, computed again


def test_the_group_travels_with_the_export_and_gets_this_servers_key():
    table = tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]}, group="Owls")
    document = exchange.export_table(table)
    assert document["group"] == "Owls"
    copy = exchange.import_table(json.dumps(document))
    assert copy.group == "Owls" and copy.group_key and copy.group_key != table.group_key
    joined = exchange.import_table(json.dumps(document), known_tables=[table])
    assert joined.group_key == table.group_key  # the importing device's own group
