from django.urls import path

from games import views
from games.galzyr import campaign_pages

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("new/<slug:game_slug>/", views.new_table, name="new"),
    path("join/", views.join, name="join"),
    path("import/", views.import_table, name="import"),
    path("results/", views.results_page, name="results"),
    path("catalog/<slug:game_slug>/", views.catalog_page, name="catalog"),
    path("catalog/<slug:game_slug>/download/", views.catalog_download, name="catalog-download"),
    path("t/<str:code>/", views.table_page, name="table"),
    path("t/<str:code>/seat/", views.choose_seat, name="seat"),
    path("t/<str:code>/poll/", views.poll, name="poll"),
    path("t/<str:code>/move/<slug:name>/", views.move, name="move"),
    path("t/<str:code>/undo/", views.undo, name="undo"),
    path("t/<str:code>/history/", views.history_page, name="history"),
    path("t/<str:code>/export/", views.export_table, name="export"),
    path("t/<str:code>/backups/", views.backups_page, name="backups"),
    path("t/<str:code>/backups/new/", views.back_up_now, name="back-up-now"),
    path("t/<str:code>/backups/<str:token>/restore/", views.restore_backup, name="restore"),
    path(
        "t/<str:code>/backups/<str:token>/download/",
        views.backup_download,
        name="backup-download",
    ),
    path("t/<str:code>/scores/", views.scores_page, name="scores"),
    # Lands of Galzyr's campaign: every tray card by card (the panel shows counts only).
    path("t/<str:code>/trays/", campaign_pages.trays_page, name="campaign-trays"),
]
