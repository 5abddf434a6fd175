"""The reader's book-only calendar: the month's side of the board, the starting day, the day
token's rows.

No database: the books come from world folders through a ``FolderShelf`` (worlds.py).
"""

from __future__ import annotations

import pytest

from games.galzyr.reader import calendar
from tests.games.galzyr.playing import play, refused, said
from tests.games.galzyr.worlds import game

from .book_world import (
    new,
)


# -- calendar ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("month", "side"),
    [("march", "summer"), ("august", "summer"), ("september", "winter"), ("february", "winter")],
)
def test_the_month_says_which_side_of_the_board_to_use(month, side):
    state = play(new(), "pick-month", {"month": month})
    assert game.view(state, "table")["side"] == side
    assert f"the {side} side" in said(new(), "pick-month", {"month": month})


def test_the_starting_day_is_random_on_the_top_row_and_seeded():
    days = {play(new(seed=s), "pick-month", {"month": "may"})["day"] for s in range(40)}
    assert days == set(range(7))
    again = [play(new(seed=3), "pick-month", {"month": "may"})["day"] for _ in range(3)]
    assert len(set(again)) == 1


def test_the_day_token_loops_from_sunday_to_the_next_rows_monday():
    state = play(new(), "pick-month", {"month": "may"})
    state = play(state, "set-day", {"day": 5})
    assert game.view(state, "table")["weekday"] == "saturday"
    state = play(play(state, "advance-day"), "advance-day")
    view = game.view(state, "table")
    assert (view["weekday"], view["week"]) == ("monday", 2)
    slots = [slot for row in view["calendar"] for slot in row]
    assert [s["day"] for s in slots if s["token"]] == [7]
    assert all(s["past"] for s in slots[:7])


def test_the_calendar_ends_and_needs_a_month_first():
    assert "Pick the month" in refused(new(), "advance-day")
    state = play(new(), "pick-month", {"month": "may"})
    state = play(state, "set-day", {"day": calendar.last_day()})
    assert "no more days" in refused(state, "advance-day")
