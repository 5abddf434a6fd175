"""Act 3: paying segment costs (the rulebook's examples), foraging, preparing, journals.

Test catalog: the Monk shows 1 crew 2 supplies, the Nun 0 crew 1 supply, the Sailor 0 and 1.
"""

import pytest

from games.core.engine import RuleError
from games.tales_of_danger.catalog import default_catalog
from games.tales_of_danger.voyage import PayCard, settle

CATALOG = default_catalog()  # the cost kinds are all known


def pay(*cards):
    return [PayCard(**c) for c in cards]


@pytest.mark.parametrize(
    "costs, paid, owed, wasted, bonus",
    [
        # The payment example: 1 crew and 2 supplies owed; the extra crew is wasted.
        (["crew", "two-supplies"], [{"crew": 1}, {"crew": 1, "supplies": 2}], (1, 2), (1, 0), 0),
        # The Doctor cancels both Illness cards, leaving a single supply.
        (
            ["illness", "illness", "supply"],
            [{"person": "doctor"}, {"supplies": 1}],
            (0, 1),
            (0, 0),
            0,
        ),
        # Only Great Fishing: nothing to pay, one bonus card.
        (["great-fishing"], [], (0, 0), (0, 0), 1),
        (["great-fishing", "great-fishing", "crew"], [{"crew": 1}], (1, 0), (0, 0), 2),
        # A Priest cancels Bad Luck; a Merchant cancels both kinds of Rough Seas.
        (["bad-luck", "crew"], [{"person": "priest"}, {"crew": 1}], (1, 0), (0, 0), 0),
        (["rough-seas-supplies", "rough-seas-mixed"], [{"person": "merchant"}], (0, 0), (0, 0), 0),
        # A second Doctor adds nothing.
        (
            ["illness", "supply"],
            [{"person": "doctor"}, {"person": "doctor"}, {"supplies": 1}],
            (0, 1),
            (0, 0),
            0,
        ),  # fmt: skip
    ],
)
def test_payments_that_cover_the_costs(costs, paid, owed, wasted, bonus):
    result = settle(CATALOG, costs, pay(*paid))
    assert result.ok, result.reason
    assert (result.crew, result.supplies) == owed
    assert result.wasted == wasted
    assert result.bonus == bonus


@pytest.mark.parametrize(
    "costs, paid, reason",
    [
        (["illness", "illness", "supply"], [{"person": "doctor"}], "1 supply short"),
        (["bad-luck"], [{"crew": 2, "supplies": 2}], "still costs 2 crew and 3 supplies: 1 supply"),
        (["crew", "two-supplies"], [{"supplies": 3}], "1 crew short"),
        (["illness"], [{"person": "priest"}], "3 crew short"),
    ],
)
def test_paying_too_little_is_refused_with_what_is_missing(costs, paid, reason):
    result = settle(CATALOG, costs, pay(*paid))
    assert not result.ok
    assert reason in result.reason


def test_complete_a_segment_through_the_engine(tod):
    t = tod.act3([["monk", "?", "nun"], ["nun"]], [(2, ["crew", "two-supplies"]), (1, ["crew"])])
    sentence = t.do("complete-segment", {"pay": [{"person": "monk"}, {"crew": 1}]})
    assert sentence == (
        "Ada completed a difficulty-2 segment, paying Monk and an unnamed card (1 crew wasted). "
        "Ada writes a face-down journal, then prepares the next segment."
    )
    state = t.state
    ada = state.players[0]
    assert ada.hand == ["nun"] and ada.segment is None
    assert [(leg.difficulty, leg.journal_status) for leg in ada.voyage] == [(2, "owed")]
    assert state.step == "prepare" and state.active == 0
    assert sorted(state.discard) == ["?", "?", "?", "monk"]


def test_paying_too_little_through_the_engine_changes_nothing(tod):
    t = tod.act3([["nun", "sailor"], ["nun"]], [(2, ["crew", "two-supplies"]), (1, ["crew"])])
    before = t.data
    with pytest.raises(RuleError, match="That pays 2 supplies, but the segment still costs 1 crew"):
        t.do("complete-segment", {"pay": [{"person": "nun"}, {"person": "sailor"}]})
    assert t.data == before


def test_the_doctor_example_through_the_engine(tod):
    t = tod.act3(
        [["doctor", "nun", "sailor"], ["nun"]],
        [(3, ["illness", "illness", "supply"]), (1, ["crew"])],
    )
    sentence = t.do("complete-segment", {"pay": [{"person": "doctor"}, {"person": "nun"}]})
    assert "(Illness cancelled), paying Doctor and Nun" in sentence
    assert t.view()["players"][0]["segments_done"] == 1


def test_great_fishing_only_costs_nothing_and_gives_a_card(tod):
    t = tod.act3([[], ["nun"]], [(1, ["great-fishing"]), (1, ["crew"])])
    sentence = t.do("complete-segment", {"bonus": ["sailor"]})
    assert "with nothing to pay; Great Fishing gives 1 bonus card." in sentence
    ada = t.state.players[0]
    assert ada.hand == ["sailor"]
    assert ada.voyage[0].journal_status == "owed"  # the bonus card can be the journal


def test_with_an_empty_hand_no_journal_is_written(tod):
    t = tod.act3([["monk"], ["nun"]], [(1, ["supply"]), (1, ["crew"])])
    sentence = t.do("complete-segment", {"pay": [{"person": "monk"}]})
    assert "With an empty hand, Ada writes no journal" in sentence
    assert t.state.players[0].voyage[0].journal_status == "none"


