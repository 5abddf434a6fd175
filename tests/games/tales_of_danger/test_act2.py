"""Act 2: free market cards, Market and Max from the sponsor, and the move into Act 3.

Test catalog: the Queen has Market 2, Max 8; the Bishop Market 3, Max 9.
The Doctor is marked “Free for” the Queen.
"""

import json

import pytest

from games.core.engine import RuleError

HAND = ["sailor", "business-man", "minstrel"]
POOL = ["doctor", "monk", "farmer", "deacon", "innkeeper"]
PLAIN_POOL = ["monk", "farmer", "deacon", "innkeeper", "captain"]
SEVEN = HAND + ["monk", "monk", "farmer", "farmer"]
NINE = ["nun"] * 5 + ["royal-guard"] * 4
ON_TABLE = ["queen", "bishop", "sponsor-e"]


def test_free_cards_for_your_sponsor_come_first(tod):
    t = tod.arranged([HAND, ["nun"]], POOL, ["queen", None], on_table=ON_TABLE)
    picks = [{"person": "monk"}, {"person": "farmer"}]
    with pytest.raises(RuleError, match="First take 1 free card for the Queen: Doctor"):
        t.do("gather", {"picks": picks})
    sentence = t.do("take-free-cards", {"refill": ["sailor"]})
    assert sentence == ("Ada took Doctor free from the pool; the pool was refilled with Sailor.")
    t.do("gather", {"picks": picks, "refill": ["nun", "nun"]})
    assert sorted(t.state.players[0].hand) == sorted(HAND + ["doctor", "monk", "farmer"])
    assert t.state.active == 1


def test_a_card_not_free_for_your_sponsor_is_refused(tod):
    t = tod.arranged([HAND, ["nun"]], PLAIN_POOL, ["queen", None], on_table=ON_TABLE)
    with pytest.raises(RuleError, match="No card in the pool is free for the Queen"):
        t.do("take-free-cards")
    with pytest.raises(RuleError, match="The Monk is not free for the Queen"):
        t.do("take-free-cards", {"people": ["monk"]})


def test_unknown_free_marks_are_asked_for(tod):
    t = tod.arranged([HAND, ["nun"]], PLAIN_POOL, ["queen", None], on_table=ON_TABLE)
    t.do("set-person-card", {"person": "monk", "free_for": None})
    picks = [{"person": "monk"}, {"person": "farmer"}]
    with pytest.raises(RuleError, match="does not know the “Free for” marks on: Monk"):
        t.do("gather", {"picks": picks})
    with pytest.raises(RuleError, match="enter from your cards"):
        t.do("take-free-cards")
    t.do("gather", {"picks": picks, "free_checked": True})


def test_market_and_max_come_from_the_sponsor(tod):
    t = tod.arranged([SEVEN, ["nun"]], PLAIN_POOL, ["queen", None], on_table=ON_TABLE)
    with pytest.raises(RuleError, match="Gather exactly 2 card"):
        t.do("gather", {"picks": [{"person": "monk"}]})
    picks = [{"person": "deacon"}, {"person": "captain"}]
    with pytest.raises(RuleError, match="would hold 9 cards but the Max hand size is 8"):
        t.do("gather", {"picks": picks})
    t.do("gather", {"picks": picks, "discard": ["monk"]})
    assert len(t.state.players[0].hand) == 8


def test_missing_market_value_is_asked_for(tod):
    t = tod.arranged([HAND, ["nun"]], PLAIN_POOL, ["bishop", None], catalog=False)
    t.do("set-person-card", {"person": "monk", "free_for": []})
    for pid in PLAIN_POOL:
        t.do("set-person-card", {"person": pid, "free_for": []})
    with pytest.raises(RuleError, match="Market value of the Bishop yet: enter from your cards"):
        t.do("gather", {"picks": [{"person": "monk"}]})


def test_act3_begins_when_everyone_holds_their_max(tod):
    t = tod.arranged([SEVEN, NINE], PLAIN_POOL, ["queen", "bishop"], on_table=ON_TABLE)
    sentence = t.do(
        "gather",
        {"picks": [{"person": "deacon"}, {"person": "captain"}], "discard": ["monk"]},
    )
    assert "Act 3 begins" in sentence
    state = t.state
    assert state.stage == "act3"
    assert state.removed_sponsors == ["sponsor-e"] and state.sponsors == ["queen", "bishop"]
    assert state.pool == [] and state.discard == []
    assert state.deck == 102 - 8 - 9
    assert (state.active, state.step, state.prepare_queue) == (0, "prepare", [0, 1])
    assert [p.act for p in state.players] == [3, 3]
    # Hands are private from now on.
    ada_hand = state.players[0].hand
    assert t.view("p1")["players"][0]["hand"] == ada_hand
    for seat in ("p2", "table"):
        ada = t.view(seat)["players"][0]
        assert "hand" not in ada and ada["hand_count"] == 8


def test_act3_waits_for_every_player(tod):
    t = tod.arranged([SEVEN, ["nun"] * 8], PLAIN_POOL, ["queen", "bishop"], on_table=ON_TABLE)
    t.do("gather", {"picks": [{"person": "deacon"}, {"person": "captain"}], "discard": ["monk"]})
    assert t.state.stage == "acts" and t.state.active == 1  # Bo holds 8 of 9
    # A player still in Act 1 also holds it back.
    t = tod.arranged([SEVEN, NINE, ["nun"]], PLAIN_POOL, ["queen", "bishop", None],
                     on_table=ON_TABLE + ["sponsor-d"])  # fmt: skip
    t.do("gather", {"picks": [{"person": "deacon"}, {"person": "captain"}], "discard": ["monk"]})
    assert t.state.stage == "acts"


def test_bishop_holder_starts_when_bishop_outranks_the_rest(tod):
    seven_e = ["sailor"] * 5  # Sponsor E: Max 7
    pool = ["monk", "farmer", "deacon", "innkeeper", "sailor"]
    t = tod.arranged([seven_e, NINE], pool, ["sponsor-e", "bishop"], on_table=ON_TABLE)
    t.do("gather", {"picks": [{"person": "deacon"}, {"person": "monk"}]})
    state = t.state
    assert state.stage == "act3"
    assert state.sponsors == ["bishop", "sponsor-e"]
    assert (state.active, state.prepare_queue) == (1, [1, 0])
    assert "Bo prepares a first segment" in t.log[-1]
    assert json.loads(json.dumps(t.view("table")))["players"][1]["hand_count"] == 9
