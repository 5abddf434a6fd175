from django.urls import path

from storybook.web import catalog_api, world_api

urlpatterns = [
    path("worlds/", world_api.worlds, name="api-worlds"),
    path("worlds/<slug:slug>/catalog/", catalog_api.catalog, name="api-world-catalog"),
    path(
        "worlds/<slug:slug>/cards/<int:number>/",
        catalog_api.card,
        name="api-world-card",
    ),
]
