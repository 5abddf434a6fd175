"""The scene interpreter: pure functions from a scene and a read context to what a seat sees.

Nothing here changes state. The reader (or a campaign tracker) passes a ``ReadContext``: the
month and weekday of the book, the seat reading, challenge mode, whatever it tracks about the
active player (``Facts``; unknown parts are ``None``) and the answers given at the table. It gets
back plain dataclasses (``dataclasses.asdict`` makes them JSON).

Conditions are three-valued: ``True``, ``False`` or ``None`` when the tracked state cannot tell
— then the story master answers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

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
from .format import conditions as c
from .format import effects as e
from .format.scenes import Filters

Seat = Literal["story_master", "player", "table"]

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
    "season_of",
]


class ChoiceError(ValueError):
    """A choice the book does not allow now (a locked option, a check without successes)."""


# -- inputs ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Facts:
    """What is tracked about the active player and the board. ``None``: not tracked."""

    adventurer: str | None = None
    location: str | None = None
    gold: int | None = None
    tags: frozenset[str] | None = None  # board tags plus the tags of every card held
    cards: frozenset[int] | None = None  # numbers of the cards the active player holds
    cards_here: frozenset[int] | None = None  # local statuses on the active player's space
    cards_in_play: frozenset[int] | None = None  # anywhere in play (global statuses included)
    card_places: Mapping[int, str] | None = None  # card → "library" / "vault" / "quest_slot"
    marks: Mapping[str, int] | None = None  # skill id → marks


@dataclass(frozen=True)
class ReadContext:
    month: str = "january"
    weekday: str = "monday"
    seat: Seat = "story_master"
    challenge: bool = False  # challenge mode: partner scenes need one more success
    partner: bool | None = None  # a partner joined this scene (None: not tracked)
    facts: Facts = field(default_factory=Facts)
    answers: Mapping[str, bool] = field(default_factory=dict)  # question id → yes/no at the table

    def __post_init__(self) -> None:
        if self.month not in MONTHS:
            raise ValueError(f"unknown month {self.month!r}")
        if self.weekday not in WEEKDAYS:
            raise ValueError(f"unknown weekday {self.weekday!r}")

    @property
    def season(self) -> str:
        return season_of(self.month)

    @property
    def sees_all(self) -> bool:
        return self.seat == "story_master"


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
class EffectView:
    verb: str
    who: str
    optional: bool
    args: dict[str, Any]  # the effect's own fields, flattened: card, pick, days, into, …
    text: str  # a sentence for people


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


# -- conditions ------------------------------------------------------------------------------
def evaluate(cond: Any, ctx: ReadContext) -> bool | None:
    """True / False, or None when the tracked state cannot tell."""
    f = ctx.facts
    if isinstance(cond, c.At):
        return None if f.location is None else f.location in cond.at
    if isinstance(cond, c.InSeason):
        return ctx.season == cond.season
    if isinstance(cond, c.InMonth):
        return ctx.month in cond.month
    if isinstance(cond, c.OnWeekday):
        return ctx.weekday in cond.weekday
    if isinstance(cond, c.HasTag):
        return None if f.tags is None else cond.has_tag in f.tags
    if isinstance(cond, c.HasCard):
        return None if f.cards is None else cond.has_card in f.cards
    if isinstance(cond, c.CardHere):
        return None if f.cards_here is None else cond.card_here in f.cards_here
    if isinstance(cond, c.CardInPlay):
        return None if f.cards_in_play is None else cond.card_in_play in f.cards_in_play
    if isinstance(cond, c.CardIn):
        if f.card_places is None:
            return None
        return f.card_places.get(cond.card_in.card) == cond.card_in.place
    if isinstance(cond, c.GoldAtLeast):
        return None if f.gold is None else f.gold >= cond.gold_at_least
    if isinstance(cond, c.IsAdventurer):
        return None if f.adventurer is None else f.adventurer in cond.adventurer
    if isinstance(cond, c.MarksAtLeast):
        if f.marks is None:
            return None
        return all(f.marks.get(s, 0) >= n for s, n in cond.marks_at_least.items())
    if isinstance(cond, c.WithPartner):
        return None if ctx.partner is None else ctx.partner == cond.partner
    if isinstance(cond, c.All):
        values = [evaluate(sub, ctx) for sub in cond.all]
        if False in values:
            return False
        return None if None in values else True
    if isinstance(cond, c.AnyOf):
        values = [evaluate(sub, ctx) for sub in cond.any]
        if True in values:
            return True
        return None if None in values else False
    if isinstance(cond, c.Not):
        value = evaluate(cond.not_, ctx)
        return None if value is None else not value
    raise TypeError(f"not a condition: {cond!r}")


def prerequisite_met(scene: Scene, ctx: ReadContext) -> bool | None:
    return True if scene.prerequisite is None else evaluate(scene.prerequisite, ctx)


def _names(values: Iterable[str]) -> str:
    vals = [v.replace("_", " ").capitalize() if v in MONTHS or v in WEEKDAYS else v for v in values]
    return vals[0] if len(vals) == 1 else ", ".join(vals[:-1]) + " or " + vals[-1]


def describe_condition(cond: Any, names: Mapping[str, str] | None = None) -> str:
    """A short phrase for people: "at The Mill and has the tag Sailor".

    ``names`` maps ids (locations, tags, skills, adventurers) to display names.
    """
    n = names or {}

    def name(x: str) -> str:
        return n.get(x, x)

    if isinstance(cond, c.At):
        return "at " + _names(name(x) for x in cond.at)
    if isinstance(cond, c.InSeason):
        return f"in {cond.season}"
    if isinstance(cond, c.InMonth):
        return "in " + _names(cond.month)
    if isinstance(cond, c.OnWeekday):
        return "on " + _names(cond.weekday)
    if isinstance(cond, c.HasTag):
        return f"has the tag {name(cond.has_tag)}"
    if isinstance(cond, c.HasCard):
        return f"has card {cond.has_card:03d}"
    if isinstance(cond, c.CardHere):
        return f"card {cond.card_here:03d} is on this space"
    if isinstance(cond, c.CardInPlay):
        return f"card {cond.card_in_play:03d} is in play"
    if isinstance(cond, c.CardIn):
        return f"card {cond.card_in.card:03d} is in the {cond.card_in.place.replace('_', ' ')}"
    if isinstance(cond, c.GoldAtLeast):
        return f"has at least {cond.gold_at_least} gold"
    if isinstance(cond, c.IsAdventurer):
        return "is " + _names(name(x) for x in cond.adventurer)
    if isinstance(cond, c.MarksAtLeast):
        return "has " + " and ".join(
            f"{k} {name(s)} mark{'s' if k > 1 else ''}" for s, k in cond.marks_at_least.items()
        )
    if isinstance(cond, c.WithPartner):
        return "with a partner" if cond.partner else "without a partner"
    if isinstance(cond, c.All):
        return " and ".join(describe_condition(x, n) for x in cond.all)
    if isinstance(cond, c.AnyOf):
        return "(" + " or ".join(describe_condition(x, n) for x in cond.any) + ")"
    if isinstance(cond, c.Not):
        return "not " + describe_condition(cond.not_, n)
    return str(cond)


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


def outcome_ranges(
    outcomes: Iterable[Outcome], challenge: bool = False
) -> list[tuple[int, int | None]]:
    """Each outcome's (low, high) successes; challenge mode raises every number but 0 by one."""
    out = []
    for o in outcomes:
        lo = o.min or 0
        hi = o.max
        if challenge:
            lo = lo + 1 if lo > 0 else 0
            hi = hi + 1 if hi is not None else None
        out.append((lo, hi))
    return out


