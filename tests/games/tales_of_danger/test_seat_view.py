"""What each seat is offered: the moves list, the helpers' data, and the group's entries."""

import pytest

from games.core.engine import RuleError
from games.tales_of_danger.game import catalog_from_state, game

POOL = ["monk", "farmer", "deacon", "captain", "innkeeper"]
QUEEN_HAND = ["sailor", "business-man", "minstrel"]
CARD_MOVES = ["set-sponsor-card", "set-person-card"]


def turn_moves(t, seat):
    return [m for m in t.view(seat)["moves"] if m not in CARD_MOVES]


def test_the_deal_is_offered_to_the_table_and_to_each_undealt_phone(tod):
    t = tod.Table(3)
    assert turn_moves(t, "table") == ["deal", "refill-pool"]
    assert turn_moves(t, "p1") == ["deal", "refill-pool"]  # the first player flips the pool
    assert turn_moves(t, "p2") == ["deal"]
    t.do("deal", {"player": "p2", "people": ["nun", "nun", "monk"]}, seat="p2")
    assert turn_moves(t, "p2") == []
    assert t.view("table")["deal_next"] == "p1"
    with pytest.raises(RuleError, match="no seat “somebody”"):
        t.view("somebody")


def test_act_1_moves_follow_the_turn(tod):
    t = tod.arranged([QUEEN_HAND, ["monk"], ["nun"]], POOL)
    assert turn_moves(t, "table") == ["recruit"]
    assert turn_moves(t, "p1") == ["recruit"]
    assert turn_moves(t, "p2") == []
    t.do("recruit", {"picks": [{"person": "monk"}, {"person": "farmer"}]})
    # Two open spaces in the pool: flip them in, then secure or end the turn.
    assert turn_moves(t, "p1") == ["refill-pool", "secure-sponsor", "end-turn"]
    assert t.view("p1")["pool_open"] == 2
    t.do("refill-pool", {"people": ["nun", "nun"]})
    t.do("secure-sponsor", {"sponsor": "queen"})
    # Securing ends with the discard, in the same turn: Bo waits for it.
    assert turn_moves(t, "p1") == ["discard-down"]
    assert turn_moves(t, "p2") == []
    assert turn_moves(t, "table") == ["discard-down"]
    t.do("discard-down", {"player": "p1", "people": ["monk", "farmer"]})
    assert turn_moves(t, "p2") == ["recruit"]


def test_the_last_player_without_a_sponsor_is_offered_the_lowest(tod):
    t = tod.arranged([["sailor"], ["monk"]], POOL, [None, "queen"], step="acted")
    assert turn_moves(t, "p1") == ["secure-sponsor", "take-lowest-sponsor"]


def test_act_2_offers_free_cards_before_gathering(tod):
    pool = ["doctor", "monk", "farmer", "deacon", "innkeeper"]  # the Doctor is free for the Queen
    t = tod.arranged([QUEEN_HAND, ["nun"]], pool, ["queen", None])
    view = t.view("p1")
    assert turn_moves(t, "p1") == ["take-free-cards"]
    assert view["free_in_pool"] == ["doctor"]
    assert view["take"] == {"count": 2, "limit": 8, "discard": 0}
    t.do("take-free-cards", {"refill": ["sailor"]})
    assert turn_moves(t, "p1") == ["gather"]


def test_unknown_free_marks_offer_both_choices(tod):
    t = tod.arranged([QUEEN_HAND, ["nun"]], POOL, ["queen", None])
    t.do("set-person-card", {"person": "monk", "free_for": None})
    assert t.view("p1")["free_in_pool"] is None
    assert turn_moves(t, "p1") == ["take-free-cards", "gather"]


