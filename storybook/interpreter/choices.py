"""The options of a scene: what each seat sees of them, why one is locked, and what choosing
one does (``resolve``).
"""

from __future__ import annotations

from collections.abc import Mapping

from storybook.format import Option, Outcome, Result, Scene
from storybook.format import effects as e
from storybook.interpreter.checks import challenge_applies, check_view, select_outcome
from storybook.interpreter.context import ReadContext
from storybook.interpreter.effect_text import EffectView, effect_view
from storybook.interpreter.outcomes import effective_labels, outcome_ranges
from storybook.interpreter.shown import OptionView, OutcomeView, ResultView
from storybook.interpreter.text import answers, visible_text
from storybook.refusal import StorybookRefused


class ChoiceError(StorybookRefused):
    """A choice the book does not allow now (a locked option, a check without successes)."""


def seen_effects(effects: list, ctx: ReadContext) -> list[EffectView]:
    """The effects this seat is shown: a ``note`` is an instruction for the story master
    (docs/book-format.md §10), like a story-master paragraph, so only that seat gets it."""
    return [effect_view(x) for x in effects if ctx.sees_all or not isinstance(x, e.Note)]


def option_views(scene: Scene, ctx: ReadContext) -> list[OptionView]:
    given = answers(scene, ctx)
    out = []
    for i, opt in enumerate(scene.options):
        reason = _locked_reason(scene, opt, ctx, given)
        outcomes = _outcome_views(scene, i, ctx, given) if ctx.sees_all else None
        out.append(
            OptionView(
                index=i,
                key=f"{scene.key}.o{i + 1}",
                label=opt.label,
                verbs=list(opt.verbs),
                cost=opt.cost,
                starry=opt.starry is not None,
                available=reason is None,
                locked_reason=reason,
                check=check_view(scene, opt.check, ctx) if opt.check else None,
                outcomes=outcomes,
            )
        )
    return out


def _locked_reason(
    scene: Scene, opt: Option, ctx: ReadContext, given: Mapping[str, bool | None]
) -> str | None:
    if opt.starry is not None:
        q = scene.question(opt.starry)
        value = given.get(opt.starry)
        if q is not None and q.secret and not ctx.sees_all:
            # The question itself is the story master's secret: name it to no one else.
            if value is None:
                return "Starry option: opens with the story master's secret answer"
            if value is False:
                return "Starry option: the story master's secret answer kept it closed"
        ask = q.ask if q else opt.starry
        if value is None:
            return f"Starry option: opens with a yes to “{ask}”"
        if value is False:
            return f"Starry option: the answer to “{ask}” was no"
    gold = ctx.facts.gold
    if opt.cost and gold is not None and gold < opt.cost:
        return f"Costs {opt.cost} gold; the active player has {gold}"
    return None


def _outcome_views(
    scene: Scene, option: int, ctx: ReadContext, given: Mapping[str, bool | None]
) -> list[OutcomeView]:
    opt = scene.options[option]
    okey = f"{scene.key}.o{option + 1}"
    if opt.outcomes is None:
        res = opt.result
        assert res is not None
        return [
            OutcomeView(
                0,
                f"{okey}.r1",
                0,
                None,
                "any",
                visible_text(res.text, f"{okey}.r1", ctx, given),
                seen_effects(res.effects, ctx),
            )
        ]
    ranges = outcome_ranges(opt.outcomes, challenge_applies(scene, ctx))
    labels = effective_labels(ranges)
    return [
        OutcomeView(
            k,
            f"{okey}.r{k + 1}",
            lo,
            hi,
            labels[k],
            visible_text(o.text, f"{okey}.r{k + 1}", ctx, given),
            seen_effects(o.effects, ctx),
        )
        for k, (o, (lo, hi)) in enumerate(zip(opt.outcomes, ranges, strict=True))
    ]


def resolve(
    scene: Scene, option: int, ctx: ReadContext, successes: int | None = None
) -> ResultView:
    """What happens after ``option`` (0-based): for a check, ``successes`` picks the outcome.

    Raises ChoiceError for a locked option (its reason is the message) or missing successes.
    """
    if not 0 <= option < len(scene.options):
        raise ChoiceError(f"scene {scene.key} has no option {option + 1}")
    opt = scene.options[option]
    given = answers(scene, ctx)
    locked = _locked_reason(scene, opt, ctx, given)
    if locked is not None:
        raise ChoiceError(locked)
    res: Outcome | Result | None
    if opt.check is not None:
        if successes is None:
            raise ChoiceError(f"option {option + 1} has a skill check: give the successes")
        k = select_outcome(scene, option, successes, ctx)
        res = opt.outcomes[k]  # type: ignore[index]
    else:
        k, res = 0, opt.result
    assert res is not None
    key = f"{scene.key}.o{option + 1}.r{k + 1}"
    last = res.effects[-1] if res.effects else None
    effects = seen_effects(res.effects, ctx)
    if opt.cost:  # choosing the option spends its cost, before anything else happens
        paid = f"Active player: pay {opt.cost} gold for this option."
        effects.insert(
            0, EffectView("gold", "active", False, {"gold": -opt.cost, "cost": True}, paid)
        )
    return ResultView(
        option=option,
        outcome=k,
        key=key,
        successes=max(0, successes) if successes is not None else None,
        text=visible_text(res.text, key, ctx, given),
        effects=effects,
        ends_scene=isinstance(last, e.End),
        go=last.go if isinstance(last, e.GoTo) else None,
    )
