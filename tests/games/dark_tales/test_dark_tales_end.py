"""The end of the game: the empty deck, a player who begins a turn with no cards, scoring."""

from __future__ import annotations

from games.dark_tales.game import game
from games.dark_tales.state import State
from tests.games.dark_tales.conftest import discard_the_deck


def empty_deck(state: State) -> None:
    discard_the_deck(state)
    if state.phase == "draw":
        state.phase = "item"  # nothing left to draw


# -- the end of the game ---------------------------------------------------------------------


def test_with_the_deck_empty_turns_skip_the_draw(table):
    t = table()
    t.to_card_phase()
    t.edit(empty_deck)
    assert t.move("play-card", card="Castle").endswith("Bo's turn (the deck is empty: no draw).")
    assert t.refused("draw") == "The deck is empty, so no one draws: play an item or a card."


def test_the_game_ends_when_a_player_begins_a_turn_with_no_cards(table):
    t = table(players=("Mara", "Bo", "Cy"))
    t.edit(empty_deck)
    plays = 0
    while t.state.phase != "scoring":
        t.move("play-card", card="Castle")
        plays += 1
    # Everyone held 3; Mara empties her hand on her third turn, and the game ends as her
    # fourth turn begins: Bo and Cy still hold nothing either, but Mara was first.
    assert plays == 9
    state = t.state
    assert state.ended_by == 0 and state.active == 0
    assert (
        t.refused("play-card", card="Castle")
        == "The game is over: enter the B card's points, then reveal the scores."
    )
    assert (
        t.refused("draw") == "The game is over: enter the B card's points, then reveal the scores."
    )
    # a waiting seat too hears that the game is over, not whose turn it would be (no one's)
    for seat in ("p1", "p2"):
        assert t.refused("draw", seat=seat) == (
            "The game is over: enter the B card's points, then reveal the scores."
        )
    # the shared display's corrections stay until the reveal: a player's seat is refused them
    # as ever, by its role
    assert t.refused("take-item", seat="p2", item="Sword").startswith("“Take an item” is for")


def test_a_player_who_runs_out_mid_game_still_draws_while_the_deck_lasts(table):
    t = table()
    t.edit(lambda s: (setattr(s.players[1], "hand_unknown", 0), s.discard.extend(["Castle"] * 3)))
    t.to_card_phase()
    assert t.move("play-card", card="Castle").endswith("Bo's turn.")
    assert t.state.phase == "draw"


def test_an_unentered_b_card_needs_everyones_points_by_hand(table):
    t = table(setting_b="B2")
    t.edit(empty_deck)
    while t.state.phase != "scoring":
        t.move("play-card", card="Castle")
    end = t.view("table")["end"]
    assert [e["missing"] for e in end] == [["The Dragon's Treasure"]] * 2
    assert t.view("table")["prompt"] == (
        "The game is over. Enter the points of The Dragon's Treasure for Mara and Bo."
    )
    assert t.refused("enter-bonus", seat="p2", player="p1", vp=3) == (
        "Only Mara's seat or the shared display can do that for Mara: make the move from one of them."
    )
    said = t.move("enter-bonus", seat="p1", player="p1", vp=3, note="2 Gold Coins")
    assert said == "Mara: 3 VP entered by hand for The Dragon's Treasure."
    t.move("enter-bonus", player="p2", vp=0)
    assert t.move("reveal-scores", seat="p2") == (
        "Scores revealed: Mara 6, Bo 3. Mara wins with 6 VP."
    )
    # revealed: every seat hears it, the shared display's correction included; card data stays
    over = "The game is over and its scores are revealed: start a new table to play again."
    assert t.refused("play-card", seat="p1", card="Castle") == over
    assert t.refused("adjust-vp", seat="table", player="p1", vp=1) == over
    t.move("edit-card", seat="p2", name="Castle", vp=1)


def test_a_tie_goes_to_the_most_items_and_cards_in_hand_then_is_shared(table):
    t = table(players=("Mara", "Bo", "Cy"), setting_b="B2")

    def scoring(state: State, items: tuple[int, int, int]) -> None:
        empty_deck(state)
        for p, n, vp in zip(state.players, items, (10, 10, 4), strict=True):
            p.vp, p.hand_unknown, p.bonus_manual = vp, 1, 0
            p.items["sword"] = n
        state.supply["sword"] = 4 - sum(items)
        state.discard += ["Castle"] * 6
        state.phase = "scoring"

    t.edit(lambda s: scoring(s, (1, 2, 0)))
    t.move("reveal-scores")
    outcome = game.outcome(t.data)
    assert outcome.winners == ("p2",)
    assert outcome.summary == (
        "Mara and Bo tie on 10 VP; Bo wins with the most items and cards in hand (3)."
    )

    t2 = table(players=("Mara", "Bo", "Cy"), setting_b="B2")
    t2.edit(lambda s: scoring(s, (1, 1, 0)))
    t2.move("reveal-scores")
    outcome = game.outcome(t2.data)
    assert outcome.winners == ("p1", "p2")
    assert outcome.summary == "Mara and Bo share the victory with 10 VP (and 2 items and cards)."
