"""The storybook reader's pure rules of reading a scene: checks and outcomes, options, what
each seat sees, prestige, event cards, and the minimal world read end to end.

No database: the books come from world folders through a ``FolderShelf`` (worlds.py).
"""

from __future__ import annotations

import json

from tests.games.galzyr.playing import play, refused, said
from tests.games.galzyr.worlds import game

from .book_world import (
    as_json,
    checking,
    new,
    reading,
)


# -- checks and outcomes -------------------------------------------------------------------
def test_the_first_matching_outcome_from_the_left_is_selected():
    state = play(checking(), "enter-successes", {"n": 5})
    result = game.view(state, "sm")["scene"]["result"]
    assert result["outcome"] == 0 and result["go"] == 2002
    state = play(checking(), "enter-successes", {"n": 2})
    assert game.view(state, "sm")["scene"]["result"]["outcome"] == 1


def test_challenge_mode_needs_one_more_success_in_partner_scenes_only():
    state = play(checking(challenge=True), "enter-successes", {"n": 2})
    view = game.view(state, "table")
    assert view["check"]["required"] == 3 and view["check"]["challenge"] is True
    assert view["scene"]["result"]["outcome"] == 2  # 2 is a failure in challenge mode
    easy = play(reading(scene=1001, challenge=True), "choose", {"option": 1})
    assert game.view(easy, "table")["check"]["required"] == 1  # no handshake: no change
    off = play(state, "set-challenge", {"on": False})
    assert game.view(off, "table")["check"]["required"] == 2


# -- options -------------------------------------------------------------------------------
def test_a_locked_option_says_why_and_is_refused():
    state = reading()
    option = game.view(state, "p1")["scene"]["options"][1]
    assert option["available"] is False and option["cost"] == 2
    assert "Are you a sailor?" in option["locked_reason"]
    assert "locked" in refused(state, "choose", {"option": 2})
    state = play(state, "answer", {"question": "sailor", "yes": True})
    assert "costs 2 gold" in said(state, "choose", {"option": 2})


def test_a_choice_can_change_until_the_check_is_under_way():
    state = play(checking(), "choose", {"option": 3})
    assert state["option"] == 2
    state = play(play(state, "choose", {"option": 1}), "roll", {"marks": []})
    assert "choice stands" in refused(state, "choose", {"option": 3})


def test_a_no_to_a_starry_question_drops_that_choice():
    state = play(reading(), "answer", {"question": "sailor", "yes": True})
    state = play(state, "choose", {"option": 2})
    state = play(state, "answer", {"question": "sailor", "yes": False})
    assert state["option"] is None


def test_continue_needs_a_choice_and_a_resolved_check():
    assert "Choose an option" in refused(reading(), "continue")
    assert "Resolve the skill check" in refused(checking(), "continue")


def test_a_missing_scene_is_named():
    state = play(new(), "pick-month", {"month": "may"})
    assert refused(state, "open-scene", {"number": 1234}) == "The book has no scene 1234."
    assert "Pick the month" in refused(new(), "open-scene", {"number": 2001})


def test_questions_the_state_can_answer_are_answered_by_the_book():
    state = reading(month="december")
    questions = {q["id"]: q for q in game.view(state, "sm")["scene"]["questions"]}
    assert questions["cold"]["answer"] is True and questions["cold"]["source"] == "tracked"
    assert "answers this question itself" in refused(
        state, "answer", {"question": "cold", "yes": 0}
    )


# -- seats and hidden information ------------------------------------------------------------
SM_TEXT = "The ferrykeeper is asleep"
SECRET_ASK = "pay the ferrykeeper"
OUTCOME_TEXT = "people on the far bank cheer"


def test_story_master_text_and_secret_questions_reach_only_the_story_master():
    state = checking()
    for seat in ("table", "p1", "p2"):
        text = as_json(state, seat)
        assert SM_TEXT not in text and SECRET_ASK not in text and OUTCOME_TEXT not in text
    sm = game.view(state, "sm")
    assert SM_TEXT in json.dumps(sm) and SECRET_ASK in json.dumps(sm)
    flagged = [p for p in sm["scene"]["text"] if p["story_master"]]
    assert [p["text"][:25] for p in flagged] == [SM_TEXT]
    assert OUTCOME_TEXT not in json.dumps(sm)  # until the check is resolved (hide_outcomes)
    sm = game.view(play(state, "set-hide-outcomes", {"on": False}), "sm")
    assert OUTCOME_TEXT in json.dumps(sm["chosen_option"]["outcomes"])


def test_outcomes_stay_hidden_from_players_until_the_check_is_resolved():
    state = checking()
    player = game.view(state, "p1")
    assert player["chosen_option"]["outcomes"] is None and player["scene"]["result"] is None
    state = play(state, "enter-successes", {"n": 2}, seat="p1")
    result = game.view(state, "p1")["scene"]["result"]
    assert result["text"][0]["text"] == "You reach the far bank, arms aching."
    assert "far bank cheer" not in as_json(state, "p1")


def test_an_option_without_a_check_shows_its_result_once_tapped():
    state = play(reading(), "choose", {"option": 3}, seat="p1")
    assert game.view(state, "p2")["scene"]["result"]["text"][0]["text"] == (
        "You walk on along the bank."
    )


