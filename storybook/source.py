"""Read one YAML 1.2 file into plain Python data plus a map from data path to line.

We compose ruamel.yaml's node tree (which carries a mark on every node) and build plain
dicts / lists / scalars from it ourselves, so that:

* the YAML 1.2 core schema applies (``no``, ``on``, ``yes`` stay strings);
* a duplicate key is an error naming both lines (we check it while walking mappings);
* every value is findable by its path, e.g. ``("options", 1, "cost")`` → line 12.

The C parser of ``ruamel.yaml.clib`` is used when installed (about 6× faster); the pure
Python parser gives the same nodes otherwise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

Path = tuple[str | int, ...]

_TAG = "tag:yaml.org,2002:"


class SourceError(Exception):
    """A file that is not valid YAML for us; ``line`` is 1-based (0 when unknown)."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass
class Source:
    """A parsed file: its plain data and the line of every path in it."""

    file: str
    data: Any
    lines: dict[Path, int] = field(default_factory=dict)

    def line(self, path: Path) -> int:
        """The line of ``path``, or of its nearest ancestor that has one."""
        p = tuple(path)
        while p:
            found = self.lines.get(p)
            if found is not None:
                return found
            p = p[:-1]
        return self.lines.get((), 1)


def _parser() -> YAML:
    y = YAML(typ="safe")  # picks the C parser when ruamel.yaml.clib is installed
    y.version = (1, 2)
    return y


def parse(text: str, file: str) -> Source:
    """Parse ``text`` (the contents of ``file``); raise SourceError on bad YAML."""
    try:
        node = _parser().compose(text)
    except YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else 0
        problem = getattr(exc, "problem", None) or str(exc).strip().splitlines()[0]
        context = getattr(exc, "context", None)
        msg = f"YAML syntax: {problem}" + (f" ({context})" if context else "")
        raise SourceError(line, msg) from None
    src = Source(file=file, data=None)
    if node is None:
        src.lines[()] = 1
        return src
    src.data = _build(node, (), src.lines)
    return src


def _build(node: Any, path: Path, lines: dict[Path, int]) -> Any:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, MappingNode):
        out: dict[Any, Any] = {}
        first_line: dict[Any, int] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                raise SourceError(key_node.start_mark.line + 1, "a key must be a plain value")
            if key_node.tag == _TAG + "merge":
                raise SourceError(key_node.start_mark.line + 1, "merge keys (<<) are not supported")
            key = _scalar(key_node)
            if isinstance(key, float | bool) or key is None:
                key = key_node.value  # keys are names or numbers; keep odd ones as written
            key_line = key_node.start_mark.line + 1
            if key in first_line:
                raise SourceError(
                    key_line, f"duplicate key '{key}' (first given on line {first_line[key]})"
                )
            first_line[key] = key_line
            child = (*path, key)
            lines[child] = key_line
            out[key] = _build(value_node, child, lines)
        return out
    if isinstance(node, SequenceNode):
        items = []
        for i, item in enumerate(node.value):
            items.append(_build(item, (*path, i), lines))
        return items
    return _scalar(node)


def _scalar(node: ScalarNode) -> Any:
    tag, value = node.tag, node.value
    if not tag.startswith(_TAG):
        raise SourceError(node.start_mark.line + 1, f"unsupported YAML tag {tag}")
    kind = tag[len(_TAG) :]
    if kind == "str":
        return value
    if kind == "null":
        return None
    if kind == "bool":
        return value.lower() == "true"
    if kind == "int":
        text = value.replace("_", "")
        sign = -1 if text.startswith("-") else 1
        digits = text.lstrip("+-")
        if digits.startswith(("0o", "0x", "0b")):
            return sign * int(digits, 0)
        return sign * int(digits, 10)
    if kind == "float":
        low = value.lower().lstrip("+")
        if low in (".inf", "-.inf"):
            return -math.inf if low.startswith("-") else math.inf
        if low == ".nan":
            return math.nan
        return float(value.replace("_", ""))
    # timestamps, binary, sets…: no field of ours takes them, so keep the text as written
    return value
