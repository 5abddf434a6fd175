"""The reader's books from the database: the ``DatabaseShelf`` the services supply the Galzyr
game with (games/services/handed.py), and the worlds the new-table form offers.

The rules are handed books (a ``Shelf``'s, games/galzyr/reader/book.py); this is the Django
side, beside apps.py (reader/ is pure), over the storybook's stored worlds
(``storybook.stored_worlds``). Asking for a book costs one small query (is the world's hash
still the same?); a book is kept per process by its world's row id and content hash, so only a
changed or new world is read again, and each scene is read when it is first opened (then the
book keeps it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings

from games.galzyr.reader import book as books
from storybook import stored_worlds

SAMPLE_WORLD = "sallowmere-marches"  # the original sample world: new tables read it by default
# Books kept per process, by (world row id, content hash): a server holds a handful of worlds,
# and a book keeps its head (info, cards, titles) plus at most books.SCENE_CACHE scenes; an
# edited world's old book drops out as the others are used.
BOOKS_KEPT = 16


@lru_cache(maxsize=BOOKS_KEPT)
def _book(world_id: int, version: str, slug: str) -> books.Book | None:
    head = stored_worlds.head(world_id)
    if head is None:
        return None
    return books.Book(
        slug=slug,
        name=head.name,
        version=head.version,
        info=head.info,
        events=head.events,
        titles=head.titles,
        fetch=lambda number: stored_worlds.scene(world_id, number),
        cards={n: card.name for n, card in head.cards.items()},
        catalog=head.cards,
    )


class DatabaseShelf(books.Shelf):
    """The stored worlds' books: what the services hand the Galzyr game (its supplier)."""

    def book(self, slug: str) -> books.Book | None:
        row = stored_worlds.stamp(slug)
        if row is None:
            return None
        world_id, version = row
        return _book(world_id, version, slug)

    def default_slug(self) -> str | None:
        return _default([slug for slug, _name in stored_worlds.with_scenes()])


def _default(with_scenes: list[str]) -> str | None:
    """Of the worlds with scenes (by name), the one a new table reads when it names none."""
    preferred = getattr(settings, "TALEKEEPER_SAMPLE_WORLD", SAMPLE_WORLD)
    if preferred in with_scenes:
        return preferred
    return with_scenes[0] if with_scenes else None


def forget_books() -> None:
    """Drop every kept book (tests measure the cold path with it; a rolled-back test's rows
    must not outlive it)."""
    _book.cache_clear()


@dataclass(frozen=True)
class WorldChoice:
    """A world the new-table form offers, with its adventurers (id, name) in the world's order.
    ``printed``: the world has no scenes here (the published box's facts): its scenes are read
    from the printed book, and the app keeps the box in campaign mode."""

    slug: str
    name: str
    adventurers: tuple[tuple[str, str], ...] = ()
    printed: bool = False


def world_choices() -> list[WorldChoice]:
    """The worlds the new-table form offers, the default one first: every world with scenes,
    and those with only a card catalog (the published box's facts), read from the printed
    book. One query for every world and its adventurers."""
    offered = [
        WorldChoice(w.slug, w.name, w.adventurers, printed=not w.has_scenes)
        for w in stored_worlds.offered()
    ]
    first = _default([w.slug for w in offered if not w.printed])
    return sorted(offered, key=lambda w: w.slug != first)
