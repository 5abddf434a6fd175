from django.urls import path

from games import api
from games.galzyr import campaign_api

urlpatterns = [
    path("tables/", api.create_table, name="api-tables"),
    path("tables/import/", api.import_table, name="api-import"),
    path("tables/<str:code>/", api.table_detail, name="api-table"),
    path("tables/<str:code>/moves/", api.make_move, name="api-moves"),
    path("tables/<str:code>/undo/", api.undo, name="api-undo"),
    path("tables/<str:code>/history/", api.history, name="api-history"),
    path("tables/<str:code>/export/", api.export, name="api-export"),
    path("tables/<str:code>/trays/", campaign_api.trays, name="api-trays"),
    path("tables/<str:code>/where/<int:number>/", campaign_api.where, name="api-where"),
    path("tables/<str:code>/backups/", api.table_backups, name="api-backups"),
    path("tables/<str:code>/backups/<str:token>/", api.backup_document, name="api-backup"),
    path(
        "tables/<str:code>/backups/<str:token>/restore/",
        api.restore_backup,
        name="api-restore",
    ),
]
