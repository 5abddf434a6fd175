"""manage.py playtest_world PATH --runs N --seed S [--exhaustive]: play the book, count coverage."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.galzyr.playtest import exhaustive, playtest
from storybook.lint.folder import load_world
from storybook.loading.diagnostics import WorldError

# 2,000 runs (the default) play a 2,000-scene world in ~7 s (make bench); 100,000 take several
# minutes, and past them coverage no longer changes: a larger number is a typo, not a plan.
MAX_RUNS = 100_000


class Command(BaseCommand):
    help = (
        "Play a world's book in campaign mode, with the app's own rules: coverage per scene, "
        "option and outcome, and a non-zero exit on any runtime error."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the world folder, e.g. fixtures/worlds/<slug>")
        parser.add_argument(
            "--runs",
            type=int,
            default=2000,
            help=f"seeded campaigns (default 2000, at most {MAX_RUNS:,}); 0 only with "
            "--exhaustive, for the sweep alone",
        )
        parser.add_argument(
            "--seed", type=int, default=None, help="the random runs' seed (default 1)"
        )
        parser.add_argument(
            "--exhaustive",
            action="store_true",
            help="also read every scene with every answer, option and number of successes "
            "(printed first)",
        )
        parser.add_argument(
            "--brief", action="store_true", help="summary and problems only, no per-scene lines"
        )
        parser.add_argument(
            "--require-full-coverage",
            action="store_true",
            help="fail when a scene, option or outcome was never reached",
        )

    def handle(self, *args, path: str, runs: int, seed: int | None, **options):
        refuse_degenerate(runs, seed, options["exhaustive"])
        path = str(world_folder(path))
        try:
            world = load_world(path)
        except WorldError as exc:
            for d in exc.diagnostics:
                self.stdout.write(str(d))
            raise CommandError(f"{path}: the world does not lint; fix its errors first.") from None
        # The sweep first, as docs/book-format.md §17 advises: quick, every scene and branch
        # (its errors are the book's); then the random runs, what play actually reaches.
        reports = []
        if options["exhaustive"]:
            reports.append(exhaustive(world))
        if runs:
            reports.append(playtest(world, runs=runs, seed=1 if seed is None else seed))
        for i, report in enumerate(reports):
            if i:
                self.stdout.write("")
            for line in report.lines(detail=not options["brief"]):
                self.stdout.write(line)
        errors = sum(len(r.errors) for r in reports)
        if errors:
            raise CommandError(f"{path}: {errors} runtime error(s) in the playtest.")
        incomplete = [PASSES[r.mode] for r in reports if not r.complete]
        if options["require_full_coverage"] and incomplete:
            raise CommandError(
                f"{path}: some scenes, options or outcomes were never reached in "
                f"{' and in '.join(incomplete)} (each report lists them under 'Never reached')."
            )
        self.stdout.write(self.style.SUCCESS(f"{path}: no runtime errors."))


PASSES = {"exhaustive": "the exhaustive sweep", "runs": "the random runs"}


def refuse_degenerate(runs: int, seed: int | None, sweep: bool) -> None:
    """Options that would play nothing, or change nothing, are refused with what to write."""
    if runs < 0:
        raise CommandError("--runs can't be negative.")
    if runs > MAX_RUNS:
        raise CommandError(
            f"--runs {runs:,} is more than a playtest needs: give at most {MAX_RUNS:,} (coverage "
            "stops changing long before; the default is 2000)."
        )
    if runs == 0 and not sweep:
        raise CommandError(
            "--runs 0 plays nothing: give a number of runs (the default is 2000), or add "
            "--exhaustive for the sweep alone."
        )
    if runs == 0 and seed is not None:
        raise CommandError(
            "--seed picks the random runs' dice, and --runs 0 plays none (the sweep has no "
            "dice): leave --seed out, or give a number of runs."
        )


def world_folder(given: str) -> Path:
    """The folder named, or the shipped world's folder when a slug is given
    (``playtest_world sallowmere-marches``); anything else is refused as what it is."""
    folder = Path(given)
    if folder.is_dir():
        return folder
    shipped = Path(settings.BASE_DIR) / "fixtures" / "worlds" / given
    if shipped.is_dir():
        return shipped
    raise CommandError(
        f"{given}: no such folder. Give a world's folder (e.g. fixtures/worlds/<slug>) "
        "or the slug of a world under fixtures/worlds/."
    )
