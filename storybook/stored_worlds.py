"""Stored worlds read a piece at a time, for a game's reader (Django side).

A reader keeps a book per world and asks, each time it opens one, whether the world is still
the same: ``stamp(slug)`` answers with one small query (the row id and content hash). Only a
changed or new world reads its ``head`` again (name, info, events, cards and scene titles: two
queries), and each scene is one ``WorldScene`` row read when it is opened (``scene``) — so
opening a scene costs the same few queries in a 5-scene world and a 2,000-scene one.
Which worlds a reader offers comes from ``with_scenes`` and ``offered``.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connections, router
from django.db.models import Q

from storybook.format import Card, EventCard, Scene, WorldInfo
from storybook.loading.stored import scene_from_data
from storybook.models import World, WorldScene


@dataclass(frozen=True)
class Head:
    """Everything of a stored world but its scenes' text."""

    name: str
    version: str  # the content hash: changes whenever the world's content does
    info: WorldInfo
    events: list[EventCard]
    cards: dict[int, Card]
    titles: list[tuple[int, str]]  # every scene: (number, title), by number


@dataclass(frozen=True)
class Offered:
    """A world a reader may offer: with its adventurers (id, name) in the world's order, and
    whether it has scenes here (a world with only a card catalog is read from a printed book)."""

    slug: str
    name: str
    adventurers: tuple[tuple[str, str], ...]
    has_scenes: bool


# SQLite keeps the ``content_hash`` column after the world's big ``data`` column, so reading it
# from the table row walks that row's overflow pages (~0.4 ms for a 2,000-scene world, growing
# with the world); its planner still picks the unique slug index over the covering one, hence
# INDEXED BY. Other databases run the plain ORM query.
_STAMP_SQLITE = (
    f"SELECT id, content_hash FROM {World._meta.db_table} INDEXED BY world_slug_hash "
    "WHERE slug = %s LIMIT 1"
)


def stamp(slug: str) -> tuple[int, str] | None:
    """The world's (row id, content hash), or None: one query that doesn't read ``data``."""
    connection = connections[router.db_for_read(World)]
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute(_STAMP_SQLITE, [slug])
            row = cursor.fetchone()
        return (row[0], row[1]) if row is not None else None
    return World.objects.filter(slug=slug).values_list("id", "content_hash").first()


def head(world_id: int) -> Head | None:
    """The world's name, info, events, cards and scene titles (two queries), or None."""
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
    return Head(
        name=meta["name"],
        version=meta["content_hash"],
        info=WorldInfo.model_validate(meta["data__info"]),
        events=[EventCard.model_validate(ev) for ev in meta["data__events"] or []],
        cards={int(n): Card.model_validate(c) for n, c in (meta["data__cards"] or {}).items()},
        titles=titles,
    )


def scene(world_id: int, number: int) -> Scene | None:
    """One scene of the world (one query), or None."""
    # No ordering: the model's default one (by world) would join the world table.
    rows = (
        WorldScene.objects.filter(world_id=world_id, number=number)
        .order_by()
        .values_list("data", flat=True)[:1]
    )
    return next((scene_from_data(data) for data in rows), None)


def with_scenes() -> list[tuple[str, str]]:
    """(slug, name) of every world with scenes to read."""
    return list(World.objects.filter(scene_count__gt=0).values_list("slug", "name"))


def offered() -> list[Offered]:
    """One query for every world with scenes or a card catalog, however many: their
    adventurers come out of ``data``."""
    rows = World.objects.filter(Q(scene_count__gt=0) | Q(card_count__gt=0)).values_list(
        "slug", "name", "data__info__adventurers", "scene_count"
    )
    return [
        Offered(slug, name, tuple((a["id"], a["name"]) for a in advs or []), bool(scenes))
        for slug, name, advs, scenes in rows
    ]
