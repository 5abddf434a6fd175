from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from games.services import blobs


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Tables and games")

    def ready(self) -> None:
        # Django imports models only once every app is loaded, hence here and not at the top.
        from games.models import Table

        blobs.install(Table.objects.stored_blob)
