"""docs/book-format.md: its complete example world lints clean, its fragments are valid."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from storybook import lint_world, load_world
from storybook.format import Catalog, EventDeck, Scene, WorldInfo
from storybook.source import parse

DOC = Path(__file__).resolve().parents[2] / "docs" / "book-format.md"
BLOCK = re.compile(r"```yaml\n(.*?)```", re.S)
SIX = [
    {"id": s, "name": s.title()}
    for s in ("thievery", "might", "survival", "knowledge", "communication", "perception")
]
SCENE_KEYS = set(Scene.model_fields)


def blocks() -> list[str]:
    return BLOCK.findall(DOC.read_text(encoding="utf-8"))


def test_the_example_world_in_the_docs_lints_without_any_finding(tmp_path):
    files = 0
    for block in blocks():
        first = block.splitlines()[0]
        if first.startswith("# file: "):
            path = tmp_path / first.removeprefix("# file: ").strip()
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists():  # the same file shown twice must be the same text
                assert path.read_text() == block
            path.write_text(block, encoding="utf-8")
            files += 1
    assert files >= 10
    assert [str(d) for d in lint_world(tmp_path)] == []
    world = load_world(tmp_path)
    assert len(world.scenes) == 7


@pytest.mark.parametrize("block", [b for b in blocks() if not b.startswith("# file: ")])
def test_each_fragment_in_the_docs_is_valid(block):
    data = parse(block, "doc").data
    assert isinstance(data, dict)
    keys = set(data)
    if block.startswith("# A comment"):  # the YAML primer: only has to be YAML
        assert data["name"] == "Brackenford Reach"
    elif keys <= SCENE_KEYS:
        Scene.model_validate({"number": 1, **data})
    elif keys == {"outcomes"}:
        option = {"label": "x", "check": {"skill": "might", "difficulty": "easy"}, **data}
        Scene.model_validate({"number": 1, "options": [option]})
    elif keys == {"check"}:
        option = {"label": "x", "outcomes": [{"effects": [{"end": True}]}], **data}
        Scene.model_validate({"number": 1, "options": [option]})
    elif keys == {"cards"}:
        Catalog.model_validate(data)
    elif keys == {"events"}:
        EventDeck.model_validate(data)
    else:
        assert keys <= set(WorldInfo.model_fields)
        WorldInfo.model_validate({"format": 1, "name": "x", "skills": SIX, **data})
