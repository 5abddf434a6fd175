from django.urls import path

from storybook import world_api

urlpatterns = [
    path("worlds/", world_api.worlds, name="api-worlds"),
]
