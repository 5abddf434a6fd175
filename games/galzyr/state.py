"""The whole game's state (book-only or campaign): its options, seats and a seat's read context."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, PrivateAttr, field_validator

from games.core.bounds import Seed, upto
from games.core.engine import Outcome
from games.core.needs import Later
from games.galzyr.campaign import Campaign
from games.galzyr.campaign import check as campaign_check
from games.galzyr.campaign import reached_end as campaign_reached_end
from games.galzyr.campaign import winners as campaign_winners
from games.galzyr.campaign.facts import MAX_PLAYERS, PlayerIndex, Prestige, story_master
from games.galzyr.campaign.text import adventurer_name
from games.galzyr.campaign.tracked import tracked_facts as campaign_facts
from games.galzyr.catalog import ByWorld
from games.galzyr.reader import calendar
from games.galzyr.reader.book import Book, not_loaded
from games.galzyr.reader.dice import ROLLS
from games.galzyr.reader.scene_effects import Pending
from storybook.format import MONTHS
from storybook.format.common import CardNumber, Month, SceneNumber
from storybook.interpreter.context import Facts, ReadContext

Role = Literal["sm", "table", "active", "player"]
Mode = Literal["book", "campaign"]  # book only, or the campaign assistant tracking every card
Play = Literal["competitive", "cooperative"]  # Discord or Harmony
UNCHOSEN = "-"  # a player's adventurer left to the world's order (the new-table form's default)

# The roles the moves declare (``@moves.move(..., roles=...)``; ``role`` below says which a seat
# holds): the story master and the shared display run the table; the active player (on their
# own device) reads along and makes the scene's choices and rolls. The engine refuses the
# others and the pages show a seat the buttons of the moves its role may make (``may``).
MANAGERS: frozenset[Role] = frozenset({"sm", "table"})
READERS: frozenset[Role] = frozenset({"sm", "table", "active"})
STORY_MASTER: frozenset[Role] = frozenset({"sm"})
# How a refusal names the roles beyond the seat kinds ("… is for the active player or …").
ROLE_NAMES = {"active": "the active player", "player": "a player waiting for their turn"}


class Options(BaseModel):
    players: list[str] = Field(
        default_factory=lambda: ["Player 1"], min_length=1, max_length=MAX_PLAYERS
    )
    world: str | None = None  # a loaded world's slug; the sample world when left out
    challenge: bool = False
    mode: Mode = "book"
    # Campaign mode: each player's adventurer in seat order (an id, or "-" for the next one of
    # the world's order nobody chose; none: the world's order) and how the first game is played.
    adventurers: list[str] = Field(default_factory=list, max_length=MAX_PLAYERS)
    play: Play = "cooperative"
    # The own box's cards the group named at its earlier tables, by world (catalog.py): the
    # group's saved card data fills it (games/services/catalogs.py ``with_saved_catalog``).
    own_cards: ByWorld = {}

    @field_validator("adventurers", mode="before")
    @classmethod
    def _form_list(cls, value):
        """A form sends one pick as a string, and an empty pick as "" or "-"."""
        if isinstance(value, str):
            value = [value]
        if isinstance(value, list):
            value = [UNCHOSEN if item in ("", UNCHOSEN) else item for item in value]
        return value


# Bounds of what the reader keeps (issue 12).
Face = upto(5)  # a die face, from 0
Rolls = upto(ROLLS)
Option = upto(98)  # the option chosen, from 0 (the move's ``option`` counts from 1)
Successes = upto(99)
Entry = upto(99)  # an entry of an event card, from 0
Day = upto(calendar.last_day())  # the reader's calendar, from the top row's Monday
Earned = upto(99, low=-99)  # prestige gained or lost during one scene and its go-to chain


class Dice(BaseModel):
    """The dice helper during one skill check."""

    pool: list[str] = []  # "base" or the skill of an advanced die
    rolled: list[Face] = []  # face index per die; empty before the first roll
    rolls: Rolls = 0  # 0, 1 after the roll, 2 after the reroll
    stars: int = Field(default=0, ge=0, le=99)  # successes added by card effects
    broken: int = Field(default=0, ge=0, le=99)  # broken stars from card effects


class Step(BaseModel):
    """A finished part of the scene being read: a scene of a go-to chain and its choice."""

    scene: SceneNumber
    option: Option | None = None
    successes: Successes | None = None
    answers: dict[str, bool] = {}


class EventDraw(BaseModel):
    """The event card the story master holds while its scene is read (or picked)."""

    card: CardNumber
    confirmed: dict[str, bool] = {}  # entry index → the story master said its prerequisite is met
    asking: Entry | None = None  # the entry waiting for the story master's answer
    placed: bool = False  # the scene said where the card goes


class CheckStep(BaseModel):
    """One physical action of the last campaign procedure (``manual``: only players can)."""

    text: str
    manual: bool = False


class State(BaseModel):
    world: str
    players: list[str]
    rng: Seed
    active: PlayerIndex = 0
    partner: PlayerIndex | None = None
    challenge: bool = False
    month: Month | None = None
    day: Day = 0  # from the top row's Monday
    # the scene being read
    scene: SceneNumber | None = None
    answers: dict[str, bool] = {}
    option: Option | None = None
    successes: Successes | None = None  # the check's result, once resolved
    dice: Dice | None = None
    locked: bool = False  # the scene is over: its choice can't change any more
    scene_turn: str = ""  # campaign mode: the turn it was opened in (one scene a turn)
    trail: list[Step] = []  # the scenes before this one in the same go-to chain
    earned: list[Earned] = [0, 0]  # prestige this scene: [active player, partner]
    # the game
    prestige: list[Prestige] = []  # per player, every scene so far
    marks: list[list[str]] = []  # the skill marks each player last rolled with
    deck: list[CardNumber] = []  # event cards, top first, face down
    drawn: EventDraw | None = None
    # campaign mode: every card copy, the adventurers (one per player, in order), the checklist
    mode: Mode = "book"
    campaign: Campaign | None = None
    adventurers: list[str] = []
    checklist_title: str = ""
    checklist_at: str = ""  # where the group was when it was kept (reading.step_key)
    # Own box: the cards the group named, by world, as the table started with them and as
    # named here since; saved back as the group's card data (catalog.py).
    own_cards: ByWorld = {}
    checklist: list[CheckStep] = []
    effects: list[Pending] = []  # the outcomes' effects on the campaign, applied one by one
    by_hand: bool = False  # campaign mode: the story master answers instead of the tracked state
    # The story master's reading setting: a check's outcomes stay hidden on their device too
    # until the check is resolved, as the rulebook reveals them (off: seen once chosen).
    hide_outcomes: bool = True
    # The world's book, handed over by whoever loaded the state (``Game.load``: the service's
    # book, or a ``Later`` that asks the game's supplier the first time the rules read it).
    _book: Book | Later | None = PrivateAttr(default=None)

    @property
    def weekday(self) -> str:
        return calendar.weekday(self.day)

    def hand(self, book: Book | Later) -> None:
        """The book of this state's world (or how to ask for it), from whoever loaded it."""
        self._book = book

    def book(self) -> Book:
        """The world's book as handed over (never looked for here: the rules do no I/O)."""
        if isinstance(self._book, Later):
            self._book = self._book.get()
        if self._book is None:
            raise not_loaded(self.world)
        return self._book


