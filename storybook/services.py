"""Worlds into the database: from a folder (load_world, load_fixtures) or an uploaded zip.

Both go through ``load_world_folder``: lint and load (``storybook.load_world``), then store in
one transaction. A world with any lint error changes nothing and is refused with every
diagnostic as ``file:line: severity: message`` — the same lines ``manage.py lint_world`` prints.
"""

from __future__ import annotations

import re
import stat
import tempfile
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import IO

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from storybook.lint.folder import load_world
from storybook.lint.sections import report_sections
from storybook.loading.diagnostics import Diagnostic, WorldError
from storybook.loading.stored import content_hash, world_data
from storybook.loading.world import WORLD_FILE
from storybook.models import World, WorldScene
from storybook.refusal import StorybookRefused

MAX_ZIP_BYTES = 20 * 1024 * 1024
MAX_UNZIPPED_BYTES = 50 * 1024 * 1024
MAX_FILES = 5000
SLUG = re.compile(r"^[a-z0-9_][a-z0-9_-]{0,59}$")


class WorldRefused(StorybookRefused):
    """The world was not loaded. ``diagnostics`` lists every finding (file:line: …)."""

    def __init__(self, message: str, diagnostics: list[Diagnostic] | None = None):
        super().__init__(message)
        self.diagnostics = [str(d) for d in diagnostics or []]


@dataclass
class Loaded:
    world: World
    status: str  # "created", "updated" or "unchanged"
    warnings: list[Diagnostic] = field(default_factory=list)
    notes: list[Diagnostic] = field(default_factory=list)  # what the owner is to enter
    sections: list[list[str]] = field(default_factory=list)  # the games' (lint.sections)


def loaded_worlds():
    """Every stored world without ``data`` (megabytes for a big book; lists don't need it)."""
    return World.objects.defer("data").order_by("name", "slug")


def refused_for(diagnostics: list[Diagnostic]) -> WorldRefused:
    errors = sum(d.is_error for d in diagnostics)
    message = ngettext(
        "The world has %(count)d error; nothing was loaded.",
        "The world has %(count)d errors; nothing was loaded.",
        errors,
    ) % {"count": errors}
    return WorldRefused(message, diagnostics)


def check_slug(given: str) -> str:
    slug = given.lower()
    if not SLUG.match(slug):
        raise WorldRefused(
            _(
                "“%(slug)s” can't name a world: use at most 60 lower-case letters, digits, "
                "“-” and “_”."
            )
            % {"slug": given}
        )
    return slug


def load_world_folder(
    path: str | Path, slug: str | None = None, *, replace_edits: bool = False
) -> Loaded:
    """Lint and load the folder, then store it; WorldRefused (nothing changed) on any error.

    A world the group has edited in the catalog page (``data["edited"]``) is kept as it is,
    status "kept", unless ``replace_edits``: `make run` loads every folder at each start, and
    that must not wipe the names and copies a group typed in from their own cards.
    """
    root = Path(path)
    slug = check_slug(slug or root.resolve().name)
    try:
        loaded = load_world(root)
    except WorldError as exc:
        raise refused_for(exc.diagnostics) from None
    if not replace_edits:
        edited = World.objects.filter(slug=slug).values_list("data__edited", flat=True).first()
        if edited:
            world, status = World.objects.defer("data").get(slug=slug), "kept"
            return Loaded(world, status, loaded.warnings, loaded.notes, report_sections(loaded))
    world, status = store_world(loaded, slug)
    return Loaded(world, status, loaded.warnings, loaded.notes, report_sections(loaded))


def store_world(loaded, slug: str) -> tuple[World, str]:
    """Write a loaded ``storybook.World`` under ``slug``: "created", "updated" or "unchanged"."""
    data = world_data(loaded)
    digest = content_hash(data)
    warnings = [str(d) for d in loaded.warnings]
    with transaction.atomic():
        # The lock makes two loads of the same slug wait for each other.
        world = World.objects.select_for_update().defer("data").filter(slug=slug).first()
        if world is not None and world.content_hash == digest and world.warnings == warnings:
            return world, "unchanged"
        status = "created" if world is None else "updated"
        world = world or World(slug=slug)
        world.name = loaded.name[:200]
        world.data = data
        world.content_hash = digest
        world.warnings = warnings
        world.scene_count = len(loaded.scenes)
        world.card_count = len(loaded.cards)
        world.loaded = timezone.now()
        world.save()
        if status == "updated":
            world.scenes.all().delete()
        WorldScene.objects.bulk_create(
            [
                WorldScene(
                    world=world,
                    number=number,
                    title=(scene.title or "")[:200],
                    data=data["scenes"][str(number)],
                )
                for number, scene in sorted(loaded.scenes.items())
            ],
            batch_size=500,
        )
    return world, status


