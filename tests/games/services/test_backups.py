"""Backups in the services: stored by a game's trigger moves and every EVERY moves, each kind
keeping its own last 20, backed up and restored by a keeper only, restored as a move."""

import json

import pytest
from django.utils import formats, timezone

from games.core.engine import RuleError
from games.core.registry import get_game
from games.models import Backup, Move, Table
from games.services import backups, exchange, keeping, record, tables, turns
from games.services.access import ANONYMOUS, Access, AccessDenied

pytestmark = pytest.mark.django_db

KEEPER = Access(seat="table", keeper=True)  # the device that started the table, at the display
KEEPER_UNSEATED = Access(seat=None, keeper=True)  # a keeper holding no seat


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


@pytest.fixture
def backing_up(tally_registered, monkeypatch):
    """The tally game backs up after every "add" (the real games name their save moves)."""
    monkeypatch.setattr(tally_registered, "backup_after", frozenset({"add"}))


def add(table, points=1, seat="table"):
    version = Table.objects.get(pk=table.pk).version
    return turns.apply_move(
        table.code, "add", {"points": points}, expected_version=version, seat=seat
    )


def test_a_trigger_move_stores_a_backup_of_the_state_after_it(table, backing_up):
    fresh, logged = add(table, 3)
    (backup,) = Backup.objects.all()
    assert backup.table == fresh and backup.game == "tally"
    assert backup.version == 2 == logged.version
    assert backup.label == "Ada added 3."
    assert backup.state == fresh.state
    assert backup.automatic
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


def test_the_21st_automatic_backup_evicts_the_oldest_automatic_one(table, backing_up):
    other = tables.create_table("tally", "Other")
    add(other)
    _, manual = keeping.back_up(table.code, by=KEEPER)  # older than every automatic one
    for _ in range(backups.KEEP + 1):
        add(table)
    kept = list(
        Backup.objects.filter(table=table, automatic=True).values_list("version", flat=True)
    )
    assert kept == list(range(22, 2, -1))  # newest first; version 2's backup is gone
    assert Backup.objects.filter(pk=manual.pk).exists()  # the other kind is not touched
    assert Backup.objects.filter(table=other).count() == 1  # each table keeps its own


def test_25_manual_backups_leave_the_automatic_ones_in_place(table, backing_up):
    for points in (1, 2, 3):
        add(table, points)
    automatic = set(Backup.objects.filter(table=table).values_list("token", flat=True))
    assert len(automatic) == 3
    made = [keeping.back_up(table.code, by=KEEPER)[1] for _ in range(25)]
    assert (
        set(Backup.objects.filter(table=table, automatic=True).values_list("token", flat=True))
        == automatic
    )
    manual = list(
        Backup.objects.filter(table=table, automatic=False).values_list("token", flat=True)
    )
    assert len(manual) == backups.KEEP
    assert manual == [b.token for b in reversed(made[-backups.KEEP :])]  # the newest 20
    assert len(keeping.backup_list(table, by=KEEPER)) == 3 + backups.KEEP


def test_an_automatic_backup_is_taken_every_EVERY_moves_in_any_game():
    assert not get_game("tally").backup_after  # no save move of its own: only the rhythm
    # Four players can make 80 moves of one point before the game is over.
    table = tables.create_table("tally", "Long", {"players": ["Ada", "Bo", "Cy", "Di"]})
    for _ in range(backups.EVERY - 2):
        add(table)
    assert not Backup.objects.exists()
    for _ in range(backups.EVERY + 2):
        add(table)
    taken = list(Backup.objects.filter(table=table).order_by("id"))
    assert [b.automatic for b in taken] == [True, True]
    assert taken[1].version - taken[0].version == backups.EVERY
    assert taken[1].label == Move.objects.get(table=table, version=taken[1].version).sentence


def test_back_up_now_is_logged_nowhere_and_changes_nothing(table):
    add(table, 2)
    fresh, backup = keeping.back_up(table.code, by=KEEPER)
    assert backup.label == "Backed up by Table"
    assert not backup.automatic
    assert backup.version == fresh.version == 2
    assert Table.objects.get(pk=table.pk).version == 2
    assert Move.objects.filter(table=table).count() == 1


def test_a_keeper_without_a_seat_backs_up_and_restores(table):
    _, backup = keeping.back_up(table.code, by=KEEPER_UNSEATED)
    assert backup.label == "Backed up by the keeper"
    add(table, 3)
    fresh, logged = keeping.restore_backup(
        table.code, backup.token, expected_version=2, by=KEEPER_UNSEATED
    )
    assert fresh.state == backup.state
    assert logged.name == Move.RESTORE and logged.seat == ""


@pytest.mark.parametrize(
    "who",
    [ANONYMOUS, Access(seat="p1"), Access(seat="table")],
    ids=["anonymous", "player", "shared display, not a keeper"],
)
def test_only_a_keeper_backs_up_lists_downloads_or_restores(table, who):
    _, backup = keeping.back_up(table.code, by=KEEPER)
    with pytest.raises(AccessDenied, match="Only the table's keeper"):
        keeping.back_up(table.code, by=who)
    with pytest.raises(AccessDenied, match="Only the table's keeper"):
        keeping.backup_list(table, by=who)
    with pytest.raises(AccessDenied, match="Only the table's keeper"):
        keeping.backup_document(table, backup.token, by=who)
    with pytest.raises(AccessDenied, match="Only the table's keeper"):
        keeping.restore_backup(table.code, backup.token, expected_version=1, by=who)
    assert Backup.objects.count() == 1
    assert Table.objects.get(pk=table.pk).version == 1


