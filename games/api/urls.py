from importlib import import_module

from django.urls import path

from games.api import backups, catalogs, games, held, results, seats, spare, tables
from games.core.registry import GAME_URLS

urlpatterns = [
    path("games/", games.games_list, name="api-games"),
    path("games/<slug:slug>/card-data/", games.game_card_data, name="api-game-card-data"),
    path("results/", results.results_of_group, name="api-results"),
    path("tables/", tables.create_table, name="api-tables"),
    path("tables/import/", tables.import_table, name="api-import"),
    path("tables/held/", held.held_tables, name="api-held"),
    path("tables/<str:code>/", tables.table_detail, name="api-table"),
    path("tables/<str:code>/moves/", tables.make_move, name="api-moves"),
    path("tables/<str:code>/undo/", tables.undo, name="api-undo"),
    path("tables/<str:code>/history/", tables.history, name="api-history"),
    path("tables/<str:code>/scores/", results.table_scores, name="api-scores"),
    path("tables/<str:code>/export/", tables.export, name="api-export"),
    path("tables/<str:code>/claim/", seats.claim, name="api-claim"),
    path("tables/<str:code>/leave/", seats.leave, name="api-leave"),
    path("tables/<str:code>/seats/", seats.seats, name="api-seats"),
    path("tables/<str:code>/spare/", spare.spare_link, name="api-spare"),
    path("tables/<str:code>/keeper/", spare.keep_with_spare, name="api-keeper"),
    path("tables/<str:code>/card-data/", catalogs.table_catalog, name="api-card-data"),
    path("tables/<str:code>/backups/", backups.table_backups, name="api-backups"),
    path("tables/<str:code>/backups/<str:token>/", backups.backup_document, name="api-backup"),
    path(
        "tables/<str:code>/backups/<str:token>/restore/",
        backups.restore_backup,
        name="api-restore",
    ),
]
# The API routes games add of their own (the registry's GAME_URLS).
urlpatterns += [
    route for module in GAME_URLS.values() for route in getattr(import_module(module), "api", [])
]
