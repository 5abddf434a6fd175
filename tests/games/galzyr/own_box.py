"""A campaign table of the published box (fixtures/worlds/lands-of-galzyr, read from the
printed book), and a move posted to it as the page's HTMX form posts it."""

from __future__ import annotations

import html
from io import StringIO

from django.core.management import call_command
from django.urls import reverse

from games.galzyr.shelf import forget_books
from games.models import Table
from games.services import tables

HTMX = {"HTTP_HX_REQUEST": "true"}


def own_box_table() -> Table:
    forget_books()
    call_command("load_world", "fixtures/worlds/lands-of-galzyr", stdout=StringIO())
    return tables.create_table(
        "galzyr",
        "Our box",
        {"players": ["Mara", "Bo"], "world": "lands-of-galzyr", "mode": "campaign"},
    )


def post(client, table, name, data=None) -> str:
    """The move's answer, unescaped; the table is refreshed before and after."""
    table.refresh_from_db()
    url = reverse("games:move", args=[table.code, name])
    answer = client.post(url, {"version": table.version, **(data or {})}, **HTMX)
    assert answer.status_code == 200
    table.refresh_from_db()
    return html.unescape(answer.content.decode())
