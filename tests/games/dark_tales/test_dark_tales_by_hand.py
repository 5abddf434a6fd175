"""Who may change another player's things by hand (issue 16, docs/api.md): the shared display
at any time and the active player's seat during its turn, because card effects do (the Dragon,
Ogre and Princess take cards from in front of another player); a waiting player's seat never."""

from __future__ import annotations

from games.dark_tales.game import game
from games.dark_tales.state import TURN

BY_HAND = ["take-item", "return-item", "adjust-vp", "move-card"]


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


def test_the_turn_is_the_moves_declaration_which_the_engine_and_may_read(table):
    """Not a check inside each move: the engine refuses a waiting seat before the move runs
    (an item no game has still gets whose turn it is), and its page offers no by-hand form."""
    t = table()
    assert all(game.moves[move].roles == TURN for move in BY_HAND)
    offered = {seat: game.may(t.state, seat) for seat in ("table", "p1", "p2")}
    keys = [move.replace("-", "_") for move in BY_HAND]
    assert [[offered[seat][k] for k in keys] for seat in offered] == [[True] * 4] * 2 + [
        [False] * 4
    ]
    assert offered["p2"]["note_hand"] and offered["p2"]["edit_card"]  # no one's turn: anyone's
    assert t.refused("take-item", seat="p2", item="crown") == "It is Mara's turn."
    t.edit(lambda state: setattr(state, "active", 1))  # Bo's turn now
    assert game.may(t.state, "p1")["adjust_vp"] is False
    assert t.refused("adjust-vp", seat="p1", player="p1", vp=1) == "It is Bo's turn."
    assert t.move("adjust-vp", seat="p2", player="p1", vp=1) == "Mara scored 1 VP."
