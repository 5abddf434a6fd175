"""Which paragraphs and questions a seat reads in a scene, and every translatable text by key.

Questions live here with the paragraphs because their answers pick the paragraphs (``if_yes``,
``if_no``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from storybook.format import Paragraph, Scene, Variants
from storybook.format import effects as e
from storybook.format.scenes import Filters
from storybook.interpreter.conditions import evaluate
from storybook.interpreter.context import ReadContext
from storybook.interpreter.shown import QuestionView, TextView


def _filters_match(f: Filters, ctx: ReadContext) -> bool:
    if f.month is not None and ctx.month not in f.month:
        return False
    if f.season is not None and ctx.season != f.season:
        return False
    return not (f.weekday is not None and ctx.weekday not in f.weekday)


def visible_text(
    items: list, prefix: str, ctx: ReadContext, given: Mapping[str, bool | None]
) -> list[TextView]:
    """The paragraphs of ``items`` that this seat reads now, with their stable keys."""
    out: list[TextView] = []
    for i, item in enumerate(items, 1):
        key = f"{prefix}.p{i}"
        if isinstance(item, str):
            out.append(TextView(key, item))
        elif isinstance(item, Paragraph):
            if item.story_master and not ctx.sees_all:
                continue
            if not _filters_match(item, ctx):
                continue
            if item.if_yes is not None and given.get(item.if_yes) is not True:
                continue
            if item.if_no is not None and given.get(item.if_no) is not False:
                continue
            out.append(TextView(key, item.text, item.story_master))
        elif isinstance(item, Variants):
            if item.story_master and not ctx.sees_all:
                continue
            for k, variant in enumerate(item.variants, 1):
                if _filters_match(variant, ctx):
                    out.append(TextView(f"{key}.v{k}", variant.text, item.story_master))
                    break
    return out


def scene_text(scene: Scene, ctx: ReadContext) -> list[TextView]:
    return visible_text(scene.text, scene.key, ctx, answers(scene, ctx))


def text_keys(scene: Scene) -> dict[str, str]:
    """Every translatable text of a scene by its stable key (titles, paragraphs, labels…)."""
    out: dict[str, str] = {}
    if scene.title:
        out[f"{scene.key}.title"] = scene.title

    def texts(items: list, prefix: str) -> None:
        for i, item in enumerate(items, 1):
            if isinstance(item, str):
                out[f"{prefix}.p{i}"] = item
            elif isinstance(item, Paragraph):
                out[f"{prefix}.p{i}"] = item.text
            else:
                for k, v in enumerate(item.variants, 1):
                    out[f"{prefix}.p{i}.v{k}"] = v.text

    def notes(effects: list, prefix: str) -> None:
        for j, eff in enumerate(effects, 1):
            if isinstance(eff, e.Note):
                out[f"{prefix}.e{j}"] = eff.note

    texts(scene.text, scene.key)
    for i, q in enumerate(scene.questions, 1):
        out[f"{scene.key}.q{i}"] = q.ask
    notes(scene.effects, scene.key)
    for i, opt in enumerate(scene.options, 1):
        okey = f"{scene.key}.o{i}"
        out[okey] = opt.label
        for k, res in enumerate(opt.results(), 1):
            texts(res.text, f"{okey}.r{k}")
            notes(res.effects, f"{okey}.r{k}")
    return out


# -- questions ---------------------------------------------------------------------------------
def answers(scene: Scene, ctx: ReadContext) -> dict[str, bool | None]:
    """Each question's answer: from the tracked state when it can tell, else from the table."""
    return {q.id: _answer(q, ctx)[0] for q in scene.questions}


def _answer(q: Any, ctx: ReadContext) -> tuple[bool | None, Any]:
    if q.test is not None:
        value = evaluate(q.test, ctx)
        if value is not None:
            return value, "tracked"
    if q.id in ctx.answers:
        return bool(ctx.answers[q.id]), "table"
    return None, None


def question_views(scene: Scene, ctx: ReadContext) -> list[QuestionView]:
    out = []
    for i, q in enumerate(scene.questions, 1):
        if q.secret and not ctx.sees_all:
            continue
        value, source = _answer(q, ctx)
        out.append(QuestionView(f"{scene.key}.q{i}", q.id, q.ask, value, source, q.secret))
    return out
