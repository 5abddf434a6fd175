"""The leak matrix fails where it should: a game whose page prints another seat's secret, a
game that declares no secrets while its seats see different things, a game that declares
nothing. Each is the tests' tally game (tests/conftest.py) with one thing changed, registered
for its test only."""

from __future__ import annotations

import dataclasses

import pytest

from games.core.engine import Game
from games.core.registry import all_games
from tests.conftest import tally, tally_view
from tests.test_leak_matrix import check_no_secret_reaches_another_requester, many_tries

pytestmark = pytest.mark.django_db
__all__ = ["many_tries"]  # a fixture, used by name


def sealed_view(state, seat: str) -> dict:
    """Tally's view with each secret as a phrase (a page is searched for phrases)."""
    view = tally_view(state, seat)
    for player in view["players"]:
        if player["secret"] is not None:
            player["secret"] = f"sealed number {player['secret']}"
    return view


def test_a_page_printing_another_seats_secret_fails_the_matrix(monkeypatch):
    leaky = dataclasses.replace(
        tally, slug="leaky", view_fn=sealed_view, template="tests/leaky_panel.html"
    )
    monkeypatch.setitem(all_games(), "leaky", leaky)
    with pytest.raises(AssertionError, match="games:table"):
        check_no_secret_reaches_another_requester("leaky")
    # The same game with its panel drawn from the view alone passes.
    monkeypatch.setitem(all_games(), "leaky", dataclasses.replace(leaky, template=tally.template))
    check_no_secret_reaches_another_requester("leaky")


def test_a_game_declaring_no_secrets_must_show_every_seat_the_same(monkeypatch):
    dishonest = dataclasses.replace(tally, slug="hushed", secret_keys=frozenset())
    monkeypatch.setitem(all_games(), "hushed", dishonest)
    with pytest.raises(AssertionError, match="declares no secret_keys"):
        check_no_secret_reaches_another_requester("hushed")


def test_a_game_must_say_what_is_secret():
    fields = {f.name: getattr(tally, f.name) for f in dataclasses.fields(tally) if f.init}
    del fields["secret_keys"]
    with pytest.raises(TypeError, match="secret_keys"):
        Game(**fields)
