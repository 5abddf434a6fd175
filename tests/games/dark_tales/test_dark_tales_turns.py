"""Setup, turn order, cards the catalog doesn't know, manual moves.

The A1 items and the supply are in test_dark_tales_items.py, the end in test_dark_tales_end.py.
"""

from __future__ import annotations

import pytest

from games.core.engine import ArgsError
from games.dark_tales.game import game
from tests.games.dark_tales.conftest import INVENTED_CARDS

# -- setup ------------------------------------------------------------------------------


def test_setup_deals_three_cards_each_and_puts_a_night_card_in_the_common_area(table):
    t = table(players=("Mara", "Bo", "Cy", "Dee"))
    state = t.state
    assert [p.hand_count for p in state.players] == [3, 3, 3, 3]
    assert state.common == ["Night"]
    assert state.deck == 48 - 1 - 12
    assert state.supply == {"gold_coin": 8, "sword": 4, "armor": 4, "magic_wand": 4}
    assert state.phase == "draw" and state.active == 0
    assert t.view("table")["night"] is True


def test_setting_cards_and_first_player_come_from_the_seeded_rng():
    options = {"players": ["Mara", "Bo", "Cy"]}
    draws = {
        (s["setting_a"], s["setting_b"], s["first"])
        for s in (game.setup(options, seed) for seed in range(40))
    }
    assert {a for a, _, _ in draws} == {"A1", "A2", "A3"}
    assert {b for _, b, _ in draws} == {"B1", "B2", "B3"}
    assert {f for _, _, f in draws} == {0, 1, 2}
    assert game.setup(options, 5) == game.setup(options, 5)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": ["Solo"]}, "at least 2"),
        ({"players": [f"P{i}" for i in range(7)]}, "at most 6"),
        ({"players": ["Mara", "mara"]}, "two players have the same name"),
        ({"players": ["Mara", "Bo"], "setting_a": "B1"}, "(?i)setting_a must be one of the A"),
        (
            {"players": ["Mara", "Bo"], "first_player": "Cy"},
            "first player must be Mara or Bo, not “Cy”",
        ),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(ArgsError, match=message):
        game.setup(options, 1)


def test_seats_are_the_table_and_one_per_player(table):
    seats = game.seats(table(players=("Mara", "Bo", "Cy")).data)
    assert [(s.id, s.label, s.kind) for s in seats] == [
        ("table", "Table", "table"),
        ("p1", "Mara", "player"),
        ("p2", "Bo", "player"),
        ("p3", "Cy", "player"),
    ]


# -- turn order -------------------------------------------------------------------------


def test_phases_must_come_in_order(table):
    t = table()
    assert t.refused("play-card", card="Castle") == "Mara draws a card first: tap “Draw a card”."
    assert t.refused("play-item", item="sword") == "Mara draws a card first: tap “Draw a card”."
    assert t.refused("skip-item") == "Mara draws a card first: tap “Draw a card”."
    assert (
        t.refused("play-revealed", card="Castle") == "Mara draws a card first: tap “Draw a card”."
    )
    t.move("draw")
    assert t.refused("draw") == "Mara has drawn this turn already: play an item or a card."
    t.move("skip-item")
    assert t.refused("play-item", item="sword") == (
        "Items are played before the card, and this turn's card is next: play a card now, the "
        "item next turn."
    )
    assert t.refused("leave-revealed", card="Castle") == (
        "No card is waiting to be played from the deck: play a card from your hand."
    )
    assert t.move("play-card", card="Castle") == (
        "Mara played the Castle to the common area and scored 1 VP. Bo's turn."
    )


def test_a_card_may_be_played_without_skipping_the_item_phase(table):
    t = table()
    t.move("draw")
    t.move("play-card", card="Knight")
    assert t.state.players[0].front == ["Knight"]
    assert t.state.active == 1


def test_only_one_item_per_turn(table):
    t = table()
    t.move("take-item", item="magic_wand")
    t.move("take-item", item="magic_wand")
    t.edit(lambda s: s.gained.update(magic_wand=0))  # as if gained on an earlier turn
    t.move("draw")
    t.move("play-item", item="magic_wand")
    assert (
        t.refused("play-item", item="magic_wand")
        == "One item a turn, and this turn's is played: play a card now."
    )


def test_only_the_active_player_or_the_table_moves(table):
    t = table()
    assert t.refused("draw", seat="p2") == "It is Mara's turn."
    # Dark Tales has no story master: the engine refuses a seat the table doesn't have.
    assert t.refused("draw", seat="sm") == "There is no seat “sm” at this table."
    t.move("draw", seat="p1")
    t.move("play-card", seat="table", card="Castle")
    assert t.refused("draw", seat="p1") == "It is Bo's turn."
    t.move("draw", seat="p2")


def test_a_drawn_card_can_be_named_for_the_drawer_only(table):
    t = table()
    assert t.move("draw", card="Gypsy") == "Mara drew a card (40 left in the deck)."
    assert t.state.players[0].hand == ["Gypsy"]
    assert t.state.players[0].hand_unknown == 3


def test_an_unknown_card_name_is_refused(table):
    t = table(cards=INVENTED_CARDS)  # room among the deck's 48 for the Unicorn's copy
    t.move("draw")
    assert t.refused("play-card", card="Unicorn") == (
        "There is no card called “Unicorn” in this table's catalog: check its name, or add it "
        "first with “Enter card data” or on the card-data sheet."
    )
    t.move("edit-card", seat="p2", name="Unicorn", type="female", vp=3, goes="front", count=1)
    t.move("play-card", card="unicorn", bonus_vp=1)
    assert t.state.players[0].front == ["Unicorn"]
    assert t.vp(0) == 4


