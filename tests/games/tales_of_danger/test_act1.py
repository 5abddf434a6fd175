"""Dealing and Act 1: recruiting, the hand limit, securing a sponsor, Move the Story Along.

The test catalog (conftest.py) gives, among others:
  Sailor, Business Man: a Queen icon with a star, 1 evidence 2 plans;
  Minstrel: a Queen icon without stars, 2 evidence 2 plans; the Queen needs 4 and 6.
"""

import json
import re

import pytest

from games.core.engine import RuleError

QUEEN_HAND = ["sailor", "business-man", "minstrel"]  # 4 evidence, 6 plans, one insider
POOL = ["monk", "farmer", "deacon", "captain", "innkeeper"]
ALL = ["queen", "knights-templar", "bishop", "sponsor-d", "sponsor-e", "sponsor-f"]


def test_dealing_starting_hands_and_the_pool_begins_the_game(tod):
    t = tod.Table(2)
    t.do("deal", {"player": "p1", "people": ["nun", "nun", "sailor"]})
    with pytest.raises(RuleError, match="Deal the starting hands"):
        t.do("recruit", {"picks": []})
    t.do("deal", {"player": "Bo", "people": ["monk", "farmer", "deacon"]}, seat="p2")
    sentence = t.do("refill-pool", {"people": POOL})
    assert "Ada takes the first turn" in sentence
    state = t.state
    assert state.stage == "acts" and state.active == 0
    assert state.deck == 102 - 6 - 5
    assert t.view()["prompt"] == "Ada recruits 2 people."


def test_dealing_more_copies_than_the_game_has_is_refused(tod):
    t = tod.Table(4)
    t.do("deal", {"player": "p1", "people": ["kings-steward", "nun", "nun"]})
    with pytest.raises(RuleError, match="only 1 King's Steward card,"):
        t.do("deal", {"player": "p2", "people": ["kings-steward", "monk", "monk"]})
    with pytest.raises(RuleError, match="no kind of person called"):
        t.do("deal", {"player": "p2", "people": ["pirate", "monk", "monk"]})


def test_recruit_from_the_pool_and_the_deck(tod):
    t = tod.arranged([["nun"], ["monk"]], POOL)
    sentence = t.do(
        "recruit",
        {
            "picks": [
                {"person": "captain"},
                {"person": "sailor", "source": "deck", "pool_discard": "deacon"},
            ],
            "refill": ["nun", "royal-guard"],
        },
    )
    assert sentence == (
        "Ada recruited Captain from the pool and Sailor from the deck (discarding Deacon from "
        "the pool); the pool was refilled with Nun and Royal Guard."
    )
    state = t.state
    assert state.players[0].hand == ["nun", "captain", "sailor"]
    assert state.discard == ["deacon"]
    assert sorted(state.pool) == sorted(["monk", "farmer", "innkeeper", "nun", "royal-guard"])
    assert state.step == "acted"


@pytest.mark.parametrize(
    "picks, reason",
    [
        ([{"person": "captain"}], "exactly 2"),
        ([{"person": "captain"}, {"person": "sailor"}], "no Sailor in the pool"),
        ([{"person": "captain"}, {"person": "sailor", "source": "deck"}], "say which one"),
        (
            [{"person": "captain", "pool_discard": "monk"}, {"person": "monk"}],
            "Only a card drawn from the deck",
        ),
    ],
)
def test_bad_recruits_are_refused(tod, picks, reason):
    t = tod.arranged([["nun"], ["monk"]], POOL)
    with pytest.raises(RuleError, match=reason):
        t.do("recruit", {"picks": picks})