# -- zip bundles ---------------------------------------------------------------------------------
def import_world_zip(file: IO[bytes], filename: str | None = None) -> World:
    """Check, unpack, lint, load and store an uploaded world bundle.

    The zip holds a world folder: ``world.yaml`` at its top, or inside one folder (whose name,
    slugified, is the slug; otherwise the zip's own name is). The returned World has ``status``
    ("created" / "updated" / "unchanged"), ``lint_warnings`` and ``report_sections`` (the games'
    sections of lint's report: Galzyr's campaign readiness) set. WorldRefused otherwise.
    """
    name = filename or getattr(file, "name", None) or "world.zip"
    size = _size(file)
    if size > MAX_ZIP_BYTES:
        raise WorldRefused(_("The file is larger than 20 MB; a world bundle can be at most 20 MB."))
    try:
        bundle = zipfile.ZipFile(file)
    except (zipfile.BadZipFile, OSError, ValueError):
        raise WorldRefused(_("This is not a zip file.")) from None
    with bundle, tempfile.TemporaryDirectory(prefix="world-") as tmp:
        members, prefix = _safe_members(bundle)
        slug = check_slug(slugify(prefix.rstrip("/") if prefix else Path(name).stem) or "world")
        root = Path(tmp) / slug
        root.mkdir()
        _extract(bundle, members, prefix, root)
        result = load_world_folder(root, slug)
    result.world.status = result.status
    result.world.lint_warnings = [str(d) for d in result.warnings]
    result.world.report_sections = result.sections
    return result.world


def _size(file: IO[bytes]) -> int:
    size = getattr(file, "size", None)
    if size is not None:
        return int(size)
    pos = file.tell()
    file.seek(0, 2)
    end = file.tell()
    file.seek(pos)
    return end


def _safe_members(bundle: zipfile.ZipFile) -> tuple[list[zipfile.ZipInfo], str]:
    """The members to extract and the folder prefix to strip; refuse anything unsafe."""
    try:
        infos = bundle.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        raise WorldRefused(_("This is not a zip file.")) from None
    members: list[zipfile.ZipInfo] = []
    total = 0
    for info in infos:
        raw = info.filename
        if raw.startswith("__MACOSX/"):
            continue  # macOS Finder's resource forks
        parts = PurePosixPath(raw.replace("\\", "/")).parts
        if raw.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", raw) or ".." in parts:
            raise WorldRefused(
                _("The zip holds “%(name)s”, which points outside the world folder.")
                % {"name": raw}
            )
        if stat.S_ISLNK(info.external_attr >> 16):
            raise WorldRefused(
                _("The zip holds a symbolic link, “%(name)s”; links are not allowed.")
                % {"name": raw}
            )
        if info.flag_bits & 0x1:
            raise WorldRefused(_("The zip is encrypted; upload it without a password."))
        if info.is_dir():
            continue
        members.append(info)
        total += info.file_size
        if len(members) > MAX_FILES:
            raise WorldRefused(_("The zip holds more than 5,000 files."))
        if total > MAX_UNZIPPED_BYTES:
            raise WorldRefused(_("The zip unpacks to more than 50 MB."))
    names = [m.filename for m in members]
    if WORLD_FILE in names:
        return members, ""
    tops = {n.split("/", 1)[0] for n in names}
    if len(tops) == 1:
        prefix = tops.pop() + "/"
        if prefix + WORLD_FILE in names:
            return members, prefix
    raise WorldRefused(
        _("The zip has no world.yaml at its top or inside a single folder, so it is no world.")
    )


def _extract(bundle: zipfile.ZipFile, members: list[zipfile.ZipInfo], prefix: str, root: Path):
    """Unpack under ``root``, counting real bytes (a zip's declared sizes can lie)."""
    total = 0
    for info in members:
        rel = info.filename[len(prefix) :]
        if not rel:
            continue
        dest = root.joinpath(*PurePosixPath(rel).parts)
        dest.parent.mkdir(parents=True, exist_ok=True)
        try:
            with bundle.open(info) as src, open(dest, "wb") as out:
                while chunk := src.read(1 << 16):
                    total += len(chunk)
                    if total > MAX_UNZIPPED_BYTES:
                        raise WorldRefused(_("The zip unpacks to more than 50 MB."))
                    out.write(chunk)
        except (
            zipfile.BadZipFile,
            zlib.error,
            OSError,
            EOFError,
            RuntimeError,
            NotImplementedError,
        ):
            raise WorldRefused(
                _("“%(name)s” in the zip can't be unpacked.") % {"name": info.filename}
            ) from None
