from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.codes import new_code, spoken


class Table(models.Model):
    """One group's game of one title. Reached only by its code, never by its id."""

    code = models.CharField(_("join code"), max_length=16, unique=True, default=new_code)
    game = models.SlugField(_("game"), max_length=40)
    name = models.CharField(_("name"), max_length=80)
    # The gaming group this table belongs to, so finished games can be compared over time.
    group = models.CharField(_("group"), max_length=60, blank=True, db_index=True)
    state = models.JSONField(_("state"))
    version = models.PositiveIntegerField(_("version"), default=1)
    created = models.DateTimeField(_("created"), default=timezone.now)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self) -> str:
        return f"{self.name} ({self.spoken_code})"

    @property
    def spoken_code(self) -> str:
        return spoken(self.code)


class Move(models.Model):
    """One line of a table's log: what was done, by which seat, and the state before it."""

    UNDO = "undo"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="moves")
    name = models.CharField(_("move"), max_length=60)
    args = models.JSONField(_("arguments"), default=dict)
    seat = models.CharField(_("seat"), max_length=16)
    sentence = models.CharField(_("what happened"), max_length=400)
    version = models.PositiveIntegerField(_("version after"))
    # The exact state before this move: undo restores it byte for byte.
    state_before = models.JSONField(_("state before"))
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
