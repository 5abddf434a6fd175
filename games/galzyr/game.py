"""Lands of Galzyr: the storybook reader, and in campaign mode the campaign assistant.

Like the official Book of Adventures: the table picks the month, the reader randomises the
starting day and says which side of the board to use, the day token moves along Monday–Sunday
rows, and the story master opens scenes by number (or from an event card) and reads them out.
Everything the devices at the table must agree on lives in the state (state.py), so every
device shows the same; what a seat may see is filtered by its view (seat_view/).

This module builds the ``Game`` from the state, the setup, the per-seat view and the moves its
move modules declare (moves/); they never import it, so imports run one way: this module →
moves → the pure rules (reader/, campaign/).
"""

from __future__ import annotations

from games.core.engine import Game, RuleError
from games.core.moves import collect
from games.core.rng import Rng
from games.galzyr.catalog import SavedCatalog
from games.galzyr.moves import book_calendar, checks, effects, scenes, who_plays
from games.galzyr.moves.campaign import between_games, board, holdings, own_cards, turns
from games.galzyr.moves.campaign.between_games import start_campaign
from games.galzyr.reader.book import Book
from games.galzyr.reading import printed
from games.galzyr.seat_view.reader import seats, view
from games.galzyr.state import (
    ROLE_NAMES,
    UNCHOSEN,
    Options,
    State,
    invariants,
    outcome,
    role,
    to_act,
)


def setup(options: Options, seed: int, book: Book | None) -> State:
    """A new table, reading ``book``: the chosen world's (or the default one's), handed by the
    service creating the table (its supplier's ``for_options``)."""
    if book is None:
        raise RuleError("No books are available: the storybook is not set up on this server.")
    rng = Rng(seed)
    deck = [ev.card for ev in book.events]
    rng.shuffle(deck)
    n = len(options.players)
    state = State(
        world=book.slug,
        players=[name.strip() or f"Player {i + 1}" for i, name in enumerate(options.players)],
        challenge=options.challenge,
        prestige=[0] * n,
        marks=[[] for _ in range(n)],
        deck=deck,
        rng=rng.state,
    )
    if options.mode == "campaign":
        # The same setup as "Set up the first game again" with these choices.
        seed = rng.randbelow(2**31)
        start_campaign(state, book, seed, adventurers=options.adventurers, play=options.play)
        if printed(book):  # the group's named cards of its own box (catalog.py)
            state.own_cards = dict(options.own_cards)
    elif printed(book):
        raise RuleError(
            f"{book.name} is your own box, read from the printed book: the app keeps it in "
            "campaign mode. Tick Campaign mode."
        )
    elif any(aid != UNCHOSEN for aid in options.adventurers) or options.play != "cooperative":
        raise RuleError(
            "Adventurers and competitive play (Discord) are chosen in campaign mode only: tick "
            "Campaign mode, or leave them as they are."
        )
    return state


def catalog_from_state(state: State) -> dict:
    """The table's card data to keep for its group (``Game.catalog_from_state_fn``): the cards
    the group named, every world's as the table started with them, this world's since."""
    return SavedCatalog(own_cards=state.own_cards).model_dump(mode="json", exclude_defaults=True)


def named_data(state: State) -> dict[str, object]:
    """The data the state names by digest (``Game.named_fn``): its campaign's card copies."""
    return state.campaign.named_data() if state.campaign is not None else {}


game = Game(
    slug="galzyr",
    title="Lands of Galzyr",
    State=State,
    Options=Options,
    setup_fn=setup,
    view_fn=view,
    seats_fn=seats,
    outcome_fn=outcome,
    invariants_fn=invariants,
    blurb="The storybook: read the scenes of a world's book aloud, with the dice helper.",
    template="games/galzyr/panel.html",
    options_template="games/galzyr/new_options.html",
    # Who may make which move: each move's ``roles`` (games/galzyr/moves/), over these roles.
    role_fn=role,
    role_names=ROLE_NAMES,
    # Who has something to do now: a shared display handed over to a seat hides once it has not.
    to_act_fn=to_act,
    # What the story master alone sees (seat_view/reader.py): the drawn event card and its question, the
    # story-master paragraphs, the secret questions, the outcomes of the options and the notes.
    # ``note``: a note effect's own text (its ``text`` too), for the story master alone.
    secret_keys=frozenset({"event", "text", "questions", "outcomes", "note"}),
    # Read by every move (a stale move is refused once one of them changed, games/core/commute.py):
    # whose turn, the scene being read and whether it is over, the date, the campaign's phase.
    contended=frozenset(
        {"active", "partner", "scene", "locked", "scene_turn", "month", "day", "campaign.phase"}
        | {"campaign.game.phase", "campaign.game.turn", "campaign.game.step"}
        | {"campaign.game.number", "campaign.game.starting", "campaign.calendar.day"}
    ),
    # A backup at every "Save the game" (issue 4): the moment a group would be sorry to lose.
    backup_after=frozenset({"campaign-save"}),
    # The sample world (fixtures/worlds/sallowmere-marches), read aloud and as a campaign.
    sample_options=(
        {"players": ["Ada", "Bo"], "world": "sallowmere-marches"},
        {"players": ["Ada", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    ),
    # Its rules read the world's book, handed to setup and to each state loaded (the game's
    # supplier, a Shelf: games/galzyr/reader/book.py), never looked for.
    hand_fn=State.hand,
    # The own box's cards a group names are the group's (catalog.py): saved for it when
    # the keeper names one (``keep_for_group_after``), filled into its new tables' options.
    Catalog=SavedCatalog,
    catalog_from_state_fn=catalog_from_state,
    keep_for_group_after=frozenset({"campaign-name-card"}),
    # A campaign names its card copies by digest (games/core/named.py): a new one is stored
    # with the table.
    named_fn=named_data,
    # Reading scenes, the book-only calendar and the players, the skill check, and in campaign
    # mode applying the scenes' effects and the campaign assistant's moves.
    moves=collect(
        scenes.moves,
        book_calendar.moves,
        who_plays.moves,
        checks.moves,
        effects.moves,
        turns.moves,
        board.moves,
        holdings.moves,
        between_games.moves,
        own_cards.moves,
    ),
)
