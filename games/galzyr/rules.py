"""Lands of Galzyr: the storybook reader in book-only mode (pure rules, no Django).

Like the official Book of Adventures: the table picks the month, the reader randomises the
starting day and says which side of the board to use, the day token moves along Monday–Sunday
rows, and the story master opens scenes by number (or from an event card) and reads them out.
Everything the devices at the table must agree on — month, day, challenge mode, the scene
being read, the answers, the chosen option, the dice, the successes — lives in this state,
so every device shows the same. What a seat may see is filtered by ``view``.

A scene is read in steps: answer its questions, choose an option (changeable until
"continue"), resolve its skill check (the dice helper or the successes from physical dice),
then continue: the choice is locked, its prestige is counted, and a go-to opens the next
scene of the chain while an end closes the scene (it stays on screen, locked).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from games.engine import Game, Outcome, RuleError
from games.galzyr import calendar
from games.galzyr import dice as dice_rules
from games.galzyr.book import available_worlds, default_world, open_book
from games.galzyr.reading import (
    check_started,
    chosen_check,
    dice_total,
    earn,
    es,
    need_month,
    pend,
    pick_event,
    place_event,
    reading,
    release_event,
    start,
    unresolved,
)
from games.galzyr.state import (
    MANAGERS,
    READERS,
    Dice,
    EventDraw,
    Month,
    Options,
    State,
    Step,
    invariants,
    read_context,
    require,
)
from games.galzyr.view import seats, view
from games.rng import Rng
from storybook.interpreter import (
    ChoiceError,
    effect_view,
    evaluate,
    option_views,
    resolve,
)


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
        from games.galzyr.campaign_moves import start_campaign

        start_campaign(state, book, rng.randbelow(2**31))
    return state


def outcome(state: State) -> Outcome:
    return Outcome(
        finished=False,
        scores={f"p{i + 1}": p for i, p in enumerate(state.prestige)},
        summary="Prestige earned in the scenes read so far.",
    )


class GalzyrGame(Game):
    """The reader's Game; ``worlds`` lists the loaded books for the new-table form."""

    @property
    def worlds(self) -> list[tuple[str, str]]:
        """Every loaded world with a book, the default one first."""
        worlds = available_worlds()
        try:
            first = default_world()
        except RuleError:
            return worlds
        return sorted(worlds, key=lambda w: w[0] != first)


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
)


def _mirror(state: State, said: str) -> str:
    """Campaign mode: the campaign's event deck follows the reader's."""
    if state.mode != "campaign":
        return said
    from games.galzyr.campaign_moves import mirror_events

    return said + mirror_events(state)


def _book_only_calendar(state: State) -> None:
    if state.mode == "campaign":
        from games.galzyr.campaign_moves import book_calendar

        book_calendar(state)


# -- calendar ------------------------------------------------------------------------------------
class PickMonth(BaseModel):
    month: Month


@game.move(PickMonth)
def pick_month(state: State, args: PickMonth, seat: str) -> str:
    """Pick the month; the starting day is random on the top row of the calendar."""
    require(state, seat, *MANAGERS)
    _book_only_calendar(state)
    rng = Rng(state.rng)
    state.month = args.month
    state.day = rng.randbelow(calendar.DAYS_A_WEEK)
    state.rng = rng.state
    side = calendar.board_side(args.month)
    return (
        f"The month is {args.month.capitalize()}: use the {side} side of the board and of the "
        f"location cards. The day token starts on {state.weekday.capitalize()}."
    )


@game.move(label="Next day")
def advance_day(state: State, args, seat: str) -> str:
    """The calendar phase: the day token moves to the next day."""
    require(state, seat, *MANAGERS)
    _book_only_calendar(state)
    need_month(state)
    if state.day >= calendar.last_day():
        raise RuleError("The calendar has no more days: pick the month again for a new game.")
    state.day += 1
    return f"The day token moves to {state.weekday.capitalize()}."


class SetDay(BaseModel):
    day: int = Field(ge=0, le=calendar.last_day())