def test_a_named_hand_only_plays_its_cards(table):
    t = table()
    t.give(0, "Castle", "Knight", "Tower")
    t.to_card_phase()
    t.give(0, "Gypsy")  # the drawn card
    assert (
        t.refused("play-card", card="Dragon")
        == "Mara has no Dragon in hand: choose a card from Mara's hand."
    )


# -- cards the catalog doesn't fully know ------------------------------------------------------


def test_the_gypsy_counts_places_shown_when_the_app_knows_every_hand(table):
    t = table()
    t.give(0, "Gypsy", "Castle", "Knight")
    t.give(1, "Tower", "Castle", "Goblin")
    t.move("draw", card="Witch")
    t.move("edit-card", name="Witch", type="female")
    t.move("play-card", card="Gypsy", goes="discard")
    assert t.vp(0) == 1 + 3  # Castle (Mara) + Tower and Castle (Bo)


def test_the_gypsy_asks_for_the_places_shown_when_hands_are_unknown(table):
    t = table()
    t.to_card_phase()
    assert t.refused("play-card", card="Gypsy", goes="discard") == (
        "Everyone shows their hand: enter how many Places there are in all."
    )
    t.move("play-card", card="Gypsy", goes="discard", revealed_places=2)
    assert t.vp(0) == 3


def test_the_witch_in_front_of_a_player_stops_their_draws(table):
    t = table()
    t.to_card_phase()
    t.move("play-card", card="Witch", vp=4, goes="front")
    t.to_card_phase()
    assert t.move("play-card", card="Castle").endswith("Mara's turn (Mara may not draw).")
    assert t.state.phase == "item"
    assert (
        t.refused("draw")
        == "Mara may not draw cards (a card in front stops it): play an item or a card."
    )
    assert t.view("table")["players"][0]["no_draw"] is True


def test_an_unentered_a_card_asks_for_the_items_vp(table):
    t = table(setting_a="A2")
    t.move("take-item", item="sword")
    t.edit(lambda s: s.gained.update(sword=0))
    t.move("draw")
    assert t.refused("play-item", item="sword") == (
        "What does the Sword do in Sorceries at Dusk? Enter the VP it scores (0 if none), "
        "kept for its next plays, and apply the rest by hand."
    )
    t.move("play-item", item="sword", vp=2)
    assert t.vp(0) == 2 and t.state.supply["sword"] == 4


# -- manual moves --------------------------------------------------------------------------


def test_cards_move_by_hand_for_text_the_app_does_not_apply(table):
    t = table()
    t.put("Knight", "p2")
    assert t.move("move-card", card="Knight", src="p2", dst="hand:p1") == (
        "Moved the Knight from the table in front of Bo to Mara's hand."
    )
    assert t.move("move-card", src="deck", dst="hand:p2") == (
        "Moved a card from the deck to Bo's hand."
    )
    assert t.refused("move-card", src="hand:p1", dst="common") == (
        "Choose the card: it goes face up there."
    )
    assert t.refused("move-card", card="Knight", src="p2", dst="common") == (
        "There is no Knight in front of Bo: check the card's name and where it is."
    )
    assert t.state.players[1].hand_count == 4


def test_vp_are_adjusted_by_hand_but_never_below_zero(table):
    t = table()
    assert t.move("adjust-vp", vp=5, reason="Old Sage") == "Mara scored 5 VP (Old Sage)."
    assert t.refused("adjust-vp", vp=-6) == "Mara doesn't have that many VP: give back at most 5."
    assert t.move("adjust-vp", vp=-2) == "Mara gave back 2 VP."
    assert t.vp(0) == 3


def test_naming_cards_in_hand(table):
    t = table()
    assert t.move("note-hand", seat="p2", cards=["Ogre", "Castle"]) == ("Bo named 2 cards in hand.")
    assert t.refused("note-hand", seat="p1", player="p2", cards=["Ogre"]) == (
        "Only Bo's seat or the shared display can do that for Bo: make the move from one of them."
    )
    assert t.refused("note-hand", seat="p2", cards=["Ogre", "Ogre"]) == (
        "Bo has only 1 unnamed card in hand: name at most that many."
    )
    t.move("note-hand", seat="p2", cards=["Ogre"], forget=True)
    assert t.state.players[1].hand == ["Castle"] and t.state.players[1].hand_unknown == 2


def test_catalog_counts_limit_the_copies_on_the_table(table):
    t = table()
    t.move("edit-card", name="Dragon", count=1)
    t.move("note-hand", seat="p1", cards=["Dragon"])
    assert t.refused("note-hand", seat="p2", cards=["Dragon"]) == (
        "Every Dragon the card data counts (1) is on the table already: check "
        "the card's name, or correct its copies on the card-data sheet (the number after the set letter)."
    )
    assert t.refused("edit-card", name="Night Creature", count=48) == (
        "The copies would count more than the deck's 48 cards: check the copies entered for "
        "each card (on the card-data sheet)."
    )
    t.move("edit-card", name="Dragon", clear=["count"])
    t.move("note-hand", seat="p2", cards=["Dragon"])


def test_a_card_entry_can_be_reset(table):
    t = table()
    t.move("edit-card", name="Wizard", vp=7)
    assert t.state.catalog().card("Wizard").vp == 7
    t.move("edit-card", name="wizard", reset=True)
    assert t.state.catalog().card("Wizard").vp == 2
    t.put("Castle")
    assert t.refused("edit-card", name="Castle", reset=True) == (
        "The Castle is on the table, so it stays in the catalog: correct its facts instead of resetting it."
    )
