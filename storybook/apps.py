from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StorybookConfig(AppConfig):
    name = "storybook"
    verbose_name = _("Worlds and books")

    def ready(self) -> None:
        __import__("storybook.book_source").book_source.install()  # the reader's books
