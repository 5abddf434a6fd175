from __future__ import annotations

import secrets

from django.db import connection, models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.core.codes import new_code, spoken


def new_invite_salt() -> str:
    """Mixed into a table's join links; a new salt makes every link given out so far stop working."""
    return secrets.token_hex(8)


class TableManager(models.Manager):
    def get_queryset(self):
        # ``blobs`` is read only when a state names data this process has not seen yet.
        return super().get_queryset().defer("blobs")

    def stored_blob(self, digest: str):
        """The data named ``digest`` from a table that stores it, or None (games/services/blobs.py
        reads it so once per process)."""
        stored = self.filter(blobs__has_key=digest).values_list("blobs", flat=True)[:1]
        return next((found.get(digest) for found in stored), None)


class Table(models.Model):
    """One group's game of one title. Reached only by its code, never by its id."""

    code = models.CharField(_("join code"), max_length=16, unique=True, default=new_code)
    game = models.SlugField(_("game"), max_length=40)
    name = models.CharField(_("name"), max_length=80)
    # The gaming group this table belongs to, so finished games can be compared over time.
    group = models.CharField(_("group"), max_length=60, blank=True, db_index=True)
    # Opens the group's results (games/services/group_results.py): random, shared by the tables one
    # group's devices start, so two groups that pick the same name never see each other's.
    group_key = models.CharField(_("group results key"), max_length=32, blank=True, db_index=True)
    state = models.JSONField(_("state"))
    # Data the state names by digest instead of carrying it (games/services/blobs.py): written once,
    # never changed or removed, so every state of the log and every backup still finds it.
    blobs = models.JSONField(_("stored data"), default=dict, blank=True)
    version = models.PositiveIntegerField(_("version"), default=1)
    # Grows each time a device takes, leaves or is freed from a seat: the open pages hear of it
    # as of a move (games/live/hub.py ``Marks``), so the shared display's hand-over list follows.
    seating = models.PositiveIntegerField(_("seating changes"), default=0, editable=False)
    invite_salt = models.CharField(
        _("join link salt"), max_length=32, default=new_invite_salt, editable=False
    )
    # Mixed into the keeper's spare link (games/services/spare.py); a new salt renews the spare.
    spare_salt = models.CharField(
        _("spare keeper link salt"), max_length=32, default=new_invite_salt, editable=False
    )
    created = models.DateTimeField(_("created"), default=timezone.now)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    objects = TableManager()

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self) -> str:
        return f"{self.name} ({self.spoken_code})"

    @property
    def spoken_code(self) -> str:
        return spoken(self.code)


def keeps_key_order() -> bool:
    """Whether this database gives JSON objects back with their keys in the stored order.

    PostgreSQL's jsonb (and MySQL) sort them: a move's patch recording an order there would
    only grow, since a state read back never has it (games/core/patch.py, ``ordered``).
    """
    return connection.vendor not in ("postgresql", "mysql")


class Move(models.Model):
    """One line of a table's log: what was done, by which seat, and how to go back before it."""

    UNDO = "undo"
    RESTORE = "restore"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="moves")
    name = models.CharField(_("move"), max_length=60)
    args = models.JSONField(_("arguments"), default=dict)
    seat = models.CharField(_("seat"), max_length=16)
    sentence = models.CharField(_("what happened"), max_length=400)
    version = models.PositiveIntegerField(_("version after"))
    # How to get the exact state before this move from the state after it (games/core/patch.py):
    # undo applies it to the table's state. A patch holds only what the move changed; a
    # full copy of a big campaign's state per move made long logs too big to export.
    patch = models.JSONField(_("reverse patch"), null=True, blank=True)
    # The full state before the move, kept by rows logged before patches existed (undo and
    # export still use it there); new rows leave it empty.
    state_before = models.JSONField(_("state before"), null=True, blank=True)
    undone = models.BooleanField(_("undone"), default=False)
    created = models.DateTimeField(_("when"), default=timezone.now)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        indexes = [models.Index(fields=["table", "-id"], name="move_table_newest")]

    def __str__(self) -> str:
        return self.sentence


class GameCatalog(models.Model):
    """A game's card data as this server's group entered it (names, counts, effects…)."""

    game = models.SlugField(_("game"), max_length=40, unique=True)
    data = models.JSONField(_("data"), default=dict)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("card catalog")
        verbose_name_plural = _("card catalogs")

    def __str__(self) -> str:
        return self.game


class GroupCatalog(models.Model):
    """One group's card data for one game (games/services/catalogs.py): the keeper of one of the
    group's tables saves it; the group's new tables start with it instead of the server's."""

    group_key = models.CharField(_("group results key"), max_length=32)
    game = models.SlugField(_("game"), max_length=40)
    data = models.JSONField(_("data"), default=dict)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("group card data")
        verbose_name_plural = _("group card data")
        constraints = [
            models.UniqueConstraint(fields=["group_key", "game"], name="one_catalog_per_group")
        ]

    def __str__(self) -> str:
        return f"{self.game} ({self.group_key[:6]}…)"


class Claim(models.Model):
    """A device's credential at one table: the seat it holds (if any) and whether it keeps the table.

    The device holds the secret (a signed cookie for pages, a bearer token for the API); the
    server keeps only its SHA-256, looked up by a unique index. One seat, one device: a held
    seat is freed only by its holder or by a keeper (see games/services/access.py).
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="claims")
    token_hash = models.CharField(_("credential digest"), max_length=64, unique=True)
    seat = models.CharField(_("seat"), max_length=16, blank=True)  # "" holds no seat
    keeper = models.BooleanField(_("keeper"), default=False)
    created = models.DateTimeField(_("claimed"), default=timezone.now)

    class Meta:
        verbose_name = _("seat claim")
        verbose_name_plural = _("seat claims")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "seat"],
                condition=~models.Q(seat=""),
                name="one_device_per_seat",
            )
        ]

    def __str__(self) -> str:
        return f"{self.table.code} {self.seat or '-'}{' (keeper)' if self.keeper else ''}"


def new_backup_token() -> str:
    """How a backup is addressed in URLs: unguessable, unlike its id."""
    return secrets.token_urlsafe(16)


class Backup(models.Model):
    """A table as it was at one moment, kept so a group can go back to it (see games/services/backups.py).

    It holds the state and which moves were undone then; the rest of the export document —
    the log up to ``version`` — is the table's own Move rows, which are append-only, so a
    backup costs one state however long the campaign's log grows.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="backups")
    token = models.CharField(
        _("token"), max_length=32, unique=True, default=new_backup_token, editable=False
    )
    created = models.DateTimeField(_("when"), default=timezone.now)
    game = models.SlugField(_("game"), max_length=40)
    version = models.PositiveIntegerField(_("version"))
    label = models.CharField(_("label"), max_length=400)
    state = models.JSONField(_("state"))
    # The versions of the moves that were undone when the backup was taken (undo marks an
    # older move later, so the flag alone would not give back this moment's log).
    undone = models.JSONField(_("undone moves"), default=list)
    size = models.PositiveIntegerField(_("size in bytes"), default=0)
    # Taken by the app (after the moves a game names, every few moves), not by a keeper's
    # "Back up now": each kind has its own quota, so manual backups never push these out.
    automatic = models.BooleanField(_("automatic"), default=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("backup")
        verbose_name_plural = _("backups")
        indexes = [models.Index(fields=["table", "-id"], name="backup_table_newest")]

    def __str__(self) -> str:
        return self.label
