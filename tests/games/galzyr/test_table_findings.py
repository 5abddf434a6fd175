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
import html

import pytest
from django.urls import reverse

from games.core.engine import RuleError
from games.galzyr.campaign.text import adventurer_name
from games.galzyr.state import State
from games.services import tables, turns
from tests.games.galzyr.moves.campaign.test_rulebook_end_cases import won_by
from tests.games.galzyr.playing import a_turn, end_a_turn
from tests.games.galzyr.worlds import game
from tests.seating import api_as, sit

from .test_campaign_pages import page, post_move, seated, state_of, world  # noqa: F401
from .test_printed_box import form as box_form
from .test_printed_box import worlds  # noqa: F401

HTMX = {"HTTP_HX_REQUEST": "true"}


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
def test_a_timer_shows_on_its_calendar_slot_the_newest_on_top():
    s = run(new(), "campaign-take-card", {"number": 150, "player": 1})
    s = run(s, "campaign-take-card", {"number": 151, "player": 2})
    today = State.model_validate(s).campaign.calendar.day
    s = run(s, "campaign-place-timer", {"number": 150, "days": 2})
    assert slot(s, today + 2)["timers"] == [150]
    s = run(s, "campaign-place-timer", {"number": 151, "days": 2})
    assert slot(s, today + 2)["timers"] == [151, 150]  # placed later: on top
    assert slot(s, today)["timers"] == [] and slot(s, today)["token"]


def test_a_timer_further_than_the_rows_shown_adds_rows():
    s = run(new(), "campaign-take-card", {"number": 150, "player": 1})
    today = State.model_validate(s).campaign.calendar.day
    s = run(s, "campaign-place-timer", {"number": 150, "days": 20})
    assert slot(s, today + 20)["timers"] == [150]


def test_book_only_mode_has_no_timers_on_its_calendar():
    s = game.setup({"players": ["Mara"]}, seed=5)
    s = run(s, "pick-month", {"month": "june"})
    cal = game.view(s, "sm")["calendar"]
    assert all(slot["timers"] == [] for row in cal for slot in row)


# -- 2. the day token moves in the calendar phase only ------------------------------------------
def test_advancing_the_day_mid_round_is_refused_with_the_rule():
    s = new()
    said = refused(s, "campaign-advance-day")
    assert said.startswith("The day token moves only in the calendar phase")
    assert game.view(s, "sm")["campaign"]["calendar_phase"] is False


def test_the_last_turn_of_the_round_advances_the_day():
    s = new()
    day = State.model_validate(s).campaign.calendar.day
    for _turn in range(2):
        s = end_a_turn(s)
    c = State.model_validate(s).campaign
    assert c.calendar.day == day + 1 and c.game.number == 2


# -- 6. a forced successes value is refused with a sentence -------------------------------------
@pytest.mark.parametrize("n", [31, -1, "many"])
def test_successes_out_of_range_are_refused_with_a_sentence(n):
    s = game.setup({"players": ["Mara"], "world": "sallowmere-marches"}, seed=5)
    assert refused(s, "enter-successes", {"n": n}) == "The successes must be a number from 0 to 30."


# -- the pages ---------------------------------------------------------------------------------
pages = pytest.mark.django_db


