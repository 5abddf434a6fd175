from django.urls import path

from storybook.web import world_api, world_edit_api

urlpatterns = [
    path("worlds/", world_api.worlds, name="api-worlds"),
    path("worlds/<slug:slug>/catalog/", world_edit_api.cards_and_map, name="api-world-edit"),
    path(
        "worlds/<slug:slug>/cards/<int:number>/",
        world_edit_api.card,
        name="api-world-card",
    ),
]
