"""The YAML reader (yaml_source): it bounds a file while reading it (alias bombs, depth, long
values, huge numbers), and its pure Python parser reads as the C one does."""

import pytest

import yaml_source
from yaml_source import SourceError, parse


def laughs(levels: int) -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for n in range(1, levels + 1):
        refs = ", ".join([f"*a{n - 1}"] * 10)
        lines.append(f"a{n}: &a{n} [{refs}]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (laughs(6), "once its aliases are expanded"),
        ("x: " + "[" * 60 + "]" * 60 + "\n", "nests more than 40 levels"),
        ("n: " + "9" * 5000 + "\n", "more than 30 digits"),
        ("t: " + "y" * 100_001 + "\n", "longer than 100,000 characters"),
        ("a: &a [1, *a]\n", "inside its own anchor"),
        ("deep: &d " + "[" * 30 + "]" * 30 + "\nmore: [[[[[[[[[[[[*d]]]]]]]]]]]]\n", "nests more"),
    ],
)
def test_hostile_files_are_refused_before_anything_is_built(text, says):
    with pytest.raises(SourceError, match=says):
        parse(text, "hostile.yaml")


def test_a_few_aliases_within_the_bounds_still_read():
    data = parse(laughs(3), "fine.yaml").data
    assert len(data["a3"]) == 10 and data["a3"][0][0][0][0] == "x"


def test_the_bounds_are_the_documented_ones():
    assert (
        yaml_source.MAX_NODES,
        yaml_source.MAX_DEPTH,
        yaml_source.MAX_SCALAR,
        yaml_source.MAX_DIGITS,
    ) == (
        200_000,
        40,
        100_000,
        30,
    )


def test_the_pure_python_parser_reads_the_same(monkeypatch):
    text = "name: x\nextra: [no, 0x1F, 1.5e3, .inf, ~, 'yes']\n"
    fast = parse(text, "world.yaml")
    monkeypatch.setattr(yaml_source, "CParser", None)
    slow = parse(text, "world.yaml")
    assert slow.data == fast.data
    assert slow.lines == fast.lines
    assert fast.data["extra"] == ["no", 31, 1500.0, float("inf"), None, "yes"]
    with pytest.raises(SourceError, match="duplicate key"):
        parse("a: 1\na: 2\n", "x.yaml")
