"""Talekeeper's storybook: world packages, the scene format, the loader, lint and interpreter.

Pure Python (no Django). The Django side calls:

* ``load_world(path) -> World`` — raises ``WorldError(diagnostics)`` on any error;
* ``lint_world(path) -> list[Diagnostic]`` — every error and warning, with file:line;
* ``storybook.interpreter`` — what a seat sees of a scene, given a ``ReadContext``.
"""

from .diagnostics import Diagnostic, WorldError
from .loader import lint_world, load_world
from .world import World

__all__ = ["Diagnostic", "World", "WorldError", "lint_world", "load_world"]
