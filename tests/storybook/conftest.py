"""Helpers for the storybook tests: build small worlds in tmp_path from the minimal one."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MINIMAL = ROOT / "fixtures" / "worlds" / "_minimal"
WORLDS = Path(__file__).resolve().parent / "worlds"


@pytest.fixture
def minimal_path() -> Path:
    return MINIMAL


@pytest.fixture
def make_world(tmp_path: Path):
    """Copy the minimal world and write extra or replacement files into it.

    ``make_world({"scenes/1005.yaml": "...yaml..."})`` returns the folder. Text is dedented.
    """

    def make(files: dict[str, str] | None = None, *, remove: tuple[str, ...] = ()) -> Path:
        dest = tmp_path / "world"
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(MINIMAL, dest)
        for rel in remove:
            (dest / rel).unlink()
        for rel, text in (files or {}).items():
            path = dest / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return dest

    return make


@pytest.fixture
def librarian(db):
    """A user in the "Librarians" group (librarians/), made like make_librarian does."""
    from librarians import make_librarian

    return make_librarian("librarian", password="shelf-and-quill-9")[0]


@pytest.fixture
def librarian_client(client, librarian):
    """The test client, signed in as the librarian (session; the test client skips CSRF)."""
    client.force_login(librarian)
    return client


@pytest.fixture(scope="session")
def generate_world():
    """``generate_world(dest, scenes=2000)`` from storybook.worldgen."""
    from storybook.worldgen import generate_world

    return generate_world
