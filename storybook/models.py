"""Loaded worlds. The YAML folder is the source; these rows are what the reader opens.

``World.data`` is the whole validated world as plain JSON (``storybook.loading.stored.world_data``:
info, cards, events and scenes keyed by number). Each scene is also a ``WorldScene`` row, so
opening one scene of a 2,000-scene book reads one small row, not the whole book.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from storybook.format import Scene
from storybook.loading.stored import scene_from_data


class World(models.Model):
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    name = models.CharField(_("name"), max_length=200)
    data = models.JSONField(_("data"))
    # sha256 of the canonical JSON of ``data``: loading the same content again changes nothing.
    content_hash = models.CharField(_("content hash"), max_length=64)
    warnings = models.JSONField(_("lint warnings"), default=list)  # "file:line: warning: …"
    scene_count = models.PositiveIntegerField(_("scenes"), default=0)
    card_count = models.PositiveIntegerField(_("cards"), default=0)
    loaded = models.DateTimeField(_("loaded"), default=timezone.now)

    class Meta:
        ordering = ["name"]
        verbose_name = _("world")
        verbose_name_plural = _("worlds")
        # Covers the reader's "is this world's hash still the same?" check
        # (storybook.stored_worlds.stamp): on SQLite, reading content_hash from the table row walks
        # the overflow pages of the multi-megabyte ``data`` column before it.
        indexes = [models.Index(fields=["slug", "content_hash"], name="world_slug_hash")]
        # The librarian's permission (librarians/ checks it): upload, replace and edit worlds,
        # their catalogs and the games' shared card catalogs. Its name is stored data, like
        # Django's own "Can change world", so it is not translated.
        permissions = [("edit_worlds", "Can upload and edit worlds and card catalogs")]

    def __str__(self) -> str:
        return self.name

    def scene(self, number: int) -> Scene:
        """One scene, typed: one query (raises WorldScene.DoesNotExist)."""
        row = WorldScene.objects.only("data").get(world=self, number=number)
        return scene_from_data(row.data)


class WorldScene(models.Model):
    world = models.ForeignKey(World, on_delete=models.CASCADE, related_name="scenes")
    number = models.PositiveSmallIntegerField(_("number"))
    title = models.CharField(_("title"), max_length=200, blank=True)
    data = models.JSONField(_("data"))  # the same JSON as World.data["scenes"][str(number)]

    class Meta:
        ordering = ["world", "number"]
        verbose_name = _("scene")
        verbose_name_plural = _("scenes")
        constraints = [
            models.UniqueConstraint(fields=["world", "number"], name="world_scene_number")
        ]

    def __str__(self) -> str:
        return f"{self.number:04d} {self.title}".strip()