@pytest.fixture
def table(world):  # noqa: F811 - the fixture imported above
    return tables.create_table(
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


# -- 3. the own-box form is honest -------------------------------------------------------------
@pages
def test_the_form_for_your_own_box_keeps_campaign_mode_and_drops_book_only(
    client,
    worlds,  # noqa: F811 - the fixture imported above
    django_assert_num_queries,
):
    new = reverse("games:new", args=["galzyr"])
    with django_assert_num_queries(1):  # the worlds with their adventurers (and the default)
        content = client.get(new).content.decode()
    assert "data-gz-book-only>" in content  # another world: book-only mode is a choice
    assert "data-gz-own-only hidden>" in content
    assert 'name="opt_mode" value="campaign" data-gz-own-mode disabled>' in content
    refused = client.post(new, box_form(opt_mode=""))  # without the script: refused, kept
    content = html.unescape(refused.content.decode())
    assert refused.status_code == 200 and "Tick Campaign mode." in content
    assert 'name="opt_mode" value="campaign" data-gz-campaign checked>' in content
    assert "data-gz-book-only hidden>" in content and "data-gz-own-only>" in content
    assert "campaign.disabled = own;" in content  # the script greys the box out


# -- 5. "Move a card" asking which copy keeps the destination chosen ---------------------------
@pages
def test_move_a_card_asking_which_copy_keeps_the_place_chosen(
    client, table, django_assert_num_queries
):
    seated(client, table)
    post_move(client, table, "campaign-take-card", {"number": 170, "pick": "random", "player": 2})
    response = post_move(client, table, "campaign-move-card", {"number": 170, "to": "vault"})
    form = response.content.decode().split('id="gz-move-card"')[1].split("</details>")[0]
    assert "Say which one to move." in response.content.decode() and 'value="170"' in form
    assert '<option value="vault" selected>The vault</option>' in form
    assert '<option value="library">The library</option>' in form  # not selected
    page(client, table)
    with django_assert_num_queries(3):  # the table, the world's hash, the recent log
        text = page(client, table)
    assert '<option value="vault" selected>' not in text  # a fresh page: no place chosen


def who(s: dict, aid: str) -> str:
    """The player who plays adventurer ``aid``."""
    state = State.model_validate(s)
    return state.players[state.adventurers.index(aid)]


# -- 7. the scores name the winners ------------------------------------------------------------
def test_a_finished_competitive_game_names_its_winner():
    s = won_by("marrow")
    s = run(s, "campaign-save", {"pack": False})
    said = game.outcome(s).summary
    assert said == f"The game is over: {who(s, 'marrow')} (Marrow Hollins) wins with 3 prestige."


def test_tied_winners_are_named_together():
    s = won_by("marrow", tie=True)
    said = game.outcome(s).summary
    assert said.startswith("The game is over: ") and "share the victory with 3 prestige." in said
    assert f"{who(s, 'odile')} (Odile Brackwater)" in said
    assert f"{who(s, 'marrow')} (Marrow Hollins)" in said


@pages
def test_the_scores_page_names_the_winner(client, world, django_assert_num_queries):  # noqa: F811
    t = tables.create_table(
        "galzyr",
        "Friday",
        {
            "players": ["Mara", "Bo"],
            "world": "sallowmere-marches",
            "mode": "campaign",
            "play": "competitive",
        },
    )

    def move(name: str, args: dict | None = None) -> None:
        nonlocal t
        t, _ = turns.apply_move(t.code, name, args or {}, expected_version=t.version, seat="sm")

    move("campaign-prestige", {"player": 2, "amount": 3})
    while State.model_validate(t.state).campaign.phase == "playing":
        for name, args in a_turn(t.state):
            move(name, args)
    s = State.model_validate(t.state)
    name = f"Bo ({adventurer_name(s.campaign, s.adventurers[1])})"
    sit(client, t, "p1")  # a player's phone: the code alone opens no scores
    with django_assert_num_queries(2):  # the table with the claim, then its log
        text = client.get(reverse("games:scores", args=[t.code]), **HTMX).content.decode()
    assert "<polyline" in text and "wins with 3 prestige." in text and name in text


@pages
def test_a_forced_successes_value_is_refused_in_place_and_by_the_api(client, table):
    seated(client, table)
    version = table.version
    r = post_move(client, table, "enter-successes", {"n": "31"})
    assert r.status_code == 200 and "The successes must be a number from 0 to 30." in (
        r.content.decode()
    )
    api = api_as(table, "sm")
    body = {"move": "enter-successes", "args": {"n": 31}, "version": version}
    answer = api.post(f"/api/tables/{table.code}/moves/", body, format="json")
    assert answer.status_code == 400
    assert answer.json()["error"] == "The successes must be a number from 0 to 30."
    table.refresh_from_db()
    assert table.version == version  # state unchanged
