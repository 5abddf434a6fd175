"""``python -m bench.campaign_profile``: where the time of the campaign rows goes (issue 4).

The bench says how long the campaign's pages and a move take; this says why. On a throwaway SQLite
database with a generated catalog (``--copies``, 500 by default) it

1. times each step of the two requests on its own, the way the views and
   ``games.services`` chain them (median CPU time of ``--calls`` calls: CPU time rather than
   wall time because two cores are shared by everyone, and waiting for them is not the
   request's cost), next to the whole request through the test client;
2. runs the whole requests under cProfile and prints the functions that take the most time.

The steps are called directly, so they follow the code only as far as this file names them:
if a view or a service changes its chain, change ``page_steps`` / ``move_steps`` with it.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

MOVE = "campaign-move-card"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.campaign_profile", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--copies", type=int, default=500, help="card copies of the catalog")
    parser.add_argument("--calls", type=int, default=30, help="calls per step (median kept)")
    parser.add_argument("--top", type=int, default=25, help="functions listed per profile")
    parser.add_argument("--no-profile", action="store_true", help="the step timings only")
    parser.add_argument("--prof-dir", type=Path, help="also write the .prof files here")
    return parser.parse_args(argv)


def timed(fn: Callable[[], object], calls: int) -> tuple[float, float]:
    """Median CPU and wall milliseconds of ``calls`` calls (after one untimed call)."""
    fn()
    cpu, wall = [], []
    for _ in range(calls):
        c0, w0 = time.process_time(), time.perf_counter()
        fn()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return statistics.median(cpu) * 1000, statistics.median(wall) * 1000


class Steps:
    """A 2-player campaign table on a generated catalog, and the steps of its requests."""

    def __init__(self, copies: int):
        from django.db import connection
        from django.test import Client, RequestFactory

        from bench.campaign import SEAT, CampaignTable, generate_catalog_world
        from games.models import Table
        from games.services import tables
        from storybook.services import load_world_folder

        with tempfile.TemporaryDirectory(prefix="talekeeper-profile-") as tmp:
            root = generate_catalog_world(Path(tmp) / "catalog", copies)
            world = load_world_folder(root, f"profile-{copies}").world
        self.client = Client()
        self.bench_table = CampaignTable(self.client, world.slug, copies)
        self.code, self.seat = self.bench_table.code, SEAT
        self.table = Table.objects.get(code=self.code)
        self.game = tables.game_of(self.table)
        with connection.cursor() as cursor:
            table_name = Table._meta.db_table
            cursor.execute(f"SELECT state FROM {table_name} WHERE code = %s", [self.code])
            self.raw = cursor.fetchone()[0]  # the stored text the JSONField decodes
        self.data = json.loads(self.raw)
        self.state = self.game.load(self.data)
        self.request = RequestFactory().get(f"/t/{self.code}/")
        self.args = {"number": 150, "to": "vault"}
        self.context = self._context()

    # -- the table page (table.table_page) and the trays page (games.galzyr.web.trays_page) ----
    def page_steps(self) -> list[tuple[str, Callable[[], object]]]:
        from django.template.loader import render_to_string

        from games.galzyr.seat_view.campaign import campaign_view
        from games.galzyr.seat_view.campaign import core as campaign_core
        from games.services import access, record
        from games.web import table

        c = self.state.campaign
        context = self.context
        panel = {**context, "c": context["view"]["campaign"]}
        no_campaign = {**context, "view": {**context["view"], "campaign": None}}
        return [
            ("Table row: SELECT + JSONField decode", lambda: access.find_table(self.code)),
            ("  of which json.loads of the state", lambda: json.loads(self.raw)),
            ("seat check: game.seats(JSON) = a full parse", lambda: self.game.seats(self.data)),
            ("game.load: State.model_validate (pydantic)", lambda: self.game.load(self.data)),
            (
                "view_fn(state, seat): the whole view",
                lambda: self.game.view_fn(self.state, "table"),
            ),
            ("  of which campaign_view", lambda: campaign_view(self.state, "table")),
            (
                "'where' for every number (the API's trays, not the view)",
                lambda: campaign_core.where_all(c),
            ),
            ("recent log (5 rows)", lambda: list(record.history(self.table, 5))),
            (
                "table_context (load + view + log)",
                lambda: table.table_context(self.table, "table"),
            ),
            (
                "render games/table.html",
                lambda: render_to_string("games/table.html", context, self.request),
            ),
            (
                "render games/table.html#live (HTMX answer)",
                lambda: render_to_string("games/table.html#live", context, self.request),
            ),
            (
                "  of which the campaign panel (campaign.html)",
                lambda: render_to_string("games/galzyr/campaign.html", panel, self.request),
            ),
            (
                "  #live without the campaign panel",
                lambda: render_to_string("games/table.html#live", no_campaign, self.request),
            ),
            ("WHOLE: GET the table page (test client)", self.bench_table.page),
            ("WHOLE: GET the trays page (test client)", self.bench_table.trays),
        ]

    # -- a move: table.move → play.apply_move → table._respond ---------------------
    def move_steps(self) -> list[tuple[str, Callable[[], object]]]:
        from django.db import transaction

        from games.core import patch
        from games.core.engine import dump
        from games.models import Table
        from games.services import tables, turns

        spec = self.game.moves[MOVE]

        def run_move():
            state = self.game.load(self.data)  # untimed below: the run needs a fresh state
            return state, spec.args.model_validate(self.args)

        fresh = [run_move() for _ in range(64)]

        def the_move():
            state, parsed = fresh.pop() if fresh else run_move()
            spec.run(state, parsed, self.seat)

        new_state = self.game.apply_to(self.game.load(self.data), MOVE, self.args, "table")[0]
        moved = self.game.load(new_state)

        def context_reused():
            # What the answer does since apply_move hands its state over (Written.state).
            from games.web import table

            turns._forget_private(moved)
            return table.table_context(self.table, self.seat, state=moved)

        def save_both():
            # tables.save_move itself (private, but it is the step measured): the table's new
            # state and the log's Move row, whatever that row keeps of the state before.
            with transaction.atomic():
                table = Table.objects.select_for_update().get(code=self.code)
                tables.save_move(
                    table, new_state, name=MOVE, args=self.args, seat="table", sentence=""
                )
                transaction.set_rollback(True)  # the table stays as it is

        return [
            (
                "locked read: SELECT … FOR UPDATE + decode",
                lambda: Table.objects.select_for_update().get(code=self.code),
            ),
            ("game.load (pydantic)", lambda: self.game.load(self.data)),
            (
                "  alternative: model_validate_json(text), no json.loads",
                lambda: self.game.State.model_validate_json(self.raw),
            ),
            ("the move itself (spec.run, core)", the_move),
            ("invariants (game.check → campaign check)", lambda: self.game.check(moved)),
            ("dump: model_dump(mode='json')", lambda: dump(moved)),
            ("  alternative: model_dump_json() (dump + encode)", moved.model_dump_json),
            ("json.dumps of the state (the UPDATE's parameter)", lambda: json.dumps(new_state)),
            ("locked read + tables.save_move (UPDATE + INSERT, encode)", save_both),
            (
                "  of which patch.diff (the Move row's patch)",
                lambda: patch.diff(new_state, self.data),
            ),
            ("answer: table_context, the move's state reused (view + log)", context_reused),
            ("  without it: table_context (parse again + view + log)", self._context),
            ("answer: render #live (context ready)", self._render_live),
            ("WHOLE: move + undo, HTMX (test client)", self.move_and_undo),
            (
                "undo: last move with state_before + decode",
                lambda: self.table.moves.only("id", "table_id", "sentence", "state_before").first(),
            ),
            (
                "undo: find_seat without a state = a full parse",
                lambda: tables.find_seat(self.table, "table"),
            ),
        ]

    def move_and_undo(self) -> None:
        """The bench's pair of calls; the log is trimmed back so every call meets one table."""
        from bench.core import _trim

        version = self.bench_table.version
        self.bench_table.move_htmx(version)()
        self.bench_table.undo_htmx(version + 1)()
        _trim(self.table, version)

    def _context(self):
        from games.web import table

        return table.table_context(self.table, self.seat)

    def _render_live(self):
        from django.template.loader import render_to_string

        return render_to_string("games/table.html#live", self.context, self.request)


