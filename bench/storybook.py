"""The storybook rows of issue 3: loading a big world, and opening a scene in the reader.

Import after ``django.setup()``. ``run_storybook_bench`` generates a world (``storybook.worldgen``)
into a temporary folder and measures:

- lint + load of the folder in one pass (``storybook.load_world``), and the whole path of
  ``manage.py load_world`` (``storybook.services.load_world_folder``: lint, load, then store in
  the database) — the latter under a fresh slug each time, so every run really writes;
- the playtester (games.galzyr.playtest) on a generated 15-scene world: 2,000 seeded runs and
  the exhaustive sweep;
- on a galzyr table in book mode reading the 5-scene ``_minimal`` world and the generated one:
  the table page, and the HTMX ``open-scene`` move with the scene number as the keypad sends
  it (its undo, and trimming the log back, happen outside the timing). The number of SQL
  queries of opening a scene must not grow with the book.
"""

from __future__ import annotations

import gc
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.core import HTMX, BenchError, Row, _call, _expect, _trim, keep_and_sit, measure
from games.galzyr.playtest import exhaustive, playtest
from games.models import Table
from games.services import tables, turns
from storybook.lint.folder import load_world
from storybook.services import load_world_folder
from storybook.worldgen import FIRST, MINIMAL, generate_world

SEAT = "table"  # the shared display: it may open scenes and sees the full scene list
MONTH = "june"
PLAYERS = ["Ada", "Bram"]
PLAYTEST_SCENES = 15  # issue 14's yardstick: 2,000 runs of a 15-scene world in ~15 s


def folder_bytes(root: Path) -> int:
    return sum(p.stat().st_size for p in root.rglob("*") if p.is_file())


def _timed(row: Row, action: Callable[[], object]) -> None:
    """One timed call of a non-HTTP action; its queries are counted, its size is the row's."""
    gc.collect()
    with CaptureQueriesContext(connection) as captured:
        cpu, start = time.process_time(), time.perf_counter()
        action()
        elapsed = time.perf_counter() - start
        row.cpu_seconds.append(time.process_time() - cpu)
    row.seconds.append(elapsed)
    row.queries.append(len(captured.captured_queries))
    row.sql = [q["sql"] for q in captured.captured_queries]


def measure_world_load(root: Path, scenes: int, runs: int, slug_prefix: str) -> list[Row]:
    """Lint + load (no database), then lint + load + store as ``manage.py load_world`` does."""
    size = folder_bytes(root)
    lint_load = Row(f"lint + load, {scenes:,}-scene world", "world-load", None, nbytes=size)
    command = Row(
        f"load_world (lint + load + store), {scenes:,}-scene world",
        "world-store",
        None,
        nbytes=size,
    )
    for i in range(runs):
        _timed(lint_load, lambda: load_world(root))

        def store(slug=f"{slug_prefix}-{i}"):
            result = load_world_folder(root, slug)
            if result.status != "created" or result.world.scene_count != scenes:
                raise BenchError(f"load_world of {root}: {result.status}, {result.world}")

        _timed(command, store)
    return [lint_load, command]


class Reader:
    """A galzyr table reading one stored world, seated at the shared display, month picked."""

    def __init__(self, client: Client, world_slug: str, scenes: int):
        self.client, self.scenes = client, scenes
        table = tables.create_table(
            "galzyr", f"Bench reader {scenes}", {"players": PLAYERS, "world": world_slug}
        )
        self.table, self.code = table, table.code
        turns.apply_move(
            self.code, "pick-month", {"month": MONTH}, expected_version=table.version, seat=SEAT
        )
        keep_and_sit(client, table, SEAT)  # the device that started the table keeps it

    @property
    def version(self) -> int:
        return Table.objects.filter(pk=self.table.pk).values_list("version", flat=True).get()

    def page(self):
        return self.client.get(reverse("games:table", args=[self.code]))

    def open_scene(self, version: int, number: int):
        url = reverse("games:move", args=[self.code, "open-scene"])
        data = {"version": version, "number": f"{number:04d}"}  # the keypad's field
        return lambda: self.client.post(url, data, headers=HTMX)

    def undo(self, version: int) -> None:
        url = reverse("games:undo", args=[self.code])
        _expect(self.client.post(url, {"version": version}, headers=HTMX), 200, "undo")

    def open_then_undo(self, row: Row, number: int, n: int, warmup: int) -> Row:
        """Each iteration: open the scene (timed), undo it and trim the log (not timed)."""
        for i in range(warmup + n):
            if i == warmup:
                gc.collect()
            version = self.version
            if i < warmup:
                _expect(self.open_scene(version, number)(), 200, row.name)
            else:
                _call(row, self.open_scene(version, number), 200)
            self.undo(version + 1)
            _trim(self.table, version)
        return row


def measure_playtest(root: Path, scenes: int, runs: int, playtest_runs: int) -> list[Row]:
    """The playtester on a generated world: seeded runs, then the exhaustive sweep (both
    through the app's own campaign core, so their speed is the core's)."""
    world, size = load_world(root), folder_bytes(root)
    name = f"playtest, {playtest_runs:,} runs, {scenes}-scene world"
    seeded = Row(name, "playtest-runs", None, nbytes=size)
    sweep = Row(f"playtest, exhaustive, {scenes}-scene world", "playtest-sweep", None, nbytes=size)
    for seed in range(1, runs + 1):

        def seeded_runs(seed: int = seed) -> None:
            _found_nothing(playtest(world, runs=playtest_runs, seed=seed))

        _timed(seeded, seeded_runs)
        _timed(sweep, lambda: _found_nothing(exhaustive(world)))
    return [seeded, sweep]


def _found_nothing(report) -> None:
    if report.errors:
        raise BenchError(f"the playtest of a generated world found {report.errors[0]}")


def run_storybook_bench(
    *,
    scenes: int = 2000,
    iterations: int = 200,
    warmup: int = 20,
    world_runs: int = 3,
    playtest_runs: int = 2000,
    budget: float = 15.0,
    progress: Callable[[str], None] = lambda message: None,
) -> list[Row]:
    """The storybook rows; needs a migrated database and ``testserver`` allowed."""
    rows: list[Row] = []
    client = Client()
    with tempfile.TemporaryDirectory(prefix="talekeeper-bench-world-") as tmp:
        root = generate_world(Path(tmp) / f"bench-{scenes}", scenes=scenes)
        progress(f"lint + load of a {scenes}-scene world, {world_runs}×")
        rows += measure_world_load(root, scenes, world_runs, f"bench-load-{scenes}")
        progress(f"playtest of a {PLAYTEST_SCENES}-scene world, {world_runs}×")
        small_root = generate_world(Path(tmp) / "playtest", scenes=PLAYTEST_SCENES)
        rows += measure_playtest(small_root, PLAYTEST_SCENES, world_runs, playtest_runs)
        # The worlds the reader reads: stored once more under the slugs its tables name.
        small = load_world_folder(MINIMAL, "bench-minimal").world
        big = load_world_folder(root, f"bench-{scenes}").world
    for world, number in ((small, FIRST + 2), (big, FIRST + scenes // 2)):
        count = world.scene_count
        at = f", {count:,}-scene world"
        progress(f"galzyr reader{at}")
        reader = Reader(client, world.slug, count)
        row = Row(f"galzyr table page{at}", "page", None)
        rows.append(measure(row, reader.page, iterations, warmup, budget=budget))
        row = Row(f"open scene {number:04d} (HTMX){at}", "open-scene", None)
        rows.append(reader.open_then_undo(row, number, iterations, warmup))
    return rows
