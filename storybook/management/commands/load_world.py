"""manage.py load_world PATH: lint, then store the world in the database (idempotent)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from storybook.services import WorldRefused, check_slug, load_world_folder


class Command(BaseCommand):
    help = "Lint a world folder and load it into the database; a world with errors changes nothing."

    def add_arguments(self, parser):
        parser.add_argument("path", help="the world folder, e.g. fixtures/worlds/<slug>")
        parser.add_argument("--slug", help="store under this slug (default: the folder's name)")
        parser.add_argument(
            "--replace-edits",
            action="store_true",
            help="load the folder even over a world the group edited in the catalog page",
        )

    def handle(self, *args, path: str, slug: str | None = None, **options):
        if not database_ready():  # a fresh clone: a traceback ("no such table") said nothing
            raise CommandError(
                "The database is not set up yet: run `make run` once (or `python manage.py "
                "migrate`), then load the world again."
            )
        if slug is None:
            try:
                check_slug(Path(path).resolve().name)
            except WorldRefused as exc:
                raise CommandError(
                    f"{path}: {exc} Rename the folder, or give the world a slug with --slug NAME."
                ) from None
        try:
            result = load_world_folder(path, slug, replace_edits=options["replace_edits"])
        except WorldRefused as exc:
            for line in exc.diagnostics:
                self.stdout.write(line)
            raise CommandError(f"{path}: {exc}") from None
        if result.status != "unchanged":  # lint_world prints them any time
            for d in [*result.warnings, *result.notes]:
                self.stdout.write(str(d))
        world = result.world
        if result.status == "kept":
            self.stdout.write(
                f"{world.slug}: kept — the group edited its catalog; "
                "--replace-edits loads the folder over their edits."
            )
            return
        warned = f", {len(result.warnings)} warning(s)" if result.warnings else ""
        self.stdout.write(
            self.style.SUCCESS(
                f"{world.slug}: {result.status} — {world.name}, {world.scene_count} scenes, "
                f"{world.card_count} cards{warned}."
            )
        )


def database_ready() -> bool:
    """Every migration applied: the tables load_world writes to exist."""
    executor = MigrationExecutor(connection)
    return not executor.migration_plan(executor.loader.graph.leaf_nodes())
