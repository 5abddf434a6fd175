"""What only a table's keeper does besides restoring a backup (a logged write, in services):
rename and delete the table, export it, back it up now, list and fetch its backups. Each
checks the keeper first: the export and the backups hold every secret.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games import backups, exchange
from games.access import Access
from games.engine import RuleError
from games.models import Backup, Table
from games.services import TableNotFound, clean_name, locked, plain_text, seat_of


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
        who = seat_of(table, by.seat).label if by.seat else _("the keeper")
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
