"""Saving the game, packing up, continuing: timers off, save effects in order, the month moves on."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.galzyr.campaign import (
    change_gold,
    continue_playing,
    move_card,
    move_mark,
    pack_up,
    place_timer,
    save_game,
    setup_game,
    take_card,
    timer_of,
)

from .conftest import assert_ok, cid_of, roundtrip


def _set_month(state, number):
    """Between games: make ``number`` the month card in the global save slot."""
    current = state.month_card
    move_card(state, current, "library")
    move_card(state, cid_of(state, number, "library"), "save:global")


@pytest.fixture
def loaded(playing):
    """Bumir holds cards of every kind with save effects and timers; statuses are out."""
    take_card(playing, 203, adventurer="bumir")  # Charm: item, timer 3, discard on save
    take_card(playing, 250, adventurer="bumir")  # Stray dog: companion, timer 2, discard
    take_card(playing, 302, adventurer="bumir")  # Wounded: status, timer 4, discard
    take_card(playing, 201, adventurer="mor")  # Lantern: no save effect
    take_card(playing, 401, at="location-4")  # Fog: local status, timer 3
    take_card(playing, 502)  # Festival: global status, kept in the global save slot
    take_card(playing, 501)  # Storm season: global status, timer 5, no save effect
    assert_ok(playing)
    return playing


def test_save_removes_every_timer_unresolved(loaded):
    assert len(loaded.calendar.timers) == 5
    steps = save_game(loaded, pack=False)
    assert loaded.calendar.timers == [] and loaded.calendar.day is None
    removed = [s for s in steps if s.text.startswith("Remove the timer token of")]
    assert len(removed) == 5 and not any("Resolve the timed effect" in s.text for s in steps)
    assert_ok(loaded)


def test_save_effects_in_the_rulebooks_order(loaded):
    steps = [s.text for s in save_game(loaded, pack=False)]

    def first(fragment):
        return next(i for i, t in enumerate(steps) if fragment in t)

    order = [
        first("Bumir's board"),  # adventurer boards
        first("Save effect of card #203"),  # items
        first("Save effect of card #250"),  # companions
        first("Save effect of card #302"),  # adventurer statuses
        first("#502 ("),  # global statuses, named (the month card among them)
    ]
    assert order == sorted(order)
    assert first("Save effect of card #0") > first(
        "Save effect of card #302"
    )  # the month card is global


def test_recognised_save_effects_are_applied_and_the_rest_listed(loaded):
    month = loaded.copies[loaded.month_card].number
    steps = save_game(loaded, pack=False)
    where = loaded.where()
    for n in (203, 250, 302):
        assert where[cid_of(loaded, n)] == "library"
    assert loaded.copies[loaded.month_card].number == month % 12 + 1
    assert where[cid_of(loaded, month)] == "library"
    manual = [s.text for s in steps if s.manual]
    assert any("Bumir's board: Take X gold" in t for t in manual)
    assert_ok(loaded)


def test_pack_puts_each_adventurers_cards_in_their_slot(loaded):
    lantern = cid_of(loaded, 201)
    deck = list(loaded.places["event_deck"])
    save_game(loaded)
    assert loaded.phase == "packed"
    assert loaded.where()[lantern] == "save:mor"
    assert {loaded.copies[c].number for c in loaded.places["save:bumir"]} == {0, 111}
    slot = loaded.places["save:global"]
    assert [c for c in slot if c in deck] == deck  # the event deck keeps its order
    for n in (401, 502, 501, 66):
        assert loaded.where()[cid_of(loaded, n)] == "save:global"
    assert all(a.position is None for a in loaded.adventurers)
    assert_ok(loaded)
    roundtrip(loaded)


def test_gold_and_skill_marks_are_kept_and_prestige_starts_at_zero(loaded):
    change_gold(loaded, "bumir", 7)
    move_mark(loaded, "bumir", "thievery", "perception")
    loaded.adventurer("bumir").prestige = 4
    marks = dict(loaded.adventurer("bumir").marks)
    save_game(loaded)
    setup_game(loaded, ["bumir", "mor"], "competitive")
    bumir = loaded.adventurer("bumir")
    assert (bumir.gold, bumir.marks, bumir.prestige) == (17, marks, 0)


def test_a_new_session_finds_everything_where_it_was(loaded):
    held = {
        k: list(v)
        for k, v in loaded.places.items()
        if k.startswith(("items:", "quests:", "companions:", "statuses:"))
    }
    kept = {k: [c for c in v if loaded.copies[c].save is None] for k, v in held.items()}
    save_game(loaded)
    state = roundtrip(loaded)  # a month later, from the database
    setup_game(state, ["bumir", "mor"], "cooperative")
    for key, cids in kept.items():
        assert set(cids) <= set(state.places[key])
    assert state.where()[cid_of(state, 401)] == "local:location-4"  # the local status's space
    assert state.where()[cid_of(state, 502)] == "global"
    assert_ok(state)


def test_continue_playing_advances_the_month_and_flips_the_board(rich):
    _set_month(rich, 8)  # August: summer side
    setup_game(rich, ["bumir", "mor"], "cooperative", starting="bumir")
    assert (rich.month, rich.calendar.side) == ("august", "summer")
    save_game(rich, pack=False)
    steps = continue_playing(rich)
    assert (rich.month, rich.calendar.side) == ("september", "winter")
    assert any("Turn the game board and location cards to the winter side" in s.text for s in steps)
    assert 0 <= rich.calendar.day < 7  # a new starting day on the top row
    assert rich.phase == "playing"
    assert_ok(rich)


def test_continue_places_the_timers_again_adventurers_last(loaded):
    save_game(loaded, pack=False)
    take = loaded.copies
    # what is still in play with a timer box after the save effects: Fog, Storm season
    continue_playing(loaded)
    running = [take[t.copy_id].number for t in loaded.calendar.timers]
    assert sorted(running) == [401, 501]
    for t in loaded.calendar.timers:
        assert t.day == loaded.calendar.day + take[t.copy_id].timer
    assert_ok(loaded)


def test_setup_places_adventurer_timers_after_the_table_ones(playing):
    take_card(playing, 501)  # Storm season, global, 5 days
    take_card(playing, 301, adventurer="bumir")  # Soaked, 2 days
    save_game(playing)
    # Soaked is still held: it has no save effect, so it is packed in Bumir's save slot
    setup_game(playing, ["bumir"], "cooperative")
    order = [playing.copies[t.copy_id].number for t in playing.calendar.timers]
    assert order.index(501) < order.index(301)
    soaked = cid_of(playing, 301, "statuses:bumir")
    assert timer_of(playing, soaked).day == playing.calendar.day + 2


def test_saving_needs_a_game_and_a_placed_event(galzyr, playing):
    with pytest.raises(RuleError):
        save_game(galzyr)
    from games.galzyr.campaign import draw_event

    draw_event(playing)
    with pytest.raises(RuleError, match="drawn event"):
        save_game(playing)
    with pytest.raises(RuleError):
        pack_up(playing)
    with pytest.raises(RuleError):
        continue_playing(playing)


def test_timers_restart_at_full_duration_next_game(playing):
    take_card(playing, 301, adventurer="bumir")
    soaked = cid_of(playing, 301, "statuses:bumir")
    place_timer(playing, soaked, 1)
    save_game(playing)
    setup_game(playing, ["bumir"], "cooperative")
    assert timer_of(playing, soaked).day == playing.calendar.day + 2
