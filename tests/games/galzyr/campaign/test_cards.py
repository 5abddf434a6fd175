"""Taking cards by Random N, Any N and the matching icon; limits; where is card #N."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core.engine import RuleError
from games.galzyr.campaign import (
    choose_copy,
    discard_card,
    draw_event,
    move_card,
    place_drawn_event,
    take_card,
    timer_of,
    tray,
    where_is,
)

from .conftest import assert_ok, cid_of, roundtrip


def test_any_n_names_the_physical_card(playing):
    steps = take_card(playing, 213, adventurer="bumir")
    assert steps[0].text == "Take card #213 from the library into Bumir's inventory."
    assert where_is(playing, 213) == "Card #213 is in Bumir's inventory."
    assert_ok(playing)


def test_the_matching_icon_is_the_active_adventurers_whoever_takes_the_card(playing):
    assert playing.game.active == "bumir"
    move_card(playing, cid_of(playing, 0, "statuses:mor"), "library")
    with pytest.raises(RuleError, match="Bumir's icon is in Bumir's statuses"):
        take_card(playing, 0, pick="icon", adventurer="mor")  # the active player's copy
    steps = take_card(playing, 0, pick="icon", adventurer="mor", icon_of="mor")  # a scene's own
    assert steps[0].text == "Take card #000 with Mor's icon from the library into Mor's statuses."


def test_random_n_draws_among_the_variants_and_says_which(playing):
    drawn = Counter()
    for seed in range(60):
        state = playing.model_copy(deep=True)
        state.rng = seed
        steps = take_card(state, 205, pick="random", adventurer="mor")
        assert steps[0].text.startswith("The app drew card #205 (")
        drawn[state.copies[state.places["items:mor"][0]].name] += 1
    assert set(drawn) == {"Compass", "Float"}
    assert drawn["Float"] > drawn["Compass"]  # two Floats, one Compass


def test_random_is_reproducible_from_the_state(playing):
    a, b = playing.model_copy(deep=True), playing.model_copy(deep=True)
    assert choose_copy(a, 205, "random", "library") == choose_copy(b, 205, "random", "library")


def test_a_fourth_item_needs_a_discard(playing):
    for n in (201, 202, 213):
        take_card(playing, n, adventurer="bumir")
    with pytest.raises(RuleError, match="already has 3 items"):
        take_card(playing, 202, adventurer="bumir")
    lantern = cid_of(playing, 201)
    steps = take_card(playing, 202, adventurer="bumir", discard=lantern)
    assert playing.where()[lantern] == "library"
    assert len(playing.places["items:bumir"]) == 3
    assert steps[-1].text == "Return card #201 from Bumir's inventory to the library."
    assert_ok(playing)


def test_the_new_item_itself_may_be_the_one_discarded(playing):
    for n in (201, 202, 213):
        take_card(playing, n, adventurer="bumir")
    rope = cid_of(playing, 202, "library")
    steps = move_card(playing, rope, "items:bumir", discard=rope)
    assert playing.where()[rope] == "library"
    assert "stays in the library" in steps[0].text


def test_gaining_a_status_again_restarts_its_timer(playing):
    take_card(playing, 301, adventurer="bumir")
    soaked = playing.places["statuses:bumir"][-1]
    first = timer_of(playing, soaked).day
    playing.calendar.day += 1  # a day passes (no token is due: Soaked has 2 days)
    steps = take_card(playing, 301, adventurer="bumir")
    assert "already has card #301" in steps[0].text
    assert timer_of(playing, soaked).day == first + 1
    assert Counter(playing.copies[c].number for c in playing.places["statuses:bumir"])[301] == 1
    # another adventurer may hold the second copy
    take_card(playing, 301, adventurer="mor")
    assert_ok(playing)


def test_a_status_held_again_restarts_even_when_every_copy_is_in_play(playing):
    """The sample world's 4 Inspired for 4 adventurers: gaining it while you hold one is no
    refusal ('every copy is in play') but the same status gained again."""
    take_card(playing, 301, adventurer="bumir")
    take_card(playing, 301, adventurer="mor")  # both copies held now
    steps = take_card(playing, 301, adventurer="bumir")
    assert "already has card #301" in steps[0].text
    assert_ok(playing)


def test_a_card_leaving_play_takes_its_timer(playing):
    take_card(playing, 250, adventurer="mor")
    dog = cid_of(playing, 250)
    assert timer_of(playing, dog) is not None
    steps = discard_card(playing, dog)
    assert timer_of(playing, dog) is None
    assert steps[-1].text == "Remove the timer tokens of card #250."


def test_a_local_status_goes_on_the_active_players_space(playing):
    take_card(playing, 402, adventurer="bumir")
    assert where_is(playing, 402) == "Card #402 is in the game board at Location 1."
    take_card(playing, 401, at="location-3")
    assert playing.places["local:location-3"] == [cid_of(playing, 401)]


def test_types_go_only_where_they_belong(playing):
    with pytest.raises(RuleError, match="cannot go to"):
        move_card(playing, cid_of(playing, 213), "quests:bumir")
    with pytest.raises(RuleError, match="cannot go to"):
        move_card(playing, cid_of(playing, 213), "event_deck")


def test_between_games_cards_stay_in_the_trays(rich):
    with pytest.raises(RuleError, match="card trays"):
        move_card(rich, cid_of(rich, 213), "items:bumir")
    move_card(rich, cid_of(rich, 213), "vault")
    assert_ok(rich)


def test_trays_are_shown_in_numerical_order(rich):
    move_card(rich, cid_of(rich, 213), "vault")
    numbers = [rich.copies[c].number for c in tray(rich, "vault")]
    assert numbers == sorted(numbers) and 213 in numbers
    library = [rich.copies[c].number for c in tray(rich, "library")]
    assert library == sorted(library)


def test_where_is_a_card_not_in_the_catalog(rich):
    assert where_is(rich, 999) == "There is no card #999 in this campaign's catalog."


def test_the_event_deck_draw_and_put_back(playing):
    top = playing.places["event_deck"][0]
    draw_event(playing)
    assert playing.places["drawn"] == [top]
    with pytest.raises(RuleError):
        draw_event(playing)
    place_drawn_event(playing, "event_deck", position="bottom")
    assert playing.places["event_deck"][-1] == top
    assert_ok(playing)
    roundtrip(playing)


def test_only_the_games_players_hold_cards(playing):
    with pytest.raises(RuleError, match="not in this game"):
        take_card(playing, 213, adventurer="keridai")
    from games.galzyr.campaign import place_figure

    with pytest.raises(RuleError, match="not in this game"):
        place_figure(playing, "keridai", "location-2")
