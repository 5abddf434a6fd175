"""What only a table's keeper does: rename and delete the table, give a table without a group
its group, export it, back it up now, list and fetch its backups, and restore one (a logged write, so it can be undone). Each checks
the keeper first: the export and the backups hold every secret.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from games.core.engine import RuleError
from games.models import Backup, Move, Table
from games.services import backups, exchange, group_results
from games.services.access import Access, TableNotFound
from games.services.tables import (
    Who,
    Written,
    clean_name,
    find_seat,
    game_of,
    group_name,
    locked,
    locked_for_write,
    plain_text,
    save_move,
)


def rename_table(code: str, name: str, *, by: Access) -> Table:
    """A keeper renames the table (the code stays)."""
    by.require_keeper()
    if not plain_text(name):
        raise RuleError(_("A table needs a name."))
    with transaction.atomic():
        table = locked(code)
        table.name = clean_name(name, table.name)
        table.save(update_fields=["name", "updated"])
    return table


def name_group(code: str, name: str, key: str = "", *, who: Who) -> Table:
    """The keeper files a table that has no group under the group ``name``: the group of
    that name the device already plays with (its ``key``), else a new group. Its finished
    game joins the group's results, and the group's card data is saved from it (card_sheets/saving.py).
    Call inside a transaction: the table stays locked until it ends."""
    name = group_name(name)
    if not name:
        raise RuleError(_("Enter your group's name to keep these cards for its next tables."))
    table, _seat, _held = locked_for_write(code, 0, who, keeper=True, stale=True)
    if table.group_key:
        raise RuleError(
            _("This table already belongs to the group %(group)s.") % {"group": table.group}
        )
    if key:  # a group that plays here already: its tables' spelling of the name
        name = group_results.group_name(key) or name
    table.group, table.group_key = name, key or group_results.key_for(name, [])
    table.save(update_fields=["group", "group_key", "updated"])
    return table


def delete_table(code: str, *, by: Access) -> str:
    """A keeper deletes the table with its log, seats and backups; there is no way back (an
    export first keeps a copy)."""
    by.require_keeper()
    deleted, _counts = Table.objects.filter(code=code).delete()
    if not deleted:
        raise TableNotFound(code)
    return _("The table is deleted.")


def back_up(code: str, *, by: Access) -> tuple[Table, Backup]:
    """A keeper stores a backup of the table as it is ("Back up now")."""
    by.require_keeper()
    with transaction.atomic():
        # Locked (no version to check: a backup changes nothing) so it is of one whole moment.
        table = locked(code)
        who = find_seat(table, by.seat).label if by.seat else _("the keeper")
        backup = backups.store(
            table, label=_("Backed up by %(who)s") % {"who": who}, automatic=False
        )
    return table, backup


def export_document(table: Table, *, by: Access) -> dict:
    """The whole table as a document: every secret in it, so for a keeper only."""
    by.require_keeper()
    return exchange.export_table(table)


def backup_list(table: Table, *, by: Access):
    by.require_keeper()
    return backups.listing(table)


def backup_document(table: Table, token: str, *, by: Access) -> dict:
    by.require_keeper()
    return exchange.export_backup(backups.find(table, token))


def restore_backup(code: str, token: str, *, expected_version: int, by: Who):
    """Put the backup's state back as a new logged move, so it can be undone and is synced.

    RuleError (ImportRefused) when the current rules can't take the backup's state, and
    BackupNotFound; in both cases nothing changes.
    """
    with transaction.atomic():
        table, seat, held = locked_for_write(code, expected_version, by, keeper=True)
        backup = backups.find(table, token)
        state = backups.restorable_state(game_of(table), backup)
        when = formats.date_format(timezone.localtime(backup.created), "DATETIME_FORMAT")
        sentence = _("Restored the backup of %(date)s (version %(version)s)") % {
            "date": when,
            "version": backup.version,
        }
        logged = save_move(
            table,
            state,
            name=Move.RESTORE,
            args={"version": backup.version, "created": backup.created.isoformat()},
            seat=seat,
            sentence=sentence,
        )
    return Written(table, logged, held)
