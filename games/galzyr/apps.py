from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from games.galzyr.campaign.readiness import campaign_section
from storybook.lint.sections import add_section


class GalzyrConfig(AppConfig):
    """Lands of Galzyr as an app of its own: its template tags and management commands sit
    beside its code, and at start-up it adds its campaign readiness to lint's report (the
    Galzyr side depends on the storybook, never the other way round). Its books reach the rules
    from the services (games/services/handed.py), not through anything installed here."""

    name = "games.galzyr"
    label = "galzyr"
    verbose_name = _("Lands of Galzyr")

    def ready(self) -> None:
        add_section("campaign mode", campaign_section)
