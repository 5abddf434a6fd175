"""The reader's books from the database: ``GalzyrConfig.ready()`` installs a ``DatabaseShelf``.

The rules read books through a small pure interface (``games.galzyr.reader.book``); this is its
Django side, beside apps.py (reader/ is pure), over the storybook's stored worlds
(``storybook.stored_worlds``). Asking for a book costs one small query (is the world's hash still the
same?); a book is kept per process by its world's row id and content hash, so only a changed or
new world is read again, and each scene is read when it is first opened (then the book keeps
it).
"""

from __future__ import annotations

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


class DatabaseShelf:
    def book(self, slug: str) -> books.Book | None:
        row = stored_worlds.stamp(slug)
        if row is None:
            return None
        world_id, version = row
        return _book(world_id, version, slug)

    def forget(self) -> None:
        """Drop every kept book (tests measure the cold path with it; a rolled-back test's
        rows must not outlive it)."""
        _book.cache_clear()

    def default_slug(self) -> str | None:
        preferred = getattr(settings, "TALEKEEPER_SAMPLE_WORLD", SAMPLE_WORLD)
        slugs = [slug for slug, _name in stored_worlds.with_scenes()]
        if preferred in slugs:
            return preferred
        return slugs[0] if slugs else None

    def worlds(self) -> list[tuple[str, str]]:
        return stored_worlds.with_scenes()

    def world_choices(self) -> list[books.WorldChoice]:
        """Every world with scenes, and those with only a card catalog (the published box's
        facts), read from the printed book."""
        return [
            books.WorldChoice(w.slug, w.name, w.adventurers, printed=not w.has_scenes)
            for w in stored_worlds.offered()
        ]


def install() -> None:
    """Let the reader find its books in the database (called from GalzyrConfig.ready)."""
    books.install(DatabaseShelf())
