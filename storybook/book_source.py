"""The reader's books from the database: ``install()`` runs when the storybook app is ready.

``games.galzyr`` reads books through a small pure interface (``games.galzyr.book``); this
module is the Django side of it. A book is kept in this process per world slug and content
hash: asking for it costs one small query (is the world's hash still the same?), and only a
changed or new world reads its name, info, events and scene titles again (two queries). Each
scene is one ``WorldScene`` row read the first time it is opened and kept afterwards — so
opening a scene costs the same few queries in a 5-scene world and a 2,000-scene one.
"""

from __future__ import annotations

import threading

from django.conf import settings
from django.db import connections, router
from django.db.models import Q

from games.galzyr import book as books
from storybook.format import Card, EventCard, WorldInfo
from storybook.loading.stored import scene_from_data
from storybook.models import World, WorldScene

SAMPLE_WORLD = "sallowmere-marches"  # the original sample world: new tables read it by default


class DatabaseShelf:
    def __init__(self) -> None:
        self._books: dict[str, tuple[int, books.Book]] = {}  # slug → (world row id, book)
        self._lock = threading.Lock()

    def book(self, slug: str) -> books.Book | None:
        row = _stamp(slug)
        if row is None:
            return None
        world_id, digest = row
        cached = self._books.get(slug)
        if cached is not None and cached[0] == world_id and cached[1].version == digest:
            return cached[1]
        fresh = self._load(world_id, slug)
        if fresh is not None:
            with self._lock:
                self._books[slug] = (world_id, fresh)
        return fresh

    def forget(self) -> None:
        """Drop every cached book (tests measure the cold path with it)."""
        with self._lock:
            self._books.clear()

    def _load(self, world_id: int, slug: str) -> books.Book | None:
        meta = (
            World.objects.filter(pk=world_id)
            .values("name", "content_hash", "data__info", "data__events", "data__cards")
            .first()
        )
        if meta is None:
            return None
        titles = list(
            WorldScene.objects.filter(world_id=world_id)
            .order_by("number")
            .values_list("number", "title")
        )

        def fetch(number: int):
            # No ordering: the model's default one (by world) would join the world table.
            rows = (
                WorldScene.objects.filter(world_id=world_id, number=number)
                .order_by()
                .values_list("data", flat=True)[:1]
            )
            return next((scene_from_data(data) for data in rows), None)

        return books.Book(
            slug=slug,
            name=meta["name"],
            version=meta["content_hash"],
            info=WorldInfo.model_validate(meta["data__info"]),
            events=[EventCard.model_validate(ev) for ev in meta["data__events"] or []],
            titles=titles,
            fetch=fetch,
            cards={int(n): c["name"] for n, c in (meta["data__cards"] or {}).items()},
            catalog={
                int(n): Card.model_validate(c) for n, c in (meta["data__cards"] or {}).items()
            },
        )

    def default_slug(self) -> str | None:
        preferred = getattr(settings, "TALEKEEPER_SAMPLE_WORLD", SAMPLE_WORLD)
        slugs = list(World.objects.filter(scene_count__gt=0).values_list("slug", flat=True))
        if preferred in slugs:
            return preferred
        return slugs[0] if slugs else None

    def worlds(self) -> list[tuple[str, str]]:
        return list(World.objects.filter(scene_count__gt=0).values_list("slug", "name"))

    def world_choices(self) -> list[books.WorldChoice]:
        """One query for every world, however many: their adventurers come out of ``data``.
        A world without scenes but with a card catalog (the published box's facts) is offered
        too, read from the printed book."""
        rows = World.objects.filter(Q(scene_count__gt=0) | Q(card_count__gt=0)).values_list(
            "slug", "name", "data__info__adventurers", "scene_count"
        )
        return [
            books.WorldChoice(
                slug, name, tuple((a["id"], a["name"]) for a in advs or []), printed=not scenes
            )
            for slug, name, advs, scenes in rows
        ]


# SQLite keeps the ``content_hash`` column after the world's big ``data`` column, so reading it
# from the table row walks that row's overflow pages (~0.4 ms for a 2,000-scene world, growing
# with the world); its planner still picks the unique slug index over the covering one, hence
# INDEXED BY. Other databases run the plain ORM query.
_STAMP_SQLITE = (
    f"SELECT id, content_hash FROM {World._meta.db_table} INDEXED BY world_slug_hash "
    "WHERE slug = %s LIMIT 1"
)


def _stamp(slug: str) -> tuple[int, str] | None:
    """The world's (row id, content hash), or None: one query that doesn't read ``data``."""
    connection = connections[router.db_for_read(World)]
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute(_STAMP_SQLITE, [slug])
            row = cursor.fetchone()
        return (row[0], row[1]) if row is not None else None
    return World.objects.filter(slug=slug).values_list("id", "content_hash").first()


def install() -> None:
    """Let the reader find its books in the database (called from StorybookConfig.ready)."""
    books.install(DatabaseShelf())