def print_steps(title: str, steps, calls: int) -> None:
    print(f"\n{title} (median of {calls} calls)")
    print(f"  {'step':56} {'cpu ms':>8} {'wall ms':>8}")
    for name, fn in steps:
        cpu, wall = timed(fn, calls)
        print(f"  {name:56} {cpu:8.2f} {wall:8.2f}")


def profile(title: str, fn: Callable[[], object], calls: int, top: int, out: Path | None):
    # CPU time, not wall time: on a shared machine a descheduled process would charge its
    # wait to whichever function happened to be running.
    profiler = cProfile.Profile(time.process_time)
    fn()
    profiler.enable()
    for _ in range(calls):
        fn()
    profiler.disable()
    if out is not None:
        profiler.dump_stats(out)
    for order in ("tottime", "cumulative"):
        text = io.StringIO()
        stats = pstats.Stats(profiler, stream=text).strip_dirs().sort_stats(order)
        stats.print_stats(top)
        print(f"\n== cProfile: {title}, {calls} calls, by {order} ==")
        # pstats' header lines say nothing the title doesn't; keep the table.
        print("\n".join(line for line in text.getvalue().splitlines()[6:] if line.strip()))


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from bench.__main__ import setup_django

    with tempfile.TemporaryDirectory(prefix="talekeeper-profile-db-") as tmp:
        setup_django(Path(tmp) / "profile.db")
        from django.db import connection

        try:
            steps = Steps(args.copies)
            size = len(steps.raw.encode())
            print(f"campaign of {args.copies} card copies: stored state {size:,} bytes")
            print_steps("table page and trays page, step by step", steps.page_steps(), args.calls)
            print_steps("campaign-move-card, step by step", steps.move_steps(), args.calls)
            if not args.no_profile:
                out = args.prof_dir
                if out is not None:
                    out.mkdir(parents=True, exist_ok=True)
                page, trays = steps.bench_table.page, steps.bench_table.trays
                profile("GET table page", page, args.calls, args.top, out and out / "page.prof")
                profile("GET trays page", trays, args.calls, args.top, out and out / "trays.prof")
                profile(
                    "move + undo (HTMX)",
                    steps.move_and_undo,
                    args.calls,
                    args.top,
                    out and out / "move.prof",
                )
        finally:
            connection.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
