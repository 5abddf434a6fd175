"""The scene interpreter: pure functions from a scene and a read context to what a seat sees.

Nothing here changes state. The reader (or a campaign tracker) passes a ``ReadContext``: the
month and weekday of the book, the seat reading, challenge mode, whatever it tracks about the
active player (``Facts``; unknown parts are ``None``) and the answers given at the table. It gets
back plain dataclasses (``dataclasses.asdict`` makes them JSON).

Conditions are three-valued: ``True``, ``False`` or ``None`` when the tracked state cannot tell
— then the story master answers.

This is the package's front: it names what callers use. ``scene`` picks the event's scene and
reads a whole scene; the rest lives in ``shown`` (the dataclasses returned), ``text``
(paragraphs, questions, text keys), ``checks`` (successes needed, outcome selected),
``choices`` (options, locks, ``resolve``), ``conditions``, ``outcomes``, ``effect_text`` and
``context``. Pure: no Django; imports only ``storybook.format``.
"""

from __future__ import annotations

from storybook.format import MONTHS, WEEKDAYS, season_of
from storybook.interpreter.checks import check_view, required_successes, select_outcome
from storybook.interpreter.choices import ChoiceError, option_views, resolve, seen_effects
from storybook.interpreter.conditions import describe_condition, evaluate, prerequisite_met
from storybook.interpreter.context import Audience, Facts, ReadContext
from storybook.interpreter.effect_text import EffectView, describe_effect, effect_view
from storybook.interpreter.outcomes import coverage, first_match, outcome_ranges
from storybook.interpreter.scene import pick_event_scene, read_scene
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
    "Audience",
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
    "seen_effects",
    "select_outcome",
    "text_keys",
    "visible_text",
    "season_of",
]
