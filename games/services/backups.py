"""A table's backups: automatic ones (after the moves a game names, and every EVERY moves in
every game) and a keeper's "Back up now". Each kind keeps its own newest KEEP, so however many
manual backups are made, the automatic ones stay.

The actions — back up now, restore — are in games/services/, which calls these inside
its own transaction with the table row locked; nothing here opens a transaction.
"""

from __future__ import annotations

import json

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from games.core.engine import Game
from games.models import Backup, Table
from games.services import exchange

KEEP = 20  # per table and kind (issue 4: "the last 20 kept")
EVERY = 25  # moves between automatic backups, in every game


class BackupNotFound(Exception):
    """No backup of this table has this token (the page or API answers 404)."""


def store(table: Table, label: str, *, automatic: bool) -> Backup:
    """Keep the table as it is now and drop the oldest of its kind beyond KEEP: three queries."""
    undone = sorted(table.moves.filter(undone=True).values_list("version", flat=True))
    backup = Backup.objects.create(
        table=table,
        game=table.game,
        version=table.version,
        label=label[:400],
        state=table.state,
        undone=undone,
        size=len(json.dumps(table.state, ensure_ascii=False, separators=(",", ":")).encode()),
        automatic=automatic,
    )
    same_kind = Backup.objects.filter(table=table, automatic=automatic)
    newest = same_kind.order_by("-id").values("id")[:KEEP]
    same_kind.exclude(id__in=newest).delete()
    return backup


def listing(table: Table) -> QuerySet[Backup]:
    """Newest first, without the states (a page lists twenty of them)."""
    return Backup.objects.filter(table=table).defer("state", "undone").order_by("-id")


def find(table: Table, token: str) -> Backup:
    backup = Backup.objects.filter(table=table, token=token).first()
    if backup is None:
        raise BackupNotFound(token)
    backup.table = table  # export_backup reads the table's name and log: no second fetch
    return backup


def restorable_state(game: Game, backup: Backup) -> dict:
    """The backup's state if this table's game can take it as it is; ImportRefused otherwise.

    A game's state model can change between a save and a restore months later: a state the
    current rules refuse is not put back half-understood.
    """
    if backup.game != game.slug:
        raise exchange.ImportRefused(
            _("This backup is of another game (“%(game)s”); it can't be restored here.")
            % {"game": backup.game}
        )
    try:
        exchange.check_state(game, backup.state, _("the backup's state"))
    except exchange.ImportRefused as exc:
        raise exchange.ImportRefused(
            _("This backup can't be restored. %(fault)s") % {"fault": exc}
        ) from None
    return backup.state
