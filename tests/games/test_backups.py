"""Backups in the services: stored by a game's trigger moves, the last 20 kept, restored as a move."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import formats, timezone

from games import backups, exchange, services
from games.engine import RuleError
from games.models import Backup, Move, Table
from games.registry import get_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return services.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


@pytest.fixture
def backing_up(tally_registered, monkeypatch):
    """The tally game backs up after every "add" (the real games name their save moves)."""
    monkeypatch.setattr(tally_registered, "backup_after", frozenset({"add"}))


def add(table, points=1, seat="table"):
    version = Table.objects.get(pk=table.pk).version
    return services.apply_move(
        table.code, "add", {"points": points}, expected_version=version, seat=seat
    )


def test_a_trigger_move_stores_a_backup_of_the_state_after_it(table, backing_up):
    fresh, logged = add(table, 3)
    (backup,) = Backup.objects.all()
    assert backup.table == fresh and backup.game == "tally"
    assert backup.version == 2 == logged.version
    assert backup.label == "Ada added 3."
    assert backup.state == fresh.state
    assert backup.size == len(json.dumps(fresh.state, separators=(",", ":")))
    # Unguessable, and not the id (a random token may well contain the digit of a small id).
    assert len(backup.token) >= 20 and backup.token != str(backup.id)


def test_other_moves_store_none(table):
    add(table, 3)
    assert not Backup.objects.exists()


def test_a_refused_trigger_move_stores_nothing(table, backing_up):
    with pytest.raises(RuleError):
        add(table, 1, seat="p2")  # not Bo's turn
    assert not Backup.objects.exists()


def test_the_21st_backup_evicts_the_oldest(table, backing_up):
    other = services.create_table("tally", "Other")
    add(other)
    for _ in range(backups.KEEP + 1):
        add(table)
    kept = list(Backup.objects.filter(table=table).values_list("version", flat=True))
    assert kept == list(range(22, 2, -1))  # newest first; version 2's backup is gone
    assert Backup.objects.filter(table=other).count() == 1  # each table keeps its own


def test_back_up_now_is_logged_nowhere_and_changes_nothing(table):
    add(table, 2)
    fresh, backup = services.back_up(table.code, seat="table")
    assert backup.label == "Backed up by Table"
    assert backup.version == fresh.version == 2
    assert Table.objects.get(pk=table.pk).version == 2
    assert Move.objects.filter(table=table).count() == 1


def test_players_may_not_back_up_or_restore(table):
    with pytest.raises(RuleError, match="shared display and the story master"):
        services.back_up(table.code, seat="p1")
    _, backup = services.back_up(table.code, seat="table")
    with pytest.raises(RuleError, match="shared display and the story master"):
        services.restore_backup(table.code, backup.token, expected_version=1, seat="p1")


def test_restore_puts_back_the_exact_state_as_a_logged_move(table, backing_up):
    _, _ = add(table, 3)
    backup = Backup.objects.get()
    saved = json.loads(json.dumps(backup.state))
    add(table, 4)
    add(table, 5)
    fresh, logged = services.restore_backup(
        table.code, backup.token, expected_version=4, seat="table"
    )
    assert fresh.state == saved
    assert Table.objects.get(pk=table.pk).state == saved
    assert fresh.version == 5 == logged.version  # a new version: the other devices' poll sees it
    when = formats.date_format(timezone.localtime(backup.created), "DATETIME_FORMAT")
    assert logged.name == Move.RESTORE
    assert logged.sentence == f"Restored the backup of {when} (version 2)"
    assert "token" not in json.dumps(logged.args)


def test_a_restore_is_undone_like_a_move(table, backing_up):
    add(table, 3)
    backup = Backup.objects.get()
    add(table, 4)
    before = Table.objects.get(pk=table.pk).state
    services.restore_backup(table.code, backup.token, expected_version=3, seat="table")
    fresh, logged = services.undo_last(table.code, expected_version=4, seat="table")
    assert fresh.state == before
    assert logged.sentence.startswith("Table undid: Restored the backup of")


@pytest.mark.parametrize(
    "damage, fault",
    [
        ({"game": "dark-tales"}, "of another game"),
        ({"state": {"players": ["Ada"]}}, "can't be restored: the backup's state"),
        (
            {"state": {"players": ["Ada"], "totals": [-1], "secrets": [1], "turn": 0, "rng": 1}},
            "below zero",
        ),
    ],
)
def test_a_backup_the_rules_refuse_is_not_restored_and_changes_nothing(
    table, backing_up, damage, fault
):
    add(table, 3)
    backup = Backup.objects.get()
    Backup.objects.filter(pk=backup.pk).update(**damage)
    before = Table.objects.get(pk=table.pk)
    with pytest.raises(exchange.ImportRefused, match=fault):
        services.restore_backup(table.code, backup.token, expected_version=2, seat="table")
    after = Table.objects.get(pk=table.pk)
    assert (after.version, after.state) == (before.version, before.state)
    assert Move.objects.filter(table=table).count() == 1


def test_restore_against_an_old_version_is_a_conflict(table, backing_up):
    add(table, 3)
    backup = Backup.objects.get()
    add(table, 1)
    with pytest.raises(services.VersionConflict):
        services.restore_backup(table.code, backup.token, expected_version=2, seat="table")
    assert Table.objects.get(pk=table.pk).version == 3


def test_a_token_of_another_table_is_not_found(table):
    other = services.create_table("tally", "Other")
    _, theirs = services.back_up(other.code, seat="table")
    with pytest.raises(backups.BackupNotFound):
        services.restore_backup(table.code, theirs.token, expected_version=1, seat="table")
    with pytest.raises(backups.BackupNotFound):
        services.restore_backup(table.code, "nope", expected_version=1, seat="table")


def test_a_backups_document_is_the_export_of_its_moment(table, backing_up):
    add(table, 3)
    add(table, 2)
    backup = Backup.objects.get(version=3)
    then = json.loads(json.dumps(exchange.export_table(Table.objects.get(pk=table.pk))))
    # Later: undo marks the move of version 3 undone, and the log grows.
    services.undo_last(table.code, expected_version=3, seat="table")
    add(table, 1)
    document = json.loads(json.dumps(exchange.export_backup(backup)))
    assert document == then
    copy = exchange.import_table(exchange.document_text(document))
    assert copy.state == backup.state and copy.version == 3


def test_a_backup_of_a_log_from_before_patches_still_downloads_and_imports(table, backing_up):
    start = table.state
    add(table, 3)
    after_first = Table.objects.get(pk=table.pk).state
    add(table, 2)
    backup = Backup.objects.get(version=3)
    # The rows as they were logged before patches existed: a full state each, no patch.
    after = Table.objects.get(pk=table.pk).state
    for move in table.moves.order_by("-id"):
        before = services.state_before(move, after)
        Move.objects.filter(pk=move.pk).update(state_before=before, patch=None)
        after = before
    add(table, 1)  # a new row (a patch) after them: not in the backup's document
    document = json.loads(json.dumps(exchange.export_backup(backup)))
    assert [("state_before" in m, "patch" in m) for m in document["moves"]] == [(True, False)] * 2
    copy = exchange.import_table(exchange.document_text(document))
    assert copy.state == backup.state and copy.version == 3
    assert not Move.objects.filter(table=copy, patch__isnull=True).exists()
    copy, _ = services.undo_last(copy.code, expected_version=3, seat="table")
    assert copy.state == after_first
    copy, _ = services.undo_last(copy.code, expected_version=4, seat="table")
    assert copy.state == start


def test_a_backup_costs_one_state_however_long_the_log(
    table, backing_up, django_assert_num_queries
):
    for _ in range(5):
        add(table)
    version = Table.objects.get(pk=table.pk).version
    # savepoint, lock, update, insert move, (backup:) undone versions, insert, evict, release
    with django_assert_num_queries(8):
        services.apply_move(
            table.code, "add", {"points": 1}, expected_version=version, seat="table"
        )


@pytest.fixture
def campaign(tally_registered):
    from games.galzyr import book as books

    books.installed().forget()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())
    return services.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )


def test_saving_a_galzyr_campaign_backs_it_up(campaign):
    assert "campaign-save" in get_game("galzyr").backup_after
    fresh, logged = services.apply_move(
        campaign.code, "campaign-save", {"pack": False}, expected_version=1, seat="sm"
    )
    (backup,) = Backup.objects.filter(table=campaign)
    assert backup.label == logged.sentence and backup.version == 2
    assert backup.state == fresh.state
    services.apply_move(campaign.code, "campaign-continue", {}, expected_version=2, seat="sm")
    assert Backup.objects.filter(table=campaign).count() == 1
    restored, _ = services.restore_backup(
        campaign.code, backup.token, expected_version=3, seat="sm"
    )
    assert restored.state == backup.state
