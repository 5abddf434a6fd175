"""The author's manual (docs/book-format.md) can't drift from the code: every YAML example in
it is a piece of a file under docs/examples/, named in its first line, and every world there
lints without a finding, is ready for campaign mode, loads, and passes the playtester with
2,000 runs and full coverage (issue 14); what the doc says the commands print is checked in
test_doc_commands.py. A browser test opens a scene of each at a table in
campaign mode (tests/browser/test_example_worlds.py)."""

from __future__ import annotations

import re
import textwrap
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from games.galzyr.campaign.readiness import campaign_readiness
from storybook import format as fmt
from storybook.lint.folder import lint_world
from storybook.loading.loader import read_world
from yaml_source import parse

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "book-format.md"
EXAMPLES = ROOT / "docs" / "examples"
BLOCK = re.compile(r"```yaml\n(.*?)```", re.S)
HEADER = re.compile(r"^# docs/examples/(?P<file>[\w./-]+)(?:, lines (?P<a>\d+)–(?P<b>\d+))?$")
WORLDS = sorted(p for p in EXAMPLES.iterdir() if (p / "world.yaml").is_file())


def blocks() -> list[str]:
    return BLOCK.findall(DOC.read_text(encoding="utf-8"))


def test_part_ones_examples_are_whole_files_starting_with_their_header():
    part_one = DOC.read_text(encoding="utf-8").split("# Part II")[0]
    for block in BLOCK.findall(part_one):
        head = block.splitlines()[0]
        assert (EXAMPLES / HEADER.match(head)["file"]).read_text(encoding="utf-8") == block


def test_the_doc_shows_examples_of_both_worlds_and_the_worlds_exist():
    assert {p.name for p in WORLDS} >= {"first-world", "brackenford"}
    named = {HEADER.match(b.splitlines()[0]).group("file").split("/")[0] for b in blocks()}
    assert named >= {"first-world", "brackenford", "yaml-primer.yaml"}


@pytest.mark.parametrize("block", blocks(), ids=lambda b: b.splitlines()[0][2:])
def test_each_yaml_example_in_the_doc_is_a_piece_of_its_file(block):
    head, _, body = block.partition("\n")
    m = HEADER.match(head)
    assert m, f"a YAML example must name its file under docs/examples/: {head!r}"
    text = (EXAMPLES / m["file"]).read_text(encoding="utf-8")
    if text.startswith(head + "\n"):
        # A tutorial file starts with the header itself: what a reader copies is the whole
        # file, so the lines lint names are the lines they have (a new author found them one off).
        assert block == text
        return
    lines = text.splitlines()
    if m["a"]:
        lines = lines[int(m["a"]) - 1 : int(m["b"])]
    assert body.rstrip("\n") == textwrap.dedent("\n".join(lines)).rstrip("\n")
    if not m["a"]:
        assert parse(body, m["file"]).data


@pytest.mark.parametrize("path", WORLDS, ids=lambda p: p.name)
def test_each_example_world_lints_clean_and_is_ready_for_campaign_mode(path):
    assert [str(d) for d in lint_world(path)] == []
    assert campaign_readiness(read_world(path)[0]).ready


@pytest.mark.django_db
@pytest.mark.parametrize("path", WORLDS, ids=lambda p: p.name)
def test_each_example_world_loads_under_its_folder_name(path):
    out = StringIO()
    call_command("load_world", str(path), stdout=out)
    assert out.getvalue().startswith(f"{path.name}: created — ")


# Part I's world runs Part I's own command (2,000 runs, full coverage) in test_doc_commands.py.
@pytest.mark.parametrize(
    "path", [p for p in WORLDS if p.name != "first-world"], ids=lambda p: p.name
)
def test_each_example_world_passes_the_playtester_with_full_coverage(path):
    out = StringIO()
    call_command(
        "playtest_world",
        str(path),
        "--runs",
        "2000",
        "--require-full-coverage",
        "--brief",
        stdout=out,
    )  # raises CommandError on a runtime error or anything never reached
    assert "(100%), options" in out.getvalue() and "no runtime errors" in out.getvalue()
    assert "Warnings:" not in out.getvalue()  # an example shows how to need none


# §18 "Every limit": each row's numbers are the schema's own bounds.
LIMITS = [
    ("`gold` effect", "effects.Gold", "gold"),
    ("`prestige` effect", "effects.Prestige", "prestige"),
    ("`timer` / `delay` / `hasten` `days`", "effects.ShiftTarget", "days"),
    ("a card's `copies`", "Card", "copies"),
    ("a card's `gold`", "Card", "gold"),
    ("card number", "Card", "number"),
    ("scene number", "Scene", "number"),
    ("option `cost`", "Option", "cost"),
    ("outcome `min` / `max`", "Outcome", "min"),
    ("`gold_at_least`", "conditions.GoldAtLeast", "gold_at_least"),
    ("`marks_at_least`", "conditions.MarksAtLeast", "marks_at_least"),
    ("adventurer `gold`", "Adventurer", "gold"),
    ("location `number`", "Location", "number"),
]


def _bounds(schema: dict) -> tuple[int, int] | None:
    if "minimum" in schema:
        return schema["minimum"], schema["maximum"]
    values = list(schema.get("patternProperties", {}).values())  # a mapping's values
    for sub in (*schema.get("anyOf", ()), *values):
        found = _bounds(sub)
        if found:
            return found
    return None


@pytest.mark.parametrize("row,model,field", LIMITS, ids=[r[0] for r in LIMITS])
def test_every_limit_in_the_doc_is_the_schemas(row, model, field):
    cls = fmt
    for part in model.split("."):
        cls = getattr(cls, part)
    bounds = _bounds(cls.model_json_schema(by_alias=True)["properties"][field])
    section = DOC.read_text(encoding="utf-8").split("## 18. Every limit")[1].split("\n## ")[0]
    line = next(x for x in section.splitlines() if x.startswith(f"| {row}"))
    limit = line.split("|")[2]
    low, high = re.search(r"(−?\d+)\s*[…–]\s*(\d+)", limit).groups()
    assert (int(low.replace("−", "-")), int(high)) == bounds, (line, bounds)
