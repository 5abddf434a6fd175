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

from collections.abc import Callable
from typing import TypeVar

from games.core.engine import Game, RuleError, collect
from games.core.rng import Rng
from games.galzyr.catalog import SavedCatalog
from games.galzyr.moves import book_calendar, checks, effects, scenes, who_plays
from games.galzyr.moves.campaign import between_games, board, holdings, own_cards, turns
from games.galzyr.moves.campaign.between_games import start_campaign
from games.galzyr.reader.book import (
    Book,
    WorldChoice,
    available_worlds,
    default_world,
    open_book,
    world_choices,
)
from games.galzyr.reader.reading import printed
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

W = TypeVar("W")


def setup(options: Options, seed: int) -> State:
    rng = Rng(seed)
    slug = options.world or default_world()
    book = open_book(slug)
    deck = [ev.card for ev in book.events]
    rng.shuffle(deck)
    n = len(options.players)
    state = State(
        world=slug,
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


def needs(data: dict) -> Book | None:
    """The book of the state's world, opened for the service that loaded the state
    (``Game.needs_fn``) so the rules read it without asking the shelf; None when that world
    is not loaded (the rules say so when they need it)."""
    try:
        return open_book(data["world"])
    except RuleError:
        return None


def named_data(state: State) -> dict[str, object]:
    """The data the state names by digest (``Game.named_fn``): its campaign's card copies."""
    return state.campaign.named_data() if state.campaign is not None else {}


class GalzyrGame(Game):
    """The reader's Game; ``worlds`` lists the loaded books for the new-table form."""

    @property
    def worlds(self) -> list[tuple[str, str]]:
        """Every loaded world with a book, the default one first."""
        return _default_first(available_worlds(), lambda w: w[0])

    @property
    def world_choices(self) -> list[WorldChoice]:
        """The same worlds with their adventurers (the campaign's choices on the form)."""
        return _default_first(world_choices(), lambda w: w.slug)


def _default_first(worlds: list[W], slug: Callable[[W], str]) -> list[W]:
    try:
        first = default_world()
    except RuleError:
        return worlds
    return sorted(worlds, key=lambda w: slug(w) != first)


game = GalzyrGame(
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
    needs_fn=needs,
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
