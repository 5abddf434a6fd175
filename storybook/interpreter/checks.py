"""Skill checks: the successes a check needs and the outcome a number of successes selects."""

from __future__ import annotations

from storybook.format import DIFFICULTY_SUCCESSES, Check, Scene
from storybook.interpreter.context import ReadContext
from storybook.interpreter.outcomes import first_match, outcome_ranges
from storybook.interpreter.shown import CheckView


def required_successes(scene: Scene, check: Check, ctx: ReadContext) -> int | None:
    """Successes needed to avoid failure: easy 1, medium 2, hard 3, unknown None.

    In challenge mode every number is one higher in a scene where a partner may join.
    """
    base = DIFFICULTY_SUCCESSES[check.difficulty]
    if base is None:
        return None
    return base + 1 if challenge_applies(scene, ctx) else base


def challenge_applies(scene: Scene, ctx: ReadContext) -> bool:
    """Challenge mode raises the numbers only in a scene where a partner may join."""
    return ctx.challenge and scene.partner


def check_view(scene: Scene, check: Check, ctx: ReadContext) -> CheckView:
    return CheckView(
        check.skill,
        check.difficulty,
        required_successes(scene, check, ctx),
        challenge_applies(scene, ctx),
    )


def select_outcome(scene: Scene, option: int, successes: int, ctx: ReadContext) -> int:
    """The first outcome from the left that matches ``successes`` (0-based index)."""
    opt = scene.options[option]
    if opt.outcomes is None:
        return 0
    successes = max(0, successes)  # the total never goes below 0
    found = first_match(outcome_ranges(opt.outcomes, challenge_applies(scene, ctx)), successes)
    if found is None:  # lint rejects such books; be explicit rather than guess
        raise ValueError(f"no outcome of option {option + 1} matches {successes} successes")
    return found
