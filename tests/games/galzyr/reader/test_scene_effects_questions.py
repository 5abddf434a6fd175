"""Campaign mode: the book's questions and prerequisites answered from the tracked campaign
(tags, cards, gold, the figure's space), and the story master answering by hand instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.core.engine import RuleError
from games.galzyr import campaign as core
from games.galzyr.state import State
from tests.games.galzyr.playing import story_master
from tests.games.galzyr.worlds import game

ROOT = Path(__file__).resolve().parents[4]


def at_wickerbridge(mode: str = "campaign") -> dict:
    data = game.setup({"players": ["Mara", "Bo"], "world": "sample", "mode": mode}, seed=5)
    state = State.model_validate(data)
    if mode == "campaign":
        for aid in state.adventurers:
            core.place_figure(state.campaign, aid, "wickerbridge")
    else:
        state.month = "june"
    return state.model_dump(mode="json")


def play(data: dict, move: str, args: dict | None = None, seat: str | None = None) -> dict:
    return game.apply(data, move, args or {}, seat or story_master(data))[0]


def questions(data: dict) -> dict[str, tuple]:
    seen = game.view(data, story_master(data))["scene"]["questions"]
    return {q["id"]: (q["answer"], q["source"]) for q in seen}


def active(data: dict) -> str:
    s = State.model_validate(data)
    return s.adventurers[s.active]


def test_the_campaign_answers_what_it_tracks():
    data = play(at_wickerbridge(), "open-scene", {"number": 1003})
    q = questions(data)
    assert q["known"] == (active(data) == "odile", "tracked")  # the active adventurer
    assert q["pell"] == (True, "tracked")  # card 200 is not in play
    assert q["sailor"][1] == "tracked"
    assert (
        game.view(data, story_master(data))["prerequisite_met"] is True
    )  # the figure is at Wickerbridge


def test_a_tracked_question_is_not_answered_by_hand_unless_the_story_master_says_so():
    data = play(at_wickerbridge(), "open-scene", {"number": 1003})
    with pytest.raises(RuleError, match="answers this question itself"):
        game.apply(data, "answer-secret", {"question": "pell", "yes": False}, story_master(data))
    with pytest.raises(RuleError, match="is for the story master, not for the shared display"):
        game.apply(data, "answer-by-hand", {"on": True}, "table")
    data = play(data, "answer-by-hand", {"on": True})
    assert questions(data)["pell"] == (None, None)
    data = play(data, "answer-secret", {"question": "pell", "yes": False})
    assert questions(data)["pell"] == (False, "table")
    data = play(data, "answer-by-hand", {"on": False})
    assert questions(data)["pell"] == (True, "tracked")


def test_a_prerequisite_elsewhere_is_not_met():
    data = at_wickerbridge()
    s = State.model_validate(data)
    core.place_figure(s.campaign, s.adventurers[s.active], "turfmoor")
    data = play(s.model_dump(mode="json"), "open-scene", {"number": 1003})
    assert game.view(data, story_master(data))["prerequisite_met"] is False


def test_a_new_scene_goes_back_to_the_tracked_answers():
    data = play(at_wickerbridge(), "open-scene", {"number": 1003})
    data = play(data, "answer-by-hand", {"on": True})
    data = play(data, "open-scene", {"number": 1002})
    assert State.model_validate(data).by_hand is False


def test_book_only_tables_track_nothing():
    data = play(at_wickerbridge("book"), "open-scene", {"number": 1003})
    assert questions(data)["pell"] == (None, None)
    assert game.view(data, story_master(data))["prerequisite_met"] is None
    with pytest.raises(RuleError, match="reads the book only"):
        game.apply(data, "answer-by-hand", {"on": True}, story_master(data))


def test_a_scene_that_is_over_is_not_checked_against_the_next_player():
    """QA 7: after the round ended, the last scene (still on screen, over) read "Prerequisite:
    at The Sallow Mere — not met today": re-checked against the new active player's figure."""
    data = play(at_wickerbridge(), "open-scene", {"number": 1003})
    s = State.model_validate(data)
    s.locked = True  # the scene is over; the next player's figure is elsewhere
    core.place_figure(s.campaign, s.adventurers[s.active], "turfmoor")
    seen = game.view(s.model_dump(mode="json"), story_master(data))
    assert seen["locked"] and seen["prerequisite_met"] is None
