"""Folder → typed World as the schema sees it. Every problem becomes a Diagnostic naming
file:line.

``read_world`` parses and validates each file and returns what could be built with the schema's
findings; the checks beyond the schema are ``storybook.lint``'s, and ``storybook.lint.folder``
puts the two together (``load_world``, ``lint_world``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from storybook.format import Catalog, EventDeck, Scene, WorldInfo
from storybook.loading.diagnostics import Diagnostic
from storybook.loading.schema_text import format_path, schema_message
from storybook.loading.world import CARDS_FILE, EVENTS_FILE, SCENES_DIR, WORLD_FILE, World
from yaml_source import Source, SourceError, parse

SCENE_FILE = re.compile(r"^(\d{4})(-[a-z0-9][a-z0-9_-]*)?\.yaml$")


def read_world(path: str | Path) -> tuple[World, list[Diagnostic]]:
    """Parse and validate every file; return what could be built and the schema diagnostics."""
    root = Path(path)
    world = World(root=root)
    diags: list[Diagnostic] = []
    if not root.is_dir():
        return world, [Diagnostic("error", str(root), 0, "not a folder")]

    src = _read(root, WORLD_FILE, diags, required=True, world=world)
    if src is not None:
        world.info = _validate(WorldInfo, src, diags)

    src = _read(root, CARDS_FILE, diags, required=True, world=world)
    if src is not None:
        catalog = _validate(Catalog, src, diags)
        if catalog is not None:
            world.cards_ok = True
            for i, card in enumerate(catalog.cards):
                if card.number in world.cards:
                    first = next(j for j, c in enumerate(catalog.cards) if c.number == card.number)
                    diags.append(
                        _at(
                            src,
                            ("cards", i, "number"),
                            f"card number {card.number:03d} is already in the catalog "
                            f"(line {src.line(('cards', first))}); use 'variants' for "
                            "different cards that share a number",
                        )
                    )
                    continue
                world.cards[card.number] = card

    src = _read(root, EVENTS_FILE, diags, required=False, world=world)
    if src is not None:
        deck = _validate(EventDeck, src, diags)
        world.events_ok = deck is not None
        if deck is not None:
            world.events = list(deck.events)

    scenes_dir = root / SCENES_DIR
    if scenes_dir.is_dir():
        _read_scenes(root, scenes_dir, world, diags)
    return world, diags


def _read_scenes(root: Path, scenes_dir: Path, world: World, diags: list[Diagnostic]) -> None:
    for file in sorted(scenes_dir.rglob("*")):
        if not file.is_file() or file.name.startswith("."):
            continue
        rel = file.relative_to(root).as_posix()
        m = SCENE_FILE.match(file.name)
        if m is None:
            # a .yml file that is otherwise a scene's: say the one thing to change
            yml = SCENE_FILE.match(file.name[:-4] + ".yaml") if file.suffix == ".yml" else None
            hint = f": rename it {file.stem}.yaml (.yaml, not .yml)" if yml else ""
            diags.append(
                Diagnostic(
                    "error",
                    rel,
                    0,
                    "scene files are named NNNN.yaml or NNNN-some-words.yaml "
                    f"(four digits: the scene number){hint}",
                )
            )
            continue
        expected = int(m.group(1))
        world.broken_scenes.add(expected)
        src = _read(root, rel, diags, required=True, world=world)
        if src is None:
            continue
        scene = _validate(Scene, src, diags)
        if scene is None:
            continue
        if scene.number != expected:
            diags.append(
                _at(
                    src,
                    ("number",),
                    f"the file name says scene {expected:04d} but 'number' is {scene.number:04d}",
                )
            )
            continue
        if scene.number in world.scenes:
            other = world.scene_files[scene.number]
            diags.append(
                _at(
                    src,
                    ("number",),
                    f"duplicate scene number {scene.number:04d} "
                    f"(also {other}:{world.line(other, ('number',))})",
                )
            )
            continue
        world.scenes[scene.number] = scene
        world.scene_files[scene.number] = rel
    world.broken_scenes -= set(world.scenes)


def _read(
    root: Path,
    rel: str,
    diags: list[Diagnostic],
    *,
    required: bool,
    world: World,
) -> Source | None:
    file = root / rel
    if not file.is_file():
        if required:
            diags.append(Diagnostic("error", rel, 0, "missing file"))
        return None
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        diags.append(Diagnostic("error", rel, 0, f"not UTF-8 text: {exc.reason}"))
        return None
    try:
        src = parse(text, rel)
    except SourceError as exc:
        diags.append(Diagnostic("error", rel, exc.line, exc.message))
        return None
    if src.data is None:
        diags.append(Diagnostic("error", rel, 1, "the file is empty"))
        return None
    world.sources[rel] = src
    return src


def _validate(model: type[BaseModel], src: Source, diags: list[Diagnostic]) -> Any:
    try:
        return model.model_validate(src.data)
    except ValidationError as exc:
        diags.extend(validation_diagnostics(exc, src))
        return None


def _at(src: Source, path: tuple, message: str, severity: str = "error") -> Diagnostic:
    return Diagnostic(severity, src.file, src.line(path), message)  # type: ignore[arg-type]


def validation_diagnostics(exc: ValidationError, src: Source) -> list[Diagnostic]:
    """Turn pydantic errors into "file:line: path: message", one per place."""
    grouped: dict[tuple[int, str], list[str]] = {}
    for err in exc.errors(include_url=False):
        path, missing = _resolve(src.data, err["loc"], err["type"])
        msg = schema_message(err, missing)
        where = format_path(path)
        key = (src.line(path), where)
        if msg not in grouped.setdefault(key, []):
            grouped[key].append(msg)
    return [
        Diagnostic(
            "error", src.file, line, f"{where}: {' or '.join(msgs)}" if where else " or ".join(msgs)
        )
        for (line, where), msgs in grouped.items()
    ]


def _resolve(data: Any, loc: tuple, kind: str) -> tuple[tuple, str | None]:
    """Follow ``loc`` through ``data``; drop segments that name union members, not data."""
    path: list[Any] = []
    node = data
    last = len(loc) - 1
    for i, seg in enumerate(loc):
        if (
            isinstance(node, dict)
            and seg in node
            # a verb's tag that is also its key ({gold: 1, whom: x}): a scalar, not a step
            and (i == last or isinstance(node[seg], dict | list))
            or isinstance(node, list)
            and isinstance(seg, int)
            and 0 <= seg < len(node)
        ):
            node = node[seg]
            path.append(seg)
        elif i == last and kind == "missing":
            return tuple(path), str(seg)
        # else: a tag of a union ("plain", "take", "constrained-int"): not part of the data
    return tuple(path), None
