"""/t/<code>/cards/ of a game with no card-data sheet (Galzyr) is a plain 404, not a redirect
to a sheet page that doesn't exist."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.galzyr.shelf import forget_books
from games.services import tables

pytestmark = pytest.mark.django_db


def test_a_galzyr_table_has_no_card_sheet_page(client):
    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())
    table = tables.create_table("galzyr", "Friday", {"players": ["Mara"]})
    response = client.get(reverse("games:table-card-sheet", args=[table.code]))
    assert response.status_code == 404
