"""Who may undo (issue 16): the undo service declares it (``turns.may_undo``) and enforces
it and the page reads it. The shared display, the story master and the table's keeper take back
the last move whoever made it; a player's device only a move its own seat made."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.core.engine import RuleError
from games.core.registry import all_games
from games.models import Move
from games.services import access, tables, turns
from tests.games.services.test_tables_loaded_state import world  # noqa: F401 (a fixture)
from tests.seating import sit

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    table = tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})
    table, _ = turns.apply_move(table.code, "add", {"points": 4}, expected_version=1, seat="p1")
    return table


def test_another_players_device_may_not_undo_and_nothing_changes(table):
    with pytest.raises(RuleError, match="Only the device that made it \\(Ada\\)"):
        turns.undo_last(table.code, expected_version=2, seat="p2")
    assert not Move.objects.get(version=2).undone
    assert tables.find_seat(table, "p1")  # the table is as it was
    table.refresh_from_db()
    assert table.version == 2


@pytest.mark.parametrize("who", ["p1", "table", access.Access(seat="p2", keeper=True)])
def test_the_maker_the_shared_display_or_the_keeper_undoes(table, who):
    table, undo = turns.undo_last(table.code, expected_version=2, seat=who)
    assert table.version == 3 and Move.objects.get(version=2).undone


def test_the_page_reads_the_same_declaration():
    table = tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})
    ada, bo = sit(Client(), table, "p1"), sit(Client(), table, "p2")
    url = reverse("games:move", args=[table.code, "add"])
    ada.post(url, {"version": 1, "points": 4})
    page = bo.get(reverse("games:table", args=[table.code])).content.decode()
    assert 'id="undo-whose"' in page and 'disabled aria-describedby="undo-whose"' in page
    note = "only it, the shared display or the table&#x27;s keeper can undo it."
    assert note in page and "story master" not in page  # a tally table has none
    page = ada.get(reverse("games:table", args=[table.code])).content.decode()
    assert 'id="undo-whose"' not in page
    answer = bo.post(reverse("games:undo", args=[table.code]), {"version": 2})
    assert "Only the device that made it (Ada)" in answer.content.decode()
    table.refresh_from_db()
    assert table.version == 2


def test_a_stranger_may_not_undo(table):
    with pytest.raises(access.AccessDenied):
        turns.undo_last(table.code, expected_version=2, seat=access.Credential("nope"))


def test_the_refusal_names_who_may_undo_in_the_games_own_seats(table, world):  # noqa: F811
    """From the declaration (``UNDO_ANY_KINDS`` among the table's seats): a game without a
    story master's seat names none (it said "the story master" for every game)."""
    with pytest.raises(RuleError) as refused:
        turns.undo_last(table.code, expected_version=2, seat="p2")
    assert str(refused.value) == (
        "Only the device that made it (Ada), the shared display or the table's keeper can undo "
        f"“{Move.objects.get(version=2).sentence}”: ask one of them to."
    )
    galzyr = tables.create_table("galzyr", "Book", all_games()["galzyr"].sample_options[0])
    galzyr, _ = turns.apply_move(
        galzyr.code, "pick-month", {"month": "march"}, expected_version=1, seat="sm"
    )
    assert turns.who_may_undo(galzyr, "Ada") == (
        "Ada, the shared display, the story master or the table's keeper"
    )
