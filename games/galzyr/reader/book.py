"""The book as the reader sees it, and where books come from (pure: no Django).

The reader's rules never touch the database. The service that loads a table hands its state
the world's ``Book`` (games/galzyr/game.py ``needs``/``hand``, opened with ``open_book``):
the world's name, skills and names for sentences, its event cards, the list of its scenes,
and ``scene(number)``, which fetches one scene on demand (and keeps it). A move and the page
drawn after it share the book the move was handed.

Where books come from is pluggable: a *shelf* is installed with ``install(shelf)``. The
Django side (``games.galzyr.shelf``) installs one that reads the loaded worlds from the
database when the app starts; tests and scripts install a ``FolderShelf`` that loads world
folders from disk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Protocol

from games.core.engine import RuleError
from storybook.format import Card, EventCard, Scene, WorldInfo
from storybook.lint.folder import load_world

SCENE_CACHE = 512  # scenes kept per book; a 2,000-scene book is read a few scenes at a time


@dataclass
class Book:
    """One world's book. ``version`` changes whenever the world's content does."""

    slug: str
    name: str
    version: str
    info: WorldInfo
    events: Sequence[EventCard]
    titles: Sequence[tuple[int, str]]  # every scene: (number, title), by number
    fetch: Callable[[int], Scene | None] = field(repr=False)
    cards: Mapping[int, str] = field(default_factory=dict)  # card number → name
    catalog: Mapping[int, Card] = field(default_factory=dict, repr=False)  # the campaign's cards

    def __post_init__(self) -> None:
        self.names: dict[str, str] = self.info.names()
        self.numbers = frozenset(n for n, _ in self.titles)
        # A book is one version of its world: its scenes never change, so each is fetched
        # once, by number (SCENE_CACHE of them), and the browse list built once per limit
        # (2: the view's one LIST_LIMIT, and a test's).
        self._fetched = lru_cache(maxsize=SCENE_CACHE)(self.fetch)
        self._listing = lru_cache(maxsize=2)(self._list)

    def scene(self, number: int) -> Scene | None:
        """The scene with this number, or None when the book has none."""
        if number not in self.numbers:
            return None
        return self._fetched(number)

    def listing(self, limit: int) -> list[dict[str, object]]:
        """The first ``limit`` scenes as ``{"number", "title"}``, built once per book (the
        browse list every manager's view carries). Shared: read only."""
        return self._listing(limit)

    def _list(self, limit: int) -> list[dict[str, object]]:
        return [{"number": n, "title": t} for n, t in self.titles[:limit]]

    def event(self, card: int) -> EventCard | None:
        for ev in self.events:
            if ev.card == card:
                return ev
        return None

    @property
    def skills(self) -> list[str]:
        """The skill circle, in order (each skill is next to the one before and after)."""
        return [s.id for s in self.info.skills]

    def skill_name(self, sid: str) -> str:
        return self.names.get(sid, sid)

    def side_scenes(self, season: str) -> list[tuple[str, list[int]]]:
        """The scenes each location card offers on this side of the board."""
        return [
            (loc.name, list(loc.side(season).scenes))
            for loc in self.info.locations
            if loc.side(season).scenes
        ]

    @classmethod
    def from_world(cls, world, slug: str | None = None, version: str = "") -> Book:
        """A book over a loaded ``storybook.World`` held in memory."""
        assert world.info is not None, "only a loaded world has a book"
        return cls(
            slug=slug or world.slug,
            name=world.name,
            version=version,
            info=world.info,
            events=list(world.events),
            titles=[(n, s.title or "") for n, s in sorted(world.scenes.items())],
            fetch=world.scenes.get,
            cards={n: card.name for n, card in world.cards.items()},
            catalog=dict(world.cards),
        )


@dataclass(frozen=True)
class WorldChoice:
    """A world the new-table form offers, with its adventurers (id, name) in the world's order.
    ``printed``: the world has no scenes here (the published box's facts): its scenes are read
    from the printed book, and the app keeps the box in campaign mode."""

    slug: str
    name: str
    adventurers: tuple[tuple[str, str], ...] = ()
    printed: bool = False


class Shelf(Protocol):
    """Where the reader finds books: installed once per process."""

    def book(self, slug: str) -> Book | None: ...

    def default_slug(self) -> str | None: ...

    def worlds(self) -> list[tuple[str, str]]: ...  # (slug, name) of every world with a book

    # the same, with their adventurers, and the worlds read from a printed book
    def world_choices(self) -> list[WorldChoice]: ...


_shelf: Shelf | None = None


def install(shelf: Shelf | None) -> Shelf | None:
    """Use ``shelf`` from now on; returns the one it replaces (tests put it back)."""
    global _shelf
    previous, _shelf = _shelf, shelf
    return previous


def installed() -> Shelf | None:
    return _shelf


def _require_shelf() -> Shelf:
    if _shelf is None:
        raise RuleError("No books are available: the storybook is not set up on this server.")
    return _shelf


def open_book(slug: str) -> Book:
    book = _require_shelf().book(slug)
    if book is None:
        raise not_loaded(slug)
    return book


def not_loaded(slug: str) -> RuleError:
    return RuleError(f"The world “{slug}” is not loaded; load it with manage.py load_world first.")


def default_world() -> str:
    slug = _require_shelf().default_slug()
    if slug is None:
        raise RuleError("No world with a book is loaded yet; run manage.py load_fixtures.")
    return slug


def available_worlds() -> list[tuple[str, str]]:
    return _shelf.worlds() if _shelf is not None else []


def world_choices() -> list[WorldChoice]:
    return _shelf.world_choices() if _shelf is not None else []


class FolderShelf:
    """Books loaded from world folders on disk (tests, scripts): ``FolderShelf([path, …])``.

    The slug of a folder is its name; pass a mapping to choose others. Each folder is loaded
    (and linted) once.
    """

    def __init__(self, folders: Mapping[str, Path] | Iterable[Path], default: str | None = None):
        if isinstance(folders, Mapping):
            self.folders = {slug: Path(p) for slug, p in folders.items()}
        else:
            self.folders = {Path(p).name: Path(p) for p in folders}
        self.default = default
        # Each of its folders loaded once (a finite set of keys: the folders it was given).
        self._load = cache(self._load_folder)

    def book(self, slug: str) -> Book | None:
        return self._load(slug) if slug in self.folders else None

    def _load_folder(self, slug: str) -> Book:
        return Book.from_world(load_world(self.folders[slug]), slug, version=slug)

    def default_slug(self) -> str | None:
        if self.default is not None:
            return self.default
        return next(iter(self.folders), None)

    def worlds(self) -> list[tuple[str, str]]:
        return [(slug, book.name) for slug in self.folders if (book := self.book(slug))]

    def world_choices(self) -> list[WorldChoice]:
        return [
            WorldChoice(
                slug,
                book.name,
                tuple((a.id, a.name) for a in book.info.adventurers),
                printed=not book.numbers,
            )
            for slug in self.folders
            if (book := self.book(slug)) and (book.numbers or book.catalog)
        ]
