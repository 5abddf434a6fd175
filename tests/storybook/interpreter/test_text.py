"""Paragraphs and questions: what each seat reads, by month, weekday and answer."""

from __future__ import annotations

import dataclasses
import json

import pytest

from storybook.interpreter import (
    ReadContext,
    read_scene,
    scene_text,
    text_keys,
)
from tests.storybook.interpreter.ferry import SEASONS, texts


@pytest.mark.parametrize(
    "month,weekday,expected",
    [
        ("december", "monday", "Lanterns hang from the ferry for midwinter."),
        ("january", "monday", "Ice grinds against the hull."),
        ("february", "monday", "Ice grinds against the hull."),
        ("march", "monday", "Dragonflies skim the water."),
        ("august", "monday", "Dragonflies skim the water."),
        ("september", "monday", "Ice grinds against the hull."),
    ],
)
def test_text_variants_follow_month_and_season(month, weekday, expected):
    shown = texts(scene_text(SEASONS, ReadContext(month=month, weekday=weekday, seat="player")))
    assert shown == ["The river runs high.", expected]


def test_weekday_paragraphs_appear_only_on_their_day():
    sunday = scene_text(SEASONS, ReadContext(month="june", weekday="sunday", seat="player"))
    assert "The ferryman is at church on Sundays." in texts(sunday)
    monday = scene_text(SEASONS, ReadContext(month="june", weekday="monday", seat="player"))
    assert "The ferryman is at church on Sundays." not in texts(monday)


def test_story_master_text_is_absent_for_player_and_table_seats():
    sm = scene_text(SEASONS, ReadContext(seat="story_master"))
    assert [v for v in sm if v.story_master] == [
        type(sm[0])("0104.p4", "Take card 202 from the library and keep it ready.", True)
    ]
    for seat in ("player", "table"):
        view = read_scene(SEASONS, ReadContext(seat=seat))
        dumped = json.dumps(dataclasses.asdict(view))
        assert "Take card 202" not in dumped
        assert "marked you" not in dumped  # the secret question too
        assert all(o.outcomes is None for o in view.options)  # outcomes hidden
    sm_view = read_scene(SEASONS, ReadContext(seat="story_master"))
    assert [q.id for q in sm_view.questions] == ["sailor", "marked"]
    assert sm_view.options[1].outcomes is not None


def test_paragraph_keys_are_stable():
    keys = text_keys(SEASONS)
    assert keys["0104.title"] == "The ferry"
    assert keys["0104.p2.v3"] == "Dragonflies skim the water."
    assert keys["0104.q1"] == "Are you a sailor?"
    assert keys["0104.o2"] == "Take the oars yourself."
    assert keys["0104.o2.r3.p1"] == "The current wins."
    shown = scene_text(SEASONS, ReadContext(month="july"))
    assert [v.key for v in shown] == ["0104.p1", "0104.p2.v3", "0104.p4"]
