"""Lands of Galzyr's own routes (games/galzyr/web.py), added to the platform's by the
registry's ``GAME_URLS``: ``pages`` to the pages (named ``games:<name>``), ``api`` to the API."""

from django.urls import path

from games.galzyr import web

pages = [
    # The campaign: every tray card by card (the panel shows counts only), "where is", copies.
    path("t/<str:code>/trays/", web.trays_page, name="campaign-trays"),
]

api = [
    path("tables/<str:code>/trays/", web.trays_api, name="api-trays"),
    path("tables/<str:code>/where/<int:number>/", web.where_api, name="api-where"),
]
