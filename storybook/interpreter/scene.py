"""A whole scene as a seat sees it now (``read_scene``), and the scene an event card opens
(``pick_event_scene``)."""

from __future__ import annotations

from collections.abc import Mapping

from storybook.format import EventCard, Scene
from storybook.format import effects as e
from storybook.interpreter.choices import ChoiceError, option_views, resolve, seen_effects
from storybook.interpreter.conditions import describe_condition, evaluate
from storybook.interpreter.context import ReadContext
from storybook.interpreter.shown import EventPick, SceneView
from storybook.interpreter.text import answers, question_views, visible_text


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
