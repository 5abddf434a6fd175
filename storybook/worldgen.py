"""Generate a large valid world, for `make bench` and the tests that time lint + load.

Each scene is about 45 lines and uses the common constructs (variants, a story-master
paragraph, a question, a starry option, a check with three outcomes, effects, go to); every
scene is reachable: location scenes start chains that go from scene to scene.
``python -m storybook.worldgen DEST --scenes 2000`` writes one and times lint + load.
"""

from __future__ import annotations

import argparse
import random
import shutil
import time
from pathlib import Path

from storybook.lint.folder import lint_world, load_world

MINIMAL = Path(__file__).resolve().parents[1] / "fixtures" / "worlds" / "_minimal"
FIRST = 1001
SKILLS = ["thievery", "might", "survival", "knowledge", "communication", "perception"]
DIFFICULTY = {1: "easy", 2: "medium", 3: "hard"}


def scene_yaml(number: int, last: int, rng: random.Random) -> str:
    nxt = number + 1 if number < last else None
    way_on = f"- go: {nxt}" if nxt else "- end: true"
    skill = rng.choice(SKILLS)
    need = rng.randint(1, 3)
    partner = "true" if number % 3 == 0 or number == FIRST else "false"  # who: partner below
    return f"""\
number: {number}
title: Generated scene {number}
partner: {partner}
text:
  - You reach waypoint {number} as the light changes over the vale.
  - variants:
      - {{season: summer, text: Bees drone in the clover by the path.}}
      - {{season: winter, text: Frost crunches under your boots.}}
  - text: Keep card 201 to hand in case the lantern is found.
    story_master: true
  - text: On market days the road is busy.
    weekday: [saturday, sunday]
questions:
  - id: sailor
    ask: Are you a sailor?
    test: {{has_tag: sailor}}
options:
  - label: Push on with {skill}.
    verbs: [push]
    check: {{skill: {skill}, difficulty: {DIFFICULTY[need]}}}
    outcomes:
      - min: {need + 1}
        text: A fine showing; word of it spreads.
        effects:
          - gold: 2
          - prestige: 1
            who: partner
          {way_on}
      - min: {need}
        text: You manage, just.
        effects:
          - gold: 1
          {way_on}
      - text: It goes badly.
        effects:
          - status: 202
          - end: true
  - label: Row across instead.
    starry: sailor
    cost: 1
    result:
      text: The water carries you.
      effects:
        - end: true
  - label: Turn back.
    result:
      effects:
        - end: true
"""


EVENT_SCENE = """\
number: {n}
title: Event {n}
text:
  - variants:
      - {{season: winter, text: Snow muffles the lanes.}}
      - {{text: The lanes are dusty.}}
effects:
  - gold: 1
  - put: {{card: event, into: event_deck, position: bottom}}
  - end: true
"""


def generate_world(dest: Path, scenes: int = 2000, seed: int = 0) -> Path:
    """Write a world with ``scenes`` scenes into ``dest`` (replaced if it exists)."""
    rng = random.Random(seed)
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(MINIMAL, dest)
    scenes_dir = dest / "scenes"
    shutil.rmtree(scenes_dir)
    scenes_dir.mkdir()
    last = FIRST + scenes - 3  # the last two scenes are the event card's
    for n in range(FIRST, last + 1):
        (scenes_dir / f"{n:04d}.yaml").write_text(scene_yaml(n, last, rng), encoding="utf-8")
    for n in (last + 1, last + 2):
        (scenes_dir / f"{n:04d}.yaml").write_text(EVENT_SCENE.format(n=n), encoding="utf-8")
    # chains of 50 scenes, each started from the world's entry scenes
    starts = ", ".join(str(n) for n in range(FIRST, last + 1, 50))
    world = (dest / "world.yaml").read_text(encoding="utf-8")
    world = world.replace(
        "summer: {terrain: [forest], scenes: [1002]}", "summer: {terrain: [forest]}"
    )
    (dest / "world.yaml").write_text(world + f"\nentry_scenes: [{starts}]\n", encoding="utf-8")
    (dest / "events.yaml").write_text(
        "events:\n  - card: 78\n    scenes:\n"
        f"      - {{scene: {last + 1}, prerequisite: {{season: winter}}}}\n"
        f"      - scene: {last + 2}\n",
        encoding="utf-8",
    )
    (dest / "cards.yaml").write_text(
        (dest / "cards.yaml")
        .read_text(encoding="utf-8")
        .replace("scenes: [1003]", "scenes: [1005]"),
        encoding="utf-8",
    )
    return dest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("dest", type=Path)
    parser.add_argument("--scenes", type=int, default=2000)
    args = parser.parse_args()
    generate_world(args.dest, args.scenes)
    start = time.perf_counter()
    findings = lint_world(args.dest)
    world = load_world(args.dest)
    print(
        f"{len(world.scenes)} scenes: lint + load {time.perf_counter() - start:.2f} s, "
        f"{len(findings)} findings"
    )


if __name__ == "__main__":
    main()