@game.move(SetDay)
def set_day(state: State, args: SetDay, seat: str) -> str:
    """Put the day token on another slot of the calendar."""
    require(state, seat, *MANAGERS)
    _book_only_calendar(state)
    need_month(state)
    state.day = args.day
    return (
        f"The day token is put on {state.weekday.capitalize()}, week {calendar.row(args.day) + 1}."
    )


class SetChallenge(BaseModel):
    on: bool


@game.move(SetChallenge)
def set_challenge(state: State, args: SetChallenge, seat: str) -> str:
    """Challenge mode: checks in partner scenes need one more success."""
    require(state, seat, *MANAGERS)
    state.challenge = args.on
    return "Challenge mode is on." if args.on else "Challenge mode is off."


# -- players -------------------------------------------------------------------------------------
class PlayerArgs(BaseModel):
    player: int = Field(ge=1)


def _player(state: State, number: int) -> int:
    if number > len(state.players):
        raise RuleError(f"There is no player {number} at this table.")
    return number - 1


@game.move(PlayerArgs)
def set_active(state: State, args: PlayerArgs, seat: str) -> str:
    """Whose turn it is: the active player the scenes are read to."""
    require(state, seat, *MANAGERS)
    state.active = _player(state, args.player)
    if state.partner == state.active:
        state.partner = None
    return f"{state.players[state.active]} is the active player."


@game.move(PlayerArgs)
def join_partner(state: State, args: PlayerArgs, seat: str) -> str:
    """A player on the same space joins a handshake scene as the partner."""
    require(state, seat, *MANAGERS)
    scene = reading(state, state.book())
    if not scene.partner:
        raise RuleError(f"Scene {scene.key} has no handshake: nobody can join as a partner.")
    index = _player(state, args.player)
    if index == state.active:
        raise RuleError(f"{state.players[index]} is the active player, not a partner.")
    state.partner = index
    return f"{state.players[index]} joins {state.players[state.active]} as the partner."


@game.move(label="Leave as partner")
def leave_partner(state: State, args, seat: str) -> str:
    """The partner leaves (before the scene goes on without them)."""
    require(state, seat, *MANAGERS)
    if state.partner is None:
        raise RuleError("There is no partner in this scene.")
    name = state.players[state.partner]
    state.partner = None
    return f"{name} is no longer the partner."


# -- opening scenes ------------------------------------------------------------------------------
class OpenScene(BaseModel):
    number: int = Field(ge=1, le=9999)


@game.move(OpenScene)
def open_scene(state: State, args: OpenScene, seat: str) -> str:
    """Open a scene by its four-digit number (the keypad or the list)."""
    require(state, seat, *READERS)
    need_month(state)
    book = state.book()
    if book.scene(args.number) is None:
        raise RuleError(f"The book has no scene {args.number:04d}.")
    returned = release_event(state, top=True)
    scene = start(state, args.number, book, fresh=True)
    title = f" “{scene.title}”" if scene.title else ""
    return _mirror(state, f"Scene {scene.key}{title} is open.{returned}")


class DrawEvent(BaseModel):
    card: int | None = Field(default=None, ge=0, le=999)  # a physical card's number


@game.move(DrawEvent)
def draw_event(state: State, args: DrawEvent, seat: str) -> str:
    """Draw the top event card; the first scene whose prerequisite is met opens."""
    require(state, seat, *MANAGERS)
    need_month(state)
    book = state.book()
    returned = release_event(state, top=True)
    if args.card is not None:
        if book.event(args.card) is None:
            raise RuleError(f"Card {args.card:03d} is not an event card of this book.")
        if args.card in state.deck:
            state.deck.remove(args.card)
        card = args.card
    else:
        if not state.deck:
            raise RuleError("The event deck is empty.")
        card = state.deck.pop(0)
    state.drawn = EventDraw(card=card)
    # Leave the scene being read: the event card's scene replaces it.
    state.scene = None
    state.locked = False
    said = "The story master draws an event card." + returned + pick_event(state, book)
    return _mirror(state, said)


class Confirm(BaseModel):
    met: bool


