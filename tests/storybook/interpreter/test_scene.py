"""A scene as a seat reads it (interpreter.scene): the scene an event opens, and a world read
from disk."""

from __future__ import annotations

from storybook.format import EventCard
from storybook.interpreter import (
    Facts,
    ReadContext,
    pick_event_scene,
    read_scene,
)
from storybook.lint.folder import load_world
from yaml_source import parse


def test_an_event_card_opens_the_first_scene_whose_prerequisite_is_met():
    event = EventCard.model_validate(
        parse(
            """
card: 80
scenes:
  - {scene: 2001, prerequisite: {season: winter}}
  - {scene: 2002, prerequisite: {at: mill}}
  - {scene: 2003, prerequisite: {weekday: sunday}}
  - {scene: 2004}
""",
            "events.yaml",
        ).data
    )
    assert pick_event_scene(event, ReadContext(month="january")).scene == 2001
    at_wood = Facts(location="wood")
    assert pick_event_scene(event, ReadContext(month="june", facts=at_wood)).scene == 2004
    sunday = ReadContext(month="june", weekday="sunday", facts=at_wood)
    assert pick_event_scene(event, sunday).scene == 2003
    at_mill = ReadContext(month="june", weekday="sunday", facts=Facts(location="mill"))
    assert pick_event_scene(event, at_mill).scene == 2002  # earlier entries win
    # untracked location: the story master is asked, then the answer decides
    asked = pick_event_scene(event, ReadContext(month="june"), names={"mill": "The Mill"})
    assert (asked.scene, asked.entry, asked.ask) == (None, 1, "at The Mill")
    assert pick_event_scene(event, ReadContext(month="june"), {1: True}).scene == 2002
    assert pick_event_scene(event, ReadContext(month="june"), {1: False}).scene == 2004


def test_reading_the_minimal_world_from_disk(minimal_path):
    world = load_world(minimal_path)
    pick = pick_event_scene(world.event(78), ReadContext(month="november"))
    assert pick.scene == 1004
    view = read_scene(world.scene(1004), ReadContext(seat="player"))
    assert view.ends_scene and view.options == []
    names = world.info.names()
    assert names["wood"] == "Hollow Wood" and names["might"] == "Might"
