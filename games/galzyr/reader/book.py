"""The book as the reader sees it, and the shelves books come from (pure: no Django).

The reader's rules never touch the database. The service that starts or loads a table hands
its setup or state the world's ``Book`` (games/core/needs.py): the world's name, skills and
names for sentences, its event cards, the list of its scenes, and ``scene(number)``, which
fetches one scene on demand (and keeps it). A move and the page drawn after it share the book
the move was handed.

A ``Shelf`` is where books come from, and it is what the Galzyr game is supplied by
(``Game.supplied_by``): the services hand it the Django side's ``DatabaseShelf``
(games/galzyr/shelf.py, over the stored worlds), tests and scripts a ``FolderShelf`` that loads
world folders from disk.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

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


class Shelf(ABC):
    """Where the reader finds books (``book`` and ``default_slug``, each shelf its own), and so
    what a Galzyr table is handed: the ``Supplier`` of games/core/needs.py. A shelf lacking
    either can't be made, so the gap shows where the shelf is built, not at a table's setup."""

    @abstractmethod
    def book(self, slug: str) -> Book | None:
        """The world ``slug``'s book (None: this shelf has no such world)."""

    @abstractmethod
    def default_slug(self) -> str | None:
        """The world a new table reads when its options name none (None: no world has a book)."""

    def for_options(self, options: Any) -> Book:
        """The book a new table's setup reads (``options``: the game's parsed ``Options``): its
        chosen world's, else the default one's."""
        slug = options.world or self.default_slug()
        if slug is None:
            raise RuleError("No world with a book is loaded yet; run manage.py load_fixtures.")
        book = self.book(slug)
        if book is None:
            raise not_loaded(slug)
        return book

    def for_state(self, data: dict[str, Any]) -> Book | None:
        """The book of a stored state's world (None: not loaded; the rules say so if read)."""
        return self.book(data["world"])


def not_loaded(slug: str) -> RuleError:
    return RuleError(f"The world “{slug}” is not loaded; load it with manage.py load_world first.")


class FolderShelf(Shelf):
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
