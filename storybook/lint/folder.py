"""A world folder read and checked: what ``manage.py lint_world`` prints and what loading allows.

``lint_world`` returns every finding, the schema's (``storybook.loading.loader.read_world``)
and the checks' (``check_world``), sorted by file and line, and never raises for content
problems; ``load_world`` returns the ``World`` or raises ``WorldError`` when any is an error.
"""

from __future__ import annotations

from pathlib import Path

from storybook.lint.checks import check_world
from storybook.loading.diagnostics import Diagnostic, WorldError, has_errors, sort_diagnostics
from storybook.loading.loader import read_world
from storybook.loading.world import World


def lint_world(path: str | Path) -> list[Diagnostic]:
    """Every error and warning for the world folder at ``path`` (schema errors included)."""
    world, diagnostics = read_world(path)
    return sort_diagnostics(set(diagnostics + check_world(world)))


def load_world(path: str | Path) -> World:
    """Load and lint a world folder; raise WorldError(diagnostics) if anything is an error."""
    world, diagnostics = read_world(path)
    diagnostics += check_world(world)
    if has_errors(diagnostics):
        raise WorldError(diagnostics)
    found = sort_diagnostics(diagnostics)
    world.warnings = [d for d in found if not d.is_note]
    world.notes = [d for d in found if d.is_note]
    return world
