"""The user guides (docs/reader.md, docs/campaign.md): every label in bold is still on the
screen somewhere.

Each guide promises that bold words are exactly what the screen shows, so a renamed button
must not leave the guide pointing at something nobody can find. The labels live in the
templates and, for sentences the app says after a move, in the Python of games/ and storybook/.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDES = ["reader.md", "campaign.md"]
BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
SOURCES = [("templates", "*.html"), ("games", "*.py"), ("storybook", "*.py")]


def _folded(text: str) -> str:
    """Whitespace as one space: the guide and the templates wrap lines in different places."""
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("guide", GUIDES)
def test_every_bold_label_in_a_user_guide_is_in_the_app(guide):
    doc = (ROOT / "docs" / guide).read_text(encoding="utf-8")
    labels = {_folded(label) for label in BOLD.findall(doc)}
    assert len(labels) > 50  # the guide names the buttons it talks about
    source = _folded(
        "\n".join(
            path.read_text(encoding="utf-8")
            for folder, pattern in SOURCES
            for path in sorted((ROOT / folder).rglob(pattern))
        )
    )
    missing = sorted(label for label in labels if label not in source)
    assert missing == []