def test_cards_promised_as_journals_cannot_pay(tod):
    t = tod.act3([["monk", "monk"], ["nun"]], [(1, ["crew"]), (1, ["crew"])])
    t.do("complete-segment", {"pay": [{"person": "monk"}]})
    with pytest.raises(RuleError, match="no card in hand to spare"):
        t.do("prepare-segment", {"difficulty": 1, "source": "hand", "costs": ["crew"]})


def test_prepare_the_next_segment_then_the_turn_passes(tod):
    t = tod.act3([["monk", "nun", "nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])])
    t.do("complete-segment", {"pay": [{"person": "monk"}]})
    with pytest.raises(RuleError, match="must first prepare"):
        t.do("forage", {"cost": "crew"})
    with pytest.raises(RuleError, match="exactly 2 cost card"):
        t.do("prepare-segment", {"difficulty": 2, "costs": ["crew"]})
    with pytest.raises(RuleError, match="no segment cost called"):
        t.do("prepare-segment", {"difficulty": 1, "costs": ["storm"]})
    sentence = t.do(
        "prepare-segment",
        {"difficulty": 2, "source": "hand", "person": "nun", "costs": ["illness", "bad-luck"]},
    )
    assert sentence == (
        "Ada prepared a difficulty-2 segment (playing Nun from hand) costing Illness: 3 crew, "
        "Bad Luck: 2 crew, 3 supplies. Bo is next."
    )
    assert t.state.players[0].hand == ["nun"]
    view = t.view()["players"][0]["segment"]
    assert view["owed"] == {"crew": 5, "supplies": 3}
    assert view["after_cancel"] == {
        "bad-luck": {"crew": 3, "supplies": 0},
        "illness": {"crew": 2, "supplies": 3},
    }


def test_forage_adds_a_cost_and_three_cards(tod):
    t = tod.act3([["nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])])
    deck = t.state.deck
    sentence = t.do("forage", {"cost": "illness", "to_hand": ["sailor"]})
    assert sentence == (
        "Ada foraged: “Illness: 3 crew” joins the segment and 3 cards go to hand. Bo is next."
    )
    ada = t.state.players[0]
    assert ada.segment.costs == ["crew", "illness"]
    assert sorted(ada.hand) == ["?", "?", "nun", "sailor"]
    assert t.state.deck == deck - 4
    with pytest.raises(RuleError, match="at most 3|List should have at most 3"):
        t.do("forage", {"cost": "crew", "to_hand": ["nun"] * 4})


def test_the_deck_is_refreshed_from_the_discard_pile(tod):
    t = tod.act3([["nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])])
    state = t.state
    state.discard = ["?"] * (state.deck - 2)
    state.deck = 2
    t.put(state)
    assert "the discard pile was shuffled into a new deck" in t.do("forage", {"cost": "crew"})
    assert t.state.discard == []


def test_journals_are_written_only_on_the_players_own_seat(tod):
    t = tod.act3([["monk", "nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])])
    t.do("complete-segment", {"pay": [{"person": "monk"}]})
    # The move is declared for players only: the engine refuses the shared display.
    with pytest.raises(RuleError, match="“Write journal” is for a player, not"):
        t.do("write-journal", {"value": 3}, seat="table")
    with pytest.raises(RuleError, match="Bo owes no journal"):
        t.do("write-journal", {"value": 3}, seat="p2")
    sentence = t.do("write-journal", {"value": 3, "person": "nun"}, seat="p1")
    assert sentence == "Ada wrote a face-down journal for segment 1."
    assert "3" not in sentence and "Nun" not in sentence
    with pytest.raises(RuleError, match="owes no journal"):
        t.do("write-journal", {"value": 2}, seat="p1")


def _journal_table(tod, value: int):
    t = tod.act3([["monk", "nun"], ["nun", "sailor"]], [(1, ["crew"]), (1, ["crew"])])
    t.do("complete-segment", {"pay": [{"person": "monk"}]})
    t.do("write-journal", {"value": value, "person": "nun"}, seat="p1")
    return t


def test_a_journal_is_hidden_from_every_other_seat(tod):
    low, high = _journal_table(tod, 1), _journal_table(tod, 3)
    assert low.data != high.data
    for seat in ("table", "p2"):
        # The JSON other seats receive does not depend on the journal's value at all.
        assert low.view(seat) == high.view(seat)
        row = low.view(seat)["scoreboard"]["rows"][0]
        assert row["segments"][0]["journal"] is None and row["total"] is None
    own = high.view("p1")["scoreboard"]["rows"][0]
    assert own["segments"][0]["journal"] == 3 and own["total"] == 4
    assert high.view("p1") != low.view("p1")


def test_act3_hands_are_hidden_from_every_other_seat(tod):
    a = tod.act3([["monk", "nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])])
    b = tod.act3([["sailor", "farmer"], ["nun"]], [(1, ["crew"]), (1, ["crew"])])
    for seat in ("table", "p2"):
        assert a.view(seat) == b.view(seat)
    assert a.view("p1")["players"][0]["hand"] == ["monk", "nun"]


def test_a_difficulty_with_no_card_left_is_refused_in_words_a_player_reads(tod):
    """It said "The game has only 2 cards showing 1 ships."."""
    t = tod.act3([["monk", "nun", "nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])])
    t.do("complete-segment", {"pay": [{"person": "monk"}]})
    state = t.state
    state.catalog.ships.update({1: 2, 2: 66})  # Ada's voyage and Bo's segment show both 1s
    t.put(state)
    with pytest.raises(RuleError) as refused:
        t.do(
            "prepare-segment",
            {"difficulty": 1, "source": "hand", "person": "nun", "costs": ["crew"]},
        )
    assert str(refused.value) == (
        "The game has only 2 cards with 1 ship, and all of them are on the table already (in "
        "voyages, journals and the segment being prepared): choose another difficulty or journal."
    )
    assert t.state.players[0].segment is None  # nothing changed
