"""The campaign rows of issue 4: the trays page with the whole catalog, and a move on a big one.

Import after ``django.setup()``. ``run_campaign_bench`` stores two worlds — the sample world
(the Sallowmere Marches, ~250 card copies) and a copy of it whose catalog is padded with
generated cards up to ``copies`` card copies (500 by default) — starts a 2-player galzyr
table in campaign mode on each, sits at the shared display (the seat that lists every tray
in numerical order) and measures:

- the trays page (every tray card by card, in numerical order: the full catalog): its SQL
  queries must not grow with the catalog (``report.constant_queries`` compares the two sizes);
- the table page with the campaign panel, for comparison (no target: its trays show counts
  and fetch their cards when opened, from the trays page's view);
- ``campaign-move-card`` (a card from the library to the vault) over HTMX as the panel's form
  posts it, and over the REST API, each followed by its undo (timed too, in its own row);
  the log is trimmed back untimed, so every call meets the same table.
"""

from __future__ import annotations

import gc
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from django.test import Client
from django.urls import reverse

from bench.core import (
    HTMX,
    BenchError,
    Row,
    _call,
    _expect,
    _trim,
    api_client,
    keep_and_sit,
    measure,
)
from games.galzyr.campaign.build import unroll
from games.models import Move, Table
from games.services import tables
from storybook.lint.folder import load_world
from storybook.services import load_world_folder

SAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "worlds" / "sallowmere-marches"
SEAT = "table"  # the shared display: it may move cards and it shows every tray
PLAYERS = ["Ada", "Bram"]
CARD = 150  # an item the sample world keeps in the library (several copies)
FIRST_EXTRA = 300  # generated card numbers start above the sample world's (000–291)
# Generated cards cycle through these so the padding looks like a real catalog: mostly
# single cards, some with two or three copies, of the types that live in the library.
EXTRA_TYPES = ("item", "companion", "adventurer_status", "item", "quest")
EXTRA_COPIES = (1, 2, 1, 3)


def catalog_copies(root: Path) -> int:
    """Card copies of a world folder, counted the way a campaign unrolls them."""
    return len(unroll(load_world(root)))


def generate_catalog_world(dest: Path, copies: int) -> Path:
    """The sample world with generated cards appended until its catalog has ``copies`` copies.

    The scenes, map and adventurers stay the sample world's, so the campaign plays the same;
    only the library gets bigger, which is where a full catalog's cards sit.
    """
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(SAMPLE, dest)
    missing = copies - catalog_copies(SAMPLE)
    if missing < 0:
        raise ValueError(f"the sample world alone has more than {copies} card copies")
    lines, number = [], FIRST_EXTRA
    while missing > 0:
        kind = EXTRA_TYPES[number % len(EXTRA_TYPES)]
        n = min(EXTRA_COPIES[number % len(EXTRA_COPIES)], missing)
        lines.append(
            f"  - {{number: {number}, type: {kind}, name: Bench card {number}, copies: {n}, "
            f"text: Generated for make bench.}}"
        )
        missing -= n
        number += 1
    if number > 999:
        raise ValueError(f"{copies} card copies need card numbers past 999")
    cards = dest / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + "\n" + "\n".join(lines) + "\n")
    return dest