def test_restore_puts_back_the_exact_state_as_a_logged_move(table, backing_up):
    _, _ = add(table, 3)
    backup = Backup.objects.get()
    saved = json.loads(json.dumps(backup.state))
    add(table, 4)
    add(table, 5)
    fresh, logged = keeping.restore_backup(table.code, backup.token, expected_version=4, by=KEEPER)
    assert fresh.state == saved
    assert Table.objects.get(pk=table.pk).state == saved
    assert fresh.version == 5 == logged.version  # a new version: the other devices' poll sees it
    when = formats.date_format(timezone.localtime(backup.created), "DATETIME_FORMAT")
    assert logged.name == Move.RESTORE
    assert logged.seat == "table"
    assert logged.sentence == f"Restored the backup of {when} (version 2)"
    assert "token" not in json.dumps(logged.args)


def test_a_restore_is_undone_like_a_move(table, backing_up):
    add(table, 3)
    backup = Backup.objects.get()
    add(table, 4)
    before = Table.objects.get(pk=table.pk).state
    keeping.restore_backup(table.code, backup.token, expected_version=3, by=KEEPER)
    fresh, logged = turns.undo_last(table.code, expected_version=4, seat="table")
    assert fresh.state == before
    assert logged.sentence.startswith("Table undid: Restored the backup of")


@pytest.mark.parametrize(
    "damage, fault",
    [
        ({"game": "dark-tales"}, "of another game"),
        ({"state": {"players": ["Ada"]}}, "can't be restored. The backup's state"),
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
        keeping.restore_backup(table.code, backup.token, expected_version=2, by=KEEPER)
    after = Table.objects.get(pk=table.pk)
    assert (after.version, after.state) == (before.version, before.state)
    assert Move.objects.filter(table=table).count() == 1


def test_restore_against_an_old_version_is_a_conflict(table, backing_up):
    add(table, 3)
    backup = Backup.objects.get()
    add(table, 1)
    with pytest.raises(tables.VersionConflict):
        keeping.restore_backup(table.code, backup.token, expected_version=2, by=KEEPER)
    assert Table.objects.get(pk=table.pk).version == 3


def test_a_token_of_another_table_is_not_found(table):
    other = tables.create_table("tally", "Other")
    _, theirs = keeping.back_up(other.code, by=KEEPER)
    with pytest.raises(backups.BackupNotFound):
        keeping.restore_backup(table.code, theirs.token, expected_version=1, by=KEEPER)
    with pytest.raises(backups.BackupNotFound):
        keeping.restore_backup(table.code, "nope", expected_version=1, by=KEEPER)
    with pytest.raises(backups.BackupNotFound):
        keeping.backup_document(table, theirs.token, by=KEEPER)


def test_a_backups_document_is_the_export_of_its_moment(table, backing_up):
    add(table, 3)
    add(table, 2)
    backup = Backup.objects.get(version=3)
    then = json.loads(json.dumps(exchange.export_table(Table.objects.get(pk=table.pk))))
    # Later: undo marks the move of version 3 undone, and the log grows.
    turns.undo_last(table.code, expected_version=3, seat="table")
    add(table, 1)
    document = json.loads(json.dumps(keeping.backup_document(table, backup.token, by=KEEPER)))
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
        before = record.state_before(move, after)
        Move.objects.filter(pk=move.pk).update(state_before=before, patch=None)
        after = before
    add(table, 1)  # a new row (a patch) after them: not in the backup's document
    document = json.loads(json.dumps(exchange.export_backup(backup)))
    assert [("state_before" in m, "patch" in m) for m in document["moves"]] == [(True, False)] * 2
    copy = exchange.import_table(exchange.document_text(document))
    assert copy.state == backup.state and copy.version == 3
    assert not Move.objects.filter(table=copy, patch__isnull=True).exists()
    copy, _ = turns.undo_last(copy.code, expected_version=3, seat="table")
    assert copy.state == after_first
    copy, _ = turns.undo_last(copy.code, expected_version=4, seat="table")
    assert copy.state == start


def test_a_backup_costs_one_state_however_long_the_log(
    table, backing_up, django_assert_num_queries
):
    for _ in range(5):
        add(table)
    version = Table.objects.get(pk=table.pk).version
    # savepoint, lock, update, insert move, (backup:) undone versions, insert, evict, release
    with django_assert_num_queries(8):
        turns.apply_move(table.code, "add", {"points": 1}, expected_version=version, seat="table")


def test_saving_a_galzyr_campaign_backs_it_up(campaign):
    assert "campaign-save" in get_game("galzyr").backup_after
    fresh, logged = turns.apply_move(
        campaign.code, "campaign-save", {"pack": False}, expected_version=1, seat="sm"
    )
    (backup,) = Backup.objects.filter(table=campaign)
    assert backup.automatic
    assert backup.label == logged.sentence and backup.version == 2
    assert backup.state == fresh.state
    turns.apply_move(campaign.code, "campaign-continue", {}, expected_version=2, seat="sm")
    assert Backup.objects.filter(table=campaign).count() == 1
    # The story master's device restores only once the keeper has named it a keeper.
    with pytest.raises(AccessDenied, match="Only the table's keeper"):
        keeping.restore_backup(
            campaign.code, backup.token, expected_version=3, by=Access(seat="sm")
        )
    restored, logged = keeping.restore_backup(
        campaign.code, backup.token, expected_version=3, by=Access(seat="sm", keeper=True)
    )
    assert restored.state == backup.state
    assert logged.seat == "sm"
