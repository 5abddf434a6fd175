"""A value of the wrong kind or size in a world's files gets lint's own sentence (what to write
instead, then what was written), not pydantic's "Input should be …": a new author's
``reset.noticeboard: 5`` got pydantic's (issue 14). Every field of world.yaml's reset, and the
other fields of world.yaml, on the example world Brackenford."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from storybook.lint.folder import lint_world

BRACKENFORD = Path(__file__).resolve().parents[3] / "docs" / "examples" / "brackenford"
RESET = "  per_adventurer: [0]                 # each adventurer's ability card\n"

# (case, text replaced in world.yaml, by, the one error lint gives)
CASES = [
    (
        "noticeboard-too-high",
        RESET,
        RESET + "  noticeboard: 5\n",
        "72: reset.noticeboard: write at most 3, not 5",
    ),
    (
        "noticeboard-negative",
        RESET,
        RESET + "  noticeboard: -1\n",
        "72: reset.noticeboard: write at least 0, not -1",
    ),
    (
        "noticeboard-in-words",
        RESET,
        RESET + "  noticeboard: two\n",
        "72: reset.noticeboard: write a whole number, not the text 'two'",
    ),
    (
        "a-card-not-a-list",
        RESET,
        "  per_adventurer: 0\n",
        "71: reset.per_adventurer: write a list, [0], not the number 0",
    ),
    (
        "a-card-number-too-high",
        RESET,
        "  per_adventurer: [1000]\n",
        "71: reset.per_adventurer[1]: write at most 999, not 1000",
    ),
    (
        "thirteen-months",
        "months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]",
        "months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]",
        "69: reset.months: name the 12 month cards, January first, or none, not 13",
    ),
    (
        "vault-on-reset-a-list",
        RESET,
        RESET + "  vault_on_reset: [5]\n",
        "72: reset.vault_on_reset: write a mapping (key: value), not a list",
    ),
    (
        "vault-on-reset-not-an-id",
        RESET,
        RESET + "  vault_on_reset: {Tamsin: [5]}\n",
        "72: reset.vault_on_reset.Tamsin: 'Tamsin' is not an id: write lower-case letters, "
        "digits, '_' and '-', starting with a letter",
    ),
    (
        "vault-on-reset-nobody",
        RESET,
        RESET + "  vault_on_reset: {tamsn: [5]}\n",
        "72: unknown adventurer 'tamsn' (did you mean 'tamsin'?)",
    ),
    ("format", "format: 1", "format: 2", "1: format: write 1, not the number 2"),
    (
        "an-empty-name",
        "name: Brackenford Reach",
        "name: ''",
        "2: name: write some text, not an empty one",
    ),
    (
        "too-many-marks",
        "marks: {might: 1, survival: 2, perception: 1}",
        "marks: {might: 3, survival: 1}",
        "29: adventurers[1].marks.might: write at most 2, not 3",
    ),
    (
        "a-season-misspelt",
        "seasons: [summer]",
        "seasons: [sumer]",
        "62: routes[2].seasons[1]: write 'summer' or 'winter', not the text 'sumer' "
        "(did you mean 'summer'?)",
    ),
    (
        "a-route-to-nowhere",
        "between: [harbour, old-wood]",
        "between: [harbour]",
        "60: routes[1].between: write at least 2 items, not 1",
    ),
    (
        "a-side-without-terrain",
        "summer: {terrain: [forest], scenes: [130]}",
        "summer: {terrain: [], scenes: [130]}",
        "50: locations[2].summer.terrain: write at least 1 item, not 0",
    ),
]


@pytest.mark.parametrize("old,new,says", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_wrong_value_in_world_yaml_gets_lints_sentence(tmp_path, old, new, says):
    dest = tmp_path / "brackenford"
    shutil.copytree(BRACKENFORD, dest)
    text = (dest / "world.yaml").read_text(encoding="utf-8")
    assert text.count(old) == 1
    (dest / "world.yaml").write_text(text.replace(old, new), encoding="utf-8")
    assert [str(d) for d in lint_world(dest) if d.is_error] == [
        "world.yaml:" + says.replace(": ", ": error: ", 1)
    ]


def test_yes_is_text_in_yaml_and_the_sentence_says_so(tmp_path):
    dest = tmp_path / "brackenford"
    shutil.copytree(BRACKENFORD, dest)
    scene = dest / "scenes" / "0104-the-ferry.yaml"
    scene.write_text(scene.read_text(encoding="utf-8").replace("partner: true", "partner: yes"))
    assert [str(d) for d in lint_world(dest) if d.is_error] == [
        "scenes/0104-the-ferry.yaml:3: error: partner: write true or false, not the text 'yes' "
        "(in YAML 1.2 it is text)"
    ]