def first_match(ranges: list[tuple[int, int | None]], successes: int) -> int | None:
    """Index of the first range from the left that contains ``successes``."""
    for i, (lo, hi) in enumerate(ranges):
        if successes >= lo and (hi is None or successes <= hi):
            return i
    return None


def coverage(
    ranges: list[tuple[int, int | None]],
) -> tuple[list[int], list[tuple[int, int | None]]]:
    """(indices that never match, success counts no range covers, as (from, to or None))."""
    bounds = [b for r in ranges for b in r if b is not None]
    top = max(bounds, default=0) + 1  # every count above ``top`` behaves like ``top``
    hit: set[int] = set()
    gaps: list[tuple[int, int | None]] = []
    for n in range(top + 1):
        i = first_match(ranges, n)
        if i is None:
            end: int | None = None if n == top else n
            if gaps and gaps[-1][1] == n - 1:
                gaps[-1] = (gaps[-1][0], end)
            else:
                gaps.append((n, end))
        else:
            hit.add(i)
    return [i for i in range(len(ranges)) if i not in hit], gaps


def range_label(lo: int, hi: int | None) -> str:
    if hi is None:
        return f"{lo}+" if lo else "any"
    return str(lo) if lo == hi else f"{lo}–{hi}"


def effective_labels(ranges: list[tuple[int, int | None]]) -> list[str]:
    """What each outcome really takes once the ones left of it have had theirs: "0", "1–2", "3+"."""
    bounds = [b for r in ranges for b in r if b is not None]
    top = max(bounds, default=0) + 1
    taken: dict[int, list[int]] = {}
    for n in range(top + 1):
        i = first_match(ranges, n)
        if i is not None:
            taken.setdefault(i, []).append(n)
    labels = []
    for i in range(len(ranges)):
        counts = taken.get(i)
        if not counts:
            labels.append("never")
        elif counts[-1] == top:
            labels.append(range_label(counts[0], None) if counts[0] else "any")
        else:
            labels.append(range_label(counts[0], counts[-1]))
    return labels


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


