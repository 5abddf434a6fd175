"""Items: the A1 setting card's item effects and the supply's limits."""

from __future__ import annotations

from games.dark_tales.state import State

# -- A1, The Battle of the Forgotten Moors -----------------------------------------------------


def holding(t, **items) -> None:
    def change(state: State) -> None:
        for item, n in items.items():
            state.players[0].items[item] += n
            state.supply[item] -= n

    t.edit(change)


def test_a1_sword_needs_a_villain_in_play(table):
    t = table()
    holding(t, sword=1)
    t.move("edit-card", name="Night", type="event")  # the group's entry from the card
    t.move("draw")
    assert t.refused("play-item", item="sword") == (
        "There is no Villain in play to discard: keep the Sword for later."
    )
    t.put("Goblin", "p2")
    assert t.refused("play-item", item="sword") == (
        "Choose the Villain in play that goes with the Sword."
    )
    sentence = t.move("play-item", item="sword", discard={"card": "Goblin", "at": "p2"})
    assert sentence == (
        "Mara played a Sword: discarded the Goblin from in front of Bo and scored 3 VP."
    )
    assert t.vp(0) == 3 and t.state.discard == ["Goblin"] and t.state.phase == "card"


def test_a1_armor_takes_the_top_card_of_the_discard_pile(table):
    t = table()
    holding(t, armor=2)
    t.move("draw")
    assert (
        t.refused("play-item", item="armor")
        == "Playing the Armor would do nothing now: keep it for later."
    )
    t.edit(lambda s: (s.discard.extend(["Castle", "Ogre"]), setattr(s, "deck", s.deck - 2)))
    assert t.move("play-item", item="armor") == (
        "Mara played an Armor: took the Ogre from the discard pile."
    )
    assert t.state.players[0].hand == ["Ogre"] and t.state.discard == ["Castle"]


def test_a1_magic_wand_draws_takes_a_coin_and_scores(table):
    t = table()
    holding(t, magic_wand=1, gold_coin=8)  # no coin left in the supply
    t.move("draw")
    assert t.move("play-item", item="magic_wand", drew="Dragon") == (
        "Mara played a Magic Wand: drew a card and scored 1 VP."
    )
    state = t.state
    assert state.players[0].hand == ["Dragon"] and state.players[0].items["gold_coin"] == 8
    assert t.vp(0) == 1


def test_a1_gold_coins_have_no_use_during_the_game(table):
    t = table()
    holding(t, gold_coin=1)
    t.move("draw")
    assert t.refused("play-item", item="gold_coin") == (
        "The Battle of the Forgotten Moors gives the Gold Coin no use during the game: play "
        "another item, or none."
    )


# -- the item supply ------------------------------------------------------------------------


def test_an_item_cannot_be_taken_past_the_supply(table):
    t = table()
    for _ in range(4):
        t.move("take-item", item="sword")
    assert (
        t.refused("take-item", item="sword")
        == "There is no Sword left in the supply: choose another item."
    )
    assert t.refused("take-item", item="sword", player="p2") == (
        "There is no Sword left in the supply: choose another item."
    )
    t.give(0, "Enchantment")
    t.to_card_phase()
    assert t.refused("play-card", card="Enchantment", item="sword") == (
        "There is no Sword left in the supply: choose another item."
    )
    assert t.refused("play-card", card="Enchantment") == (
        "Choose an item to take from the supply: Gold Coin, Armor and Magic Wand."
    )


def test_an_enchantment_with_an_empty_supply_takes_nothing(table):
    t = table()

    def everything_taken(state: State) -> None:
        for item, n in state.supply.items():
            state.players[1].items[item] = n
            state.supply[item] = 0

    t.edit(everything_taken)
    t.to_card_phase()
    assert t.move("play-card", card="Enchantment").startswith(
        "Mara played the Enchantment to the discard pile, found the supply empty, and scored 1"
    )


def test_returning_an_item_refills_the_supply(table):
    t = table()
    t.move("take-item", item="armor", player="p2")
    assert t.refused("return-item", item="armor") == "Mara has no Armor: choose an item Mara holds."
    t.move("return-item", item="armor", player="p2")
    assert t.state.supply["armor"] == 4


def test_an_items_vp_answered_at_a_play_are_kept_for_the_tale(table):
    """Sorceries at Dusk isn't in the rulebook: the Sword's VP are asked at its first play
    only; its next play scores them, and an item not answered yet is still asked."""
    t = table(setting_a="A2")
    holding(t, sword=2, armor=1)
    t.move("draw")
    t.move("play-item", item="sword", vp=0)  # 0 VP: the players apply the rest by hand
    kept = t.state.catalog().settings["A2"].item_effects["sword"]
    assert (kept.vp, kept.by_hand) == (0, True)
    assert t.view("table")["setting_a"]["unknown_items"] == ["gold_coin", "armor", "magic_wand"]
    t.move("play-card", card="Castle")
    t.move("draw")
    t.move("skip-item")
    t.move("play-card", card="Castle")  # Bo's turn passes
    t.move("draw")
    assert t.move("play-item", item="sword") == "Mara played a Sword."
    assert t.refused("play-item", item="armor").startswith("One item a turn")
