"""A player's decisions are his seat's (QA8 item 7: the shared tablet took Eli's Think'n'Drink
while Eli's phone held his seat, and ended his turn without him). The engine refuses the
display these moves as itself; it makes them only handed over to a seat no device holds."""

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Table
from tests.games.tavern_tales.pages import HTMX, make, set_state
from tests.seating import sit

pytestmark = pytest.mark.django_db

REFUSED = "“Think'n'Drink” is for the player whose decision it is, not for the shared display."


def _post(client, table, move):
    table.refresh_from_db()
    url = reverse("games:move", args=[table.code, move])
    return client.post(url, {"version": table.version}, **HTMX).content.decode()


def test_the_display_takes_no_think_n_drink_for_a_seat_a_phone_holds(client):
    table = make(first_player=1)  # Bo's turn
    set_state(table, p2=(3, 0))  # below the hand limit: Think'n'Drink is open to him
    bo = sit(Client(), table, "p2")  # Bo's phone holds his seat
    sit(client, table, "table")
    html = client.get(reverse("games:table", args=[table.code])).content.decode()
    assert "Think&#x27;n&#x27;Drink</button>" not in html and "Hand the tablet to Bo" not in html
    assert REFUSED.replace("'", "&#x27;") in _post(client, table, "think-n-drink")
    client.post(reverse("games:hand-over", args=[table.code, "p2"]))  # held: refused
    assert "Think&#x27;n&#x27;Drink" in _post(client, table, "think-n-drink")
    table = Table.objects.get(pk=table.pk)
    assert (table.version, table.moves.count(), table.state["active"]) == (1, 0, 1)
    assert "Bo took a Think&#x27;n&#x27;Drink" in _post(bo, table, "think-n-drink")


def test_handed_over_to_a_seat_no_device_holds_the_display_plays_it(client):
    table = make()  # Mara's turn, no phone
    set_state(table, p1=(3, 0))
    sit(client, table, "table")
    client.post(reverse("games:hand-over", args=[table.code, "p1"]))
    assert "Mara took a Think&#x27;n&#x27;Drink" in _post(client, table, "think-n-drink")
    table = Table.objects.get(pk=table.pk)
    assert table.moves.get().seat == "p1" and table.state["active"] == 1
