"""Diagnostics: what the loader and the lint say about a world, each with file:line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# A note is neither advice nor a fault: something the world declares is the owner's to enter
# (world.yaml's ``owner_enters``), said so the writer knows lint saw it.
Severity = Literal["error", "warning", "note"]


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One finding. ``file`` is relative to the world folder ("scenes/0104.yaml"), ``line`` 1-based."""

    severity: Severity
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.severity}: {self.message}"

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    @property
    def is_note(self) -> bool:
        return self.severity == "note"


class WorldError(Exception):
    """A world that cannot be loaded; ``diagnostics`` holds every finding (errors and warnings)."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = sort_diagnostics(diagnostics)
        errors = [d for d in self.diagnostics if d.is_error]
        head = "\n".join(str(d) for d in errors[:20])
        more = f"\n… and {len(errors) - 20} more" if len(errors) > 20 else ""
        super().__init__(f"{len(errors)} error(s) in world:\n{head}{more}")

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]


def sort_diagnostics(diagnostics) -> list[Diagnostic]:
    """By file, then line: the order a writer fixes them in."""
    return sorted(diagnostics, key=lambda d: (d.file, d.line, d.severity, d.message))


def has_errors(diagnostics: list[Diagnostic]) -> bool:
    return any(d.is_error for d in diagnostics)
