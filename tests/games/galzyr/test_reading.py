"""The reader where it meets the rest of the game (issue 13, "The reader"): optional effects
are asked, notes reach the story master alone, one meaning for ``pick: icon``, the partner
chip ends with the scene, log sentences with no doubled punctuation. Pure: worlds from their
folders, no database.

Rulebook facts these cases stand on (lands-of-galzyr.txt, "Reading a scene"): the effects of
the book are resolved as completely as possible, each for the players its icon names (the
active player, the partner if there is one, everyone); turquoise text is for the story master
alone and is resolved, not read aloud. The format (docs/book-format.md §10): ``optional`` is
an effect "the player may choose not to"; a ``note`` is "an instruction for the story master
that the app does not carry out".
"""

from __future__ import annotations

import json
import re

import pytest

from tests.games.galzyr.playing import play, refused, said
from tests.games.galzyr.worlds import SHELF, game

# The reader's test world's scenes 3001–3003 (reader_world/scenes) have optional effects and
# notes: these are their notes.
NOTES = (
    "Keep the toll box shut until the players pay.",
    "Let the player haggle for a while before telling the price.",
)


def reading(scene: int, players=("Mara", "Bo", "Cy"), **options) -> dict:
    state = game.setup({"players": list(players), "world": "reader", **options}, seed=7)
    if state["mode"] == "book":
        state = play(state, "pick-month", {"month": "june"})
    return play(state, "open-scene", {"number": scene})


# -- 1. optional effects are asked, one answer each -------------------------------------------
# (scene, option chosen, partner joins, answers) → prestige of Mara (active), Bo, Cy; each
# starts with 3. "Everyone" is every player at the table, partner or not.
OPTIONAL_CASES = [
    # "the player may choose not to": a declined loss is not taken
    (3001, None, False, [False], [4, 3, 3]),
    (3001, None, False, [True], [3, 3, 3]),
    # one answer per optional effect, in the order the effects are listed
    (3002, 1, True, [True, False], [5, 3, 3]),
    (3002, 1, True, [False, True], [2, 2, 2]),
    (3002, 1, True, [True, True], [4, 2, 2]),
    (3002, 1, False, [False, False], [3, 3, 3]),
    # an effect for the partner "if there is one": asked only when a partner joined
    (3003, None, True, [True, False], [3, 4, 3]),
    (3003, None, False, [True], [4, 3, 3]),
    # an option without optional effects asks nothing
    (3002, 2, False, None, [3, 3, 3]),
    (3002, 2, False, [], [3, 3, 3]),
]


@pytest.mark.parametrize(("scene", "option", "partner", "answers", "prestige"), OPTIONAL_CASES)
def test_an_optional_effect_applies_only_when_the_player_takes_it(
    scene, option, partner, answers, prestige
):
    state = reading(scene)
    state["prestige"] = [3, 3, 3]
    if partner:
        state = play(state, "join-partner", {"player": 2})
    if option is not None:
        state = play(state, "choose", {"option": option})
    args = {} if answers is None else {"optional": answers}
    state = play(state, "continue", args)
    assert state["prestige"] == prestige


# The prestige track starts at 0 and a token never goes below it (the campaign's track and
# the playtest stop there too): a loss stops at 0, effect by effect, in book-only mode as well.
FLOOR_CASES = [
    (3001, None, [True], [0, 0, 0], [1, 0, 0]),  # lose 1 at 0: stays 0; then gain 1
    (3002, 1, [False, True], [1, 0, 2], [0, 0, 1]),  # everyone loses 1
]


@pytest.mark.parametrize(("scene", "option", "answers", "before", "after"), FLOOR_CASES)
def test_prestige_never_goes_below_zero_in_book_only_mode(scene, option, answers, before, after):
    state = reading(scene)
    state["prestige"] = list(before)
    if option is not None:
        state = play(state, "choose", {"option": option})
    assert play(state, "continue", {"optional": answers})["prestige"] == after


# Continue without an answer for each optional effect: refused, with the effect named.
UNANSWERED = [
    (3001, None, None, "Active player: lose 1 prestige (optional)."),
    (3001, None, [], "Active player: lose 1 prestige (optional)."),
    (3002, 1, [True], "Everyone: lose 1 prestige (optional)."),
]


@pytest.mark.parametrize(("scene", "option", "answers", "named"), UNANSWERED)
def test_continue_asks_for_each_optional_effect(scene, option, answers, named):
    state = reading(scene)
    if option is not None:
        state = play(state, "choose", {"option": option})
    args = {} if answers is None else {"optional": answers}
    message = refused(state, "continue", args)
    assert named in message and "optional" in message


def test_more_answers_than_optional_effects_are_refused():
    state = play(reading(3002), "choose", {"option": 2})
    assert "optional" in refused(state, "continue", {"optional": [True]})


