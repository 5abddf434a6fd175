"""The scene interpreter: pure functions from a scene and a read context to what a seat sees.

Nothing here changes state. The reader (or a campaign tracker) passes a ``ReadContext``: the
month and weekday of the book, the seat reading, challenge mode, whatever it tracks about the
active player (``Facts``; unknown parts are ``None``) and the answers given at the table. It gets
back plain dataclasses (``dataclasses.asdict`` makes them JSON).

Conditions are three-valued: ``True``, ``False`` or ``None`` when the tracked state cannot tell
— then the story master answers.

This module is the public entry: it picks the event's scene and reads a whole scene, and
re-exports the rest, which lives in ``shown`` (the dataclasses returned), ``text``
(paragraphs, questions, text keys), ``checks`` (successes needed, outcome selected),
``choices`` (options, locks, ``resolve``), ``conditions``, ``outcomes``, ``effect_text`` and
``context``. Pure: no Django; imports only ``storybook.format``.
"""

from __future__ import annotations

from collections.abc import Mapping

from storybook.format import MONTHS, WEEKDAYS, EventCard, Scene, season_of
from storybook.format import effects as e
from storybook.interpreter.checks import check_view, required_successes, select_outcome
from storybook.interpreter.choices import ChoiceError, option_views, resolve, seen_effects
from storybook.interpreter.conditions import describe_condition, evaluate, prerequisite_met
from storybook.interpreter.context import Facts, ReadContext, Seat
from storybook.interpreter.effect_text import EffectView, describe_effect, effect_view
from storybook.interpreter.outcomes import coverage, first_match, outcome_ranges
from storybook.interpreter.shown import (
    CheckView,
    EventPick,
    OptionView,
    OutcomeView,
    QuestionView,
    ResultView,
    SceneView,
    TextView,
)
from storybook.interpreter.text import answers, question_views, scene_text, text_keys, visible_text

__all__ = [
    "MONTHS",
    "WEEKDAYS",
    "CheckView",
    "ChoiceError",
    "EffectView",
    "EventPick",
    "Facts",
    "OptionView",
    "OutcomeView",
    "QuestionView",
    "ReadContext",
    "ResultView",
    "SceneView",
    "Seat",
    "TextView",
    "answers",
    "check_view",
    "coverage",
    "describe_condition",
    "describe_effect",
    "effect_view",
    "evaluate",
    "first_match",
    "option_views",
    "outcome_ranges",
    "pick_event_scene",
    "prerequisite_met",
    "question_views",
    "read_scene",
    "required_successes",
    "resolve",
    "scene_text",
    "seen_effects",
    "select_outcome",
    "text_keys",
    "visible_text",
    "season_of",
]


# -- events ------------------------------------------------------------------------------------
def pick_event_scene(
    event: EventCard,
    ctx: ReadContext,
    confirmed: Mapping[int, bool] | None = None,
    names: Mapping[str, str] | None = None,
) -> EventPick:
    """The first entry from the top whose prerequisite is met.

    When the tracked state cannot tell for an entry, the story master decides: the pick stops
    there with ``ask``; pass their answer back in ``confirmed`` (entry index → met?).
    """
    confirmed = confirmed or {}
    for j, entry in enumerate(event.scenes):
        if entry.prerequisite is None:
            return EventPick(entry.scene, j, None)
        met = evaluate(entry.prerequisite, ctx)
        if met is None:
            met = confirmed.get(j)
        if met is None:
            return EventPick(None, j, describe_condition(entry.prerequisite, names))
        if met:
            return EventPick(entry.scene, j, None)
    return EventPick(None, None, None)


# -- the whole scene ---------------------------------------------------------------------------
def read_scene(
    scene: Scene,
    ctx: ReadContext,
    *,
    option: int | None = None,
    successes: int | None = None,
    names: Mapping[str, str] | None = None,
) -> SceneView:
    """Everything ``ctx.seat`` may see of ``scene`` now.

    The story master's seat gets story-master-only text, secret questions, notes and every
    option's outcomes; other seats get none of those. ``option`` (0-based) and, for a check,
    ``successes`` add the result; a player seat sees a check's result only once ``successes``
    are known.
    """
    given = answers(scene, ctx)
    result = None
    if option is not None:
        opt = scene.options[option]
        if opt.check is None or successes is not None:
            try:
                result = resolve(scene, option, ctx, successes)
            except ChoiceError:
                # Chosen, then locked by what changed since (a day, an answer, the tracked
                # gold): the option shows its lock and no outcome until the choice is redone.
                result = None
    last = scene.effects[-1] if scene.effects else None
    return SceneView(
        number=scene.number,
        key=scene.key,
        title=scene.title,
        partner=scene.partner,
        mandatory=scene.mandatory,
        prerequisite=describe_condition(scene.prerequisite, names) if scene.prerequisite else None,
        text=visible_text(scene.text, scene.key, ctx, given),
        questions=question_views(scene, ctx),
        effects=seen_effects(scene.effects, ctx),
        options=option_views(scene, ctx),
        result=result,
        ends_scene=not scene.options and isinstance(last, e.GoTo | e.End),
    )
