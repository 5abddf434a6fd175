"""Which games still offer the shared display's hand-over: every registered game while it is
played, none once finished, and none where no seat has anything left to do (Dark Tales' B-card
scoring and reveal, the table's)."""

from __future__ import annotations

import pytest

from games.core.engine import Outcome
from games.dark_tales.game import game as dark_tales
from games.dark_tales.rules import begin_turn
from games.services import handed
from games.services.hand_over import still_played
from tests.games.services.test_tables_loaded_state import (
    sample_cases,
    world,  # noqa: F401 (a fixture)
)


@pytest.mark.django_db
@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(("slug", "options"), sample_cases())
def test_every_game_hands_over_while_played_and_never_once_finished(slug, options):
    game = handed.game(slug)  # as the services run it: Galzyr's setup is handed its book
    state = game.load(game.setup(options, 7))
    assert still_played(game, state, game.outcome_fn(state))
    assert not still_played(game, state, Outcome(finished=True))


def test_dark_tales_scoring_is_no_ones_turn():
    state = dark_tales.load(dark_tales.setup({"players": ["Ivy", "Jo"]}, 7))
    for player in state.players:
        state.discard += ["Night"] * player.hand_unknown
        player.hand_unknown = 0
    state.discard += ["Night"] * state.deck
    state.deck = 0
    begin_turn(state)
    assert state.phase == "scoring"
    outcome = dark_tales.outcome_fn(state)
    assert not outcome.finished  # the scores are not revealed yet…
    assert not still_played(dark_tales, state, outcome)  # …but no seat is to play