def test_recruiting_past_the_hand_limit_is_refused(tod):
    six = ["nun", "nun", "sailor", "sailor", "monk", "monk"]
    t = tod.arranged([six, ["farmer"]], POOL)
    picks = [{"person": "captain"}, {"person": "deacon"}]
    with pytest.raises(RuleError, match="would hold 8 cards but the Act 1 hand limit is 7"):
        t.do("recruit", {"picks": picks})
    with pytest.raises(RuleError, match="may only discard 1"):
        t.do("recruit", {"picks": picks, "discard": ["nun", "nun"]})
    t.do("recruit", {"picks": picks, "discard": ["nun"], "refill": ["nun", "nun"]})
    assert len(t.state.players[0].hand) == 7


def test_a_pool_that_was_not_refilled_must_be_refilled_first(tod):
    t = tod.arranged([["nun"], ["monk"]], POOL, active=1)
    t.data["pool"] = POOL[:3]
    t.data["deck"] += 2
    with pytest.raises(RuleError, match="Refill the pool first: flip 2"):
        t.do("recruit", {"picks": [{"person": "monk"}, {"person": "farmer"}]})


def test_only_the_active_players_seat_or_the_table_may_act(tod):
    t = tod.arranged([["nun"], ["monk"]], POOL)
    with pytest.raises(RuleError, match="It is Ada's turn"):
        t.do("recruit", {"picks": [{"person": "monk"}, {"person": "farmer"}]}, seat="p2")
    t.do("recruit", {"picks": [{"person": "monk"}, {"person": "farmer"}]}, seat="p1")


def test_securing_a_sponsor_with_no_insider_is_refused(tod):
    # Minstrel, Innkeeper, Captain show the Queen's icon without stars: 5 evidence, 7 plans.
    t = tod.arranged([["minstrel", "innkeeper", "captain"], ["monk"]], POOL, step="acted")
    with pytest.raises(RuleError, match="None of these people is an insider .* for the Queen"):
        t.do("secure-sponsor", {"sponsor": "queen"})


def test_securing_needs_enough_evidence_and_plans_on_people_with_the_icon(tod):
    # The Monk has 2 evidence 3 plans, but no Queen icon: it does not count.
    t = tod.arranged([["sailor", "business-man", "monk"], ["monk"]], POOL, step="acted")
    with pytest.raises(RuleError, match="needs 4 evidence and 6 plans.* give 2 and 4"):
        t.do("secure-sponsor", {"sponsor": "queen"})


def test_securing_moves_the_player_to_act_2_and_asks_for_discards(tod):
    hand = QUEEN_HAND + ["monk", "farmer"]
    t = tod.arranged([hand, ["monk"]], POOL, step="acted", on_table=ALL[:3])
    with pytest.raises(RuleError, match="no Deacon in hand to present"):
        t.do("secure-sponsor", {"sponsor": "queen", "people": ["deacon"]})
    sentence = t.do("secure-sponsor", {"sponsor": "Queen", "people": QUEEN_HAND})
    assert "Ada secured the Queen and moves to Act 2" in sentence
    assert "must discard down to 3 cards" in sentence
    state = t.state
    assert (state.players[0].act, state.players[0].sponsor) == (2, "queen")
    # The discard is part of securing (the rulebook's "in order"): Ada's turn until it is done.
    assert state.players[0].discard_to == 3 and state.active == 0
    with pytest.raises(RuleError, match="must first discard down to 3 cards"):
        t.do("end-turn")
    with pytest.raises(RuleError, match="Bo has nothing to discard"):
        t.do("discard-down", {"people": ["monk", "farmer"]}, seat="p2")
    with pytest.raises(RuleError, match="Only that player's own seat or the table"):
        t.do("discard-down", {"player": "p1", "people": ["monk", "farmer"]}, seat="p2")
    assert t.do("discard-down", {"people": ["monk", "farmer"]}, seat="p1").endswith("Bo is next.")
    assert t.state.players[0].hand == QUEEN_HAND
    assert t.state.players[0].discard_to is None


