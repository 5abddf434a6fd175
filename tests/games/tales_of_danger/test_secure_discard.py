"""Securing a sponsor ends with the discard down to its Start hand size, in the same turn (the
rulebook: "When you secure a Sponsor, do the following, in order: take the Sponsor Card ...
Discard cards from your hand until it is down to your Sponsor's Start hand size"). QA session 7
saw Fay keep 7 cards for three turns after securing the Bishop (Start 2).

For sponsors of the test catalog with Start values 2, 3 and 4: the turn stays the
securing player's until the hand is down to it, and passes with the discard.
"""

import pytest

from games.core.engine import RuleError

HAND = ["monk", "farmer", "deacon", "innkeeper", "nun", "nun", "monk"]  # 7: the Act 1 limit
POOL = ["captain", "sailor", "doctor", "priest", "farmer"]


def _received(tod, sponsor: str):
    """Ada, last without a sponsor and unable to secure one, receives ``sponsor`` (the only one
    left) holding 7 cards; Bo holds another."""
    other = "bishop" if sponsor == "queen" else "queen"
    t = tod.arranged(
        [HAND, ["sailor"]], POOL, [None, other], step="acted", on_table=[sponsor, other]
    )
    return t, t.do("take-lowest-sponsor")


@pytest.mark.parametrize("sponsor", ["queen", "bishop", "sponsor-f"])
def test_the_turn_ends_only_once_the_hand_is_down_to_the_sponsors_start(tod, sponsor):
    start = tod.SPONSORS[sponsor][3]
    assert start < len(HAND), "the test catalog's Start is below the hand"
    t, sentence = _received(tod, sponsor)
    assert sentence.endswith(f"down to {start} cards (the Start hand size), before the turn ends.")
    assert (t.state.active, t.state.players[0].discard_to) == (0, start)
    with pytest.raises(RuleError, match=f"^Ada must first discard down to {start} cards: "):
        t.do("end-turn")
    with pytest.raises(RuleError, match="^It is Ada's turn"):
        t.do("refill-pool", {"people": ["monk"]}, seat="p2")
    before = t.data
    with pytest.raises(RuleError, match="choose 1 more card to discard"):
        t.do("discard-down", {"player": "p1", "people": HAND[start + 1 :]})
    assert t.data == before
    sentence = t.do("discard-down", {"player": "p1", "people": HAND[start:]})
    assert sentence.endswith("starts Act 2; Bo is next.")
    assert t.state.active == 1 and sorted(t.state.players[0].hand) == sorted(HAND[:start])
