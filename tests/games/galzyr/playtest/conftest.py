"""Small worlds for the playtester's tests, built in tmp_path from the minimal one."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[4]
MINIMAL = ROOT / "fixtures" / "worlds" / "_minimal"


@pytest.fixture
def minimal_path() -> Path:
    return MINIMAL


@pytest.fixture
def make_world(tmp_path: Path):
    """The minimal world with extra or replacement files (dedented): returns the folder."""

    def make(files: dict[str, str] | None = None) -> Path:
        dest = tmp_path / "world"
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(MINIMAL, dest)
        for rel, text in (files or {}).items():
            path = dest / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return dest

    return make
