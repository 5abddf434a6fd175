from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GalzyrConfig(AppConfig):
    """Lands of Galzyr as an app of its own: its template tags and management commands sit
    beside its code, and at start-up it hands the storybook what the storybook may not import
    (the Galzyr side depends on the storybook, never the other way round)."""

    name = "games.galzyr"
    label = "galzyr"
    verbose_name = _("Lands of Galzyr")