def test_the_view_lists_the_optional_effects_continue_asks_about():
    state = reading(3001)
    assert [e["text"] for e in game.view(state, "p1")["optional"]] == [
        "Active player: lose 1 prestige (optional)."
    ]
    state = play(reading(3002), "choose", {"option": 1})
    texts = [e["text"] for e in game.view(state, "table")["optional"]]
    assert texts == [
        "Active player: gain 2 prestige (optional).",
        "Everyone: lose 1 prestige (optional).",
    ]
    state = play(reading(3002), "choose", {"option": 2})
    assert game.view(state, "table")["optional"] == []


def test_the_log_says_what_the_player_declined():
    state = reading(3001)
    sentence = said(state, "continue", {"optional": [False]})
    assert "declines" in sentence and "lose 1 prestige" in sentence


CAMPAIGN_OPTIONAL = [([True], True), ([False], False)]


@pytest.mark.parametrize(("answers", "pended"), CAMPAIGN_OPTIONAL)
def test_a_declined_optional_effect_never_waits_for_the_campaign(answers, pended):
    # 1501 "Walk the ring at sunset", 3+ successes: prestige, then an optional skill mark.
    state = reading(1501, players=("Mara", "Bo"), world="sample", mode="campaign")
    state = play(state, "choose", {"option": 1})
    state = play(state, "enter-successes", {"n": 3})
    assert "optional" in refused(state, "continue")
    state = play(state, "continue", {"optional": answers})
    verbs = [p["verb"] for p in state["effects"]]
    assert ("skill_mark" in verbs) is pended
    assert "prestige" in verbs


# -- 2. notes reach the story master alone ---------------------------------------------------
def note_texts(view: dict) -> set[str]:
    dumped = json.dumps(view)
    return {note for note in NOTES if note in dumped}


NOTE_CASES = [(3001, None), (3002, 1)]


@pytest.mark.parametrize(("scene", "option"), NOTE_CASES)
@pytest.mark.parametrize("seat", ["table", "p1", "p2"])
def test_a_note_is_in_no_view_but_the_story_masters(scene, option, seat):
    state = reading(scene)
    if option is not None:
        state = play(state, "choose", {"option": option})
    assert note_texts(game.view(state, "sm"))
    assert not note_texts(game.view(state, seat))
    # nor once the scene is over, nor in the trail of a chain
    answers = [False] * len(game.view(state, "sm")["optional"])
    state = play(state, "continue", {"optional": answers})
    assert note_texts(game.view(state, "sm"))
    assert not note_texts(game.view(state, seat))


def test_every_note_of_the_sample_book_stays_with_the_story_master():
    """Data-driven over the sample world: each scene with a note, each option and outcome."""
    book = SHELF.book("sample")
    found = 0
    for number in sorted(book.numbers):
        scene = book.scene(number)
        dumped = scene.model_dump_json()
        if '"note"' not in dumped:
            continue
        state = reading(number, players=("Mara", "Bo"), world="sample")
        runs = [state]
        open_ = [o["available"] for o in game.view(state, "sm")["scene"]["options"]]
        for i, opt in enumerate(scene.options, 1):
            if not open_[i - 1]:
                continue
            if opt.check is None:
                runs.append(play(state, "choose", {"option": i}))
            else:
                chosen = play(state, "choose", {"option": i})
                runs += [play(chosen, "enter-successes", {"n": n}) for n in range(5)]
        for s in runs:
            sm = json.dumps(game.view(s, "sm"))
            for seat in ("table", "p1", "p2"):
                view = game.view(s, seat)
                effects = json.dumps(view.get("scene"))
                assert '"verb": "note"' not in effects, (number, seat)
                for word in re.findall(r'"note": "([^"]+)"', sm):
                    assert word not in json.dumps(view), (number, seat, word)
                    found += 1
    assert found


def test_the_game_declares_a_note_a_secret():
    assert "note" in game.secret_keys


def test_effect_lines_read_aloud_stay_on_every_device():
    state = reading(3001)
    for seat in ("table", "p1", "p2"):
        texts = [e["text"] for e in game.view(state, seat)["scene"]["effects"]]
        assert texts == [
            "Active player: lose 1 prestige (optional).",
            "Active player: gain 1 prestige.",
            "The scene ends.",
        ]


# -- 4. the partner chip ends with the scene; sentences end once --------------------------------
def test_the_partner_is_shown_only_while_the_scene_is_read():
    state = play(play(reading(3002), "join-partner", {"player": 2}), "choose", {"option": 1})
    view = game.view(state, "table")
    assert view["partner"] == "Bo" and view["players"][1]["partner"]
    state = play(state, "continue", {"optional": [True, False]})
    for seat in ("table", "sm", "p1", "p2"):
        view = game.view(state, seat)
        assert view["partner"] is None
        assert not any(p["partner"] for p in view["players"])
        # what the partner earned in the scene is still told, with their name
        assert view["earned"]["partner_name"] == "Bo"


