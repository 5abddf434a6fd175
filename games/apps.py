from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Tables and games")

    def ready(self) -> None:
        from games.services import blobs

        blobs.install(fetch_blob)


def fetch_blob(digest: str):
    """The data named ``digest`` from a table that stores it (a process meets each once)."""
    from games.models import Table

    stored = Table.objects.filter(blobs__has_key=digest).values_list("blobs", flat=True)[:1]
    return next((found.get(digest) for found in stored), None)
