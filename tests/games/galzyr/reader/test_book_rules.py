"""The storybook reader's pure rules: calendar, dice, checks, options, seats, event cards.

No database: the books come from world folders through a ``FolderShelf``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.core.engine import RuleError
from games.core.rng import Rng
from games.galzyr.game import game
from games.galzyr.reader import book as books
from games.galzyr.reader import calendar
from games.galzyr.reader import dice as dice_rules
from tests.games.galzyr.playing import play, refused, said

ROOT = Path(__file__).resolve().parents[4]
READER = Path(__file__).parent / "reader_world"
MINIMAL = ROOT / "fixtures" / "worlds" / "_minimal"
SHELF = books.FolderShelf({"reader": READER, "minimal": MINIMAL}, default="reader")
CIRCLE = ["thievery", "might", "survival", "knowledge", "communication", "perception"]


@pytest.fixture(autouse=True)
def shelf():
    previous = books.install(SHELF)
    yield SHELF
    books.install(previous)


def new(players=("Mara", "Bo", "Cy"), seed=7, **options) -> dict:
    return game.setup({"players": list(players), **options}, seed=seed)


def reading(scene=2001, month="june", **options) -> dict:
    state = play(new(**options), "pick-month", {"month": month})
    return play(state, "open-scene", {"number": scene})


def as_json(state: dict, seat: str) -> str:
    return json.dumps(game.view(state, seat))


# -- setup ---------------------------------------------------------------------------------
def test_a_new_table_reads_the_default_world_and_shuffles_its_event_deck():
    state = new()
    assert state["world"] == "reader"
    assert sorted(state["deck"]) == [78, 79]
    assert state["month"] is None and state["scene"] is None
    assert {new(seed=s)["deck"][0] for s in range(20)} == {78, 79}
    assert game.load(state).model_dump(mode="json") == state


def test_a_world_that_is_not_loaded_is_refused():
    with pytest.raises(RuleError, match="not loaded"):
        new(world="atlantis")


def test_seats_are_the_table_the_story_master_and_each_player():
    seats = game.seats(new())
    assert [s.id for s in seats] == ["table", "sm", "p1", "p2", "p3"]
    assert [s.kind for s in seats][:2] == ["table", "sm"]


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


# -- dice ----------------------------------------------------------------------------------
def test_each_skill_mark_swaps_a_base_die_for_an_advanced_one():
    pool = dice_rules.build_pool(["survival", "might", "might"], CIRCLE)
    assert pool == ["might", "might", "survival", "base", "base"]
    assert dice_rules.build_pool([], CIRCLE) == ["base"] * 5


@pytest.mark.parametrize(
    ("marks", "message"),
    [
        (["might"] * 3, "At most 2 advanced dice of one skill"),
        (["might", "might", "survival", "survival", "knowledge", "perception"], "5 dice"),
        (["swimming"], "no skill"),
    ],
)
def test_a_pool_keeps_to_the_rules(marks, message):
    with pytest.raises(RuleError, match=message):
        dice_rules.build_pool(marks, CIRCLE)


def test_the_face_tables_are_ours_and_count_double_successes():
    assert dice_rules.faces("base", CIRCLE) == [(s,) for s in CIRCLE]
    might = dice_rules.faces("might", CIRCLE)
    assert might[0] == ("might", "might")
    assert sum(f.count("might") for f in might) == 5  # strong for its own skill
    assert sum(f.count("survival") for f in might) == 2  # good for a neighbour
    assert sum(f.count("knowledge") for f in might) == 0
    pool = ["might", "base"]
    assert dice_rules.dice_successes(pool, [0, 1], "might", CIRCLE) == 3


def test_rolls_follow_the_seeded_generator():
    pool = dice_rules.build_pool(["might"], CIRCLE)
    first = dice_rules.roll(pool, CIRCLE, Rng(42))
    assert first == dice_rules.roll(pool, CIRCLE, Rng(42))
    assert all(0 <= i < 6 for i in first)


@pytest.mark.parametrize(
    ("dice", "stars", "broken", "total"), [(2, 0, 0, 2), (2, 1, 0, 3), (1, 0, 3, 0), (0, 2, 1, 1)]
)
def test_the_total_adds_stars_takes_broken_stars_and_never_goes_below_zero(
    dice, stars, broken, total
):
    assert dice_rules.total(dice, stars, broken) == total


def checking(**options) -> dict:
    return play(reading(**options), "choose", {"option": 1})


def test_the_dice_helper_rolls_once_rerolls_once_then_resolves():
    state = play(checking(), "roll", {"marks": ["might", "might"]}, seat="p1")
    dice = state["dice"]
    assert dice["pool"] == ["might", "might", "base", "base", "base"] and dice["rolls"] == 1
    assert state["marks"][0] == ["might", "might"]  # remembered for Mara's next check
    assert "rolled" in refused(state, "roll", {"marks": []})
    state = play(state, "reroll", seat="p1")
    assert "one reroll" in refused(state, "reroll")
    state = play(state, "adjust-dice", {"broken": 1})
    state = play(state, "adjust-dice", {"stars": 1})
    check = game.view(state, "table")["check"]
    assert check["dice"]["total"] == max(0, check["dice"]["shown"])
    assert check["resolved"] is False
    state = play(state, "resolve-check", seat="p1")
    assert state["successes"] == check["dice"]["total"]
    assert "resolved" in refused(state, "reroll")


def test_broken_stars_never_take_the_total_below_zero():
    state = checking()
    for _ in range(4):
        state = play(state, "adjust-dice", {"broken": 1})
    state = play(state, "roll", {"marks": []})
    dice = game.view(state, "sm")["check"]["dice"]
    assert dice["broken"] == 4 and dice["total"] == max(0, dice["shown"] - 4)
    assert "nothing to take back" in refused(checking(), "adjust-dice", {"stars": -1})


def test_the_successes_from_physical_dice_can_be_entered_instead():
    state = play(checking(), "enter-successes", {"n": 2}, seat="table")
    assert state["successes"] == 2 and state["dice"] is None
    assert "Roll the dice first" in refused(checking(), "resolve-check")


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
        "“Choose” is for the active player or the story master or the shared display, not for "
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


def test_a_book_fetches_each_scene_once_and_only_scenes_it_has():
    fetched = []
    world = SHELF.book("reader")

    def fetch(number):
        fetched.append(number)
        return world.fetch(number)

    book = books.Book("r", "R", "v1", world.info, world.events, world.titles, fetch)
    assert book.scene(2001).title == "The ferry rope"
    assert book.scene(2001) is book.scene(2001)
    assert book.scene(1234) is None
    assert fetched == [2001]
    assert book.skills == CIRCLE and book.skill_name("might") == "Might"


def test_without_a_shelf_the_reader_says_so():
    previous = books.install(None)
    try:
        with pytest.raises(RuleError, match="storybook is not set up"):
            new()
    finally:
        books.install(previous)


# -- the book a move hands to the view after it ---------------------------------------------
def test_the_view_after_a_move_reads_the_book_the_move_opened_once(monkeypatch):
    book = SHELF.book("reader")
    books.hand_over(book)
    assert books.handed("reader") is book
    assert books.handed("reader") is None  # taken once: the next request asks the shelf
    books.hand_over(book)
    assert books.handed("minimal") is None  # another world's view: never this book
    books.hand_over(book)
    monkeypatch.setattr(books, "HANDOFF_SECONDS", -1.0)  # nobody took it in time
    assert books.handed("reader") is None
