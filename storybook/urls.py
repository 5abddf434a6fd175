from django.urls import path

from storybook import world_views

app_name = "storybook"

urlpatterns = [
    path("worlds/", world_views.worlds_page, name="worlds"),
]