@game.move(Confirm)
def confirm_event(state: State, args: Confirm, seat: str) -> str:
    """The story master says whether the event card's prerequisite is met."""
    require(state, seat, "sm")
    drawn = state.drawn
    if drawn is None or drawn.asking is None:
        raise RuleError("No event card is waiting for the story master.")
    drawn.confirmed[str(drawn.asking)] = args.met
    return _mirror(
        state, "The story master checked the event card." + pick_event(state, state.book())
    )


# -- reading -------------------------------------------------------------------------------------
class Answer(BaseModel):
    question: str = Field(min_length=1, max_length=60)
    yes: bool


@game.move(Answer)
def answer(state: State, args: Answer, seat: str) -> str:
    """The story master answers one of the scene's questions (yes or no)."""
    scene = reading(state, state.book())
    q = scene.question(args.question)
    if q is None:
        raise RuleError(f"Scene {scene.key} asks no question “{args.question}”.")
    if q.secret:
        require(state, seat, "sm")
    else:
        require(state, seat, "sm", "table")
    if q.test is not None and evaluate(q.test, read_context(state)) is not None:
        raise RuleError("The book answers this question itself.")
    state.answers[q.id] = args.yes
    if state.option is not None:
        view = option_views(scene, read_context(state))[state.option]
        if not view.available:  # a starry option whose question is now answered no
            state.option, state.successes, state.dice = None, None, None
    if q.secret:
        return "The story master answers a question in secret."
    return f"“{q.ask}” — {'yes' if args.yes else 'no'}."


class Choose(BaseModel):
    option: int = Field(ge=1)  # 1 for the first option


@game.move(Choose)
def choose(state: State, args: Choose, seat: str) -> str:
    """Choose an option; the choice can change until "continue" (not after rolling)."""
    require(state, seat, *READERS)
    scene = reading(state, state.book())
    index = args.option - 1
    if index >= len(scene.options):
        raise RuleError(f"Scene {scene.key} has no option {args.option}.")
    current = state.option
    if current is not None and current != index and check_started(state):
        label = scene.options[current].label
        raise RuleError(
            f"The skill check for “{label}” is under way, so the choice stands "
            "(undo if it was a mistake)."
        )
    opt = option_views(scene, read_context(state))[index]
    if not opt.available:
        raise RuleError(f"“{opt.label}” is locked: {opt.locked_reason}.")
    if current != index:
        state.option, state.successes, state.dice = index, None, None
    cost = f" (costs {opt.cost} gold)" if opt.cost else ""
    return f"{state.players[state.active]} chooses “{opt.label}”{cost}."


class Roll(BaseModel):
    marks: list[str] = Field(default_factory=list, max_length=dice_rules.POOL)


@game.move(Roll, label="Roll the dice")
def roll(state: State, args: Roll, seat: str) -> str:
    """Make the pool (skill marks swap base dice for advanced ones) and roll it."""
    require(state, seat, *READERS)
    _, skill = unresolved(state)
    if state.dice is not None and state.dice.rolls:
        raise RuleError("The dice are rolled: reroll them once, or resolve the check.")
    book = state.book()
    pool = dice_rules.build_pool(args.marks, book.skills)
    rng = Rng(state.rng)
    before = state.dice or Dice()
    state.dice = Dice(
        pool=pool,
        rolled=dice_rules.roll(pool, book.skills, rng),
        rolls=1,
        stars=before.stars,
        broken=before.broken,
    )
    state.rng = rng.state
    state.marks[state.active] = sorted(args.marks, key=book.skills.index)
    got = dice_rules.dice_successes(pool, state.dice.rolled, skill, book.skills)
    advanced = len(args.marks)
    return (
        f"{state.players[state.active]} rolls {dice_rules.POOL} dice ({advanced} advanced): "
        f"{got} {book.skill_name(skill)} success{'es' if got != 1 else ''}."
    )


