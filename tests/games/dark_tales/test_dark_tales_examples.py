"""The rulebook's worked examples, as tests."""

from __future__ import annotations

import pytest

from games.dark_tales.catalog import tale_title
from games.dark_tales.game import game
from games.dark_tales.state import State
from tests.games.dark_tales.conftest import discard_the_deck

# -- the Dragon: "discard 1 Place and 1 Male from play, 2 VP for each card discarded" ------

DRAGON_CASES = [
    # (cards in play as (name, where), what the Dragon discards, VP scored)
    pytest.param([], [], 0, id="nothing-in-play"),
    pytest.param([("Castle", "common")], [{"card": "Castle", "at": "common"}], 2, id="only-place"),
    pytest.param([("Knight", "p2")], [{"card": "Knight", "at": "p2"}], 2, id="only-male"),
    pytest.param(
        [("Castle", "common"), ("Knight", "p2"), ("Goblin", "p1")],
        [{"card": "Castle", "at": "common"}, {"card": "Knight", "at": "p2"}],
        4,
        id="place-and-male",
    ),
]


@pytest.mark.parametrize(("in_play", "discard", "vp"), DRAGON_CASES)
def test_the_dragon_scores_2_vp_per_card_it_discards(table, in_play, discard, vp):
    t = table()
    for name, at in in_play:
        t.put(name, at)
    t.give(0, "Dragon")
    t.to_card_phase()
    # Where the Dragon goes isn't in the rulebook: the player taps it once.
    sentence = t.move("play-card", card="Dragon", goes="discard", discard=discard)
    assert t.vp(0) == vp
    assert f"scored {vp} VP" in sentence
    state = t.state
    for ref in discard:
        assert ref["card"] in state.discard
    assert state.discard[-1] == "Dragon"
    assert state.cards["Dragon"].goes == "discard"  # remembered for the next Dragon
    if ("Goblin", "p1") in in_play:
        assert "Goblin" in state.players[0].front  # a Villain is not the Dragon's business


# A group's card entry given when the table is created adds its facts to the shipped card, as
# edit-card does during the game: the Dragon still discards one Place and one Male from play
# and scores 2 VP for each card it discards when the group entered only where it goes.
ENTRIES_AT_CREATION = [
    # (the entry given at creation, the card's facts afterwards)
    pytest.param(
        {"name": "Dragon", "goes": "discard"},
        {"name": "Dragon", "goes": "discard", "effect": "dragon", "vp": 0, "manual": False},
        id="where-the-dragon-goes-keeps-its-effect-and-points",
    ),
    pytest.param(
        {"name": "  dragon ", "count": 2},
        {"name": "Dragon", "count": 2, "effect": "dragon", "vp": 0, "goes": None},
        id="a-loosely-written-name-is-the-shipped-card",
    ),
    pytest.param(
        {"name": "Wizard", "vp": 3},
        {"name": "Wizard", "vp": 3, "goes": "common", "effect": "wizard", "manual": False},
        id="a-corrected-value-keeps-the-rest",
    ),
    pytest.param(
        {"name": "Lantern", "type": "event"},
        {"name": "Lantern", "type": "event", "vp": None, "manual": True},
        id="a-card-the-app-does-not-ship-is-added",
    ),
]


@pytest.mark.parametrize(("entry", "facts"), ENTRIES_AT_CREATION)
def test_an_entry_at_creation_adds_to_the_shipped_card_as_edit_card_does(table, entry, facts):
    created = table(cards=[entry]).state.catalog().card(facts["name"])
    assert created.model_dump(include=set(facts)) == facts
    edited = table(cards=[])
    edited.move("edit-card", **entry)
    assert edited.state.catalog().card(facts["name"]) == created


def test_a_dragon_entered_only_by_where_it_goes_still_scores_2_vp_per_card(table):
    castle = {"name": "Castle", "type": "place", "goes": "common", "vp": 1, "manual": False}
    knight = {"name": "Knight", "type": "male", "goes": "front", "vp": 2, "manual": False}
    t = table(cards=[castle, knight, {"name": "Dragon", "goes": "discard", "count": 2}])
    t.put("Castle")
    t.put("Knight", "p2")
    t.give(0, "Dragon")
    t.to_card_phase()
    both = [{"card": "Castle", "at": "common"}, {"card": "Knight", "at": "p2"}]
    t.move("play-card", card="Dragon", discard=both)
    assert t.vp(0) == 4


