"""What the scene interpreter returns: plain frozen dataclasses (``dataclasses.asdict`` makes
them JSON). Kept apart from the functions that build them so the shape of what a seat sees reads
in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from storybook.interpreter.effect_text import EffectView


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
