"""Load every world package under fixtures/worlds (those not starting with "_") — `make run` calls it.

Each world goes through `load_world`, which lints first and changes nothing when
a world fails; loading twice is harmless.
"""

from pathlib import Path

from django.conf import settings
from django.core.management import call_command, get_commands
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Load the world packages shipped in fixtures/worlds/."

    def handle(self, *args, **options):
        worlds = sorted(
            path
            for path in (Path(settings.BASE_DIR) / "fixtures" / "worlds").glob("*")
            if path.is_dir() and not path.name.startswith(("_", "."))
        )
        if not worlds:
            self.stdout.write("No world packages in fixtures/worlds/.")
            return
        if "load_world" not in get_commands():
            raise CommandError("The storybook app (load_world) is not installed.")
        for world in worlds:
            call_command("load_world", str(world), stdout=self.stdout, stderr=self.stderr)
