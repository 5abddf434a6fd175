from django.contrib import admin

from games.models import Backup, GameCatalog, Move, Table


class MoveInline(admin.TabularInline):
    model = Move
    fields = ["created", "seat", "name", "sentence", "version", "undone"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "spoken_code", "version", "updated"]
    list_filter = ["game"]
    search_fields = ["name", "code"]
    readonly_fields = ["code", "version", "created", "updated", "blobs"]
    inlines = [MoveInline]


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ["sentence", "table", "seat", "name", "version", "undone", "created"]
    list_filter = ["name", "undone"]
    search_fields = ["sentence", "table__name"]
    readonly_fields = [
        "table",
        "name",
        "args",
        "seat",
        "sentence",
        "version",
        "state_before",
        "patch",
    ]


@admin.register(GameCatalog)
class GameCatalogAdmin(admin.ModelAdmin):
    list_display = ["game", "updated"]


@admin.register(Backup)
class BackupAdmin(admin.ModelAdmin):
    """Read-only: backups are made and restored by the services (the table's Backups page)."""

    list_display = ["label", "table", "version", "size", "created"]
    list_filter = ["game"]
    search_fields = ["label", "table__name"]
    list_select_related = ["table"]
    readonly_fields = ["table", "token", "created", "game", "version", "label", "size", "undone"]
    exclude = ["state"]  # a campaign's state is tens of kilobytes; download it from the page

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
