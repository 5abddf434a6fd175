"""Lint: the seeded-faults world, and each check on its own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from storybook.interpreter import coverage
from storybook.lint.folder import lint_world, load_world

FAULTS = Path(__file__).resolve().parents[1] / "worlds" / "faults"
MARK = re.compile(r"#\s*(FAULT|WARN)(-FILE)?:\s*(.+?)\s*$")


def seeded() -> list[tuple[str, str, int, str]]:
    """(severity, file, line, text) for every marker in the faults world."""
    out = []
    for path in sorted(FAULTS.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(FAULTS).as_posix()
        for n, line in enumerate(path.read_text().splitlines(), 1):
            m = MARK.search(line)
            if m:
                severity = "error" if m.group(1) == "FAULT" else "warning"
                out.append((severity, rel, 0 if m.group(2) else n, m.group(3)))
    return out


FINDINGS = lint_world(FAULTS)


@pytest.mark.parametrize("severity,file,line,text", seeded(), ids=lambda v: str(v))
def test_each_seeded_fault_is_reported_at_its_file_and_line(severity, file, line, text):
    here = [d for d in FINDINGS if d.file == file and d.line == line and d.severity == severity]
    assert any(text in d.message for d in here), f"{file}:{line} {text!r} not in {here}"


def test_nothing_but_the_seeded_faults_is_reported():
    expected = {(s, f, n) for s, f, n, _ in seeded()}
    extra = [d for d in FINDINGS if (d.severity, d.file, d.line) not in expected]
    assert extra == []
    assert len(seeded()) >= 30


def lint(make_world, files: dict[str, str]) -> list[str]:
    return [f"{d.severity}: {d.file}:{d.line}: {d.message}" for d in lint_world(make_world(files))]


def test_outcomes_cover_every_count_and_none_is_shadowed():
    # (low, high) ranges, first match wins
    assert coverage([(3, None), (1, 2), (0, 0)]) == ([], [])
    assert coverage([(1, None), (3, None), (0, None)]) == ([1], [])
    assert coverage([(2, None)]) == ([], [(0, 1)])
    assert coverage([(0, 0), (2, 3)]) == ([], [(1, 1), (4, None)])


def test_challenge_mode_coverage_is_checked_in_partner_scenes(make_world):
    # max-only ranges shift too, so a partner scene stays covered in challenge mode
    found = lint(
        make_world,
        {
            "scenes/1001.yaml": """
            number: 1001
            partner: true
            options:
              - label: Lift.
                check: {skill: might, difficulty: medium}
                outcomes:
                  - {max: 1, effects: [{end: true}]}
                  - {min: 2, effects: [{end: true}]}
            """
        },
    )
    assert found == []


def test_a_difficulty_that_no_outcome_starts_at_is_a_warning(make_world):
    found = lint(
        make_world,
        {
            "scenes/1001.yaml": """
            number: 1001
            options:
              - label: Lift.
                check: {skill: might, difficulty: hard}
                outcomes:
                  - {min: 2, effects: [{end: true}]}
                  - {effects: [{end: true}]}
            """
        },
    )
    assert found == [
        "warning: scenes/1001.yaml:4: a hard check needs 3 successes, but no outcome starts at 3"
    ]


def test_variants_after_a_fallback_and_uncovered_weekdays_warn(make_world):
    found = lint(
        make_world,
        {
            "scenes/1003.yaml": """
            number: 1003
            text:
              - variants:
                  - {weekday: [saturday, sunday], month: [june], text: Market day.}
                  - {season: winter, text: Cold.}
                  - {text: Warm.}
                  - {text: Never read.}
              - variants:
                  - {month: [march], text: Spring.}
                  - {weekday: monday, text: A Monday.}
            effects: [{end: true}]
            """
        },
    )
    assert found == [
        "warning: scenes/1003.yaml:7: this variant is never read: the one before it has no "
        "filter and always wins",
        "warning: scenes/1003.yaml:8: these variants leave Tuesdays, Wednesdays, Thursdays, "
        "Fridays, Saturdays, Sundays in January, February, April, May, June, July, August, "
        "September, October, November, December without text",
    ]


def test_a_pick_icon_needs_icon_variants(make_world):
    found = lint(
        make_world,
        {
            "scenes/1003.yaml": """
            number: 1003
            effects:
              - take: {card: 201, pick: icon}
              - take: {card: 111, pick: icon}
              - end: true
            """
        },
    )
    assert found == ["error: scenes/1003.yaml:3: card 201 has no adventurer-icon variants to match"]


def test_unreachable_scene_is_a_warning_and_go_makes_it_reachable(make_world):
    extra = """
    number: 1006
    text: Hidden.
    effects: [{end: true}]
    """
    found = lint(make_world, {"scenes/1006.yaml": extra})
    assert found == [
        "warning: scenes/1006.yaml:1: scene 1006 is unreachable: no location, card, event "
        "card, entry_scenes or 'go' leads to it"
    ]
    found = lint(
        make_world,
        {"scenes/1006.yaml": extra, "scenes/1002.yaml": "number: 1002\neffects: [{go: 1006}]\n"},
    )
    assert found == []


def test_a_scene_going_to_itself_is_an_error(make_world):
    found = lint(make_world, {"scenes/1002.yaml": "number: 1002\neffects: [{go: 1002}]\n"})
    assert found == ["error: scenes/1002.yaml:2: a scene going to itself never ends"]


def test_a_scene_that_ends_before_its_options_is_an_error(make_world):
    found = lint(
        make_world,
        {
            "scenes/1003.yaml": """
            number: 1003
            effects: [{end: true}]
            options:
              - label: Go.
                result: {effects: [{end: true}]}
            """
        },
    )
    assert found == ["error: scenes/1003.yaml:2: the scene ends here, before its options are read"]


def test_unused_questions_and_event_scene_prerequisites_warn(make_world):
    found = lint(
        make_world,
        {
            "scenes/1004.yaml": """
            number: 1004
            prerequisite: {season: winter}
            questions:
              - id: cold
                ask: Are you cold?
            effects: [{discard: event}, {end: true}]
            """
        },
    )
    assert found == [
        "warning: scenes/1004.yaml:2: scene 1004 is opened by event card 078, whose entry "
        "decides; the scene's own prerequisite is not used there",
        "warning: scenes/1004.yaml:4: nothing in the scene depends on the question 'cold'",
    ]


def test_an_event_scene_must_say_where_the_event_card_goes(make_world):
    found = lint(
        make_world,
        {
            "scenes/1005.yaml": "number: 1005\neffects: [{go: 1006}]\n",
            "scenes/1006.yaml": "number: 1006\neffects: [{end: true}]\n",
        },
    )
    assert found == [
        "warning: events.yaml:6: scene 1005 never says where the event card goes: add "
        "'put: {card: event, …}' or 'discard: event' (there or in a scene it goes to)"
    ]
    found = lint(
        make_world,
        {
            "scenes/1005.yaml": "number: 1005\neffects: [{go: 1006}]\n",
            "scenes/1006.yaml": "number: 1006\neffects: [{discard: event}, {end: true}]\n",
        },
    )
    assert found == []


def test_paying_an_option_cost_again_is_a_warning(make_world):
    found = lint(
        make_world,
        {
            "scenes/1003.yaml": """
            number: 1003
            options:
              - label: Buy.
                cost: 3
                result:
                  effects:
                    - gold: -3
                    - end: true
              - label: Leave.
                result: {effects: [{end: true}]}
            """
        },
    )
    assert found == [
        "warning: scenes/1003.yaml:7: the cost of 3 gold is paid when the option is chosen; "
        "this effect would charge it twice"
    ]


def test_put_into_a_save_slot_names_a_known_slot(make_world):
    found = lint(
        make_world,
        {
            "scenes/1003.yaml": """
            number: 1003
            effects:
              - put: {card: 201, into: save_slot, slot: pell}
              - put: {card: 201, into: save_slot, slot: global}
              - put: {card: 201, into: save_slot, slot: nobody}
              - end: true
            """
        },
    )
    assert len(found) == 1
    assert found[0].startswith("error: scenes/1003.yaml:5: unknown save slot 'nobody'")
    found = lint(
        make_world,
        {
            "scenes/1003.yaml": "number: 1003\neffects:\n  - put: {card: 201, into: vault, slot: a}\n"
        },
    )
    assert found == [
        "error: scenes/1003.yaml:3: effects[1].put: 'slot' is only for into: save_slot"
    ]


def test_load_world_refuses_the_faults_world_with_the_same_findings():
    from storybook.loading.diagnostics import WorldError

    with pytest.raises(WorldError) as info:
        load_world(FAULTS)
    assert set(info.value.diagnostics) == set(FINDINGS)
