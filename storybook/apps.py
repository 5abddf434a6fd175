from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StorybookConfig(AppConfig):
    name = "storybook"
    verbose_name = _("Worlds and books")