def role(state: State, seat: str) -> Role:
    """The seat's role now (the game's ``role_fn``): a player's device is "active" while it is
    that player's turn and, in a campaign, "sm" while that player reads the active player's
    scenes as the rules' story master (``reading_player``; solo: the one player, the active
    one too). The Story master seat is the story master unless another player reads as one
    (``player_reads``); then it runs the table as the shared display does and sees what it
    sees (one story master at a time: docs/campaign.md)."""
    if seat == "table":
        return "table"
    if seat == "sm":
        return "table" if player_reads(state) else "sm"
    if seat == reading_player(state):
        return "sm"  # solo: the active player too (every move open to "active" is to "sm")
    if seat == f"p{state.active + 1}":
        return "active"
    c = state.campaign
    if c is not None and c.phase == "over" and seat[1:].isdigit():
        # a competitive game's ending scene: every winner is an active player
        index = int(seat[1:]) - 1
        if 0 <= index < len(state.adventurers) and state.adventurers[index] in campaign_winners(c):
            return "active"
    return "player"


def reading_player(state: State) -> str | None:
    """Campaign mode, during a game: the seat of the player who reads the active player's
    scenes as story master (the rules rotate it with the turn: ``story_master``); in a solo
    game the one player, who reads to themselves (the rulebook's "Story master")."""
    c = state.campaign
    if c is None or c.phase != "playing" or not state.players:
        return None
    return f"p{story_master(len(state.players), state.active) + 1}"


