"""Who may change another player's things by hand (issue 16, docs/api.md): the shared display
at any time and the active player's seat during its turn, because card effects do (the Dragon,
Ogre and Princess take cards from in front of another player); a waiting player's seat never."""

from __future__ import annotations


def test_the_active_players_seat_changes_another_players_vp_items_and_hand(table):
    t = table()  # Mara (p1) is the active player
    assert t.move("adjust-vp", seat="p1", player="p2", vp=2) == "Bo scored 2 VP."
    assert "Bo took" in t.move("take-item", seat="p1", player="p2", item="gold_coin")
    assert t.move("move-card", seat="p1", src="hand:p2", dst="deck") == (
        "Moved a card from Bo's hand to the deck."
    )


def test_a_waiting_players_seat_changes_nothing_by_hand_not_even_their_own(table):
    t = table()
    for args in ({"player": "p1", "vp": 2}, {"player": "p2", "vp": 2}):
        assert t.refused("adjust-vp", seat="p2", **args) == "It is Mara's turn."
    assert t.refused("take-item", seat="p2", item="gold_coin") == "It is Mara's turn."


def test_the_shared_display_changes_any_players_things(table):
    t = table()
    assert t.move("adjust-vp", seat="table", player="p2", vp=1) == "Bo scored 1 VP."
