"""The scene interpreter: pure functions from a scene and a read context to what a seat sees.

Nothing here changes state. The reader (or a campaign tracker) passes a ``ReadContext``: the
month and weekday of the book, the seat reading, challenge mode, whatever it tracks about the
active player (``Facts``; unknown parts are ``None``) and the answers given at the table. It gets
back plain dataclasses (``dataclasses.asdict`` makes them JSON).

Conditions are three-valued: ``True``, ``False`` or ``None`` when the tracked state cannot tell
— then the story master answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .conditions import describe_condition, evaluate, prerequisite_met
from .context import Facts, ReadContext, Seat
from .effect_text import EffectView, describe_effect, effect_view
from .format import (
    DIFFICULTY_SUCCESSES,
    MONTHS,
    WEEKDAYS,
    Check,
    EventCard,
    Option,
    Outcome,
    Paragraph,
    Result,
    Scene,
    Variants,
    season_of,
)
from .format import effects as e
from .format.scenes import Filters
from .outcomes import coverage, effective_labels, first_match, outcome_ranges

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
    "select_outcome",
    "text_keys",
    "visible_text",
    "season_of",
]


class ChoiceError(ValueError):
    """A choice the book does not allow now (a locked option, a check without successes)."""


# -- outputs ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class TextView:
    key: str  # stable key for translation, e.g. "0104.p2" or "0104.o1.r2.p1"
    text: str
    story_master: bool = False  # for the story master only (never sent to other seats)


@dataclass(frozen=True)
class QuestionView:
    key: str
    id: str
    ask: str
    answer: bool | None  # None: not answered yet
    source: Literal["tracked", "table"] | None  # where the answer came from
    secret: bool  # answered by the story master without saying it aloud


@dataclass(frozen=True)
class CheckView:
    skill: str
    difficulty: str
    required: int | None  # successes needed to avoid failure; None for unknown (shown as "?")
    challenge: bool  # the +1 of challenge mode is included in ``required``


@dataclass(frozen=True)
class OutcomeView:
    index: int  # 0-based, left to right
    key: str
    low: int  # successes, after challenge mode
    high: int | None
    label: str  # "3+", "1–2", "0"
    text: list[TextView]
    effects: list[EffectView]


@dataclass(frozen=True)
class OptionView:
    index: int  # 0-based
    key: str
    label: str
    verbs: list[str]
    cost: int
    starry: bool
    available: bool
    locked_reason: str | None  # why it cannot be chosen now
    check: CheckView | None
    outcomes: list[OutcomeView] | None  # the story master's seat only (hidden from players)


@dataclass(frozen=True)
class ResultView:
    """What happens after a choice. ``effects`` starts with paying the option's gold cost."""

    option: int
    outcome: int  # index of the outcome selected (0 for an option without a check)
    key: str
    successes: int | None
    text: list[TextView]
    effects: list[EffectView]
    ends_scene: bool
    go: int | None  # the scene to go to next, if any


@dataclass(frozen=True)
class SceneView:
    number: int
    key: str
    title: str | None
    partner: bool
    mandatory: bool
    prerequisite: str | None
    text: list[TextView]
    questions: list[QuestionView]
    effects: list[EffectView]
    options: list[OptionView]
    result: ResultView | None
    ends_scene: bool  # the scene has no options and its effects end it


@dataclass(frozen=True)
class EventPick:
    scene: int | None  # the scene that opens, or None while an entry waits for an answer
    entry: int | None  # index of the chosen entry, or of the one that needs the story master
    ask: str | None  # what the story master must decide, when the state cannot tell


# -- text --------------------------------------------------------------------------------------
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


# -- checks and outcomes -------------------------------------------------------------------------
def required_successes(scene: Scene, check: Check, ctx: ReadContext) -> int | None:
    """Successes needed to avoid failure: easy 1, medium 2, hard 3, unknown None.

    In challenge mode every number is one higher in a scene where a partner may join.
    """
    base = DIFFICULTY_SUCCESSES[check.difficulty]
    if base is None:
        return None
    return base + 1 if _challenged(scene, ctx) else base


def _challenged(scene: Scene, ctx: ReadContext) -> bool:
    return ctx.challenge and scene.partner


def check_view(scene: Scene, check: Check, ctx: ReadContext) -> CheckView:
    return CheckView(
        check.skill,
        check.difficulty,
        required_successes(scene, check, ctx),
        _challenged(scene, ctx),
    )


def select_outcome(scene: Scene, option: int, successes: int, ctx: ReadContext) -> int:
    """The first outcome from the left that matches ``successes`` (0-based index)."""
    opt = scene.options[option]
    if opt.outcomes is None:
        return 0
    successes = max(0, successes)  # the total never goes below 0
    found = first_match(outcome_ranges(opt.outcomes, _challenged(scene, ctx)), successes)
    if found is None:  # lint rejects such books; be explicit rather than guess
        raise ValueError(f"no outcome of option {option + 1} matches {successes} successes")
    return found


# -- options -----------------------------------------------------------------------------------
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
        ask = q.ask if q else opt.starry
        value = given.get(opt.starry)
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
                [effect_view(x) for x in res.effects],
            )
        ]
    ranges = outcome_ranges(opt.outcomes, _challenged(scene, ctx))
    labels = effective_labels(ranges)
    return [
        OutcomeView(
            k,
            f"{okey}.r{k + 1}",
            lo,
            hi,
            labels[k],
            visible_text(o.text, f"{okey}.r{k + 1}", ctx, given),
            [effect_view(x) for x in o.effects],
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
    effects = [effect_view(x) for x in res.effects]
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

    The story master's seat gets story-master-only text, secret questions and every option's
    outcomes; other seats get none of those. ``option`` (0-based) and, for a check,
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
        effects=[effect_view(x) for x in scene.effects],
        options=option_views(scene, ctx),
        result=result,
        ends_scene=not scene.options and isinstance(last, e.GoTo | e.End),
    )