def player_reads(state: State) -> bool:
    """A campaign game of two or more: the story master's role rotates among the players, so
    the Story master seat is not a story master then (``role``)."""
    return len(state.players) >= 2 and reading_player(state) is not None


def is_story_master(state: State, seat: str) -> bool:
    """Whether ``seat`` reads as the story master now: sees the event cards drawn, the secret
    questions and what the story master alone may see (``role``)."""
    return role(state, seat) == "sm"


def to_act(state: State) -> set[str]:
    """The seats with something to do now (the game's ``to_act_fn``: the shared display handed
    over to a seat hides again once it is not among them). Players make no move off their
    turn: the active player reads along, chooses and rolls during their turn; the story master
    (the reading player of a campaign of two or more, else the Story master seat) while a scene
    is being read, an event card is held or its effects wait, and in book-only mode always (they
    open the next scene); between games the Story master seat runs the setup with the table, and
    at a competitive game's end every winner reads the ending scene with them."""
    c = state.campaign
    if state.mode == "campaign" and c is not None and c.phase != "playing":
        winners = {
            f"p{i + 1}" for i in range(len(state.players)) if role(state, f"p{i + 1}") == "active"
        }
        return {"sm"} | (winners if c.phase == "over" else set())
    seats = {f"p{state.active + 1}"}
    reading = state.scene is not None and not state.locked
    waiting = state.drawn is not None or any(not e.done for e in state.effects)
    if state.mode == "book" or reading or waiting:
        seats.add(reading_player(state) or "sm")
    return seats


def reader_seat(state: State, seat: str) -> str:
    if is_story_master(state, seat):
        return "story_master"
    return "table" if seat == "table" else "player"


def read_context(state: State, seat: str = "sm", answers: dict[str, bool] | None = None):
    return ReadContext(
        month=state.month or MONTHS[0],
        weekday=state.weekday,
        seat=reader_seat(state, seat),  # type: ignore[arg-type]
        challenge=state.challenge,
        partner=state.partner is not None,
        facts=tracked_facts(state),
        answers=state.answers if answers is None else answers,
    )


def tracked_facts(state: State) -> Facts:
    """What the campaign knows about the active player's adventurer, so the book answers its
    questions, checks prerequisites and gold costs itself. Book-only mode tracks nothing, and
    the story master may answer a scene by hand instead (``by_hand``)."""
    c = state.campaign
    if state.mode != "campaign" or c is None or state.by_hand:
        return Facts()
    if c.phase not in ("playing", "over"):  # "over": the ending scene, read before the save
        return Facts()
    return campaign_facts(c, state.adventurers[state.active])


def tracked_board(state: State) -> bool:
    """Campaign mode with a game on the table: the adventurers' boards are the app's."""
    c = state.campaign
    return (
        state.mode == "campaign"
        and c is not None
        and c.phase in ("playing", "over")
        and len(state.adventurers) == len(state.players)
    )


