"""Tavern Tales as the platform sees it: the rules' functions and every move module's moves
gathered into one ``Game``. Move modules never import this one, so imports run one way."""

from __future__ import annotations

from games.core.engine import ACTIVE, Game
from games.core.moves import collect
from games.tavern_tales import manual, rules
from games.tavern_tales.catalog import SavedCatalog
from games.tavern_tales.manual import catalog_from_state
from games.tavern_tales.seat_view import view
from games.tavern_tales.state import Options, State

game: Game[State] = Game(
    slug="tavern-tales",
    title="Tavern Tales",
    State=State,
    Options=Options,
    setup_fn=rules.setup,
    view_fn=view,
    seats_fn=rules.seats,
    outcome_fn=rules.outcome,
    invariants_fn=rules.invariants,
    blurb="Legends of Dungeon Drop: tall tales of dungeon deeds, one-upped around the table.",
    template="games/tavern_tales/panel.html",
    to_act_fn=rules.to_act,
    turn_fn=rules.turn_seat,
    over_fn=rules.over,
    role_names={ACTIVE: "the player whose decision it is"},
    options_template="games/tavern_tales/new_options.html",
    Catalog=SavedCatalog,
    catalog_from_state_fn=catalog_from_state,
    # A feat's copies (and the card facts a collect gives) answered on the keeper's device are
    # the group's too: its next table asks nothing (games/tavern_tales/copies.py). Card facts
    # entered on their own reach the group through the card-data sheet.
    keep_for_group_after=frozenset({"show-feats", "collect"}),
    # A hero played face-down in a 2-player claim is its player's until it is shown.
    secret_keys=frozenset({"hero"}),
    # Read by every move (a stale move is refused once one of them changed, games/core/commute.py):
    # whose turn, the phase, who answers the claim now, and the decks' counts.
    contended=frozenset(
        {"active", "turn", "phase", "claim.stage", "claim.responder", "claim.passes"}
        | {"claim.winner", "hero_deck", "feat_deck"}
    ),
    moves=collect(rules.moves, manual.moves),
    sample_options=({"players": ["Ada", "Bo"]}, {"players": ["Ada", "Bo", "Cy"]}),
)