class CampaignTable:
    """A 2-player campaign table on one stored world, seated at the shared display."""

    def __init__(self, client: Client, world_slug: str, copies: int):
        self.client, self.copies = client, copies
        table = tables.create_table(
            "galzyr",
            f"Bench campaign {copies}",
            {"players": PLAYERS, "world": world_slug, "mode": "campaign"},
        )
        if len(tables.game_of(table).load(table.state).campaign.copies) != copies:
            raise BenchError(f"the campaign of {world_slug} has the wrong number of copies")
        self.table, self.code = table, table.code
        # The device that started the table keeps it and sits at the shared display; the
        # API requests send its credential as a bearer token (bench.core.keep_and_sit).
        self.api = api_client(keep_and_sit(client, table, SEAT))

    @property
    def version(self) -> int:
        return Table.objects.filter(pk=self.table.pk).values_list("version", flat=True).get()

    def page(self):
        return self.client.get(reverse("games:table", args=[self.code]))

    def trays(self):
        return self.client.get(reverse("games:campaign-trays", args=[self.code]))

    def move_htmx(self, version: int):
        # The fields of the panel's "Move a card" form, as a tablet posts them.
        url = reverse("games:move", args=[self.code, "campaign-move-card"])
        data = {"version": version, "number": CARD, "to": "vault"}
        return lambda: self.client.post(url, data, headers=HTMX)

    def undo_htmx(self, version: int):
        url = reverse("games:undo", args=[self.code])
        return lambda: self.client.post(url, {"version": version}, headers=HTMX)

    def move_api(self, version: int):
        body = {
            "move": "campaign-move-card",
            "args": {"number": CARD, "to": "vault"},
            "version": version,
        }
        url = f"/api/tables/{self.code}/moves/"
        return lambda: self.api.post(url, body, content_type="application/json")

    def undo_api(self, version: int):
        url = f"/api/tables/{self.code}/undo/"
        body = {"version": version}
        return lambda: self.api.post(url, body, content_type="application/json")

    def move_then_undo(self, move_row: Row, undo_row: Row, via: str, n: int, warmup: int):
        """Each iteration: the move (timed), its undo (timed), then the log trimmed back."""
        make = self.move_htmx if via == "htmx" else self.move_api
        undo = self.undo_htmx if via == "htmx" else self.undo_api
        logged = Move.objects.filter(table=self.table).count()
        for i in range(warmup + n):
            if i == warmup:
                gc.collect()
            version = self.version
            if i < warmup:
                _expect(make(version)(), 200, move_row.name)
                _expect(undo(version + 1)(), 200, undo_row.name)
            else:
                _call(move_row, make(version), 200)
                _call(undo_row, undo(version + 1), 200)
            _trim(self.table, version)
        if Move.objects.filter(table=self.table).count() != logged:
            raise BenchError(f"the log of the {self.copies}-copy campaign changed size")


def run_campaign_bench(
    *,
    copies: int = 500,
    iterations: int = 200,
    warmup: int = 20,
    budget: float = 15.0,
    progress: Callable[[str], None] = lambda message: None,
) -> list[Row]:
    """The campaign rows; needs a migrated database and ``testserver`` allowed."""
    client = Client()
    with tempfile.TemporaryDirectory(prefix="talekeeper-bench-catalog-") as tmp:
        big_root = generate_catalog_world(Path(tmp) / f"catalog-{copies}", copies)
        progress(f"storing the sample world and a {copies}-copy catalog world")
        worlds = [
            (load_world_folder(SAMPLE, "bench-sample").world, catalog_copies(SAMPLE)),
            (load_world_folder(big_root, f"bench-catalog-{copies}").world, copies),
        ]
    rows: list[Row] = []
    for world, count in worlds:
        at = f", {count} card copies"
        progress(f"galzyr campaign{at}")
        table = CampaignTable(client, world.slug, count)
        row = Row(f"campaign table page{at}", "campaign-page", None)
        rows.append(measure(row, table.page, iterations, warmup, budget=budget))
        row = Row(f"campaign trays page{at}", "trays-page", None)
        rows.append(measure(row, table.trays, iterations, warmup, budget=budget))
        for via, label in (("htmx", "HTMX"), ("api", "API")):
            move_row = Row(f"campaign move a card ({label}){at}", "campaign-move", None)
            undo_row = Row(f"campaign undo ({label}){at}", "campaign-undo", None)
            table.move_then_undo(move_row, undo_row, via, iterations, warmup)
            rows += [move_row, undo_row]
    return rows
