"""Dark Tales as the platform sees it: the rules' functions and every move module's moves
gathered into one ``Game``. Move modules never import this one, so imports run one way."""

from __future__ import annotations

from games.core.engine import Game
from games.core.moves import collect
from games.dark_tales import card_entry, manual, rules
from games.dark_tales.catalog import SavedCatalog
from games.dark_tales.scoring import invariants, outcome
from games.dark_tales.seat_view import seats, to_act, view
from games.dark_tales.state import Options, State, turn_seat


def catalog_from_state(state: State) -> dict:
    """The card data a table's players entered (for the group's saved catalog)."""
    return {
        "cards": [card.model_dump(mode="json") for card in state.cards.values()],
        "settings": [setting.model_dump(mode="json") for setting in state.settings.values()],
    }


def seat_view(state: State, seat: str) -> dict:
    """The seat's view, its moves the phase's that the moves' own ``roles=`` allow this seat:
    ``game.may``, the engine's reading of the declaration it also enforces (read at call time,
    once ``game`` below exists)."""
    return view(state, seat, game.may(state, seat))


game = Game(
    slug="dark-tales",
    title="Dark Tales",
    State=State,
    Options=Options,
    setup_fn=rules.setup,
    view_fn=seat_view,
    seats_fn=seats,
    outcome_fn=outcome,
    invariants_fn=invariants,
    blurb="Tell a dark fairy tale with cards: score tracker and rules assistant.",
    template="games/dark_tales/panel.html",
    to_act_fn=to_act,
    # The moves of a turn (state.TURN) are a player's seat's during its own turn only.
    turn_fn=turn_seat,
    over_fn=rules.over,
    role_names={"player": "a player waiting for their turn"},
    options_template="games/dark_tales/new_options.html",
    Catalog=SavedCatalog,
    catalog_from_state_fn=catalog_from_state,
    # A card's facts answered at the table (a play's question, a target's type, a card entered)
    # are the group's card data too when the keeper's device answers, as a saved sheet is:
    # the group's next table asks nothing about that card (a move that learned nothing
    # writes nothing).
    keep_for_group_after=frozenset({"play-card", "play-revealed", "play-item", "edit-card"}),
    # A player's hand and face-down VP tokens are their own until the game ends.
    secret_keys=frozenset({"hand", "hand_unknown", "vp"}),
    # Read by every move (a stale move is refused once one of them changed, games/core/commute.py):
    # whose turn and which step of it, and the deck's count.
    contended=frozenset({"active", "turn", "phase", "deck"}),
    moves=collect(rules.moves, manual.moves, card_entry.moves),
    sample_options=({"players": ["Ada", "Bo"]}, {"players": ["Ada", "Bo", "Cy"]}),
)
