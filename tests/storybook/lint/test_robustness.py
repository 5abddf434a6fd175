"""Whatever a writer types, lint answers with diagnostics that carry a line, never a crash."""

from __future__ import annotations

import copy
import io
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from storybook.lint.folder import lint_world
from yaml_source import parse

MINIMAL = Path(__file__).resolve().parents[3] / "fixtures" / "worlds" / "_minimal"
BASE = parse((MINIMAL / "scenes" / "1001.yaml").read_text(), "scenes/1001.yaml").data

values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10_000),
    st.sampled_from(["", "no", "end", "might", "medium", "this", "event", "sailor", "x y"]),
    st.lists(st.integers(0, 3), max_size=2),
    st.dictionaries(
        st.sampled_from(["end", "gold", "go", "text", "min"]), st.integers(0, 3), max_size=2
    ),
)


def paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from paths(v, (*prefix, i))


ALL_PATHS = [p for p in paths(BASE) if p]


def mutate(data, path, value, mode):
    data = copy.deepcopy(data)
    parent = data
    for seg in path[:-1]:
        parent = parent[seg]
    last = path[-1]
    if mode == "delete" and isinstance(parent, dict):
        del parent[last]
    elif mode == "rename" and isinstance(parent, dict):
        parent[f"{last}x"] = parent.pop(last)
    else:
        parent[last] = value
    return data


def dump(data) -> str:
    out = io.StringIO()
    YAML(typ="safe", pure=True).dump(data, out)
    return out.getvalue()


@pytest.fixture(scope="module")
def scratch_world(tmp_path_factory) -> Path:
    """One copy of the minimal world; each example rewrites its scene 1001."""
    world = tmp_path_factory.mktemp("robust") / "world"
    shutil.copytree(MINIMAL, world)
    return world


@settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.tuples(st.sampled_from(ALL_PATHS), values, st.sampled_from(["set", "delete", "rename"])),
        min_size=1,
        max_size=3,
    )
)
def test_mutated_scenes_give_diagnostics_with_lines_not_crashes(scratch_world, changes):
    world = scratch_world
    data = BASE
    for path, value, mode in changes:
        try:
            data = mutate(data, path, value, mode)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed that path
    (world / "scenes" / "1001.yaml").write_text(dump(data), encoding="utf-8")
    for d in lint_world(world):
        assert d.file and d.message
        if d.file.startswith("scenes/") and d.file.endswith(".yaml"):
            assert d.line >= 1, d