# -- effects -----------------------------------------------------------------------------------
_WHO = {"active": "Active player", "partner": "Partner", "everyone": "Everyone"}


def effect_view(eff: Any) -> EffectView:
    verb = e.verb_of(eff)
    assert verb is not None
    raw = eff.model_dump(by_alias=True)
    who, optional = raw.pop("who"), raw.pop("optional")
    value = raw.pop(verb)
    args: dict[str, Any] = {}
    if isinstance(value, dict):
        args.update({k: v for k, v in value.items() if v is not None})
    elif verb in ("take", "status", "companion", "local_status", "global_status"):
        args["card"] = value
    else:
        args[verb if verb not in ("discard",) else "card"] = value
    if verb in ("take", "status", "companion", "local_status", "global_status"):
        args.setdefault("pick", "any")
    args.update({k: v for k, v in raw.items() if v is not None})
    return EffectView(verb, who, optional, args, describe_effect(eff))


def _card(n: Any) -> str:
    if n == "this":
        return "this card"
    if n == "event":
        return "the event card"
    return f"card {n:03d}"


def _ref(ref: Any) -> str:
    n, pick = e.card_of(ref), e.pick_of(ref)
    if pick == "random":
        return f"a random card {n:03d}"
    if pick == "icon":
        return f"card {n:03d} with the active adventurer's icon"
    return f"card {n:03d}"


def _place(at: str) -> str:
    return "the active player's space" if at == "here" else at


def describe_effect(eff: Any) -> str:
    """One sentence for the story master: "Active player: gain 3 gold."."""
    text = _effect_phrase(eff)
    if isinstance(eff, e.GoTo | e.End | e.Note | e.PlaceGlobalStatus | e.Put):
        sentence = text
    else:
        sentence = f"{_WHO[eff.who]}: {text}"
    if eff.optional:
        sentence += " (optional)"
    return sentence[0].upper() + sentence[1:] + ("" if sentence.endswith(".") else ".")


def _effect_phrase(eff: Any) -> str:
    if isinstance(eff, e.Gold):
        return f"{'gain' if eff.gold >= 0 else 'lose'} {abs(eff.gold)} gold"
    if isinstance(eff, e.Prestige):
        return f"{'gain' if eff.prestige >= 0 else 'lose'} {abs(eff.prestige)} prestige"
    if isinstance(eff, e.Take):
        where = f", placed at {_place(eff.at)}" if eff.at else ""
        return f"take {_ref(eff.take)} from the {eff.from_}{where}"
    if isinstance(eff, e.GainStatus):
        return f"gain the status {_ref(eff.status)}"
    if isinstance(eff, e.GainCompanion):
        return f"gain the companion {_ref(eff.companion)}"
    if isinstance(eff, e.PlaceLocalStatus):
        where = _place(eff.at)
        return f"place the local status {_ref(eff.local_status)} at {where}"
    if isinstance(eff, e.PlaceGlobalStatus):
        return f"put the global status {_ref(eff.global_status)} into play"
    if isinstance(eff, e.Discard):
        return f"discard {_card(eff.discard)}"
    if isinstance(eff, e.Put):
        p = eff.put
        if p.into == "save_slot":
            slot = {"global": "the global save slot", "active": "the active adventurer's save slot"}
            where = slot.get(p.slot or "", f"the save slot of {p.slot}")
        elif p.into == "event_deck":
            where = f"the {p.position or 'bottom'} of the event deck"
        else:
            where = "the " + p.into.replace("_", " ")
        return (
            f"put {_card(p.card)} into {where}"
            if p.into != "event_deck"
            else f"put {_card(p.card)} at {where}"
        )
    if isinstance(eff, e.StartTimer):
        days = f"{eff.timer.days} days ahead" if eff.timer.days else "as its timer box shows"
        return f"place a timer token for {_card(eff.timer.card)}, {days}"
    if isinstance(eff, e.Delay):
        return f"delay the timer of {_card(eff.delay.card)} by {eff.delay.days} day(s)"
    if isinstance(eff, e.Hasten):
        return f"hasten the timer of {_card(eff.hasten.card)} by {eff.hasten.days} day(s)"
    if isinstance(eff, e.GainTag):
        return f"gain the tag {eff.gain_tag}"
    if isinstance(eff, e.LoseTag):
        return f"lose the tag {eff.lose_tag}"
    if isinstance(eff, e.MoveSkillMark):
        src = "any skill" if eff.skill_mark.from_ == "any" else eff.skill_mark.from_
        return f"move a skill mark from {src} to {eff.skill_mark.to}"
    if isinstance(eff, e.Note):
        return eff.note
    if isinstance(eff, e.GoTo):
        return f"go to scene {eff.go:04d}"
    if isinstance(eff, e.End):
        return "the scene ends"
    return str(eff)


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
            result = resolve(scene, option, ctx, successes)
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
