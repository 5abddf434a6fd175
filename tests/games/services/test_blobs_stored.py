"""A table stores the data its states name by digest (games/services/blobs.py) once, with the table:
moves don't write it again, another process reads it from the database, and an export carries
it so an import needs nothing else."""

from __future__ import annotations

import copy

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.core.named import digest_of, is_digest
from games.models import Table
from games.services import exchange, tables, turns

pytestmark = pytest.mark.django_db


def copies_of(table: Table) -> str:
    return table.state["campaign"]["copies"]


def move(table: Table, name="campaign-move-card", args=None) -> Table:
    args = args if args is not None else {"number": 150, "to": "vault"}
    return turns.apply_move(table.code, name, args, expected_version=table.version, seat="sm")[0]


def test_the_new_table_stores_the_copies_its_state_names(campaign):
    stored = Table.objects.get(pk=campaign.pk)
    name = copies_of(stored)
    assert is_digest(name) and list(stored.blobs) == [name]
    assert digest_of(stored.blobs[name]) == name


def test_a_move_neither_reads_nor_writes_the_stored_data(campaign):
    with CaptureQueriesContext(connection) as queries:
        table = move(campaign)
    sql = " ".join(q["sql"] for q in queries.captured_queries)
    assert "blobs" not in sql
    assert Table.objects.get(pk=table.pk).blobs == Table.objects.get(pk=campaign.pk).blobs


def test_another_process_reads_the_copies_from_the_database(campaign, cold_process):
    cold_process()  # as a process that never met these copies
    table = move(campaign)
    state = tables.game_of(table).load(Table.objects.get(pk=table.pk).state)
    assert len(state.campaign.copies) > 100


def test_an_export_carries_the_copies_and_imports_anywhere(campaign, cold_process):
    table = move(campaign)
    document = exchange.export_table(table)
    assert list(document["blobs"]) == [copies_of(table)]
    cold_process()
    Table.objects.filter(pk=table.pk).update(blobs={})  # nothing left to fetch it from
    imported = exchange.import_table(copy.deepcopy(document))
    assert Table.objects.get(pk=imported.pk).blobs == document["blobs"]
    assert exchange.export_table(imported) == {**document, "created": document["created"]}
    undone = turns.undo_last(imported.code, expected_version=imported.version, seat="sm")[0]
    assert undone.state == campaign.state


def test_an_import_with_changed_or_missing_data_is_refused_and_writes_nothing(
    campaign, cold_process
):
    document = exchange.export_table(campaign)
    name = copies_of(campaign)
    changed = copy.deepcopy(document)
    changed["blobs"][name][0]["name"] = "Forged"
    with pytest.raises(exchange.ImportRefused, match="does not match its name"):
        exchange.import_table(changed)
    missing = copy.deepcopy(document)
    missing["blobs"] = {}
    cold_process()
    Table.objects.filter(pk=campaign.pk).update(blobs={})
    with pytest.raises(exchange.ImportRefused, match="card copies"):
        exchange.import_table(missing)
    assert Table.objects.count() == 1


def test_a_table_stored_with_its_copies_inside_keeps_working(campaign):
    """Tables saved before digests carry the catalog in the state: they load and move as
    they are, and keep that form."""
    table = Table.objects.get(pk=campaign.pk)
    inline = copy.deepcopy(table.state)
    inline["campaign"]["copies"] = table.blobs[copies_of(table)]
    Table.objects.filter(pk=table.pk).update(state=inline, blobs={})
    moved = move(Table.objects.get(pk=table.pk))
    assert isinstance(moved.state["campaign"]["copies"], list)
    assert turns.undo_last(moved.code, expected_version=moved.version, seat="sm")[0].state == inline