def test_securing_waits_for_recruiting_and_needs_a_sponsor_on_the_table(tod):
    t = tod.arranged([QUEEN_HAND, ["monk"]], POOL, on_table=["bishop", "sponsor-d", "sponsor-e"])
    with pytest.raises(RuleError, match="recruits first"):
        t.do("secure-sponsor", {"sponsor": "queen"})
    t.do("recruit", {"picks": [{"person": "monk"}, {"person": "farmer"}], "refill": ["nun"] * 2})
    with pytest.raises(RuleError, match="Queen is not available"):
        t.do("secure-sponsor", {"sponsor": "queen"})
    assert "ended the turn" in t.do("end-turn")


# A sentence names a sponsor as it reads aloud: "the Queen", but "Sponsor D" (a letter the app
# gives a sponsor the rulebook doesn't name stands for a name), and once the group entered the
# card's name, the name first ("Ida Vane (the Queen)").
NAMED_IN_A_SENTENCE = [
    pytest.param("sponsor-d", None, "Ada secured Sponsor D and", id="a letter"),
    pytest.param("sponsor-d", "Ida Vane", "Ada secured Ida Vane (Sponsor D) and", id="named"),
    pytest.param("queen", None, "Ada secured the Queen and", id="the rulebook's"),
    pytest.param("queen", "Ida Vane", "Ada secured Ida Vane (the Queen) and", id="named title"),
]


@pytest.mark.parametrize(("sponsor", "name", "expected"), NAMED_IN_A_SENTENCE)
def test_a_secured_sponsor_reads_right_named_or_not(tod, sponsor, name, expected):
    hand = ["nun", "monk"] if sponsor == "sponsor-d" else QUEEN_HAND
    for on_table in (["queen", "sponsor-d"], ["bishop"]):
        t = tod.arranged([hand, ["monk"]], POOL, step="acted", on_table=on_table)
        if name:
            t.do("set-sponsor-card", {"sponsor": sponsor, "name": name})
        if sponsor not in on_table:  # the sentence opens with it: a capital
            called = expected.removeprefix("Ada secured ").removesuffix(" and")
            with pytest.raises(
                RuleError, match="^" + re.escape(f"{called[0].upper()}{called[1:]} is")
            ):
                t.do("secure-sponsor", {"sponsor": sponsor})
            continue
        sentence = t.do("secure-sponsor", {"sponsor": sponsor})
        assert sentence.startswith(expected)
        assert "the Sponsor" not in sentence and "the Ida" not in sentence


def test_move_the_story_along_with_two_players(tod):
    on_table = ["queen", "bishop", "sponsor-e"]
    t = tod.arranged(
        [["sailor", "sailor", "sailor"], ["monk"]], POOL, [None, "queen"], on_table=on_table
    )
    t.do("recruit", {"picks": [{"person": "monk"}, {"person": "farmer"}], "refill": ["nun"] * 2})
    assert "must take one" in t.log[-1]
    with pytest.raises(RuleError, match="last player without a sponsor.*Sponsor E"):
        t.do("end-turn")
    with pytest.raises(RuleError, match="insider"):
        t.do("secure-sponsor", {"sponsor": "bishop"})
    sentence = t.do("take-lowest-sponsor")
    lead = "Ada receives Sponsor E (the lowest-ranking sponsor left) and moves to Act 2"
    assert sentence.startswith(lead)
    assert sentence.endswith("(the Start hand size), before the turn ends.")
    assert ") (" not in sentence
    assert t.state.players[0].sponsor == "sponsor-e"


def test_the_lowest_sponsor_is_given_only_to_the_last_player(tod):
    t = tod.arranged([["sailor"], ["monk"], ["nun"]], POOL, step="acted", on_table=ALL[:4])
    with pytest.raises(RuleError, match="Only the last player"):
        t.do("take-lowest-sponsor")