def test_act_3_moves_and_journals(tod):
    t = tod.act3([["monk", "nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])])
    assert turn_moves(t, "p1") == ["complete-segment", "forage"]
    assert turn_moves(t, "p2") == []
    t.do("complete-segment", {"pay": [{"person": "monk"}]}, seat="p1")
    assert turn_moves(t, "p1") == ["prepare-segment", "write-journal"]
    # the display as itself: no turn of Act 3 (a private hand), no journal (the own seat's)
    assert turn_moves(t, "table") == []
    t.do("write-journal", {"value": 2, "person": "nun"}, seat="p1")
    assert turn_moves(t, "p1") == ["prepare-segment"]


def test_the_game_over_offers_only_missing_journals(tod):
    t = tod.act3([["monk", "nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])],
                 [[(2, 3)] * 4, [(3, 1)]])  # fmt: skip
    t.do("complete-segment", {"pay": [{"person": "monk"}]})
    t.do("forage", {"cost": "crew"}, seat="p2")
    assert t.view("p1")["moves"] == ["write-journal"]
    assert t.view("table")["moves"] == [] and t.view("p2")["moves"] == []


def test_the_payment_helper_knows_every_combination_of_cancels(tod):
    costs = ["illness", "bad-luck", "supply", "great-fishing"]
    t = tod.act3([["monk"], ["nun"]], [(3, costs[:3]), (1, ["great-fishing"])])
    segment = t.view()["players"][0]["segment"]
    assert segment["owed_by_cancels"] == {
        "": {"crew": 5, "supplies": 4},
        "bad-luck": {"crew": 3, "supplies": 1},
        "illness": {"crew": 2, "supplies": 4},
        "bad-luck illness": {"crew": 0, "supplies": 1},
    }
    assert segment["cost_texts"][0] == "Illness: 3 crew"
    assert t.view()["players"][1]["segment"]["bonus_cards"] == 1


def test_the_secure_helper_data(tod):
    t = tod.arranged([QUEEN_HAND, ["monk"]], POOL, step="acted")
    view = t.view("p1")
    assert view["secure_hints"]["queen"] | {"reason": ""} == {
        "ok": True,
        "reason": "",
        "evidence": 4,
        "plans": 6,
        "insider": True,
        "needs": [4, 6],
    }
    assert view["secure_values"]["minstrel"]["queen"] == [2, 2, 0]
    assert set(view["secure_values"]) == set(QUEEN_HAND + POOL)
    t = tod.arranged([QUEEN_HAND, ["monk"]], POOL, step="acted", catalog=False)
    view = t.view("p1")
    assert view["secure_values"]["sailor"]["queen"] == "?"
    assert view["secure_hints"]["queen"]["ok"] is None
    assert "enter from your cards" in view["secure_hints"]["queen"]["reason"]


def test_unknown_values_are_listed_card_by_card(tod):
    view = tod.Table(2, catalog=False).view()
    unknown = {entry["card"]: entry["fields"] for entry in view["unknown"]}
    assert unknown["Queen"] == [
        "name", "title", "rank", "icon", "Start hand size", "Market", "Max hand size",
    ]  # fmt: skip
    assert unknown["Priest"] == ["evidence", "plans", "sponsor icons and stars", "“Free for” marks"]
    filled = {e["card"]: e["fields"] for e in tod.Table(2).view()["unknown"]}
    assert filled["Queen"] == ["name", "title", "icon"] and "Priest" not in filled


def test_a_form_enters_icons_and_free_marks_sponsor_by_sponsor(tod):
    t = tod.Table(2, catalog=False)
    t.do("set-person-card", {"person": "nun", "icons": ["queen=2", "bishop=0"]})
    t.do("set-person-card", {"person": "nun", "icons": ["bishop=none", "sponsor-d=1"]})
    assert t.state.catalog.person("nun").ribbon == {"queen": 2, "sponsor-d": 1}
    t.do("set-person-card", {"person": "nun", "free": ["bishop=yes", "queen=yes"]})
    t.do("set-person-card", {"person": "nun", "free": ["bishop=no"]})
    assert t.state.catalog.person("nun").free_for == ["queen"]
    with pytest.raises(RuleError, match="not a sponsor mark"):
        t.do("set-person-card", {"person": "nun", "icons": ["queen=7"]})
    with pytest.raises(RuleError, match="no sponsor called"):
        t.do("set-person-card", {"person": "nun", "free": ["pope=yes"]})


def test_deck_draws_take_their_pool_discards_in_order(tod):
    t = tod.arranged([["nun"], ["monk"]], POOL)
    picks = [{"person": "sailor", "source": "deck"}, {"person": "nun", "source": "deck"}]
    sentence = t.do("recruit", {"picks": picks, "deck_discards": ["deacon", "monk"]})
    assert "Sailor from the deck (discarding Deacon from the pool) and Nun from the deck " in (
        sentence
    )
    t = tod.arranged([["nun"], ["monk"]], POOL)
    with pytest.raises(RuleError, match="Only a card drawn from the deck"):
        t.do("recruit", {"picks": [{"person": "monk"}, {"person": "farmer"}],
                         "deck_discards": ["deacon"]})  # fmt: skip


def test_a_tables_entries_become_the_groups_catalog(tod):
    t = tod.Table(2, catalog=False)
    assert catalog_from_state(t.state) == {}
    t.do("set-sponsor-card", {"sponsor": "queen", "rank": 1, "evidence": 4})  # 4 is shipped
    t.do("set-person-card", {"person": "nun", "crew": 0, "free_for": []})
    assert catalog_from_state(t.state) == {
        "sponsors": {"queen": {"rank": 1}},
        "people": {"nun": {"crew": 0, "free_for": []}},
    }
    again = game.load(game.setup({"players": ["A", "B"], **catalog_from_state(t.state)}, 1))
    assert again.catalog == t.state.catalog


def test_the_question_mark_legend_is_for_a_question_mark_on_the_board(tod):
    """The filled catalog still lacks the Queen's name (not shown on the board): no "?" is on
    the board, so no legend; an empty catalog shows "?" for the sponsors' values, and says so."""
    filled = tod.Table(2).view()
    assert filled["unknown"] and not filled["board_unknown"]
    assert tod.Table(2, catalog=False).view()["board_unknown"]
