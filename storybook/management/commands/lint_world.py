"""manage.py lint_world PATH: every error, warning and note as file:line: severity: message."""

from django.core.management.base import BaseCommand, CommandError

from storybook.lint.folder import lint_world
from storybook.lint.sections import report_sections
from storybook.loading.loader import read_world


def summary(diagnostics) -> tuple[int, int, str]:
    errors = sum(d.is_error for d in diagnostics)
    notes = sum(d.is_note for d in diagnostics)
    warnings = len(diagnostics) - errors - notes
    text = (
        f"{errors} error{'s' if errors != 1 else ''}, "
        f"{warnings} warning{'s' if warnings != 1 else ''}"
    )
    if notes:  # what the world leaves to the box's owner: said, not counted as advice
        text += f", {notes} note{'s' if notes != 1 else ''}"
    return errors, warnings, text


class Command(BaseCommand):
    help = (
        "Check a world folder: schema, references, outcomes, ways out, reachability; then "
        "whether campaign mode can be played (ready, or not ready because …)."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the world folder, e.g. fixtures/worlds/<slug>")

    def handle(self, *args, path: str, **options):
        diagnostics = lint_world(path)
        for d in diagnostics:
            self.stdout.write(str(d))
        errors, _, text = summary(diagnostics)
        if not errors:  # a world that loads: the games' sections (Galzyr: campaign mode)
            for section in report_sections(read_world(path)[0]):
                for line in section:
                    self.stdout.write(line)
        if errors:
            raise CommandError(f"{path}: {text}.")
        self.stdout.write(self.style.SUCCESS(f"{path}: {text}."))