def test_with_six_players_the_sixth_receives_the_last_sponsor(tod):
    hands = [QUEEN_HAND, ["monk"], ["nun"], ["farmer"], ["deacon"], ["captain", "nun", "nun"]]
    sponsors = [None, "knights-templar", "bishop", "sponsor-d", "sponsor-e", None]
    t = tod.arranged(hands, POOL, sponsors, step="acted")
    sentence = t.do("secure-sponsor", {"sponsor": "queen"})
    assert "Ada secured the Queen" in sentence
    assert "Flo receives Sponsor F and moves to Act 2" in sentence
    flo = t.state.players[5]
    assert (flo.sponsor, flo.act, flo.discard_to) == ("sponsor-f", 2, None)  # Start is 4
    assert all(p.act == 2 for p in t.state.players)


def test_act1_secure_hints_for_the_active_player(tod):
    t = tod.arranged([QUEEN_HAND, ["monk"]], POOL, step="acted", on_table=ALL[:3])
    hints = t.view("p1")["secure_hints"]
    assert hints["queen"]["ok"] is True
    assert hints["bishop"]["ok"] is False
    assert "secure_hints" not in t.view("p2")


# Move the Story Along: the last player without a sponsor must take one. The lowest-ranking
# sponsor left is given only to a player who cannot secure any sponsor still on the table
# with the people in hand; a player who can, secures one of their own choice instead.
MOVE_THE_STORY_ALONG = [
    # (the last player's hand, sponsors left, the sponsor received, or the refusal)
    pytest.param(
        ["sailor", "monk", "farmer"],
        ["queen", "bishop", "sponsor-e"],
        "sponsor-e",
        id="unable-to-secure-any: receives the lowest-ranking left",
    ),
    pytest.param(
        ["innkeeper", "kings-steward", "monk"],
        ["queen", "bishop", "sponsor-e"],
        "Ada can secure Sponsor E",
        id="able-to-secure-the-lowest: secures it by choice, is not given it",
    ),
    pytest.param(
        ["monk", "farmer", "deacon", "sailor"],
        ["knights-templar", "sponsor-e", "sponsor-f"],
        "Ada can secure the Knights Templar",
        id="able-to-secure-a-higher-one: no lowest-ranking sponsor",
    ),
]


@pytest.mark.parametrize(("hand", "left", "expected"), MOVE_THE_STORY_ALONG)
def test_move_the_story_along_gives_the_lowest_only_to_a_player_unable_to_secure(
    tod, hand, left, expected
):
    taken = [s for s in ALL if s not in left][:1]
    t = tod.arranged([hand, ["nun"]], POOL, [None, taken[0]], step="acted", on_table=left + taken)
    if expected in left:
        sentence = t.do("take-lowest-sponsor")
        assert sentence.startswith("Ada receives Sponsor E (the lowest-ranking sponsor left)")
        assert t.state.players[0].sponsor == expected
        return
    before = json.dumps(t.data, sort_keys=True)
    with pytest.raises(RuleError) as refused:
        t.do("take-lowest-sponsor")
    assert str(refused.value).startswith(expected)
    assert "the lowest-ranking sponsor is given only" in str(refused.value)
    assert json.dumps(t.data, sort_keys=True) == before
    # The page agrees with the move: no lowest-ranking button, a prompt to choose, and the
    # end-turn refusal no longer offers the lowest-ranking sponsor.
    assert "take-lowest-sponsor" not in t.view("p1")["moves"]
    assert t.view("p1")["prompt"] == "Ada must secure a sponsor of their choice."
    with pytest.raises(RuleError, match="must take one now: secure one of your choice.$"):
        t.do("end-turn")


def test_the_lowest_sponsor_waits_for_what_the_catalog_lacks_to_tell_unable(tod):
    # Ranks and needs are known, the Sailor's sponsor icons are not: nobody can tell yet.
    t = tod.arranged([["sailor"], ["monk"]], POOL, [None, "queen"], step="acted")
    state = t.state
    state.catalog.person("sailor").ribbon = None
    t.put(state)
    before = json.dumps(t.data, sort_keys=True)
    with pytest.raises(RuleError, match="can't tell yet whether Ada can secure a sponsor. The app"):
        t.do("take-lowest-sponsor")
    assert json.dumps(t.data, sort_keys=True) == before