def test_a_setting_entry_at_creation_keeps_what_the_rulebook_gives_the_card(table):
    # A1, The Battle of the Forgotten Moors: a Sword and any one Villain in play are
    # discarded for 3 VP; a group entering only the Armor's effect keeps the Sword's.
    armor = {"draw_discard": 1, "vp": 1}
    entry = {"code": "A1", "name": "The Battle of the Forgotten Moors", "text": "Ours."}
    t = table(settings=[{**entry, "item_effects": {"armor": armor}}])
    a1 = t.state.catalog().settings["A1"]
    assert a1.item_effects["armor"].model_dump(include={"draw_discard", "vp"}) == armor
    sword = a1.item_effects["sword"]
    assert (sword.discard_in_play, sword.vp) == ("villain", 3)
    assert a1.unusable == ["gold_coin"] and a1.text == "Ours."


def test_the_dragon_must_take_a_place_when_there_is_one(table):
    t = table()
    t.put("Castle")
    t.put("Tower", "p2")
    t.give(0, "Dragon")
    t.to_card_phase()
    message = t.refused("play-card", card="Dragon", goes="discard")
    assert message == (
        "Choose the Place the Dragon discards: the Castle (the common area) "
        "and the Tower (in front of Bo)."
    )


def test_the_dragon_must_take_one_of_each_when_both_are_in_play(table):
    t = table()
    t.put("Castle")
    t.put("Knight", "p1")
    t.give(0, "Dragon")
    t.to_card_phase()
    message = t.refused(
        "play-card", card="Dragon", goes="discard", discard=[{"card": "Castle", "at": "common"}]
    )
    assert "Choose the Male the Dragon discards: the Knight (in front of Mara)" in message


def test_the_dragon_takes_no_more_than_one_place(table):
    t = table()
    t.put("Castle")
    t.put("Tower")
    t.give(0, "Dragon")
    t.to_card_phase()
    two = [{"card": "Castle", "at": "common"}, {"card": "Tower", "at": "common"}]
    assert t.refused("play-card", card="Dragon", goes="discard", discard=two) == (
        "The Dragon discards one Place, not two: choose one."
    )
    villain = [{"card": "Goblin", "at": "common"}]
    t.put("Goblin")
    assert "the Goblin is a Villain: choose a Place or a Male" in t.refused(
        "play-card", card="Dragon", goes="discard", discard=villain
    )


def test_the_dragon_asks_the_type_of_a_card_the_catalog_does_not_know(table):
    t = table()
    t.put("Old Sage", "p2")  # its type is not in the rulebook
    t.give(0, "Dragon")
    t.to_card_phase()
    ref = {"card": "Old Sage", "at": "p2"}
    assert t.refused("play-card", card="Dragon", goes="discard", discard=[ref]) == (
        "Is the Old Sage a Place or a Male? Choose its type: the Dragon discards one of each."
    )
    t.move("play-card", card="Dragon", goes="discard", discard=[{**ref, "type": "male"}])
    assert t.vp(0) == 2
    assert t.state.cards["Old Sage"].type == "male"


# -- the Wizard turns over an Enchantment, played at once for a Magic Wand -------------------


def test_the_wizard_reveals_an_enchantment_for_a_magic_wand_3_vp_in_all(table):
    t = table()
    t.give(0, "Wizard")
    t.to_card_phase()
    deck = t.state.deck
    first = t.move("play-card", card="Wizard")
    assert first == (
        "Mara played the Wizard to the common area and scored 2 VP."
        " Turn over the top card of the deck: play it now or leave it."
    )
    assert t.state.phase == "reveal"
    # While the revealed card waits, nothing else may happen in the turn.
    assert t.refused("play-item", item="magic_wand") == (
        "First play the card the Wizard turned over, or leave it on the deck."
    )
    second = t.move("play-revealed", card="Enchantment", item="magic_wand")
    assert second == (
        "Mara played the Enchantment to the discard pile, took a Magic Wand, and scored 1 VP."
        " Bo's turn."
    )
    state = t.state
    assert state.players[0].vp == 3
    assert state.players[0].items["magic_wand"] == 1
    assert state.supply["magic_wand"] == 3
    assert state.common == ["Night", "Wizard"]
    assert state.discard == ["Enchantment"]
    assert state.deck == deck - 1
    # The wand is Mara's to play from her next turn, not now: the turn has passed to Bo.
    assert t.refused("play-item", seat="p1", item="magic_wand") == "It is Bo's turn."


def test_an_item_gained_this_turn_cannot_be_played_this_turn(table):
    t = table()
    t.move("draw")
    t.move("take-item", item="magic_wand")  # say, a card's text gave it before phase 2
    assert t.refused("play-item", item="magic_wand") == (
        "That Magic Wand was gained this turn: play it from the next turn on."
    )
    t.move("skip-item")
    t.move("play-card", card="Castle")
    t.move("draw")
    t.move("skip-item")
    t.move("play-card", card="Castle")
    t.move("draw")  # Mara's next turn: now it may be played
    assert "played a Magic Wand" in t.move("play-item", item="magic_wand")