@game.move(label="Reroll all dice")
def reroll(state: State, args, seat: str) -> str:
    """Reroll every die of the pool (once per check)."""
    require(state, seat, *READERS)
    _, skill = unresolved(state)
    d = state.dice
    if d is None or d.rolls == 0:
        raise RuleError("Roll the dice first.")
    if d.rolls >= dice_rules.ROLLS:
        raise RuleError("The dice were rerolled already: the rules allow one reroll.")
    book = state.book()
    rng = Rng(state.rng)
    d.rolled = dice_rules.roll(d.pool, book.skills, rng)
    d.rolls += 1
    state.rng = rng.state
    got = dice_rules.dice_successes(d.pool, d.rolled, skill, book.skills)
    return (
        f"{state.players[state.active]} rerolls all dice: {got} success{'es' if got != 1 else ''}."
    )


class Adjust(BaseModel):
    stars: int = Field(default=0, ge=-1, le=1)
    broken: int = Field(default=0, ge=-1, le=1)


@game.move(Adjust, label="Card effect")
def adjust_dice(state: State, args: Adjust, seat: str) -> str:
    """A card effect adds a star (a success) or a broken star; −1 takes one back."""
    require(state, seat, *READERS)
    unresolved(state)
    d = state.dice = state.dice or Dice()
    if d.stars + args.stars < 0 or d.broken + args.broken < 0:
        raise RuleError("There is nothing to take back.")
    d.stars += args.stars
    d.broken += args.broken
    parts = []
    if args.stars:
        parts.append(f"{'+' if args.stars > 0 else '−'}1 star")
    if args.broken:
        parts.append(f"{'+' if args.broken > 0 else '−'}1 broken star")
    return "Card effect: " + (", ".join(parts) or "no change") + "."


@game.move(label="Use the dice")
def resolve_check(state: State, args, seat: str) -> str:
    """Resolve the check with the dice helper's total; the outcome is revealed."""
    require(state, seat, *READERS)
    _, skill = unresolved(state)
    if state.dice is None or state.dice.rolls == 0:
        raise RuleError("Roll the dice first, or enter the successes from your own dice.")
    state.successes = dice_total(state, skill, state.book())
    return f"The check is resolved with {state.successes} success{es(state.successes)}."


class Successes(BaseModel):
    n: int = Field(ge=0, le=30)


@game.move(Successes)
def enter_successes(state: State, args: Successes, seat: str) -> str:
    """Enter the successes counted on physical dice (after every card effect)."""
    require(state, seat, *READERS)
    chosen_check(state)
    state.successes = args.n
    state.dice = None
    return f"The check is resolved with {args.n} success{es(args.n)} from the table's dice."


@game.move(name="continue", label="Continue")
def continue_(state: State, args, seat: str) -> str:
    """Lock the choice and resolve it: a go-to opens the next scene, an end closes this one."""
    require(state, seat, *READERS)
    book = state.book()
    scene = reading(state, book)
    ctx = read_context(state)
    effects = [effect_view(x) for x in scene.effects]
    if scene.options:
        if state.option is None:
            raise RuleError("Choose an option first.")
        opt = scene.options[state.option]
        if opt.check is not None and state.successes is None:
            raise RuleError("Resolve the skill check first: roll the dice or enter the successes.")
        try:
            result = resolve(scene, state.option, ctx, state.successes)
        except ChoiceError as exc:
            raise RuleError(str(exc)) from None
        effects += result.effects
        go = result.go
        said = f"“{opt.label}”"
    else:
        last = scene.effects[-1] if scene.effects else None
        go = getattr(last, "go", None)
        said = "the scene's effects"
    earned = earn(state, effects)
    placed = place_event(state, effects) + pend(state, scene, effects)
    step = Step(
        scene=scene.number, option=state.option, successes=state.successes, answers=state.answers
    )
    if go is not None:
        state.trail.append(step)
        nxt = start(state, go, book, fresh=False)
        return _mirror(state, f"Scene {scene.key}: {said}{earned}.{placed} On to scene {nxt.key}.")
    state.locked = True
    if state.drawn is not None:
        placed += release_event(state, top=False)
    return _mirror(state, f"Scene {scene.key}: {said}{earned}.{placed} The scene ends.")


# Campaign mode: applying the scenes' effects, and the campaign assistant's moves, register
# on the same game.
from games.galzyr import scene_effect_moves  # noqa: E402,F401,I001
from games.galzyr import campaign_moves  # noqa: E402,F401
