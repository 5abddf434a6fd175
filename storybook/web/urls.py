from django.urls import path

from storybook.web import world_edit_views, world_views

app_name = "storybook"

urlpatterns = [
    path("worlds/", world_views.worlds_page, name="worlds"),
    path("worlds/<slug:slug>/catalog/", world_edit_views.world_edit_page, name="world-edit"),
    path(
        "worlds/<slug:slug>/catalog/cards/<int:number>/",
        world_edit_views.card_edit,
        name="world-edit-card",
    ),
    path(
        "worlds/<slug:slug>/catalog/location-cards/<int:number>/",
        world_edit_views.location_card,
        name="world-edit-location-card",
    ),
    path(
        "worlds/<slug:slug>/catalog/locations/<str:location>/",
        world_edit_views.location_edit,
        name="world-edit-location",
    ),
    path(
        "worlds/<slug:slug>/catalog/routes/", world_edit_views.route_add, name="world-edit-routes"
    ),
    path(
        "worlds/<slug:slug>/catalog/routes/change/",
        world_edit_views.route_change,
        name="world-edit-route",
    ),
    path(
        "worlds/<slug:slug>/catalog/export/", world_edit_views.yaml_export, name="world-edit-export"
    ),
    path(
        "worlds/<slug:slug>/catalog/import/", world_edit_views.yaml_import, name="world-edit-import"
    ),
]
