"""The reader's skill-check moves: the dice helper (roll, one reroll, card effects, use the
total) or the successes counted on physical dice, and the table's two check settings
(challenge mode, the story master's hidden outcomes)."""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, Field, ValidationError, field_validator

from games.core.engine import ArgsError, RuleError
from games.core.moves import MoveSet
from games.core.rng import Rng
from games.galzyr.campaign.text import adventurer_name
from games.galzyr.reader import dice as dice_rules
from games.galzyr.reading import chosen_check, dice_total, es, unresolved
from games.galzyr.state import MANAGERS, READERS, Dice, State, board_marks

moves = MoveSet("galzyr.checks")


class Roll(BaseModel):
    marks: list[str] = Field(default_factory=list, max_length=dice_rules.POOL)


@moves.move(Roll, label="Roll the dice", roles=READERS)
def roll(state: State, args: Roll, seat: str) -> str:
    """Make the pool (skill marks swap base dice for advanced ones) and roll it."""
    _, skill = unresolved(state)
    if state.dice is not None and state.dice.rolls:
        raise RuleError("The dice are rolled: reroll them once, or resolve the check.")
    book = state.book()
    pool = dice_rules.build_pool(args.marks, book.skills)
    boards = board_marks(state)
    if boards is not None:
        _within_marks(state, args.marks, boards)
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
    if boards is None:  # book-only mode remembers the marks for the next check
        state.marks[state.active] = sorted(args.marks, key=book.skills.index)
    got = dice_rules.dice_successes(pool, state.dice.rolled, skill, book.skills)
    advanced = len(args.marks)
    return (
        f"{state.players[state.active]} rolls {dice_rules.POOL} dice ({advanced} advanced): "
        f"{got} {book.skill_name(skill)} success{'es' if got != 1 else ''}."
    )


def _within_marks(state: State, marks: list[str], boards: dict[str, int]) -> None:
    """Campaign mode: each advanced die stands for a skill mark on the active adventurer's
    board or, when a partner lends theirs, on the partner's (``boards`` counts them both)."""
    c = state.campaign
    assert c is not None
    names = [adventurer_name(c, state.adventurers[state.active])]
    if state.partner is not None:
        names.append(adventurer_name(c, state.adventurers[state.partner]))
    book = state.book()
    for skill, n in Counter(marks).items():
        have = boards.get(skill, 0)
        if n <= have:
            continue
        skill_name = book.skill_name(skill)
        held = (
            f"{have} {skill_name} mark{'s' if have != 1 else ''}"
            if have
            else f"no {skill_name} mark"
        )
        who = " and ".join(names)
        boards_ = "their boards" if len(names) > 1 else "their board"
        dice = "die" if n == 1 else "dice"
        raise RuleError(
            f"{who} {'have' if len(names) > 1 else 'has'} {held} on {boards_}: {n} advanced "
            f"{skill_name} {dice} can't join the pool."
        )


@moves.move(label="Reroll all dice", roles=READERS)
def reroll(state: State, args, seat: str) -> str:
    """Reroll every die of the pool (once per check)."""
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


@moves.move(Adjust, label="Card effect", roles=READERS)
def adjust_dice(state: State, args: Adjust, seat: str) -> str:
    """A card effect adds a star (a success) or a broken star; −1 takes one back."""
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


@moves.move(label="Use the dice", roles=READERS)
def resolve_check(state: State, args, seat: str) -> str:
    """Resolve the check with the dice helper's total; the outcome is revealed."""
    _, skill = unresolved(state)
    if state.dice is None or state.dice.rolls == 0:
        raise RuleError("Roll the dice first, or enter the successes from your own dice.")
    state.successes = dice_total(state, skill, state.book())
    return f"The check is resolved with {state.successes} success{es(state.successes)}."


class Successes(BaseModel):
    n: int = Field(ge=0, le=30)

    @field_validator("n", mode="wrap")
    @classmethod
    def _a_count(cls, value, handler):
        """Refused with a sentence, not the field's name (issue 16)."""
        try:
            return handler(value)
        except ValidationError as exc:
            raise ArgsError("The successes must be a number from 0 to 30.") from exc


@moves.move(Successes, roles=READERS)
def enter_successes(state: State, args: Successes, seat: str) -> str:
    """Enter the successes counted on physical dice (after every card effect)."""
    chosen_check(state)
    state.successes = args.n
    state.dice = None
    return f"The check is resolved with {args.n} success{es(args.n)} from the table's dice."


# -- the check settings ------------------------------------------------------------------------
class SetChallenge(BaseModel):
    on: bool


@moves.move(SetChallenge, roles=MANAGERS)
def set_challenge(state: State, args: SetChallenge, seat: str) -> str:
    """Challenge mode: checks in partner scenes need one more success (in campaign mode, the
    game on the table keeps the same choice, for the next game's "Continue playing")."""
    state.challenge = args.on
    if state.campaign is not None and state.campaign.game is not None:
        state.campaign.game.challenge = args.on
    return "Challenge mode is on." if args.on else "Challenge mode is off."


class HideOutcomes(BaseModel):
    on: bool


@moves.move(HideOutcomes, label="Hide outcomes until the check", roles=MANAGERS)
def set_hide_outcomes(state: State, args: HideOutcomes, seat: str) -> str:
    """The story master's reading setting: a skill check's outcomes stay hidden on their
    device until the check is resolved (on), or show as soon as an option is chosen (off).

    The seats that run the table change it, as challenge mode: the story master, and the Story
    master seat and the shared display while a player reads (a campaign game of two or more,
    where the Story master seat is a display: a one-tablet group's only device, which had the
    setting between games alone, QA 8). It shows nothing to them; players may not."""
    state.hide_outcomes = args.on
    if args.on:
        return "The story master sees a check's outcomes once it is resolved."
    return "The story master sees the outcomes as soon as an option is chosen."
