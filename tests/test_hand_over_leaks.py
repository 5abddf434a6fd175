"""The shared display shows a seat's private parts only after the hand-over, in every game.

For each game brought to where some seat holds a secret (tests/test_leak_matrix.py's walk):
the display's pages are rendered from its own view before the hand-over and on the hand-over
screen; from the handed-over seat's view after the deliberate tap, for every address the page
and its htmx requests use; from its own view again after "done, hide again", and as soon as a
device takes that seat. A phone is never handed another seat.
"""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse

from games.core.registry import all_games
from games.services import handed
from games.web import credentials
from tests.seating import claim, sit
from tests.test_leak_matrix import forbidden_for, many_tries, secret_texts, with_secrets, world

pytestmark = pytest.mark.django_db
__all__ = ["many_tries", "world"]  # fixtures, used by name

HTMX = {"HTTP_HX_REQUEST": "true"}


def rendered(client, table, url_name: str, **headers):
    query = "?v=0" if url_name == "games:poll" else ""
    response = client.get(reverse(url_name, args=[table.code]) + query, **headers)
    assert response.status_code == 200, (url_name, response.status_code)
    return response.context["view"], html.unescape(response.content.decode())


def shows_only(client, table, seat: str) -> None:
    """Every table address (page and poll, plain and htmx) renders ``seat``'s view and quotes
    no secret text of another seat."""
    game = handed.game(table.game)
    own = game.view(table.state, seat)
    texts = secret_texts(table, forbidden_for(table, seat), seat)
    for url_name in ("games:table", "games:poll"):
        for headers in ({}, HTMX):
            view, page = rendered(client, table, url_name, **headers)
            assert view == own, (url_name, seat)
            assert not [t for t in texts if t in page], (url_name, seat)


@pytest.mark.parametrize("slug", sorted(all_games()))
def test_a_seats_secrets_show_on_the_display_only_after_the_hand_over(slug):
    check_the_hand_over(slug)


def check_the_hand_over(slug: str) -> None:
    """The display shows a seat's view only between the hand-over and "hide again" (a game
    without secrets: every player's seat in turn)."""
    table = with_secrets(slug)
    game = handed.game(slug)
    seats = [s.id for s in game.seats(table.state) if s.kind != "table"]
    secret_holders = [s for s in seats if forbidden_for(table, "table") & forbidden_for(table, s)]
    display = sit(Client(), table, "table")
    shows_only(display, table, "table")
    for seat in secret_holders or seats:
        url = reverse("games:hand-over", args=[table.code, seat])
        screen = display.get(url)
        assert screen.status_code == 200 and "view" not in screen.context
        shows_only(display, table, "table")  # looking at the screen opens nothing
        display.post(url)
        shows_only(display, table, seat)
        display.post(reverse("games:hide-again", args=[table.code]))
        shows_only(display, table, "table")
    # A device takes the seat while the display shows it: the display hides it at once.
    seat = (secret_holders or seats)[0]
    display.post(reverse("games:hand-over", args=[table.code, seat]))
    claim(table, seat)
    shows_only(display, table, "table")
    # A phone is never handed another seat, even carrying the display's hand-over cookie.
    other = next(s for s in seats if s != seat)
    phone = sit(Client(), table, other)
    assert phone.post(reverse("games:hand-over", args=[table.code, seat])).status_code == 403
    cookie = credentials.hand_over_cookie(table.code)
    phone.cookies[cookie] = display.cookies[cookie].value
    shows_only(phone, table, other)
