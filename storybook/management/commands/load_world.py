"""manage.py load_world PATH: lint, then store the world in the database (idempotent)."""

from django.core.management.base import BaseCommand, CommandError

from storybook.services import WorldRefused, load_world_folder


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
