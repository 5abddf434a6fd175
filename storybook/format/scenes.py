"""Scenes: one numbered story, with its text, questions, options, checks and outcomes."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Discriminator, Field, Tag, model_validator

from .common import Id, Model, Month, SceneNumber, Season, Text, Weekday, one_or_many
from .conditions import Condition
from .effects import Effect


class Filters(Model):
    """When a text is read: only in these months / this season / on these weekdays."""

    month: one_or_many(Month) | None = None
    season: Season | None = None
    weekday: one_or_many(Weekday) | None = None

    def is_timed(self) -> bool:
        return self.month is not None or self.season is not None or self.weekday is not None


class Paragraph(Filters):
    text: Text
    story_master: bool = False  # for the story master only: not read aloud, hidden from players
    if_yes: Id | None = None  # shown only when this scene's question got a yes
    if_no: Id | None = None  # … or a no


class Variant(Filters):
    text: Text


class Variants(Model):
    """Several texts for the same place; the first whose filters match is read."""

    variants: Annotated[list[Variant], Field(min_length=1)]
    story_master: bool = False


def _paragraph_kind(value: Any) -> str:
    if isinstance(value, dict):
        return "variants" if "variants" in value else "paragraph"
    if isinstance(value, Variants):
        return "variants"
    if isinstance(value, Paragraph):
        return "paragraph"
    return "plain"


TextItem = Annotated[
    Annotated[Text, Tag("plain")]
    | Annotated[Paragraph, Tag("paragraph")]
    | Annotated[Variants, Tag("variants")],
    Discriminator(_paragraph_kind),
]


def _as_list(value: Any) -> Any:
    """``text: One line.`` is a text with one paragraph."""
    return [value] if isinstance(value, str | dict) else value


TextList = Annotated[list[TextItem], BeforeValidator(_as_list)]


class Question(Model):
    id: Id
    ask: Text
    test: Condition | None = None  # answered automatically from tracked state when possible
    secret: bool = False  # the story master answers it without saying it aloud


Difficulty = Literal["easy", "medium", "hard", "unknown"]
DIFFICULTY_SUCCESSES: dict[str, int | None] = {"easy": 1, "medium": 2, "hard": 3, "unknown": None}


class Check(Model):
    skill: Id
    difficulty: Difficulty


class Outcome(Model):
    min: Annotated[int, Field(ge=0, le=30)] | None = None  # at least this many successes
    max: Annotated[int, Field(ge=0, le=30)] | None = None  # at most this many successes
    text: TextList = []
    effects: list[Effect] = []

    @model_validator(mode="after")
    def _range(self) -> Outcome:
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min} is more than max {self.max}")
        return self

    @property
    def low(self) -> int:
        return self.min or 0


class Result(Model):
    """What happens after an option without a skill check."""

    text: TextList = []
    effects: list[Effect] = []


class Option(Model):
    label: Text
    verbs: list[Annotated[str, Field(min_length=1)]] = []
    cost: Annotated[int, Field(ge=0, le=20)] = 0
    starry: Id | None = None  # the question whose yes unlocks it; shown locked until then
    check: Check | None = None
    outcomes: list[Outcome] | None = None
    result: Result | None = None

    @model_validator(mode="after")
    def _shape(self) -> Option:
        if self.check is not None:
            if not self.outcomes:
                raise ValueError("an option with a check needs 'outcomes'")
            if self.result is not None:
                raise ValueError("an option with a check has 'outcomes', not 'result'")
        else:
            if self.outcomes is not None:
                raise ValueError("'outcomes' need a 'check'; an option without one has 'result'")
            if self.result is None:
                raise ValueError("an option without a check needs a 'result'")
        return self

    def results(self) -> list[Outcome | Result]:
        if self.outcomes is not None:
            return list(self.outcomes)
        return [self.result] if self.result is not None else []


class Scene(Model):
    number: SceneNumber
    title: Text | None = None
    partner: bool = False  # a partner may join (handshake); challenge mode applies here
    mandatory: bool = False  # must be chosen when available (lightning bolt)
    prerequisite: Condition | None = None
    text: TextList = []
    questions: list[Question] = []
    effects: list[Effect] = []  # resolved after the text, before the options
    options: list[Option] = []

    @property
    def key(self) -> str:
        return f"{self.number:04d}"

    def question(self, qid: str) -> Question | None:
        for q in self.questions:
            if q.id == qid:
                return q
        return None
