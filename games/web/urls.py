from importlib import import_module

from django.urls import path

from games.core.registry import GAME_URLS
from games.web import backups, catalogs, hand_over, history, home, results, spare, stream, table

app_name = "games"

urlpatterns = [
    path("", home.home, name="home"),
    path("new/<slug:game_slug>/", home.new_table, name="new"),
    path("join/", home.join, name="join"),
    path("import/", history.import_table, name="import"),
    path("results/", results.results_page, name="results"),
    path("catalog/<slug:game_slug>/", catalogs.catalog_page, name="catalog"),
    path("catalog/<slug:game_slug>/sheet/", catalogs.card_sheet, name="card-sheet"),
    path(
        "catalog/<slug:game_slug>/download/",
        catalogs.catalog_download,
        name="catalog-download",
    ),
    path("t/<str:code>/", table.table_page, name="table"),
    path("t/<str:code>/seat/", table.choose_seat, name="seat"),
    path("t/<str:code>/seat/leave/", table.leave_seat, name="leave-seat"),
    path("t/<str:code>/seats/", table.manage_seats, name="manage-seats"),
    path("t/<str:code>/join/<str:seat>/<str:invite>/", table.join_seat, name="join-seat"),
    path("t/<str:code>/spare/<str:key>/", spare.spare_keeper, name="spare-keeper"),
    path("t/<str:code>/poll/", table.poll, name="poll"),
    path("t/<str:code>/stream/", stream.stream, name="stream"),
    # The shared display handed over to a seat no device holds, and back (games/web/hand_over.py).
    path("t/<str:code>/play/done/", hand_over.hide, name="hide-again"),
    path("t/<str:code>/play/<str:seat>/", hand_over.hand_over, name="hand-over"),
    path("t/<str:code>/move/<slug:name>/", table.move, name="move"),
    path("t/<str:code>/undo/", table.undo, name="undo"),
    path("t/<str:code>/history/", history.history_page, name="history"),
    path("t/<str:code>/export/", history.export_table, name="export"),
    path("t/<str:code>/backups/", backups.backups_page, name="backups"),
    path("t/<str:code>/backups/new/", backups.back_up_now, name="back-up-now"),
    path("t/<str:code>/backups/<str:token>/restore/", backups.restore_backup, name="restore"),
    path(
        "t/<str:code>/backups/<str:token>/download/",
        backups.backup_download,
        name="backup-download",
    ),
    path("t/<str:code>/cards/", catalogs.table_card_sheet, name="table-card-sheet"),
    path("t/<str:code>/scores/", results.scores_page, name="scores"),
]
# The pages games add of their own (the registry's GAME_URLS).
urlpatterns += [
    route for module in GAME_URLS.values() for route in getattr(import_module(module), "pages", [])
]
