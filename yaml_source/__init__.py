"""The YAML reader: one YAML 1.2 file into plain Python data plus a map from data path to line.

Pure (no Django, no I/O: it is handed the text), and below both sides that read YAML: the
storybook's worlds (``storybook.loading``, ``storybook.world_edit``) and the platform's card
data uploaded as YAML (``games.services.catalogs``). It imports nothing of the project.

We read ruamel.yaml's parser events (each carries a mark with its line) and build plain
dicts / lists / scalars from them ourselves, so that:

* the YAML 1.2 core schema applies (``no``, ``on``, ``yes`` stay strings);
* a duplicate key is an error naming both lines (we check it while walking mappings);
* every value is findable by its path, e.g. ``("options", 1, "cost")`` → line 12;
* a file is bounded while it is read, before anything is built from it: at most MAX_NODES
  values counted with every alias expanded (a few kilobytes of nested aliases would otherwise
  expand to gigabytes, "billion laughs"), MAX_DEPTH levels, MAX_SCALAR characters in one value
  and MAX_DIGITS digits in one number.

The C parser of ``ruamel.yaml.clib`` is used when installed (about 8× faster); the pure
Python parser gives the same events otherwise. Skipping ruamel's composer and resolver
(which re-checks the YAML version for every scalar) is what makes 2,000 scenes load in ~1 s.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import StreamEndEvent

try:  # the C parser from ruamel.yaml.clib: about 8× faster than the pure Python one
    from _ruamel_yaml import CParser
    from _ruamel_yaml import StreamEndEvent as CStreamEndEvent
except ImportError:  # pragma: no cover
    CParser = None
    CStreamEndEvent = StreamEndEvent

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


# YAML 1.2 core schema, as ruamel.yaml resolves it (underscores allowed in numbers).
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_INT = re.compile(r"^(?:[-+]?[0-9_]+|0o[0-7_]+|0x[0-9a-fA-F_]+)$")
_FLOAT = re.compile(
    r"^(?:[-+]?(?:\.[0-9_]+|[0-9_]+(?:\.[0-9_]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
)


MAX_NODES = 200_000  # a 500-card catalog is about 6,000; a scene a few hundred
MAX_DEPTH = 40  # a scene's deepest condition nests about 12
MAX_SCALAR = 100_000  # characters in one value
MAX_DIGITS = 30  # digits in one number (Python refuses past 4,300)


def _events(text: str) -> Iterator[Any]:
    if CParser is not None:
        parser = CParser(text)
        try:
            while True:
                event = parser.get_event()
                yield event
                if isinstance(event, StreamEndEvent | CStreamEndEvent):
                    return
        finally:
            parser.dispose()
    else:  # pragma: no cover - only without ruamel.yaml.clib
        y = YAML(typ="safe", pure=True)
        y.version = (1, 2)
        yield from y.parse(text)


def parse(text: str, file: str) -> Source:
    """Parse ``text`` (the contents of ``file``); raise SourceError on bad YAML."""
    src = Source(file=file, data=None)
    src.lines[()] = 1
    try:
        builder = _Builder(_events(text), src.lines)
        src.data = builder.document()
    except YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else 0
        problem = getattr(exc, "problem", None) or str(exc).strip().splitlines()[0]
        context = getattr(exc, "context", None)
        msg = f"YAML syntax: {problem}" + (f" ({context})" if context else "")
        opened = getattr(exc, "context_mark", None)
        if context and context.startswith("while parsing a flow") and opened is not None:
            line = opened.line + 1  # where the bracket was opened, not where parsing gave up
            bracket = "{" if "mapping" in context else "["
            msg = f"YAML syntax: the '{bracket}' opened on this line is never closed ({problem})"
        lines = text.splitlines()
        if 0 < line <= len(lines) and "\t" in lines[line - 1]:
            msg += "; indent with spaces, not tabs"
        raise SourceError(line, msg) from None
    return src


class _Builder:
    """Plain data from the parser's events, recording the line of every path."""

    def __init__(self, events: Iterator[Any], lines: dict[Path, int]):
        self.events = events
        self.lines = lines
        self.anchors: dict[str, Any] = {}
        # Per anchor: how many values and how many levels it brings wherever it is aliased.
        self.anchor_size: dict[str, tuple[int, int]] = {}
        self.count = 0  # values so far, every alias expanded
        self.deepest = 0  # the deepest level reached under the node being built

    def grow(self, by: int, depth: int, line: int) -> None:
        self.count += by
        if self.count > MAX_NODES:
            raise SourceError(
                line,
                f"the file holds more than {MAX_NODES:,} values once its aliases are expanded",
            )
        if depth > MAX_DEPTH:
            raise SourceError(line, f"the file nests more than {MAX_DEPTH} levels deep")
        self.deepest = max(self.deepest, depth)

    def document(self) -> Any:
        data = None
        documents = 0
        for event in self.events:
            name = type(event).__name__
            if name == "DocumentStartEvent":
                documents += 1
                if documents > 1:
                    raise SourceError(event.start_mark.line + 1, "one YAML document per file")
                node_event = next(self.events)
                if type(node_event).__name__ != "DocumentEndEvent":
                    data = self.node(node_event, ())
        return data

    def node(self, event: Any, path: Path) -> Any:
        name = type(event).__name__
        line = event.start_mark.line + 1
        if name == "AliasEvent":
            if event.anchor not in self.anchors:
                raise SourceError(line, f"unknown alias *{event.anchor}")
            if event.anchor not in self.anchor_size:
                raise SourceError(line, f"the alias *{event.anchor} is inside its own anchor")
            size, levels = self.anchor_size[event.anchor]
            self.grow(size, len(path) + levels, line)
            self.lines.setdefault(path, line)
            return self.anchors[event.anchor]
        anchored = getattr(event, "anchor", None)
        count_before, deepest_before = self.count, self.deepest
        self.deepest = 0
        self.grow(1, len(path), line)
        value = self._build(event, name, line, path)
        if anchored is not None:
            self.anchor_size[anchored] = (self.count - count_before, self.deepest - len(path))
        self.deepest = max(self.deepest, deepest_before)
        return value

    def _build(self, event: Any, name: str, line: int, path: Path) -> Any:
        self.lines.setdefault(path, line)
        if name == "ScalarEvent":
            value = self.scalar(event)
        elif name == "MappingStartEvent":
            self.check_tag(event, "map", line)
            value = {}
            first_line: dict[Any, int] = {}
            if event.anchor is not None:
                self.anchors[event.anchor] = value
            for key_event in self.events:
                kname = type(key_event).__name__
                if kname == "MappingEndEvent":
                    break
                key_line = key_event.start_mark.line + 1
                if kname != "ScalarEvent":
                    raise SourceError(key_line, "a key must be a plain value")
                key = self.scalar(key_event)
                if key == "<<" and not key_event.style:
                    raise SourceError(key_line, "merge keys (<<) are not supported")
                if isinstance(key, float | bool) or key is None:
                    key = key_event.value  # keys are names or numbers; keep odd ones as written
                if key in first_line:
                    raise SourceError(
                        key_line, f"duplicate key '{key}' (first given on line {first_line[key]})"
                    )
                first_line[key] = key_line
                child = (*path, key)
                self.lines[child] = key_line
                value[key] = self.node(next(self.events), child)
            return value
        elif name == "SequenceStartEvent":
            self.check_tag(event, "seq", line)
            value = []
            if event.anchor is not None:
                self.anchors[event.anchor] = value
            for item_event in self.events:
                if type(item_event).__name__ == "SequenceEndEvent":
                    break
                value.append(self.node(item_event, (*path, len(value))))
            return value
        else:  # pragma: no cover - the parser sends nothing else here
            raise SourceError(line, f"unexpected YAML event {name}")
        if event.anchor is not None:
            self.anchors[event.anchor] = value
        return value

    def check_tag(self, event: Any, kind: str, line: int) -> None:
        tag = _tag(event.tag)
        if tag is not None and tag not in ("!", _TAG + kind):
            raise SourceError(line, f"unsupported YAML tag {tag}")

    def scalar(self, event: Any) -> Any:
        value = event.value
        line = event.start_mark.line + 1
        if len(value) > MAX_SCALAR:
            raise SourceError(line, f"a value is longer than {MAX_SCALAR:,} characters")
        if _INT.match(value) and len(value.lstrip("+-")) > MAX_DIGITS:
            raise SourceError(line, f"a number has more than {MAX_DIGITS} digits")
        tag = _tag(event.tag)
        plain = not event.style and tag is None
        if tag is None or tag == "!":
            if not plain:
                return value
            return _resolve_plain(value)
        if not tag.startswith(_TAG):
            raise SourceError(event.start_mark.line + 1, f"unsupported YAML tag {tag}")
        kind = tag[len(_TAG) :]
        if kind in ("str", "binary", "timestamp"):
            return value  # no field of ours takes binary or dates: keep the text as written
        resolved = _resolve_plain(value)
        expected = {"int": int, "float": float, "bool": bool, "null": type(None)}.get(kind)
        if expected is float and isinstance(resolved, int) and not isinstance(resolved, bool):
            return float(resolved)
        if expected is None or type(resolved) is not expected:
            raise SourceError(event.start_mark.line + 1, f"{value!r} is not a valid !!{kind}")
        return resolved


def _tag(tag: Any) -> str | None:
    if tag is None:
        return None
    text = str(tag)
    if text.startswith("!!"):
        return _TAG + text[2:]
    return text


def _resolve_plain(value: str) -> Any:
    if _NULL.match(value):
        return None
    first = value[0]
    if first in "tTfF" and _BOOL.match(value):
        return value[0] in "tT"
    if first in "0123456789+-.":
        if _INT.match(value):
            text = value.replace("_", "")
            sign = -1 if text.startswith("-") else 1
            digits = text.lstrip("+-")
            if digits.startswith(("0o", "0x")):
                return sign * int(digits, 0)
            return sign * int(digits, 10)
        if _FLOAT.match(value):
            low = value.lower().lstrip("+")
            if low.endswith("inf"):
                return -math.inf if low.startswith("-") else math.inf
            if low.endswith("nan"):
                return math.nan
            return float(value.replace("_", ""))
    return value
