from django.urls import path

from games import (
    views,
    views_backups,
    views_catalog,
    views_hand_over,
    views_history,
    views_results,
    views_table,
)
from games.galzyr import campaign_pages
from games.live import views as live_views

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("new/<slug:game_slug>/", views.new_table, name="new"),
    path("join/", views.join, name="join"),
    path("import/", views_history.import_table, name="import"),
    path("results/", views_results.results_page, name="results"),
    path("catalog/<slug:game_slug>/", views_catalog.catalog_page, name="catalog"),
    path("catalog/<slug:game_slug>/sheet/", views_catalog.card_sheet, name="card-sheet"),
    path(
        "catalog/<slug:game_slug>/download/",
        views_catalog.catalog_download,
        name="catalog-download",
    ),
    path("t/<str:code>/", views_table.table_page, name="table"),
    path("t/<str:code>/seat/", views_table.choose_seat, name="seat"),
    path("t/<str:code>/seat/leave/", views_table.leave_seat, name="leave-seat"),
    path("t/<str:code>/seats/", views_table.manage_seats, name="manage-seats"),
    path("t/<str:code>/join/<str:seat>/<str:invite>/", views_table.join_seat, name="join-seat"),
    path("t/<str:code>/poll/", views_table.poll, name="poll"),
    path("t/<str:code>/stream/", live_views.stream, name="stream"),
    # The shared display handed over to a seat no device holds, and back (views_hand_over).
    path("t/<str:code>/play/done/", views_hand_over.hide, name="hide-again"),
    path("t/<str:code>/play/<str:seat>/", views_hand_over.hand_over, name="hand-over"),
    path("t/<str:code>/move/<slug:name>/", views_table.move, name="move"),
    path("t/<str:code>/undo/", views_table.undo, name="undo"),
    path("t/<str:code>/history/", views_history.history_page, name="history"),
    path("t/<str:code>/export/", views_history.export_table, name="export"),
    path("t/<str:code>/backups/", views_backups.backups_page, name="backups"),
    path("t/<str:code>/backups/new/", views_backups.back_up_now, name="back-up-now"),
    path("t/<str:code>/backups/<str:token>/restore/", views_backups.restore_backup, name="restore"),
    path(
        "t/<str:code>/backups/<str:token>/download/",
        views_backups.backup_download,
        name="backup-download",
    ),
    path("t/<str:code>/cards/", views_catalog.table_card_sheet, name="table-card-sheet"),
    path("t/<str:code>/scores/", views_results.scores_page, name="scores"),
    # Lands of Galzyr's campaign: every tray card by card (the panel shows counts only).
    path("t/<str:code>/trays/", campaign_pages.trays_page, name="campaign-trays"),
]
