"""What docs/book-format.md says the commands print is what they print: each command of Part I
is run, as written, on a copy of the tutorial's world (docs/examples/first-world/), and the
output block that follows it must match the real output line by line; so must the quoted
lint lines elsewhere in the doc (a new author found a note quoted without the words the
command prints, issue 14).

In a quoted block, a line that is only "…" stands for any number of lines, and "…" inside a
line for any text; ``/home/you/worlds/first-world`` is the folder the command was given.
"""

from __future__ import annotations

import re
import shlex
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "book-format.md"
FIRST = ROOT / "docs" / "examples" / "first-world"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.S | re.M)
GIVEN, SHOWN = "~/worlds/first-world", "/home/you/worlds/first-world"


def part_one() -> str:
    return DOC.read_text(encoding="utf-8").split("# Part II")[0]


def commands_and_outputs() -> list[tuple[str, str]]:
    """Each ``python manage.py …`` block of Part I with the plain block right after it."""
    fences = FENCE.findall(part_one())
    pairs = []
    for (lang, body), (next_lang, output) in zip(fences, fences[1:], strict=False):
        command = not lang and body.startswith("python manage.py ")
        if command and not next_lang and not output.startswith("python manage.py "):
            pairs.append((body.strip(), output))
    return pairs


def quoted(block: str) -> re.Pattern:
    """The block as a pattern over the real output: "…" is a wildcard, lines match whole."""
    parts = []
    for line in block.rstrip("\n").splitlines():
        if line == "…":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(map(re.escape, line.split("…"))) + r"\n")
    return re.compile("".join(parts))


def run(command: str, folder: Path) -> str:
    argv = shlex.split(command.replace(GIVEN, str(folder)))
    assert argv[:2] == ["python", "manage.py"], command
    out = StringIO()
    try:
        call_command(*argv[2:], stdout=out, stderr=StringIO())
    except CommandError as exc:
        return out.getvalue() + f"CommandError: {exc}\n"
    return out.getvalue()


def first_world(tmp_path: Path) -> Path:
    dest = tmp_path / "worlds" / "first-world"
    shutil.copytree(FIRST, dest)
    return dest


def matches(block: str, output: str, folder: Path) -> bool:
    return quoted(block.replace(SHOWN, str(folder))).fullmatch(output) is not None


def test_part_one_shows_the_output_of_lint_playtest_and_load():
    commands = [c.split()[2] for c, _ in commands_and_outputs()]
    assert commands == ["lint_world", "playtest_world", "load_world"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "command,output", commands_and_outputs(), ids=lambda x: x.split()[2] if "manage" in x else ""
)
def test_each_command_of_part_one_prints_what_the_doc_shows(tmp_path, command, output):
    folder = first_world(tmp_path)
    real = run(command, folder)
    assert matches(output, real, folder), f"{command}\n--- the doc shows:\n{output}--- run:\n{real}"


def test_the_typo_of_step_six_gets_the_sentence_the_doc_quotes(tmp_path):
    said = re.search(r"lint\s+again: `([^`]+)`", part_one())[1]
    folder = first_world(tmp_path)
    scene = folder / "scenes" / "0001.yaml"
    scene.write_text(scene.read_text(encoding="utf-8").replace("might", "mihgt"), "utf-8")
    assert said in run(f"python manage.py lint_world {GIVEN}", folder).splitlines()


def test_the_not_ready_section_of_section_14_is_what_lint_prints(tmp_path):
    doc = DOC.read_text(encoding="utf-8").split("## 14. Campaign mode")[1]
    block = next(b for lang, b in FENCE.findall(doc) if b.startswith("campaign mode: not ready"))
    assert "missing #005" in block
    folder = first_world(tmp_path)
    cards = folder / "cards.yaml"
    may = "  - {number: 5, type: global_status, name: May}\n"
    cards.write_text(cards.read_text(encoding="utf-8").replace(may, ""), "utf-8")
    real = run(f"python manage.py lint_world {GIVEN}", folder)
    assert matches(block + "…\n", real, folder), real


def test_a_quoted_block_matches_only_what_it_says():
    pattern = quoted("a: …\n…\nend\n")
    assert pattern.fullmatch("a: x\nb\nc\nend\n") and pattern.fullmatch("a: \nend\n")
    assert not pattern.fullmatch("a: x\nb\nthe end\n") and not pattern.fullmatch("b: x\nend\n")
