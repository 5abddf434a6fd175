from django.urls import path

from storybook.web import catalog_views, world_views

app_name = "storybook"

urlpatterns = [
    path("worlds/", world_views.worlds_page, name="worlds"),
    path("worlds/<slug:slug>/catalog/", catalog_views.catalog_page, name="catalog"),
    path(
        "worlds/<slug:slug>/catalog/cards/<int:number>/",
        catalog_views.card_edit,
        name="catalog-card",
    ),
    path(
        "worlds/<slug:slug>/catalog/location-cards/<int:number>/",
        catalog_views.location_card,
        name="catalog-location-card",
    ),
    path(
        "worlds/<slug:slug>/catalog/locations/<str:location>/",
        catalog_views.location_edit,
        name="catalog-location",
    ),
    path("worlds/<slug:slug>/catalog/routes/", catalog_views.route_add, name="catalog-routes"),
    path(
        "worlds/<slug:slug>/catalog/routes/change/",
        catalog_views.route_change,
        name="catalog-route",
    ),
    path("worlds/<slug:slug>/catalog/export/", catalog_views.catalog_export, name="catalog-export"),
    path("worlds/<slug:slug>/catalog/import/", catalog_views.catalog_import, name="catalog-import"),
]