def test_who_may_do_what():
    state = checking()
    assert refused(state, "choose", {"option": 3}, seat="p2") == (
        "“Choose” is for the active player, the story master or the shared display, not for "
        "a player waiting for their turn."
    )
    assert refused(state, "answer-secret", {"question": "watched", "yes": True}, seat="table") == (
        "“Answer in secret” is for the story master, not for the shared display."
    )
    assert refused(state, "pick-month", {"month": "may"}, seat="p1") == (
        "“Pick month” is for the story master or the shared display, not for the active player."
    )
    play(state, "answer", {"question": "sailor", "yes": True}, seat="table")
    play(state, "enter-successes", {"n": 1}, seat="p1")
    state = play(state, "set-active", {"player": 2})
    assert "not for a player waiting for their turn" in refused(
        state, "choose", {"option": 3}, seat="p1"
    )


def test_a_secret_question_is_answered_only_with_answer_secret():
    state = checking()
    # said without the question's text: the refusal may reach any device
    assert refused(state, "answer", {"question": "watched", "yes": True}) == (
        "That question is answered in secret: the story master answers it with “Answer in secret”."
    )
    assert "is answered aloud" in refused(state, "answer-secret", {"question": "sailor", "yes": 1})
    assert play(state, "answer-secret", {"question": "watched", "yes": True})["answers"] == {
        **game.load(state).answers,
        "watched": True,
    }


def test_the_log_keeps_secret_answers_secret():
    sentence = said(reading(), "answer-secret", {"question": "watched", "yes": True})
    assert "ferrykeeper" not in sentence and "yes" not in sentence


# -- continuing, prestige --------------------------------------------------------------------
def test_prestige_is_totalled_for_the_active_player_and_the_partner():
    state = play(reading(), "join-partner", {"player": 2})
    state = play(state, "choose", {"option": 1})
    state = play(state, "enter-successes", {"n": 4})
    state = play(state, "continue", seat="p1")  # everyone +1, then on to 2002
    assert state["scene"] == 2002 and [s["scene"] for s in state["trail"]] == [2001]
    assert state["earned"] == [1, 1] and state["partner"] == 1
    state = play(state, "continue")  # 2002: the active player +1, the scene ends
    assert state["locked"] is True and state["earned"] == [2, 1]
    assert state["prestige"] == [2, 1, 1]  # "everyone" is Cy too, partner or not
    view = game.view(state, "p2")
    assert view["earned"] == {"active": 2, "partner": 1, "partner_name": "Bo"}
    assert [step["key"] for step in view["trail"]] == ["2001"]
    assert view["trail"][0]["result"]["text"][0]["text"].startswith("The ferry fairly flies")
    assert "is over" in refused(state, "choose", {"option": 1})
    assert game.outcome(state).scores == {"p1": 2, "p2": 1, "p3": 1}


def test_partner_prestige_needs_a_partner_and_a_handshake():
    state = play(checking(), "enter-successes", {"n": 2})
    state = play(state, "continue")
    assert state["earned"] == [1, 0] and state["prestige"] == [1, 0, 0]
    assert "no handshake" in refused(reading(scene=1001), "join-partner", {"player": 2})
    assert "active player" in refused(reading(), "join-partner", {"player": 1})


def test_a_new_scene_starts_a_new_tally():
    state = play(play(checking(), "enter-successes", {"n": 2}), "continue")
    state = play(state, "open-scene", {"number": 1001})
    assert state["earned"] == [0, 0] and state["trail"] == [] and not state["locked"]


# -- event cards -----------------------------------------------------------------------------
def drawing(month: str, deck: list[int]) -> dict:
    state = play(new(), "pick-month", {"month": month})
    state["deck"] = deck
    return play(state, "draw-event")


def test_an_event_card_opens_its_first_scene_whose_prerequisite_is_met():
    assert drawing("december", [78, 79])["scene"] == 1004
    summer = drawing("june", [78, 79])
    assert summer["scene"] == 1005 and summer["deck"] == [79]
    assert summer["drawn"]["card"] == 78


def test_the_story_master_decides_what_the_state_cannot_tell():
    state = drawing("june", [79, 78])
    assert state["scene"] is None and state["drawn"]["asking"] == 0
    assert game.view(state, "sm")["event"]["ask"] == "at The Mill"
    assert game.view(state, "p1")["event"] == {"waiting": True, "card": None, "ask": None}
    assert "story master" in refused(state, "confirm-event", {"met": True}, seat="table")
    assert play(state, "confirm-event", {"met": False})["scene"] == 1005
    met = play(state, "confirm-event", {"met": True})
    assert met["scene"] == 2003
    back = play(met, "continue")  # the scene puts the card back on top
    assert back["deck"] == [79, 78] and back["drawn"] is None and back["locked"]


def test_the_event_card_goes_where_the_scene_says_or_back():
    discarded = play(drawing("june", [78, 79]), "continue")  # 1005 discards it
    assert discarded["deck"] == [79] and discarded["drawn"] is None
    left = play(drawing("june", [78, 79]), "open-scene", {"number": 2001})
    assert left["deck"] == [78, 79]  # its scene was left unread: back on top
    physical = play(play(new(), "pick-month", {"month": "june"}), "draw-event", {"card": 79})
    assert physical["drawn"]["card"] == 79 and 79 not in physical["deck"]
    state = play(new(), "pick-month", {"month": "june"})
    state["deck"] = []
    assert refused(state, "draw-event") == "The event deck is empty."
    assert "not an event card" in refused(state, "draw-event", {"card": 201})


def test_the_minimal_world_reads_end_to_end():
    state = play(new(world="minimal"), "pick-month", {"month": "october"})
    state = play(state, "open-scene", {"number": 1002})
    state = play(state, "continue")  # the scene goes to 1003
    assert state["scene"] == 1003
    state = play(state, "continue")
    assert state["locked"]
    view = game.view(state, "table")
    assert view["world"]["name"] == "Minimal Vale" and view["side"] == "winter"
