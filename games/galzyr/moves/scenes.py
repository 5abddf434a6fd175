"""Reading the book: opening scenes (by number or from an event card), answering their
questions, choosing an option and continuing to the next scene or the end.

A scene is read in steps: answer its questions, choose an option (changeable until
"continue"), resolve its skill check (the dice helper or the successes from physical dice),
then continue: the choice is locked, its prestige is counted, and a go-to opens the next
scene of the chain while an end closes the scene (it stays on screen, locked).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from games.core.engine import RuleError
from games.core.moves import MoveSet
from games.galzyr import printed_events
from games.galzyr.reading import (
    check_started,
    declined_text,
    earn,
    leave_event,
    left_unapplied,
    need_game,
    need_month,
    pend,
    pick_event,
    place_event,
    printed,
    quoted,
    reading,
    release_event,
    scene_of,
    start,
    stop,
    story_begins,
    take_optional,
)
from games.galzyr.state import (
    MANAGERS,
    READERS,
    STORY_MASTER,
    EventDraw,
    State,
    Step,
    read_context,
)
from games.galzyr.tracking import mirror_events
from storybook.interpreter import (
    ChoiceError,
    effect_view,
    evaluate,
    option_views,
    resolve,
)

moves = MoveSet("galzyr.scenes")


def _mirror(state: State, said: str) -> str:
    """Campaign mode: the campaign's event deck follows the reader's."""
    if state.mode != "campaign":
        return said
    return said + mirror_events(state)


# -- opening scenes ------------------------------------------------------------------------------
class OpenScene(BaseModel):
    number: int = Field(ge=1, le=9999)


@moves.move(OpenScene, roles=READERS)
def open_scene(state: State, args: OpenScene, seat: str) -> str:
    """Open a scene by its four-digit number (the keypad or the list)."""
    need_month(state)
    need_game(state)
    book = state.book()
    if scene_of(book, args.number) is None:
        raise RuleError(f"The book has no scene {args.number:04d}.")
    returned = leave_event(state, book) + left_unapplied(state)
    begins = story_begins(state)
    scene = start(state, args.number, book, fresh=True)
    title = f" “{scene.title}”" if scene.title else ""
    aloud = " Read it from the printed book." if printed(book) else ""
    return _mirror(state, f"Scene {scene.key}{title} is open.{aloud}{begins}{returned}")


class DrawEvent(BaseModel):
    card: int | None = Field(default=None, ge=0, le=999)  # a physical card's number


@moves.move(DrawEvent, roles=MANAGERS)
def draw_event(state: State, args: DrawEvent, seat: str) -> str:
    """Draw the top event card; the first scene whose prerequisite is met opens."""
    need_month(state)
    need_game(state)
    book = state.book()
    printed_events.check_draw(state, book, args.card)  # the group's own deck decides
    returned = release_event(state, top=True)
    if args.card is not None:
        if book.event(args.card) is None and not printed(book):  # printed: check_draw
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
    said = "The story master draws an event card." + story_begins(state) + returned
    said += pick_event(state, book)
    return _mirror(state, said)


class Confirm(BaseModel):
    met: bool


@moves.move(Confirm, roles=STORY_MASTER)
def confirm_event(state: State, args: Confirm, seat: str) -> str:
    """The story master says whether the event card's prerequisite is met."""
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


@moves.move(Answer, roles=MANAGERS)
def answer(state: State, args: Answer, seat: str) -> str:
    """Answer one of the scene's questions read aloud (yes or no)."""
    return _answer(state, args, secret=False)


@moves.move(Answer, roles=STORY_MASTER, label="Answer in secret")
def answer_secret(state: State, args: Answer, seat: str) -> str:
    """The story master answers one of the scene's secret questions (yes or no)."""
    return _answer(state, args, secret=True)


def _answer(state: State, args: Answer, *, secret: bool) -> str:
    scene = reading(state, state.book())
    q = scene.question(args.question)
    if q is None:
        raise RuleError(f"Scene {scene.key} asks no question “{args.question}”.")
    if q.secret and not secret:  # said without the question: it may be read on any device
        raise RuleError(
            "That question is answered in secret: the story master answers it with “Answer in "
            "secret”."
        )
    if secret and not q.secret:
        raise RuleError(f"“{q.ask}” is answered aloud, with “Answer”, not in secret.")
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


class ByHand(BaseModel):
    on: bool


@moves.move(ByHand, label="Answer by hand", roles=STORY_MASTER)
def answer_by_hand(state: State, args: ByHand, seat: str) -> str:
    """Campaign mode: the story master answers the scene instead of the tracked campaign."""
    if state.mode != "campaign":
        raise RuleError("This table reads the book only: the story master answers already.")
    scene = reading(state, state.book())
    state.by_hand = args.on
    if state.option is not None:
        view = option_views(scene, read_context(state))[state.option]
        if not view.available:  # e.g. the tracked gold can't pay for the chosen option
            state.option, state.successes, state.dice = None, None, None
    if args.on:
        return (
            f"The story master answers scene {scene.key}'s questions and checks its "
            "prerequisite by hand."
        )
    return f"The campaign answers scene {scene.key}'s questions again."


class Choose(BaseModel):
    option: int = Field(ge=1, le=99)  # 1 for the first option


@moves.move(Choose, roles=READERS)
def choose(state: State, args: Choose, seat: str) -> str:
    """Choose an option; the choice can change until "continue" (not after rolling)."""
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
    return stop(f"{state.players[state.active]} chooses {quoted(opt.label)}{cost}")


class ContinueArgs(BaseModel):
    # One answer per optional effect of what the scene resolves now, in the book's order (the
    # view's ``optional``): true, the player takes it; false, they decline it.
    optional: list[bool] | None = Field(default=None, max_length=60)
    # Read from the printed book: where the event card in hand goes ("bottom" or "top" of the
    # event deck, or a tray's key), as the printed scene says.
    event: str | None = Field(default=None, max_length=40)


@moves.move(ContinueArgs, name="continue", label="Continue", roles=READERS)
def continue_(state: State, args: ContinueArgs, seat: str) -> str:
    """Lock the choice and resolve it: a go-to opens the next scene, an end closes this one.
    Each optional effect is resolved only when the player takes it (``optional``)."""
    book = state.book()
    scene = reading(state, book)
    event_to = printed_events.check_place(state, book, args.event)
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
        said = quoted(opt.label)
    else:
        last = scene.effects[-1] if scene.effects else None
        go = getattr(last, "go", None)
        said = "read from the printed book" if printed(book) else "the scene's effects"
    effects, declined = take_optional(effects, args.optional, state.partner is not None)
    done = stop(f"Scene {scene.key}: {said}{earn(state, effects)}")
    no = declined_text(state, declined)
    placed = (stop(no) if no else "") + place_event(state, effects) + pend(state, scene, effects)
    step = Step(
        scene=scene.number, option=state.option, successes=state.successes, answers=state.answers
    )
    if go is not None:
        state.trail.append(step)
        nxt = start(state, go, book, fresh=False)
        return _mirror(state, f"{done}{placed} On to scene {nxt.key}.")
    state.locked = True
    if state.drawn is not None and event_to is not None:
        placed += printed_events.put(state, event_to)
    elif state.drawn is not None:
        placed += release_event(state, top=False)
    return _mirror(state, f"{done}{placed} The scene ends.")
