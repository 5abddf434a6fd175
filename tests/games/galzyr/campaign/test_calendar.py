"""Timer tokens: N days ahead, stacked newest on top, resolved topmost first; delay, hasten."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.galzyr.campaign import (
    advance_day,
    delay,
    discard_card,
    hasten,
    place_timer,
    stack,
    take_card,
    timer_of,
)
from games.galzyr.campaign.facts import calendar_slot

from .conftest import assert_ok, cid_of


@pytest.fixture
def three(playing):
    """Three cards in play whose timers we place by hand: Lantern, Satchel, Guide."""
    take_card(playing, 201, adventurer="bumir")
    take_card(playing, 213, adventurer="bumir")
    take_card(playing, 251, adventurer="bumir")
    return [cid_of(playing, 201), cid_of(playing, 213), cid_of(playing, 251)]


@pytest.mark.parametrize(
    ("day", "slot"),
    [
        (0, "Monday of row 1"),
        (6, "Sunday of row 1"),
        (7, "Monday of row 2"),
        (15, "Tuesday of row 3"),
    ],
)
def test_the_days_loop_from_sunday_to_the_next_rows_monday(day, slot):
    assert calendar_slot(day) == slot


def test_setup_puts_the_day_token_on_the_top_row(rich):
    from games.galzyr.campaign import setup_game

    days = set()
    for seed in range(40):
        state = rich.model_copy(deep=True)
        state.rng = seed
        setup_game(state, ["bumir"])
        days.add(state.calendar.day)
    assert days == set(range(7))


@pytest.mark.parametrize("days", [1, 2, 5, 9])
def test_a_timer_goes_n_days_ahead(playing, three, days):
    today = playing.calendar.day
    step = place_timer(playing, three[0], days)
    assert timer_of(playing, three[0]).day == today + days
    assert calendar_slot(today + days) in step.text


def test_tokens_stack_newest_on_top_and_resolve_topmost_first(playing, three):
    for cid in three:
        place_timer(playing, cid, 2)
    due = playing.calendar.day + 2
    assert stack(playing, due) == list(reversed(three))
    advance_day(playing)
    steps = advance_day(playing)
    resolved = [s.text for s in steps if s.manual]
    assert resolved == [
        f"Resolve the timed effect of card #{playing.copies[c].number:03d}; remove its timer tokens."
        for c in reversed(three)
    ]
    assert stack(playing, due) == []
    assert_ok(playing)


def test_delay_moves_a_token_further_on_top(playing, three):
    a, b, c = three
    place_timer(playing, a, 3)
    place_timer(playing, b, 1)
    place_timer(playing, c, 4)
    delay(playing, b, 2)  # now on a's slot, above it
    assert stack(playing, playing.calendar.day + 3) == [b, a]
    delay(playing, a, 1)  # onto c's slot, above it
    assert stack(playing, playing.calendar.day + 4) == [a, c]
    assert_ok(playing)


def test_hasten_moves_a_token_closer_on_top(playing, three):
    a, b, _ = three
    place_timer(playing, a, 2)
    place_timer(playing, b, 5)
    hasten(playing, b, 3)
    assert stack(playing, playing.calendar.day + 2) == [b, a]


@pytest.mark.parametrize("by", [2, 3, 10])
def test_hasten_never_passes_the_day_token_and_resolves_on_reaching_it(playing, three, by):
    place_timer(playing, three[0], 2)
    steps = hasten(playing, three[0], by)
    assert timer_of(playing, three[0]) is None
    assert steps[-1].manual and "Resolve the timed effect of card #201" in steps[-1].text
    assert_ok(playing)


def test_restarting_a_timer_moves_the_token(playing, three):
    place_timer(playing, three[0], 2)
    place_timer(playing, three[0], 5)
    assert [t.copy_id for t in playing.calendar.timers].count(three[0]) == 1
    assert timer_of(playing, three[0]).day == playing.calendar.day + 5


def test_a_card_entering_play_places_its_timer_box(playing):
    take_card(playing, 302, adventurer="mor")  # Wounded: 4 days
    wounded = cid_of(playing, 302)
    assert timer_of(playing, wounded).day == playing.calendar.day + 4


def test_a_removed_card_takes_its_timer(playing):
    take_card(playing, 302, adventurer="mor")
    wounded = cid_of(playing, 302)
    discard_card(playing, wounded)
    assert timer_of(playing, wounded) is None
    assert_ok(playing)


def test_no_timers_outside_a_game_or_without_a_box(rich, playing, three):
    with pytest.raises(RuleError):
        place_timer(rich, cid_of(rich, 250), 2)
    with pytest.raises(RuleError, match="doesn.t know the timer box of .*: enter its days"):
        place_timer(playing, three[0])
    with pytest.raises(RuleError, match="no timer token"):
        delay(playing, three[1], 1)
