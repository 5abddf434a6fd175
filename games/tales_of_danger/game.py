"""Tales of Danger as the platform sees it: the rules' functions and every move module's moves
gathered into one ``Game``. Move modules never import this one, so imports run one way."""

from __future__ import annotations

from games.core.engine import Game
from games.core.moves import collect
from games.tales_of_danger import acts, card_entry, market, voyage
from games.tales_of_danger.catalog import SavedCatalog, entered
from games.tales_of_danger.common import turn_seat
from games.tales_of_danger.rules import invariants, over, setup, to_act
from games.tales_of_danger.scoring import outcome
from games.tales_of_danger.seat_view import seats, view
from games.tales_of_danger.state import Options, State


def catalog_from_state(state: State) -> dict:
    """The card values a table's players entered (for the group's saved catalog)."""
    return entered(state.catalog).model_dump(mode="json", exclude_defaults=True)


def seat_view(state: State, seat: str) -> dict:
    """The seat's view, its moves the phase's that the moves' own ``roles=`` allow this seat:
    ``game.may``, the engine's reading of the declaration it also enforces (read at call time,
    once ``game`` below exists)."""
    return view(state, seat, game.may(state, seat))


game = Game(
    slug="tales-of-danger",
    title="Tales of Danger #1: Days of Discovery",
    State=State,
    Options=Options,
    setup_fn=setup,
    view_fn=seat_view,
    seats_fn=seats,
    outcome_fn=outcome,
    invariants_fn=invariants,
    blurb="Secure a sponsor, gather crew and supplies, and sail five segments to the Land of Danger.",
    template="games/tales_of_danger/panel.html",
    to_act_fn=to_act,
    # The active player's seat has the role ACTIVE: Act 3's moves are its alone (common.py).
    turn_fn=turn_seat,
    over_fn=over,
    options_template="games/tales_of_danger/new_options.html",
    # The group's card data (its fields are Options fields), saved once per server.
    Catalog=SavedCatalog,
    catalog_from_state_fn=catalog_from_state,
    # In Act 3 (and after) a player's hand is their own.
    secret_keys=frozenset({"hand", "unnamed"}),
    # Read by every move (a stale move is refused once one of them changed, games/core/commute.py):
    # the act and step, whose turn, who still owes a turn, and the deck's count.
    contended=frozenset({"stage", "step", "active", "turn", "deck"})
    | {"final_round_by", "final_turns", "prepare_queue"},
    moves=collect(acts.moves, market.moves, voyage.moves, card_entry.moves),
    sample_options=({"players": ["Ada", "Bo"]}, {"players": ["Ada", "Bo", "Cy"]}),
)
