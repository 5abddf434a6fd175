"""What the app asks about a card the card data lacks: one question per card, asked once.

A play needs a card's VP, where it goes and its copies (the rulebook prints no card's copies:
the Wizard and the Enchantment, whose VP ship, are asked them too). While one is unknown, the
play asks for every fact the card lacks (its type too) in one question; the answers are the
table's card data from then on, so the next play of that card asks nothing, and the copies
bound every later copy of its name. The tables here know only the invented test cards' copies
(conftest.INVENTED_CARDS): every shipped card is asked about.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.dark_tales.catalog import CARDS
from games.dark_tales.state import visible_copies
from tests.games.dark_tales.conftest import INVENTED_CARDS, Table


@pytest.fixture
def table():
    """A table knowing the copies of the invented cards alone (the shipped ones unanswered)."""

    def make(*args, **options):
        return Table(*args, **{"cards": INVENTED_CARDS, **options})

    return make


VP = "its VP"
GOES = "where it goes (its icon)"
TYPE = "its type"
COPIES = "its copies (the number after the set letter)"

# The shipped cards a play asks about, and what it asks: the rulebook prints the Dragon's
# points (it scores per card it discards) but not where it goes; the Ogre, the Old Sage and the
# Night Creature stay in front of the player, their points aren't given.
ASKED = [
    ("Wizard", [TYPE, COPIES]),
    ("Enchantment", [TYPE, COPIES]),
    ("Dragon", [GOES, TYPE, COPIES]),
    ("Gypsy", [GOES, TYPE, COPIES]),
    ("Ogre", [VP, TYPE, COPIES]),
    ("Old Sage", [VP, TYPE, COPIES]),
    ("Night Creature", [VP, TYPE, COPIES]),
    ("Princess", [VP, GOES, TYPE, COPIES]),
    ("Witch", [VP, GOES, TYPE, COPIES]),
    ("Dark Lord", [VP, GOES, TYPE, COPIES]),
    ("Secret Helper", [VP, GOES, TYPE, COPIES]),
    ("Night", [VP, GOES, TYPE, COPIES]),
]
ANSWERS = {VP: ("vp", 1), GOES: ("goes", "front"), TYPE: ("card_type", "villain")}
ANSWERS[COPIES] = ("count", 3)
# the hands aren't all named: the players count; the Enchantment's item from the supply
EXTRA = {"Gypsy": {"revealed_places": 0}, "Enchantment": {"item": "sword"}}


def sentence(name: str, asked: list[str]) -> str:
    listed = ", ".join(asked[:-1]) + " and " + asked[-1]
    return (
        f"The app does not know these of the {name} yet: {listed}. Enter them from the card: "
        "they are kept for the next play."
    )


def test_every_card_the_play_asks_about_is_in_the_table():
    """The table above lists every shipped card lacking its VP, where it goes or its copies:
    every one, the rulebook printing no card's copies."""
    lacking = {n for n, c in CARDS.items() if c.vp is None or c.goes is None or c.count is None}
    assert lacking == set(CARDS)
    assert lacking == {name for name, _ in ASKED}


@pytest.mark.parametrize(("name", "asked"), ASKED)
def test_one_question_asks_every_missing_fact_and_the_answers_are_kept(table, name, asked):
    t = table()
    t.to_card_phase()
    assert t.refused("play-card", card=name, **EXTRA.get(name, {})) == sentence(name, asked)
    answers = dict(ANSWERS[fact] for fact in asked)
    t.move("play-card", card=name, **answers, **EXTRA.get(name, {}))
    kept = t.state.cards[name]
    assert [f for f in ("count", "vp", "goes") if getattr(kept, f) is None] == []
    if t.state.phase == "reveal":  # the Wizard turned the deck's top card over
        t.move("leave-revealed", card="Castle")
    # Bo plays another copy: nothing is asked again.
    t.to_card_phase()
    played = t.move("play-card", card=name, **EXTRA.get(name, {}))
    assert played.startswith(f"Bo played the {name}")


def test_the_ogre_is_asked_about_once_and_its_vp_score_every_play(table):
    t = table()
    t.to_card_phase()
    assert t.move("play-card", card="Ogre", vp=3, card_type="villain", count=2) == (
        "Mara played the Ogre and scored 3 VP. The app keeps the Ogre's VP, "
        "type and copies for its next plays. Bo's turn."
    )
    t.to_card_phase()
    assert t.move("play-card", card="Ogre") == ("Bo played the Ogre and scored 3 VP. Mara's turn.")
    assert (t.vp(0), t.vp(1)) == (3, 3)


