"""The own box's event cards and travel, read from the printed book (issue 16). Pure: the box's
world from its folder, no database.

Rulebook facts: the event deck is face down and not shuffled during setup; the story master
draws an event card from the top of the event deck, privately looks at it and keeps it for the
duration of the scene; the scene always says where to place the drawn card afterwards. The
group's own deck decides which card that is, so the story master enters its number, and says
where it goes when the scene is closed. Travel: up to 2 moves, each to an adjacent space by a
route; the box's facts enter no routes, so the app takes the board's word.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.galzyr.state import State
from tests.games.galzyr.playing import play, refused, said, story_master
from tests.games.galzyr.worlds import game

ROOT = Path(__file__).resolve().parents[4]
BOX = ROOT / "fixtures" / "worlds" / "lands-of-galzyr"
EVENTS = list(range(78, 90))  # the box's 12 event cards


@pytest.fixture
def story() -> dict:
    """Mara and Bo's first turn on the box, the story begun."""
    state = game.setup(
        {"players": ["Mara", "Bo"], "world": "lands-of-galzyr", "mode": "campaign"}, seed=7
    )
    return play(state, "campaign-begin-story")


def numbers(state: dict, place: str) -> list[int]:
    c = State.model_validate(state).campaign
    return [c.copies[cid].number for cid in c.places[place]]


def test_the_box_lays_its_event_deck_in_the_campaigns_order(story):
    assert sorted(story["deck"]) == EVENTS and story["deck"] == numbers(story, "event_deck")


# -- drawing: the number of the card the group drew ---------------------------------------------
# (the card entered, the refusal): the deck decides, the app checks the campaign has it there
DRAW_REFUSED = [
    (None, "Enter the number of the event card you drew"),
    (5, "Card #005 is not an event card of this box"),
    (999, "Card #999 is not an event card of this box"),
]


@pytest.mark.parametrize(("card", "refusal"), DRAW_REFUSED)
def test_a_draw_names_an_event_card_of_the_box(story, card, refusal):
    args = {} if card is None else {"card": card}
    assert refusal in refused(story, "draw-event", args)


def test_an_event_card_the_campaign_has_elsewhere_is_refused_with_where_it_is(story):
    story = play(story, "campaign-move-card", {"number": 81, "to": "library"})
    message = refused(story, "draw-event", {"card": 81})
    assert message.startswith("Event card #081 is not in the event deck:")
    assert "the library" in message and "move it to the event deck first" in message


@pytest.mark.parametrize("card", [78, 83, 89])
def test_the_card_drawn_is_the_one_entered_whatever_the_apps_order(story, card):
    rest = [n for n in story["deck"] if n != card]
    state = play(story, "draw-event", {"card": card})
    assert state["drawn"]["card"] == card and numbers(state, "drawn") == [card]
    assert state["deck"] == rest == numbers(state, "event_deck")  # the others keep their order


# -- closing the scene: where the story master says the card goes -------------------------------
# (where, the sentence's end, where the card is then): "top"/"bottom" of the event deck, a tray
PLACES = [
    ("bottom", "The event card goes to the bottom of the event deck.", ("event_deck", -1)),
    ("top", "The event card goes back on top of the event deck.", ("event_deck", 0)),
    ("library", "Event card #083 leaves the event deck for the library.", ("library", None)),
    ("vault", "Event card #083 leaves the event deck for the vault.", ("vault", None)),
]


def drawn_and_read(story: dict) -> dict:
    state = play(story, "draw-event", {"card": 83})
    return play(state, "open-scene", {"number": 512})


@pytest.mark.parametrize(("where", "sentence", "then"), PLACES)
def test_the_story_master_says_where_the_card_goes(story, where, sentence, then):
    state = drawn_and_read(story)
    line = said(state, "continue", {"event": where})
    state = play(state, "continue", {"event": where})
    assert sentence in line and state["drawn"] is None and state["locked"]
    place, index = then
    if place == "event_deck":
        assert state["deck"][index] == 83 and numbers(state, "event_deck") == state["deck"]
    else:
        assert 83 not in state["deck"] and 83 in numbers(state, place)
    assert numbers(state, "drawn") == [] and "put in the library" not in line


# (where, the refusal): the card stays in hand, the scene open
PLACE_REFUSED = [
    (None, "The story master says where the event card goes"),
    ("", "The story master says where the event card goes"),
    ("noticeboard", "goes back into the event deck or into a card tray"),
    ("middle", "goes back into the event deck or into a card tray"),
]


@pytest.mark.parametrize(("where", "refusal"), PLACE_REFUSED)
def test_closing_with_a_card_in_hand_needs_a_place(story, where, refusal):
    state = drawn_and_read(story)
    args = {} if where is None else {"event": where}
    assert refusal in refused(state, "continue", args)


def test_a_printed_scene_without_an_event_card_closes_as_before(story):
    state = play(story, "open-scene", {"number": 123})
    assert "The scene ends." in said(state, "continue")


# -- what each seat is offered ------------------------------------------------------------------
def test_the_draw_form_offers_the_deck_in_number_order_and_hides_the_card_in_hand(story):
    sm = game.view(story, "sm")
    assert [e["number"] for e in sm["event_cards"]] == EVENTS
    assert sm["event_cards"][0]["label"] == "#078"
    state = play(story, "draw-event", {"card": 83})
    for seat in ("sm", "table"):  # the card in hand stays in the list: its absence would tell
        assert [e["number"] for e in game.view(state, seat)["event_cards"]] == EVENTS
    assert "event_cards" not in game.view(state, "p1")
    assert game.view(state, "table")["event"]["card"] is None
    places = [p["key"] for p in game.view(state, story_master(state))["event"]["places"]]
    assert places == ["bottom", "top", "library", "vault"]
    # the shared display drew it, so it says where it goes too (QA 7's blocker), unnamed
    assert [p["key"] for p in game.view(state, "table")["event"]["places"]] == places
    active = f"p{State.model_validate(state).active + 1}"
    assert "places" not in game.view(state, active)["event"]  # a player's phone isn't asked


# -- travel on the box: the board's word --------------------------------------------------------
def test_travel_on_the_box_goes_anywhere_one_move_at_a_time():
    state = game.setup(
        {"players": ["Mara", "Bo"], "world": "lands-of-galzyr", "mode": "campaign"}, seed=7
    )
    state = play(state, "campaign-place-figure", {"player": 1, "to": "location-3"})
    c = game.view(state, "sm")["campaign"]
    assert c["routes_known"] is False
    mover = next(a for a in c["adventurers"] if a["travelling"])
    here = mover["position_id"]
    assert here not in [x["id"] for x in mover["reachable"]] and len(mover["reachable"]) == 7
    far = next(x["id"] for x in mover["reachable"] if x["id"] != "location-1")
    for to in (far, "location-1"):
        state = play(state, "campaign-travel", {"player": mover["player"], "to": to})
    moved = game.view(state, "sm")["campaign"]["adventurers"][mover["player"] - 1]
    assert moved["position_id"] == "location-1" and moved["moves"] == 0
    refusal = refused(state, "campaign-travel", {"player": mover["player"], "to": far})
    assert "no moves left" in refusal
    # the panel reads the same rule: no travel buttons, the refusal's sentence instead
    assert moved["travel_refused"] == refusal and moved["travelling"]
