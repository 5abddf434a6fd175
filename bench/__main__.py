"""``python -m bench`` (``make bench``): the in-process bench on a throwaway SQLite database.

Prints the table and the targets of issue 2 (the table platform), issue 3 (the storybook:
lint + load of a generated world, opening a scene in the reader) and issue 4 (the galzyr
campaign: the trays page with the whole catalog, a move on a 500-card campaign); a failed
target prints FAIL but the exit code stays 0 (timings on a shared machine are noisy).
``--only campaign`` (or ``core``, ``storybook``) runs one group of rows; ``--no-storybook`` and
``--no-campaign`` skip one. ``--json PATH`` also writes the results.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import warnings
from pathlib import Path

GROUPS = ("core", "storybook", "campaign")  # issue 2's table platform, issue 3, issue 4


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", "-n", type=int, default=200, help="timed calls per row")
    parser.add_argument("--warmup", type=int, default=20, help="untimed calls before them")
    parser.add_argument(
        "--log-sizes",
        default="10,1000",
        help="comma-separated sizes of the log of the tables measured (default 10,1000)",
    )
    parser.add_argument("--game", default="dark-tales", help="the game slug (default dark-tales)")
    parser.add_argument(
        "--scenes", type=int, default=2000, help="scenes of the generated world (default 2000)"
    )
    parser.add_argument(
        "--world-runs", type=int, default=3, help="timed lint + load runs of that world"
    )
    parser.add_argument(
        "--no-storybook", action="store_true", help="skip the storybook rows of issue 3"
    )
    parser.add_argument(
        "--no-campaign", action="store_true", help="skip the galzyr campaign rows of issue 4"
    )
    parser.add_argument(
        "--copies",
        type=int,
        default=500,
        help="card copies of the generated campaign catalog (default 500)",
    )
    parser.add_argument(
        "--only",
        choices=GROUPS,
        action="append",
        help="run only this group of rows (repeat for several; the bare view is always measured)",
    )
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON here")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    skipped = {"storybook": args.no_storybook, "campaign": args.no_campaign}
    args.groups = [g for g in GROUPS if g in (args.only or GROUPS) and not skipped.get(g)]
    return args


def setup_django(db_path: Path) -> None:
    """Point Django at a fresh SQLite file and migrate it; must run before any model import."""
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"  # an absolute path gives four slashes
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.conf import settings

    # whitenoise serves from the finders until collectstatic has made STATIC_ROOT.
    warnings.filterwarnings("ignore", "No directory at", UserWarning)
    from django.core.management import call_command

    django.setup()
    # The test client speaks as "testserver"; the production settings don't know that host.
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    call_command("migrate", interactive=False, verbosity=0)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    sizes = tuple(int(size) for size in args.log_sizes.split(",") if size.strip())
    with tempfile.TemporaryDirectory(prefix="talekeeper-bench-") as tmp:
        setup_django(Path(tmp) / "bench.db")
        from django.db import connection

        from bench.campaign import run_campaign_bench
        from bench.core import BenchResult, bare_row, run_bench
        from bench.games import BENCH_GAMES
        from bench.report import render, write_json
        from bench.storybook import run_storybook_bench

        def progress(message: str) -> None:
            if not args.quiet:
                print(f"… {message}", file=sys.stderr, flush=True)

        load_before = os.getloadavg()[0]
        try:
            if "core" in args.groups:
                result = run_bench(
                    BENCH_GAMES[args.game],
                    iterations=args.iterations,
                    warmup=args.warmup,
                    log_sizes=sizes,
                    progress=progress,
                )
            else:  # the other groups' × bare column still needs the bare view's row
                game = "galzyr" if args.groups == ["campaign"] else args.game
                progress("bare view")
                result = BenchResult(
                    game, args.iterations, args.warmup, [bare_row(args.iterations, args.warmup)]
                )
            if "storybook" in args.groups:
                result.rows += run_storybook_bench(
                    scenes=args.scenes,
                    iterations=args.iterations,
                    warmup=args.warmup,
                    world_runs=args.world_runs,
                    progress=progress,
                )
            if "campaign" in args.groups:
                result.rows += run_campaign_bench(
                    copies=args.copies,
                    iterations=args.iterations,
                    warmup=args.warmup,
                    progress=progress,
                )
        finally:
            connection.close()
    print(render(result))
    print(
        f"\nmachine: {os.cpu_count()} CPUs, load average {load_before:.2f} before, "
        f"{os.getloadavg()[0]:.2f} after (other work on the machine shows in the timings)"
    )
    if args.json:
        write_json(result, args.json)
        print(f"\nresults written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
