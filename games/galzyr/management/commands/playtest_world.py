"""manage.py playtest_world PATH --runs N --seed S [--exhaustive]: play the book, count coverage."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.galzyr.playtest import exhaustive, playtest
from storybook.lint.folder import load_world
from storybook.loading.diagnostics import WorldError


class Command(BaseCommand):
    help = (
        "Play a world's book in campaign mode, with the app's own rules: coverage per scene, "
        "option and outcome, and a non-zero exit on any runtime error."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the world folder, e.g. fixtures/worlds/<slug>")
        parser.add_argument("--runs", type=int, default=2000, help="seeded games (default 2000)")
        parser.add_argument("--seed", type=int, default=1, help="the seed (default 1)")
        parser.add_argument(
            "--exhaustive",
            action="store_true",
            help="also read every scene with every answer, option and number of successes",
        )
        parser.add_argument(
            "--brief", action="store_true", help="summary and problems only, no per-scene lines"
        )
        parser.add_argument(
            "--require-full-coverage",
            action="store_true",
            help="fail when a scene, option or outcome was never reached",
        )

    def handle(self, *args, path: str, runs: int, seed: int, **options):
        if runs < 0:
            raise CommandError("--runs can't be negative.")
        path = str(world_folder(path))
        try:
            world = load_world(path)
        except WorldError as exc:
            for d in exc.diagnostics:
                self.stdout.write(str(d))
            raise CommandError(f"{path}: the world does not lint; fix its errors first.") from None
        reports = []
        if runs:
            reports.append(playtest(world, runs=runs, seed=seed))
        if options["exhaustive"]:
            reports.append(exhaustive(world))
        for i, report in enumerate(reports):
            if i:
                self.stdout.write("")
            for line in report.lines(detail=not options["brief"]):
                self.stdout.write(line)
        errors = sum(len(r.errors) for r in reports)
        if errors:
            raise CommandError(f"{path}: {errors} runtime error(s) in the playtest.")
        incomplete = [r for r in reports if not r.complete]
        if options["require_full_coverage"] and incomplete:
            raise CommandError(f"{path}: some scenes, options or outcomes were never reached.")
        self.stdout.write(self.style.SUCCESS(f"{path}: no runtime errors."))


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
