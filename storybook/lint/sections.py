"""Sections a game adds to lint's report on a world that loads, such as Lands of Galzyr's
"campaign mode: ready / not ready, because …".

The storybook knows no game: a game's app registers its section at start-up (in its
``AppConfig.ready``), and ``manage.py lint_world`` and the librarian's upload page show every
registered section after the findings. A section is a function of the loaded ``World``
returning its lines: a heading, then one indented line per finding ("  cards.yaml:1: …").
"""

from __future__ import annotations

from collections.abc import Callable

from storybook.loading.world import World

Section = Callable[[World], list[str]]
# The registered sections by name (a registry, not a cache: registering a name again, as a
# second ready() would, replaces it).
SECTIONS: dict[str, Section] = {}


def add_section(name: str, section: Section) -> None:
    SECTIONS[name] = section


def report_sections(world: World) -> list[list[str]]:
    """Every registered section's lines for ``world``, in the order of their names."""
    return [section(world) for _, section in sorted(SECTIONS.items())]
