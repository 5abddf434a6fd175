"""Checks: successes needed by difficulty and challenge mode, and the outcome a count selects."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from storybook.format import Outcome
from storybook.interpreter import (
    ReadContext,
    first_match,
    outcome_ranges,
    read_scene,
    required_successes,
    select_outcome,
)
from tests.storybook.interpreter.ferry import SEASONS, scene


def test_required_successes_by_difficulty_and_challenge_mode():
    partner = scene(
        """
number: 200
partner: true
options:
  - label: Heave.
    check: {skill: might, difficulty: hard}
    outcomes:
      - {min: 3, effects: [{end: true}]}
      - {effects: [{end: true}]}
  - label: Guess.
    check: {skill: knowledge, difficulty: unknown}
    outcomes:
      - {min: 4, effects: [{end: true}]}
      - {effects: [{end: true}]}
"""
    )
    heave, guess = (o.check for o in partner.options)
    assert required_successes(partner, heave, ReadContext()) == 3
    assert required_successes(partner, heave, ReadContext(challenge=True)) == 4
    assert required_successes(partner, guess, ReadContext(challenge=True)) is None
    # not a partner scene: challenge mode changes nothing
    row = SEASONS.options[1].check
    assert required_successes(SEASONS, row, ReadContext(challenge=True)) == 2
    # and the outcome thresholds move with it
    assert select_outcome(partner, 0, 3, ReadContext()) == 0
    assert select_outcome(partner, 0, 3, ReadContext(challenge=True)) == 1
    assert select_outcome(partner, 0, 4, ReadContext(challenge=True)) == 0
    sm = read_scene(partner, ReadContext(challenge=True)).options[0]
    assert sm.check.required == 4 and sm.check.challenge
    assert [o.label for o in sm.outcomes] == ["4+", "0–3"]


def test_the_first_matching_outcome_from_the_left_wins():
    ctx = ReadContext(answers={"sailor": True})
    assert [select_outcome(SEASONS, 1, n, ctx) for n in range(6)] == [2, 2, 1, 0, 0, 0]
    assert select_outcome(SEASONS, 1, -3, ctx) == 2  # never below 0
    labels = [o.label for o in read_scene(SEASONS, ctx).options[1].outcomes]
    assert labels == ["3+", "2", "0–1"]


ranges = st.lists(
    st.tuples(st.integers(0, 6), st.one_of(st.none(), st.integers(0, 6))).map(
        lambda r: (r[0], r[1] if r[1] is None or r[1] >= r[0] else r[0])
    ),
    min_size=1,
    max_size=5,
)


@given(ranges, st.integers(0, 12), st.booleans())
def test_select_outcome_is_the_leftmost_range_holding_the_count(rs, n, challenge):
    outcomes = [Outcome(min=lo or None, max=hi) for lo, hi in rs]
    shifted = outcome_ranges(outcomes, challenge)
    i = first_match(shifted, n)
    if i is not None:
        lo, hi = shifted[i]
        assert lo <= n and (hi is None or n <= hi)
    for lo, hi in shifted[: i if i is not None else len(shifted)]:
        assert not (lo <= n and (hi is None or n <= hi))