def test_a_card_whose_vp_ship_is_asked_its_copies_and_keeps_what_is_given(table):
    t = table()
    t.to_card_phase()
    assert t.refused("play-card", card="Wizard") == sentence("Wizard", [TYPE, COPIES])
    t.move("play-card", card="Wizard", count=2)  # 2 VP, the common area: printed
    assert t.state.cards["Wizard"].count == 2 and t.state.cards["Wizard"].type is None


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ({"vp": 5}, "gives the Wizard 2 VP, not 5: leave “VP” empty"),
        (
            {"goes": "front"},
            "says the Wizard goes to the common area, not in front of the player: leave "
            "“Where it goes” empty",
        ),
    ],
)
def test_a_fact_the_card_data_has_otherwise_says_what_to_change(table, given, said):
    t = table()
    t.to_card_phase()
    refusal = t.refused("play-card", card="Wizard", **given)
    assert refusal == (
        f"The card data {said}, or correct the Wizard on the card-data sheet if the card says "
        "otherwise."
    )


def test_answers_already_kept_are_checked_like_the_shipped_ones(table):
    t = table()
    t.to_card_phase()
    t.move("play-card", card="Ogre", vp=3, card_type="villain", count=2)
    t.to_card_phase()
    assert "counts 2 × Ogre, not 4: leave “Copies” empty" in t.refused(
        "play-card", card="Ogre", count=4
    )
    assert "says the Ogre is a Villain, not a Male: leave “Its type” empty" in t.refused(
        "play-card", card="Ogre", card_type="male"
    )


def test_unused_answers_say_which_field_to_leave_empty(table):
    t = table()
    t.to_card_phase()
    assert t.refused("play-card", card="Dragon", goes="discard", bonus_vp=2) == (
        "The app applies all of the Dragon's text: leave the extra VP empty."
    )
    assert t.refused("play-card", card="Castle", item="sword") == (
        "The Castle gives no item: leave the item empty."
    )


# -- the copies bound ------------------------------------------------------------------------


def test_no_third_princess_when_the_group_said_two(table):
    """QA: 29 Princesses in one game. The copies asked with the card's other facts bound it."""
    t = table(players=("Mara", "Bo", "Cy"))
    t.to_card_phase()
    t.move("play-card", card="Princess", vp=2, goes="front", card_type="female", count=2)
    t.move("note-hand", seat="p2", cards=["Princess"])
    refusal = t.refused("note-hand", seat="p3", cards=["Princess"])
    assert refusal == (
        "Every Princess the card data counts (2) is on the table already: check "
        "the card's name, or correct its copies on the card-data sheet (the number after the set letter)."
    )
    t.to_card_phase()  # Bo plays his named Princess; Cy still can't hold a third
    t.move("play-card", card="Princess")
    assert t.refused("draw", card="Princess").startswith("Every Princess the card data counts (2)")


def test_a_wizard_beyond_the_copies_asked_at_its_first_play_is_refused(table):
    """The Wizard's VP ship, its copies don't: its first play asks them, and a copy beyond
    them is refused with what to do (s8: no per-name limit until copies were entered)."""
    t = table()
    t.to_card_phase()
    assert t.refused("play-card", card="Wizard") == sentence("Wizard", [TYPE, COPIES])
    t.move("play-card", card="Wizard", count=1)
    t.move("leave-revealed", card="Castle")
    t.to_card_phase()
    assert t.refused("play-card", card="Wizard") == (
        "Every Wizard the card data counts (1) is on the table already: check "
        "the card's name, or correct its copies on the card-data sheet (the number after the set letter)."
    )


def test_copies_below_those_on_the_table_are_refused_at_the_play(table):
    t = table()
    t.move("note-hand", seat="p2", cards=["Ogre", "Ogre"])
    t.to_card_phase()
    assert t.refused("play-card", card="Ogre", vp=3, card_type="villain", count=2) == (
        "That would make more than the 2 × Ogre the card data counts: check the card's name, "
        "or correct its copies (the number after the set letter)."
    )


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    copies=st.integers(1, 4),
    named_before=st.integers(0, 3),
    tries=st.lists(st.sampled_from(["p1", "p2"]), max_size=8),
)
def test_copies_on_the_table_never_pass_the_count_given(table, copies, named_before, tries):
    t = table()
    if named_before:
        t.move("note-hand", seat="p2", cards=["Ogre"] * named_before)
    t.to_card_phase()
    answers = {"vp": 1, "card_type": "villain", "count": copies}
    if named_before + 1 > copies:
        assert "That would make more than" in t.refused("play-card", card="Ogre", **answers)
        return
    t.move("play-card", card="Ogre", **answers)
    for seat in tries:
        state = t.state
        seen = visible_copies(state, "Ogre")
        player = state.players[int(seat[1]) - 1]
        if not player.hand_unknown:
            continue
        if seen == copies:
            assert "check the card's name" in t.refused("note-hand", seat=seat, cards=["Ogre"])
        else:
            t.move("note-hand", seat=seat, cards=["Ogre"])
        assert visible_copies(t.state, "Ogre") <= copies
