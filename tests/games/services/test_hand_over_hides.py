"""The shared display hides a phone-less player's part by itself once their turn is over
(issue 16: "Hand the tablet to Hollins", his turn, and the turn passes to Mara: the tablet no
longer shows Hollins's hand, and his view is no longer computed). Tales of Danger's case is in
tests/games/tales_of_danger/test_tod_hand_over.py; Dark Tales and Tavern Tales here.
"""

import pytest
from django.urls import reverse

from games.core.registry import get_game
from games.services import seating, tables
from tests.games.tavern_tales.pages import make, set_state
from tests.seating import sit

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
# the copies too: a card's first play asks them until they are known
DARK_CARDS = [
    {"name": "Knight", "type": "male", "goes": "front", "vp": 2, "manual": False, "count": 3}
]


def dark_tales():
    options = {
        "players": ["Mara", "Hollins", "Cy"],
        "setting_a": "A1",
        "setting_b": "B1",
        "first_player": "Hollins",
        "cards": DARK_CARDS,
    }
    return tables.create_table("dark-tales", "Friday", options)


def move(client, table, name, data=None):
    table.refresh_from_db()
    url = reverse("games:move", args=[table.code, name])
    return client.post(url, {"version": table.version, **(data or {})}, **HTMX)


def handed_to(client, table, seat):
    sit(client, table, "table")
    client.post(reverse("games:hand-over", args=[table.code, seat]))
    response = client.get(reverse("games:table", args=[table.code]), **HTMX)
    assert response.context["seat"].id == seat and "Done, hide again" in response.text
    return client


def views_computed(client, table, slug) -> list[str]:
    """The seats whose view the display's next page computes."""
    game, calls = get_game(slug), []
    real = game.view_fn
    game.view_fn = lambda state, seat: calls.append(seat) or real(state, seat)
    try:
        client.get(reverse("games:table", args=[table.code]), **HTMX)
    finally:
        game.view_fn = real
    return calls


def assert_hidden_again(response, table):
    assert response.status_code == 200 and response.context["seat"].id == "table"
    assert response.context["hand_over"].playing is None
    assert "Done, hide again" not in response.text
    assert response.cookies["play_" + table.code]["max-age"] == 0
    # the header's seat chip, outside the live region, comes back with it (out of band): it
    # kept the handed player's name until a reload
    chip = response.text.split('id="seat-chip"')[1].split("</a>")[0]
    assert 'hx-swap-oob="true"' in chip and chip.endswith("Table ⇄")


def test_dark_tales_hides_hollinss_part_when_his_turn_passes(client, django_assert_num_queries):
    table = dark_tales()
    handed_to(client, table, "p2")
    response = move(client, table, "draw")
    assert response.context["seat"].id == "p2"  # still his turn: his card to play
    table.refresh_from_db()
    with django_assert_num_queries(7):
        response = client.post(
            reverse("games:move", args=[table.code, "play-card"]),
            {"version": table.version, "card": "Knight"},
            **HTMX,
        )
    table.refresh_from_db()
    assert table.state["active"] == 2  # Cy's turn
    assert_hidden_again(response, table)
    assert views_computed(client, table, "dark-tales") == ["table"]


def test_tavern_tales_hides_the_part_when_the_turn_passes(client, django_assert_num_queries):
    table = make()
    set_state(table, p1=(2, 0))
    handed_to(client, table, "p1")
    table.refresh_from_db()
    with django_assert_num_queries(7):
        response = client.post(
            reverse("games:move", args=[table.code, "think-n-drink"]),
            {"version": table.version},
            **HTMX,
        )
    table.refresh_from_db()
    assert table.state["active"] == 1
    assert_hidden_again(response, table)
    assert views_computed(client, table, "tavern-tales") == ["table"]


def test_a_refused_move_keeps_the_part_shown(client):
    table = make()  # Mara is at the hand limit: Think'n'Drink is refused
    handed_to(client, table, "p1")
    response = move(client, table, "think-n-drink")
    assert response["HX-Trigger"] == "tk:refused"
    assert response.context["seat"].id == "p1" and "play_" + table.code not in response.cookies


def test_a_phone_taking_a_seat_takes_it_off_the_tablets_list_at_its_next_poll(client):
    """The seating is a mark of its own (no version moves): the tablet's poll with the marks
    its page shows answers the fresh list once a phone took Bo's seat, 204 before and after."""
    table = tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})
    sit(client, table, "table")
    poll = reverse("games:poll", args=[table.code])
    shown = {"v": table.version, "s": table.seating}
    assert client.get(poll, shown, **HTMX).status_code == 204
    seating.claim_seat(table.code, "p2", secret=None, invite=seating.join_key(table, "p2"))
    fresh = client.get(poll, shown, **HTMX)
    assert fresh.status_code == 200
    html = fresh.content.decode()
    assert 'data-hand-over="p1"' in html and 'data-hand-over="p2"' not in html
    table.refresh_from_db()
    assert f'data-seating="{table.seating}"' in html and table.seating == shown["s"] + 1
    assert client.get(poll, {"v": table.version, "s": table.seating}, **HTMX).status_code == 204