def marks_of(state: State, player: int) -> list[str]:
    """The skill marks on a player's adventurer board, a skill once per mark, in the circle's
    order (what the dice helper ticks to begin with)."""
    c = state.campaign
    assert c is not None
    marks = c.adventurer(state.adventurers[player]).marks
    return [skill for skill in c.world.skills for _ in range(marks.get(skill, 0))]


def board_marks(state: State) -> dict[str, int] | None:
    """The skill marks a dice pool may use, per skill: the active adventurer's board and, with
    a partner, the partner's too (a partner may lend any of theirs). None in book-only mode,
    where the app tracks no board."""
    if not tracked_board(state):
        return None
    out: dict[str, int] = {}
    for player in (state.active, state.partner):
        if player is not None:
            for skill in marks_of(state, player):
                out[skill] = out.get(skill, 0) + 1
    return out


def invariants(state: State) -> list[str]:
    broken = []
    n = len(state.players)
    if not 0 <= state.active < n:
        broken.append("the active player is not at the table")
    if state.partner is not None and (state.partner == state.active or not 0 <= state.partner < n):
        broken.append("the partner must be another player at the table")
    if not 0 <= state.day <= calendar.last_day():
        broken.append("the day token is off the calendar")
    if len(state.prestige) != n or len(state.marks) != n:
        broken.append("every player needs a prestige total and skill marks")
    if len(set(state.deck)) != len(state.deck):
        broken.append("an event card is in the deck twice")
    if state.drawn is not None and state.drawn.card in state.deck:
        broken.append("the drawn event card is still in the deck")
    if state.dice is not None and (len(state.dice.pool) > 5 or state.dice.rolls > 2):
        broken.append("the dice pool has more than 5 dice or was rolled more than twice")
    if state.successes is not None and state.successes < 0:
        broken.append("successes can't be below 0")
    if state.mode == "campaign":
        if state.campaign is None or len(state.adventurers) != n:
            broken.append("a campaign table needs its campaign and one adventurer per player")
        else:
            broken += campaign_check(state.campaign)
    return broken


def outcome(state: State) -> Outcome:
    """The standings: prestige per seat. A campaign's game is finished once its round limit
    is played out (and stays so once saved); a competitive game's winners are the seats with
    the most prestige (ties share the victory), as the game-end checklist names them."""
    scores = {f"p{i + 1}": p for i, p in enumerate(prestige_counts(state))}
    c = state.campaign
    if state.mode != "campaign" or c is None:
        return Outcome(
            finished=False, scores=scores, summary="Prestige earned in the scenes read so far."
        )
    if not campaign_reached_end(c) or len(state.adventurers) != len(state.players):
        return Outcome(finished=False, scores=scores, summary="Prestige on the adventurers' track.")
    won = campaign_winners(c)
    seats = tuple(f"p{state.adventurers.index(aid) + 1}" for aid in won)
    if won:  # named, as the game-end checklist names them (with whose adventurer)
        names = " and ".join(
            f"{state.players[state.adventurers.index(aid)]} ({adventurer_name(c, aid)})"
            for aid in won
        )
        best = c.adventurer(won[0]).prestige
        verb = "wins" if len(won) == 1 else "share the victory"
        summary = f"The game is over: {names} {verb} with {best} prestige."
    else:
        summary = f"The game is over with {sum(scores.values())} prestige in total."
    return Outcome(finished=True, scores=scores, winners=seats, summary=summary)


def prestige_counts(state: State) -> list[int]:
    """Each player's prestige: in campaign mode the adventurer's track (what Apply moves and
    the rulebook scores), in book-only mode the tally of the scenes read."""
    c = state.campaign
    if state.mode == "campaign" and c is not None and len(state.adventurers) == len(state.players):
        return [c.adventurer(aid).prestige for aid in state.adventurers]
    return list(state.prestige)
