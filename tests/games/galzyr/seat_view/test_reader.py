"""What a seat is shown of the scene (games/galzyr/seat_view/reader.py)."""

from __future__ import annotations

from tests.games.galzyr.moves.campaign.test_rulebook_cases import (
    run,
    st,
    table,
)
from tests.games.galzyr.moves.campaign.test_rulebook_end_cases import DISCORD, PURSE, resolve
from tests.games.galzyr.worlds import game


def test_the_next_active_player_opens_on_the_opener_not_the_last_turns_scene():
    """QA 8: the phone of the player whose turn came showed the previous player's scene, over
    ("0101 … The scene is over."), as their first screen."""
    s = resolve(run(table(), "campaign-begin-story"), DISCORD, PURSE)
    waiting = f"p{2 - st(s).active}"  # the other player, whose turn is next
    assert game.view(s, waiting)["scene"] is not None  # read to its end this turn: still shown
    s = run(run(s, "apply-all-effects"), "campaign-end-turn")
    assert waiting == f"p{st(s).active + 1}"
    for seat in (waiting, "sm", "table"):
        seen = game.view(s, seat)
        assert seen["scene"] is None and seen["effects"] == [], seat
    s = run(s, "open-scene", {"number": DISCORD}, waiting)  # their own scene is shown
    assert game.view(s, waiting)["scene"] is not None
