from django.contrib import admin

from storybook.models import World


@admin.register(World)
class WorldAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "scene_count", "card_count", "loaded"]
    search_fields = ["name", "slug"]
    # A world changes only through load_world or an upload, which validate it first.
    readonly_fields = [
        "slug",
        "name",
        "content_hash",
        "scene_count",
        "card_count",
        "loaded",
        "warnings",
        "data",
    ]

    def has_add_permission(self, request):
        return False
