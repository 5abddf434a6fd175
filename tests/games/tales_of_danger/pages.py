"""Helpers for the Tales of Danger page and API tests: tables on the platform, HTMX posts.

The card values come from conftest.py's test catalog (invented, not the real cards).
"""

import json
import re

from django.urls import reverse

from games.models import Table
from games.services import tables
from tests.seating import sit

HTMX = {"HTTP_HX_REQUEST": "true"}
POOL = ["monk", "farmer", "deacon", "captain", "innkeeper"]
QUEEN_HAND = ["sailor", "business-man", "minstrel"]  # can secure the Queen (test catalog)


def new_table(tod, players=3, **options):
    return tables.create_table(
        "tales-of-danger",
        "Voyage night",
        {"players": tod.NAMES[:players], "first_player": 1, **tod.full_catalog(), **options},
    )


def table_from(driver) -> Table:
    """A saved table holding a state built by the rules tests' driver."""
    return Table.objects.create(game="tales-of-danger", name="Mid-game", state=driver.data)


def seated(client, table, seat):
    return sit(client, table, seat)


def page(client, table) -> str:
    return client.get(reverse("games:table", args=[table.code])).content.decode()


def post_move(client, table, name, data):
    table.refresh_from_db()
    return client.post(
        reverse("games:move", args=[table.code, name]),
        {"version": table.version, **data},
        **HTMX,
    )


def pick(person, **more):
    return json.dumps({"person": person, **more})


def forms(html: str) -> list[str]:
    """The moves the page offers a form for."""
    return re.findall(r'hx-post="/t/\w+/move/([\w-]+)/"', html)
