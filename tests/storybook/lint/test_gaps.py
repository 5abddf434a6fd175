"""Lint, issue 14: each gap an outside writer found, as a tiny world and the one message (with
file:line) it must give — and nothing else. Every world is the minimal one plus the files shown."""

from __future__ import annotations

import pytest

from storybook.lint.folder import lint_world

MINIMAL_TAGS = "  - {id: tool, name: Tool}\n"
ROYAL = {"world.yaml": ("tags", MINIMAL_TAGS, MINIMAL_TAGS + "  - {id: royal, name: Royal}\n")}

# (case, files written over the minimal world, (old, new) edits of its files, expected)
CASES = [
    (
        "discard-this-in-a-location-scene",
        {
            "scenes/1001.yaml": """
            number: 1001
            text: The wheel creaks.
            effects:
              - discard: this
              - end: true
            """
        },
        {},
        [
            "error: scenes/1001.yaml:4: 'discard: this' names the card that offered the scene, "
            "but scene 1001 is opened by the location 'mill' (world.yaml:43), which is no card"
        ],
    ),
    (
        "timer-this-in-an-entry-scene",
        {
            "scenes/1006.yaml": """
            number: 1006
            text: You arrive.
            effects:
              - timer: {card: this, days: 3}
              - end: true
            """
        },
        {"world.yaml": ("routes:", "routes:", "entry_scenes: [1006]\n\nroutes:")},
        [
            "error: scenes/1006.yaml:4: 'timer: {card: this}' names the card that offered the "
            "scene, but scene 1006 is opened by entry_scenes (world.yaml:52), which is no card"
        ],
    ),
    (
        "this-in-a-scene-a-card-and-a-location-offer-is-a-warning",
        {
            "scenes/1003.yaml": """
            number: 1003
            text: Something glints.
            effects:
              - discard: this
              - end: true
            """
        },
        {},
        [
            "warning: scenes/1003.yaml:4: 'discard: this' names the card that offered the scene, "
            "but scene 1003 is opened by the location 'wood' (world.yaml:49), through scene 1002, "
            "which is no card (and by a card, where it works)"
        ],
    ),
    (
        "who-partner-in-a-scene-without-a-partner",
        {
            "scenes/1003.yaml": """
            number: 1003
            text: Something glints.
            effects:
              - {gold: 1, who: partner}
              - end: true
            """
        },
        {},
        [
            "warning: scenes/1003.yaml:4: 'who: partner', but no partner can join scene 1003 "
            "(neither it nor a scene that goes to it has 'partner: true'): the effect reaches "
            "nobody"
        ],
    ),
    (
        "a-scene-behind-a-starry-option-whose-tag-nobody-gains",
        {
            "scenes/1001.yaml": """
            number: 1001
            text: A guard bars the gate.
            questions:
              - id: crown
                ask: Are you royal?
                test: {has_tag: royal}
            options:
              - label: Show your signet.
                starry: crown
                result: {effects: [{go: 1006}]}
              - label: Walk on.
                result: {effects: [{end: true}]}
            """,
            "scenes/1006.yaml": """
            number: 1006
            text: The gate opens.
            effects: [{end: true}]
            """,
        },
        ROYAL,
        [
            "warning: scenes/1006.yaml:1: scene 1006 is reached only through option 1 of scene "
            "1001, which never opens: it is starry on the question 'crown', which asks for the "
            "tag 'royal' that no adventurer, card or 'gain_tag' gives"
        ],
    ),
    (
        "a-summer-scene-whose-prerequisite-holds-only-in-winter",
        {
            "scenes/1002.yaml": """
            number: 1002
            prerequisite: {month: [december, january]}
            text: Snow under the trees.
            effects: [{go: 1003}]
            """
        },
        {},
        [
            "warning: world.yaml:49: scene 1002 can never open on the summer side of 'wood': its "
            "prerequisite (scenes/1002.yaml:2) holds only in January, December"
        ],
    ),
    (
        "no-knock-on-unreachable-after-a-scene-that-failed-to-load",
        {
            "scenes/1006.yaml": """
            number: 1006
            effects:
              - prestiege: 3
              - go: 1007
            """,
            "scenes/1007.yaml": """
            number: 1007
            text: Only 1006 leads here.
            effects: [{end: true}]
            """,
        },
        {"world.yaml": ("entry", "routes:", "entry_scenes: [1006]\n\nroutes:")},
        [
            "error: scenes/1006.yaml:3: effects[1]: unknown effect verb 'prestiege' "
            "(did you mean 'prestige'?)"
        ],
    ),
    (
        "no-knock-on-unreachable-after-a-scene-that-is-not-even-yaml",
        {
            "scenes/1006.yaml": """
            number: 1006
            effects: [{go: 1007}
            """,
            "scenes/1007.yaml": """
            number: 1007
            text: Only 1006 leads here.
            effects: [{end: true}]
            """,
        },
        {"world.yaml": ("entry", "routes:", "entry_scenes: [1006]\n\nroutes:")},
        [
            "error: scenes/1006.yaml:2: YAML syntax: the '[' opened on this line is never closed "
            "(did not find expected ',' or ']')"
        ],
    ),
    (
        "did-you-mean-for-an-unknown-key",
        {
            "scenes/1003.yaml": """
            number: 1003
            partnr: true
            effects: [{take: 201}, {end: true}]
            """
        },
        {},
        ["error: scenes/1003.yaml:2: partnr: unknown key 'partnr' (did you mean 'partner'?)"],
    ),
    (
        "did-you-mean-for-a-key-beside-a-verb",
        {
            "scenes/1003.yaml": """
            number: 1003
            effects:
              - take: 201
              - {gold: 1, whom: partner}
              - end: true
            """
        },
        {},
        ["error: scenes/1003.yaml:4: effects[2].whom: unknown key 'whom' (did you mean 'who'?)"],
    ),
    (
        "did-you-mean-for-a-condition-key",
        {
            "scenes/1003.yaml": """
            number: 1003
            prerequisite: {seasn: winter}
            effects: [{take: 201}, {end: true}]
            """
        },
        {},
        [
            "error: scenes/1003.yaml:2: prerequisite: unknown condition key 'seasn' "
            "(did you mean 'season'?)"
        ],
    ),
    (
        "paths-and-sentences-count-options-from-1-alike",
        {
            "scenes/1001.yaml": """
            number: 1001
            options:
              - label: Wait.
                result: {effects: [{end: true}]}
              - label: Leave.
                result: {effects: [{gold: 1}]}
              - label: Pay.
                cost: -1
                result: {effects: [{end: true}]}
            """
        },
        {},
        [
            "error: scenes/1001.yaml:8: options[3].cost: write at least 0, not -1",
        ],
    ),
    (
        "the-sentence-names-option-2-for-the-second-option",
        {
            "scenes/1001.yaml": """
            number: 1001
            options:
              - label: Wait.
                result: {effects: [{end: true}]}
              - label: Leave.
                result: {effects: [{gold: 1}]}
            """
        },
        {},
        [
            "error: scenes/1001.yaml:6: option 2 has no way out of the scene: its result neither "
            "ends the scene ('end: true') nor goes to another ('go: NNNN')",
        ],
    ),
    (
        "an-unclosed-brace-is-reported-on-its-own-line",
        {
            "scenes/1003.yaml": """
            number: 1003
            effects:
              - {take: 201
              - end: true
            title: Lost
            """
        },
        {},
        [
            "error: scenes/1003.yaml:3: YAML syntax: the '{' opened on this line is never closed "
            "(did not find expected ',' or '}')"
        ],
    ),
    (
        "end-before-other-effects-is-one-error",
        {
            "scenes/1003.yaml": """
            number: 1003
            effects:
              - end: true
              - take: 201
              - gold: 1
            """
        },
        {},
        [
            "error: scenes/1003.yaml:4: effects after 'end' (effect 1) are never resolved; put "
            "them before it"
        ],
    ),
]


@pytest.mark.parametrize("files,edits,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_gap_gives_its_one_message(make_world, minimal_path, files, edits, expected):
    written = dict(files)
    for rel, (_, old, new) in edits.items():
        text = (minimal_path / rel).read_text()
        assert old in text
        written[rel] = text.replace(old, new, 1)
    found = [
        f"{d.severity}: {d.file}:{d.line}: {d.message}" for d in lint_world(make_world(written))
    ]
    assert found == expected