def test_the_wizard_can_leave_the_revealed_card_on_the_deck(table):
    t = table()
    t.give(0, "Wizard")
    t.to_card_phase()
    t.move("play-card", card="Wizard")
    assert t.move("leave-revealed", card="Ogre") == (
        "The Ogre stays face up on top of the deck. Bo's turn."
    )
    assert t.state.deck_top == "Ogre"
    assert t.view("p2")["deck_top"] == "Ogre"
    assert t.refused("draw", card="Dragon") == (
        "The top card of the deck is the Ogre, face up: choose the Ogre, or leave the card's name "
        "empty."
    )
    assert t.move("draw").startswith("Bo drew the face-up Ogre")
    assert t.state.players[1].hand == ["Ogre"]
    assert t.state.deck_top is None


def test_a_wizard_with_an_empty_deck_reveals_nothing(table):
    t = table()
    t.give(0, "Wizard")
    t.move("draw")

    t.edit(discard_the_deck)
    t.move("skip-item")
    assert t.move("play-card", card="Wizard").endswith("Bo's turn (the deck is empty: no draw).")
    assert t.vp(0) == 2


# -- The Iron Army: 31 + 3 + 5 = 39 ------------------------------------------------------------


def test_the_iron_army_final_score_is_31_plus_3_plus_5(table):
    t = table(players=("Mara", "Bo", "Cy"))

    def the_last_turns(state: State) -> None:
        mara, bo, cy = state.players
        mara.front = ["Night Creature"]
        mara.items.update(sword=2, magic_wand=1, gold_coin=3)
        mara.hand, mara.hand_unknown, mara.vp = [], 2, 31
        bo.items.update(gold_coin=5)  # 5 coins + 1 card left: 6, first place
        bo.hand, bo.hand_unknown, bo.vp = ["Castle"], 1, 30
        cy.hand, cy.hand_unknown, cy.vp = [], 0, 20
        state.supply.update(sword=2, magic_wand=3, gold_coin=0)
        state.discard, state.deck = [], 48 - 1 - 1 - 2 - 2
        discard_the_deck(state)
        state.active, state.phase = 1, "card"

    t.edit(the_last_turns)
    sentence = t.move("play-card", card="Castle")
    assert sentence.endswith(
        "The deck is empty and Cy has no cards: the game is over."
        " Now score the B card, The Iron Army."
    )
    state = t.state
    assert state.phase == "scoring" and state.ended_by == 2
    end = {e["seat"]: e for e in t.view("table")["end"]}
    assert end["p1"]["auto"] == 8
    assert end["p1"]["lines"] == [
        "1 × Sword + Night Creature: 3 VP",
        "3 × Gold Coins: 0 VP",
        "1 × Sword: 0 VP",
        "1 × Magic Wand: 0 VP",
        "Gold Coins + cards in hand 5, 2nd place: 5 VP",
    ]
    assert end["p1"]["missing"] == []
    # First and third place are not in the example: the players enter them from the card.
    assert end["p2"]["missing"] == ["1st place in Gold Coins + cards in hand, with 6"]
    assert end["p3"]["missing"] == ["3rd place in Gold Coins + cards in hand, with 0"]
    assert t.refused("reveal-scores") == "First enter the B-card points for Bo and Cy."
    assert t.refused("enter-bonus", player="p1", vp=1) == (
        "The app has worked out Mara's points already: enter points only for the players it names."
    )
    t.move("enter-bonus", player="p2", vp=8)
    t.move("enter-bonus", seat="p3", player="p3", vp=0)
    t.move("reveal-scores")
    outcome = game.outcome(t.data)
    assert outcome.finished
    assert outcome.scores == {"p1": 39, "p2": 30 + 1 + 8, "p3": 20}
    assert outcome.winners == ("p1",)  # 39 each: Mara has 6 items + 2 cards, Bo 5 + 1
    assert "Mara wins with the most items and cards in hand (8)" in outcome.summary


@pytest.mark.parametrize(
    ("a", "b", "title"),
    [
        ("A3", "B2", "The Test of the Knights and the Dragon's Treasure"),
        ("A1", "B1", "The Battle of the Forgotten Moors and the Iron Army"),
        ("A2", "B3", "Sorceries at Dusk and the Forge of His Majesty"),
    ],
)
def test_the_tale_is_named_after_both_setting_cards(table, a, b, title):
    t = table(setting_a=a, setting_b=b)
    assert t.view("table")["title"] == title
    state = t.state
    catalog = state.catalog()
    assert tale_title(catalog.settings[a], catalog.settings[b]) == title