DOUBLED = re.compile(r"[.!?…][”’\"')]*\.|\.\.")


def sentences_of_a_walk(state: dict, scene: int) -> list[str]:
    out = []
    book = SHELF.book(state["world"])
    options = book.scene(scene).options
    open_ = [o["available"] for o in game.view(state, "sm")["scene"]["options"]]
    for i, opt in enumerate(options, 1):
        if not open_[i - 1]:  # a starry option nobody answered for
            continue
        s = play(state, "choose", {"option": i})
        out.append(said(state, "choose", {"option": i}))
        if opt.check is not None:
            s = play(s, "enter-successes", {"n": 0})
        answers = [False] * len(game.view(s, "sm")["optional"])
        out.append(said(s, "continue", {"optional": answers}))
    if not options:
        answers = [False] * len(game.view(state, "sm")["optional"])
        out.append(said(state, "continue", {"optional": answers}))
    return out


@pytest.mark.parametrize("world", ["reader", "sample"])
def test_no_log_sentence_doubles_its_punctuation(world):
    """Every scene of the book, each option: the sentences of choosing and continuing."""
    book = SHELF.book(world)
    sentences = []
    for number in sorted(book.numbers):
        state = reading(number, players=("Mara", "Bo"), world=world)
        sentences += sentences_of_a_walk(state, number)
    assert any("”" in s for s in sentences)
    doubled = [s for s in sentences if DOUBLED.search(s)]
    assert not doubled, doubled[:5]


# -- the event card: drawn and looked at privately, kept face down in the deck -------------------
# (month, deck top first, what happens after the draw) → the card that goes back into the deck
EVENT_CASES = [
    ("june", [78, 79], [("open-scene", {"number": 2001})]),  # its scene left: back on top
    ("december", [78, 79], [("continue", {})]),  # 1004 puts it at the bottom
    ("june", [79, 78], [("confirm-event", {"met": True}), ("continue", {})]),  # 2003: on top
    ("june", [79, 78], [("confirm-event", {"met": False}), ("open-scene", {"number": 1001})]),
]


@pytest.mark.parametrize(("month", "deck", "then"), EVENT_CASES)
def test_the_history_never_names_an_event_card_going_back_into_the_deck(month, deck, then):
    """ "The story master draws one from the top of the event deck, privately looks at it";
    event cards are kept face down in the deck: a sentence everyone reads must not name it."""
    state = game.setup({"players": ["Mara", "Bo"], "world": "reader"}, seed=7)
    state = play(state, "pick-month", {"month": month})
    state["deck"] = list(deck)
    sentences = [said(state, "draw-event")]
    state = play(state, "draw-event")
    card = state["drawn"]["card"]
    for name, args in then:
        sentences.append(said(state, name, args))
        state = play(state, name, args)
    assert card in state["deck"]
    assert not [s for s in sentences if f"{card:03d}" in s or f"#{card}" in s], sentences


def test_applying_a_scene_effect_ends_its_sentence_once():
    """Campaign mode: "Apply" names the book's sentence ("… gain 1 prestige.") before what to
    mirror; the sentence's own full stop is not followed by a colon or a second stop."""
    state = reading(1501, players=("Mara", "Bo"), world="sample", mode="campaign")
    state = play(play(state, "choose", {"option": 1}), "enter-successes", {"n": 3})
    state = play(state, "continue", {"optional": [False]})
    sentences = [said(state, "apply-effect", {"effect": 1}), said(state, "apply-all-effects")]
    assert not [s for s in sentences if DOUBLED.search(s) or re.search(r"[.!?]:", s)], sentences


def test_in_campaign_mode_prestige_moves_when_its_effect_is_applied_not_on_continue():
    """The campaign's prestige is the track; "continue" only lists the effect to apply, so it
    neither says nor counts a prestige the track has not moved (and may never: a loss at 0)."""
    state = reading(1501, players=("Mara", "Bo"), world="sample", mode="campaign")
    state = play(play(state, "choose", {"option": 1}), "enter-successes", {"n": 3})
    sentence = said(state, "continue", {"optional": [False]})
    state = play(state, "continue", {"optional": [False]})
    assert "prestige" not in sentence and "1 effect to apply" in sentence
    view = game.view(state, "sm")
    assert view["earned"]["active"] == 0
    before = [p["prestige"] for p in view["players"]]
    state = play(state, "apply-effect", {"effect": 1})
    after = [p["prestige"] for p in game.view(state, "sm")["players"]]
    assert sum(after) == sum(before) + 1
