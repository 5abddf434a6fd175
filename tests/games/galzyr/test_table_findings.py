"""Findings of a group at the table (tablet 1180x820, phones 390x844): the calendar grid shows
the timer tokens, "Advance the day" only in the calendar phase, a forced successes value
refused with a sentence. Rules first (pure, the sample world from its folder), then the pages
over HTMX with their query counts.

Rulebook facts these cases stand on (lands-of-galzyr.txt, "Timed effects and calendar" and
"Calendar phase"): a timer token goes on the slot as many days ahead of the day token as its
timer box says, on top of any tokens already there; the day token moves to the next day in
the calendar phase, which comes after every player has had a turn.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from games import services
from games.engine import RuleError
from games.galzyr import book as books
from games.galzyr.rules import game
from games.galzyr.state import State

from .test_campaign_pages import page, post_move, seated, state_of, world  # noqa: F401

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "fixtures" / "worlds" / "sallowmere-marches"
SHELF = books.FolderShelf({"sallowmere-marches": SAMPLE}, default="sallowmere-marches")


@pytest.fixture
def shelf():
    previous = books.install(SHELF)
    yield SHELF
    books.install(previous)


def new() -> dict:
    return game.setup({"players": ["Mara", "Bo"], "mode": "campaign"}, seed=5)


def run(s: dict, move: str, args: dict | None = None, seat: str = "sm") -> dict:
    return game.apply(s, move, args or {}, seat)[0]


def refused(s: dict, move: str, args: dict | None = None, seat: str = "sm") -> str:
    before = copy.deepcopy(s)
    with pytest.raises(RuleError) as exc:
        game.apply(s, move, args or {}, seat)
    assert s == before  # a refusal changes nothing
    return str(exc.value)


def slot(s: dict, day: int) -> dict:
    cal = game.view(s, "sm")["calendar"]
    return cal[day // 7][day % 7]


# -- 1. the calendar grid marks the timer tokens -----------------------------------------------
def test_a_timer_shows_on_its_calendar_slot_the_newest_on_top(shelf):
    s = run(new(), "campaign-take-card", {"number": 150, "player": 1})
    s = run(s, "campaign-take-card", {"number": 151, "player": 2})
    today = State.model_validate(s).campaign.calendar.day
    s = run(s, "campaign-place-timer", {"number": 150, "days": 2})
    assert slot(s, today + 2)["timers"] == [150]
    s = run(s, "campaign-place-timer", {"number": 151, "days": 2})
    assert slot(s, today + 2)["timers"] == [151, 150]  # placed later: on top
    assert slot(s, today)["timers"] == [] and slot(s, today)["token"]


def test_a_timer_further_than_the_rows_shown_adds_rows(shelf):
    s = run(new(), "campaign-take-card", {"number": 150, "player": 1})
    today = State.model_validate(s).campaign.calendar.day
    s = run(s, "campaign-place-timer", {"number": 150, "days": 20})
    assert slot(s, today + 20)["timers"] == [150]


def test_book_only_mode_has_no_timers_on_its_calendar(shelf):
    s = game.setup({"players": ["Mara"]}, seed=5)
    s = run(s, "pick-month", {"month": "june"})
    cal = game.view(s, "sm")["calendar"]
    assert all(slot["timers"] == [] for row in cal for slot in row)


# -- 2. the day token moves in the calendar phase only ------------------------------------------
def test_advancing_the_day_mid_round_is_refused_with_the_rule(shelf):
    s = new()
    said = refused(s, "campaign-advance-day")
    assert said.startswith("The day token moves only in the calendar phase")
    assert game.view(s, "sm")["campaign"]["calendar_phase"] is False


def test_the_last_turn_of_the_round_advances_the_day(shelf):
    s = new()
    day = State.model_validate(s).campaign.calendar.day
    for _turn in range(2):
        s = run(run(s, "campaign-begin-story"), "campaign-end-turn")
    c = State.model_validate(s).campaign
    assert c.calendar.day == day + 1 and c.game.number == 2


# -- 6. a forced successes value is refused with a sentence -------------------------------------
@pytest.mark.parametrize("n", [31, -1, "many"])
def test_successes_out_of_range_are_refused_with_a_sentence(shelf, n):
    s = game.setup({"players": ["Mara"], "world": "sallowmere-marches"}, seed=5)
    assert refused(s, "enter-successes", {"n": n}) == "The successes must be a number from 0 to 30."


# -- the pages ---------------------------------------------------------------------------------
pages = pytest.mark.django_db


@pytest.fixture
def table(world):  # noqa: F811 - the fixture imported above
    return services.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )


@pages
def test_the_page_marks_the_timer_slot_and_offers_no_mid_round_day(
    client, table, django_assert_num_queries
):
    seated(client, table)
    post_move(client, table, "campaign-take-card", {"number": 150, "player": 1})
    r = post_move(client, table, "campaign-place-timer", {"number": 150, "days": 2})
    assert r.status_code == 200 and 'class="gz-timer">150<' in r.content.decode()
    page(client, table)
    with django_assert_num_queries(3):  # the table, the world's hash, the recent log
        text = page(client, table)
    assert 'class="gz-timer">150<' in text and "timer tokens, top first: #150" in text
    assert "/campaign-advance-day/" not in text and "/campaign-end-turn/" in text
    before = state_of(table).campaign.calendar.day
    r = post_move(client, table, "campaign-advance-day")
    assert "The day token moves only in the calendar phase" in r.content.decode()
    assert state_of(table).campaign.calendar.day == before
