"""The final round after a fifth segment, the reveal, scores and the tie-break by rank.

act3 tables give seats sponsors in rank order: p1 the Queen (1), p2 the Knights Templar (2),
p3 the Bishop (3).
"""

import pytest

from games.core.engine import RuleError
from games.tales_of_danger.game import game


def four_legs(difficulty: int, journal: int):
    return [(difficulty, journal)] * 4


def test_a_fifth_segment_gives_everyone_else_one_final_turn(tod):
    t = tod.act3(
        [["monk", "nun"], ["nun"], ["monk"]],
        [(1, ["crew"]), (1, ["crew"]), (1, ["crew"])],
        [four_legs(2, 2), [(1, None)], []],
    )
    sentence = t.do("complete-segment", {"pay": [{"person": "monk"}]})
    assert (
        "That is the fifth segment: everyone else takes one final turn. Bo takes a final turn"
        in sentence
    )
    state = t.state
    assert (state.final_round_by, state.final_turns, state.active) == (0, [1, 2], 1)
    assert t.view()["final_round"] == {"by": "p1", "waiting": ["p2", "p3"]}
    # No sixth segment for Ada, from her own seat or any other way.
    attempts = {
        "prepare-segment": {"difficulty": 1, "costs": ["crew"]},
        "complete-segment": {},
        "forage": {"cost": "crew"},
    }
    for move, args in attempts.items():
        with pytest.raises(RuleError, match="^It is Bo's turn.$"):
            t.do(move, args, seat="p1")
    assert "Cy takes a final turn" in t.do("forage", {"cost": "crew"}, seat="p2")
    # Cy completes a segment in the final turn: nothing to prepare, the game ends.
    sentence = t.do("complete-segment", {"pay": [{"person": "monk"}]}, seat="p3")
    assert sentence.endswith(
        "The game is over: journals are revealed and scored. Waiting for journals from Ada."
    )
    state = t.state
    assert state.stage == "over" and state.players[2].segment is None
    # No one's turn: every seat hears that the game is over, not whose move it would be (no
    # seat has the role a turn's move is for); the journal still owed is written below.
    for seat in ("p3", "table"):
        with pytest.raises(RuleError, match="^The game is over.$"):
            t.do("forage", {"cost": "crew"}, seat=seat)
    out = game.outcome(t.data)
    assert not out.finished and out.scores == {"p1": 9, "p2": 1, "p3": 1}
    assert "waiting for journals from Ada" in out.summary
    assert t.view()["prompt"] == "Waiting for journals from Ada."
    t.do("write-journal", {"value": 2, "person": "nun"}, seat="p1")
    out = game.outcome(t.data)
    assert out.finished and out.scores == {"p1": 19, "p2": 1, "p3": 1}
    assert out.winners == ("p1",) and out.summary == "Ada wins with 19 points."


def test_the_reveal_shows_every_journal_and_the_per_segment_breakdown(tod):
    t = tod.act3([["monk", "nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])],
                 [four_legs(2, 3), [(3, 1)]])  # fmt: skip
    t.do("complete-segment", {"pay": [{"person": "monk"}]})
    t.do("forage", {"cost": "crew"}, seat="p2")
    assert game.view(t.data, "p2")["scoreboard"]["rows"][0]["total"] is None
    t.do("write-journal", {"value": 1, "person": "nun"}, seat="p1")
    board = game.view(t.data, "p2")["scoreboard"]
    assert board["revealed"] is True
    ada, bo = board["rows"]
    assert [(s["difficulty"], s["journal"]) for s in ada["segments"]] == [(2, 3)] * 4 + [(1, 1)]
    assert (ada["segment_points"], ada["journal_points"], ada["total"]) == (9, 13, 22)
    assert (bo["segment_points"], bo["journal_points"], bo["total"]) == (3, 1, 4)
    assert board["winners"] == ["p1"]


def test_a_tie_goes_to_the_higher_ranked_sponsor(tod):
    # Ada (the Queen, rank 1) finishes on 16 + 1 + 3 = 20; Bo (rank 2) already has 20.
    t = tod.act3(
        [["monk", "nun"], ["nun"]],
        [(1, ["crew"]), (1, ["crew"])],
        [four_legs(2, 2), [(3, 3), (3, 3), (2, 2), (2, 2)]],
    )
    t.do("complete-segment", {"pay": [{"person": "monk"}]})
    t.do("forage", {"cost": "crew"})
    t.do("write-journal", {"value": 3, "person": "nun"}, seat="p1")
    out = game.outcome(t.data)
    assert out.scores == {"p1": 20, "p2": 20}
    assert out.winners == ("p1",)
    assert out.summary == "Ada wins with 20 points (the tie goes to the higher-ranked sponsor)."


def test_a_tie_between_later_seats_also_goes_by_rank(tod):
    # Bo (rank 2) and Cy (rank 3) tie on 12; Ada ends lower.
    t = tod.act3(
        [["monk"], ["nun"], ["nun"]],
        [(1, ["crew"]), (1, ["crew"]), (1, ["crew"])],
        [[(1, None)] * 4, [(3, 3), (3, 3)], [(2, 2), (2, 2), (2, 2)]],
    )
    t.do("complete-segment", {"pay": [{"person": "monk"}]})
    t.do("forage", {"cost": "crew"})
    t.do("forage", {"cost": "crew"})
    out = game.outcome(t.data)
    assert out.scores == {"p1": 5, "p2": 12, "p3": 12}
    assert out.winners == ("p2",)


def test_the_turn_order_in_act3_goes_to_the_left(tod):
    t = tod.act3([["nun"], ["nun"], ["nun"]], [(1, ["crew"])] * 3)
    seen = []
    for _ in range(4):
        seen.append(t.state.active)
        t.do("forage", {"cost": "supply"})
    assert seen == [0, 1, 2, 0]
