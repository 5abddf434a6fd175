"""The ferry scene the interpreter's tests read (seasons, a starry option, a check, a cost),
and ``scene(yaml)`` to validate a scene written inline."""

from __future__ import annotations

from storybook.format import Scene
from yaml_source import parse


def scene(yaml: str) -> Scene:
    return Scene.model_validate(parse(yaml, "scenes/x.yaml").data)


SEASONS = scene(
    """
number: 104
title: The ferry
text:
  - The river runs high.
  - variants:
      - {month: december, text: Lanterns hang from the ferry for midwinter.}
      - {season: winter, text: Ice grinds against the hull.}
      - {season: summer, text: Dragonflies skim the water.}
  - {text: The ferryman is at church on Sundays., weekday: sunday}
  - {text: Take card 202 from the library and keep it ready., story_master: true}
  - {text: The ferryman grins at a fellow sailor., if_yes: sailor}
questions:
  - id: sailor
    ask: Are you a sailor?
    test: {has_tag: sailor}
  - id: marked
    ask: Has the ferryman marked you?
    secret: true
options:
  - label: Pay the fare.
    cost: 2
    result:
      text: You cross in comfort.
      effects:
        - end: true
  - label: Take the oars yourself.
    starry: sailor
    verbs: [row]
    check: {skill: survival, difficulty: medium}
    outcomes:
      - min: 3
        text: You cross in record time.
        effects:
          - prestige: 1
          - end: true
      - min: 2
        text: You cross, soaked.
        effects:
          - status: 202
          - end: true
      - text: The current wins.
        effects:
          - go: 105
  - label: Swim.
    result:
      effects: [{end: true}]
"""
)


def texts(views) -> list[str]:
    return [v.text for v in views]
