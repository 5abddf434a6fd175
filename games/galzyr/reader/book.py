"""The book as the reader sees it, and where books come from (pure: no Django).

The reader's rules never touch the database. They ask ``open_book(slug)`` for a ``Book``:
the world's name, skills and names for sentences, its event cards, the list of its scenes,
and ``scene(number)``, which fetches one scene on demand (and keeps it).

A move and the page re-rendered after it read the same book: the move hands the book it
opened to the next view of the same world on the same thread (``hand_over`` /
``handed``), so a request asks the shelf once, not twice (on a stored world that check reads
the world's row, which costs more the bigger the world).

Where books come from is pluggable: a *shelf* is installed with ``install(shelf)``. The
Django side (``games.galzyr.reader.database_shelf``) installs one that reads the loaded worlds from the
database when the app starts; tests and scripts install a ``FolderShelf`` that loads world
folders from disk.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from games.core.engine import RuleError
from storybook.format import Card, EventCard, Scene, WorldInfo
from storybook.lint.folder import load_world

SCENE_CACHE = 512  # scenes kept per book; a 2,000-scene book is read a few scenes at a time
# A handed-over book is taken by the view of the same request, within milliseconds; one
# nobody took (a move made without a view) is dropped after this long.
HANDOFF_SECONDS = 1.0


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
    _scenes: OrderedDict[int, Scene | None] = field(default_factory=OrderedDict, repr=False)
    _listing: tuple[int, list[dict[str, object]]] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.names: dict[str, str] = self.info.names()
        self.numbers = frozenset(n for n, _ in self.titles)

    def scene(self, number: int) -> Scene | None:
        """The scene with this number, or None when the book has none."""
        if number not in self.numbers:
            return None
        try:
            scene = self._scenes[number]
        except KeyError:
            scene = self.fetch(number)
            self._scenes[number] = scene
            if len(self._scenes) > SCENE_CACHE:
                self._scenes.popitem(last=False)
        else:
            self._scenes.move_to_end(number)
        return scene

    def listing(self, limit: int) -> list[dict[str, object]]:
        """The first ``limit`` scenes as ``{"number", "title"}``, built once per book (the
        browse list every manager's view carries). Shared: read only."""
        if self._listing is None or self._listing[0] != limit:
            self._listing = (limit, [{"number": n, "title": t} for n, t in self.titles[:limit]])
        return self._listing[1]

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
        raise RuleError(
            f"The world “{slug}” is not loaded; load it with manage.py load_world first."
        )
    return book


_handoff = threading.local()


def hand_over(book: Book) -> None:
    """A move opened ``book``: the view that follows on this thread may read it as it is."""
    _handoff.book = (book, time.monotonic())


def handed(slug: str) -> Book | None:
    """The book a move on this thread just handed over (once), if it is of world ``slug``."""
    held = getattr(_handoff, "book", None)
    _handoff.book = None
    if held is None:
        return None
    book, since = held
    if book.slug != slug or time.monotonic() - since > HANDOFF_SECONDS:
        return None
    return book


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
        self._books: dict[str, Book] = {}

    def book(self, slug: str) -> Book | None:
        if slug not in self._books:
            path = self.folders.get(slug)
            if path is None:
                return None
            self._books[slug] = Book.from_world(load_world(path), slug, version=slug)
        return self._books[slug]

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
