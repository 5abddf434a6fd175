"""What the librarian tests share: the world they write to, the URLs, a bundle to upload, and
a snapshot of everything a write could change."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from django.core.files.uploadedfile import SimpleUploadedFile

from games.core.registry import get_game
from games.services import catalogs
from storybook import world_edit
from storybook.models import World, WorldScene

ROOT = Path(__file__).resolve().parents[3]
GALZYR = ROOT / "fixtures" / "worlds" / "lands-of-galzyr"
MINIMAL = ROOT / "fixtures" / "worlds" / "_minimal"
SLUG = "lands-of-galzyr"
HX = {"HTTP_HX_REQUEST": "true"}
DARK_TALES_YAML = (
    "cards:\n- name: Lantern\n  type: event\n  vp: 1\n  goes: discard\n  manual: false\n"
)
CATALOG = f"/worlds/{SLUG}/catalog/"
API = f"/api/worlds/{SLUG}/"
CARD_JSON = {"number": 296, "type": "item", "name": "Brass key"}


def bundle(folder: Path, top: str) -> SimpleUploadedFile:
    """The folder as a world bundle whose folder is named ``top`` (the slug it loads under)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                z.write(path, f"{top}/{path.relative_to(folder).as_posix()}")
    return SimpleUploadedFile(f"{top}.zip", buf.getvalue(), content_type="application/zip")


def renamed_catalog() -> str:
    """The world's catalog file with card #127 named: an import that changes something."""
    return world_edit.export_yaml(world_edit.cards_and_map(SLUG)).replace(
        "name: 'Card #127'", "name: Lost Map"
    )


def snapshot() -> tuple:
    """Everything a write could change: every world row and scene, and the games' catalogs."""
    worlds = list(World.objects.order_by("slug").values())
    scenes = WorldScene.objects.count()
    return worlds, scenes, catalogs.saved(get_game("dark-tales"))
