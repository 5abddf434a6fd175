from django.urls import path

from games import api

urlpatterns = [
    path("tables/", api.create_table, name="api-tables"),
    path("tables/import/", api.import_table, name="api-import"),
    path("tables/<str:code>/", api.table_detail, name="api-table"),
    path("tables/<str:code>/moves/", api.make_move, name="api-moves"),
    path("tables/<str:code>/undo/", api.undo, name="api-undo"),
    path("tables/<str:code>/history/", api.history, name="api-history"),
    path("tables/<str:code>/export/", api.export, name="api-export"),
    path("tables/<str:code>/backups/", api.table_backups, name="api-backups"),
    path("tables/<str:code>/backups/<str:token>/", api.backup_document, name="api-backup"),
    path(
        "tables/<str:code>/backups/<str:token>/restore/",
        api.restore_backup,
        name="api-restore",
    ),
]
