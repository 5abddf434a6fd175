"""The playtest: seeded runs and the exhaustive sweep, coverage, and runtime faults at file:line."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from storybook.campaign import Campaign, Index
from storybook.lint.folder import load_world
from storybook.playtest import exhaustive, playtest

DOC = Path(__file__).resolve().parents[2] / "docs" / "book-format.md"


@pytest.fixture
def docs_world() -> Path:
    """The complete small world of docs/book-format.md (§20), in docs/examples/."""
    return DOC.parent / "examples" / "brackenford"


def errors(report) -> list[str]:
    return [str(f) for f in report.errors]


def test_the_minimal_world_plays_without_errors_and_reaches_everything(minimal_path):
    world = load_world(minimal_path)
    report = playtest(world, runs=300, seed=3)
    assert errors(report) == []
    assert report.complete, report.missed()
    assert report.totals() == {"scenes": (5, 5), "options": (2, 2), "outcomes": (3, 3)}
    assert report.stats["turns"] > 300


def test_the_docs_world_plays_clean_in_runs_and_exhaustively(docs_world):
    world = load_world(docs_world)
    runs = playtest(world, runs=500, seed=1)
    assert errors(runs) == []
    assert runs.complete, runs.missed()
    full = exhaustive(world)
    assert errors(full) == []
    assert full.complete
    # the ferry (0104): 2 questions → 4 answer combinations × (alone, partner, challenge, both)
    assert full.coverage.scenes[104] == 16
    # "Row across" is starry (sailor): open in the 8 combinations with sailor = yes; its check
    # is tried with 0…4 successes (0…5 in challenge mode): 4 × 5 + 4 × 6 = 44
    assert full.coverage.options[(104, 1)] == 44
    assert full.stats["options locked in a combination"] == 8


def test_the_same_seed_gives_the_same_report(docs_world):
    world = load_world(docs_world)
    a, b = playtest(world, runs=200, seed=7), playtest(world, runs=200, seed=7)
    assert a.coverage == b.coverage
    assert a.stats == b.stats
    assert [str(f) for f in a.sorted_findings()] == [str(f) for f in b.sorted_findings()]
    c = playtest(world, runs=200, seed=8)
    assert c.coverage != a.coverage


def test_taking_a_card_that_is_in_the_vault_is_a_runtime_error(make_world):
    path = make_world(
        {
            "scenes/1001.yaml": """
            number: 1001
            text: The miller locks the lantern away.
            effects:
              - put: {card: 201, into: vault}
              - end: true
            """,
            # 1003 (reached from the wood in summer) takes 201 from the library
        }
    )
    report = playtest(load_world(path), runs=200, seed=1)
    [error] = report.errors
    assert str(error).startswith(
        "scenes/1003.yaml:5: error: take card 201 from the library: no copy is there "
        "(its only copy is in the vault)"
    )
    assert error.count > 1
    assert "1003" in error.first and "run " in error.first


def test_taking_from_the_vault_what_is_in_the_library_is_a_runtime_error(make_world):
    path = make_world(
        {
            "scenes/1003.yaml": """
            number: 1003
            text: Something glints in the grass.
            effects:
              - {take: 201, from: vault}
              - end: true
            """
        }
    )
    report = playtest(load_world(path), runs=100, seed=1)
    assert [e.message for e in report.errors] == [
        "take card 201 from the vault: no copy is there (its only copy is in the library)"
    ]


def test_losing_gold_nobody_has_is_a_runtime_error(make_world):
    path = make_world(
        {
            "scenes/1005.yaml": """
            number: 1005
            text: A pickpocket.
            effects:
              - gold: -15
              - discard: event
              - end: true
            """
        }
    )
    report = playtest(load_world(path), runs=100, seed=1)
    [error] = report.errors
    assert error.file == "scenes/1005.yaml" and error.line == 4
    assert error.message.startswith("lose 15 gold, more than the player has")
    assert "had" in error.first


def test_scenes_that_go_round_in_a_circle_are_a_runtime_error(make_world):
    # lint only sees a scene going to itself; two scenes sending each other never end
    path = make_world(
        {
            "scenes/1002.yaml": """
            number: 1002
            text: The path bends.
            effects:
              - go: 1003
            """,
            "scenes/1003.yaml": """
            number: 1003
            text: The path bends again.
            effects:
              - go: 1002
            """,
        }
    )
    report = playtest(load_world(path), runs=50, seed=1)
    [error] = report.errors
    assert "more than 100 scenes in a row" in error.message
    assert error.file in ("scenes/1002.yaml", "scenes/1003.yaml")


def test_taking_a_card_everyone_already_holds_is_only_a_warning(minimal_path):
    # 1003 gives the only lantern every time: resolved as completely as possible
    report = playtest(load_world(minimal_path), runs=300, seed=1)
    assert report.errors == []
    assert any("take card 201: every copy is in play" in w.message for w in report.warnings)


def test_the_exhaustive_sweep_prepares_what_a_scene_needs(make_world):
    path = make_world(
        {
            "scenes/1001.yaml": """
            number: 1001
            prerequisite: {at: mill}
            questions:
              - {id: lantern, ask: "Do you carry a lantern?", test: {has_card: 201}}
              - {id: rich, ask: "Do you have 5 gold?", test: {gold_at_least: 5}}
              - {id: secret, ask: "Does the miller trust you?", secret: true}
            text: The miller eyes you.
            options:
              - label: Show the lantern.
                starry: lantern
                result:
                  effects:
                    - discard: 201
                    - end: true
              - label: Pay for flour.
                starry: rich
                result:
                  effects:
                    - gold: -5
                    - end: true
              - label: Whisper.
                starry: secret
                result:
                  effects:
                    - end: true
              - label: Leave.
                result:
                  effects:
                    - end: true
            """
        }
    )
    full = exhaustive(load_world(path))
    assert errors(full) == [] and full.warnings == []
    assert full.complete
    assert full.coverage.scenes[1001] == 8  # 2 × 2 × 2 answers
    assert full.coverage.options[(1001, 0)] == 4  # lantern = yes
    assert full.coverage.options[(1001, 1)] == 4
    assert full.coverage.options[(1001, 2)] == 4
    assert full.coverage.options[(1001, 3)] == 8


def test_contradicting_answers_are_counted_not_played(make_world):
    path = make_world(
        {
            "scenes/1001.yaml": """
            number: 1001
            questions:
              - {id: here, ask: "Are you at the mill?", test: {at: mill}}
              - {id: away, ask: "Are you in the wood?", test: {at: wood}}
            text: Where are you?
            options:
              - label: Stay.
                starry: here
                result: {effects: [{end: true}]}
              - label: Go.
                starry: away
                result: {effects: [{end: true}]}
              - label: Wait.
                result: {effects: [{end: true}]}
            """
        }
    )
    full = exhaustive(load_world(path))
    # yes/yes can't be (one place at a time), nor no/no (the vale has only these two places)
    assert full.coverage.scenes[1001] == 2
    assert full.stats["answer combinations no state can give"] == 2
    assert full.complete


def test_a_fresh_campaign_keeps_every_copy_in_one_place(docs_world):
    import random

    ix = Index(load_world(docs_world))
    camp = Campaign.fresh(ix, random.Random(1), players=2)
    assert len(camp.place) == sum(c.total_copies for c in ix.world.cards.values())
    assert {camp.place[c] for c in ix.by_card[78]} == {"event_deck"}
    assert {camp.place[c] for c in ix.by_card[66]} == {"board"}
    assert camp.check() == []
    clone = camp.clone()
    clone.move(ix.by_card[201][0], "vault")
    assert camp.place[ix.by_card[201][0]] == "library"


def test_2000_runs_of_an_80_scene_world_take_seconds(tmp_path, generate_world, capsys):
    world = load_world(generate_world(tmp_path / "eighty", scenes=80))
    start = time.perf_counter()
    report = playtest(world, runs=2000, seed=1)
    seconds = time.perf_counter() - start
    full = exhaustive(world)
    assert errors(report) == [] and errors(full) == []
    assert full.complete
    assert seconds < 30
    with capsys.disabled():
        print(
            f"\n80-scene world: 2,000 runs in {seconds:.1f} s "
            f"({report.summary()}); exhaustive {full.runs:,} combinations in {full.seconds:.1f} s"
        )


def test_a_campaign_goes_on_from_the_save_slots(docs_world):
    import random

    ix = Index(load_world(docs_world))
    camp = Campaign.fresh(ix, random.Random(2), players=2)
    first, second = camp.players
    lantern, soaked, fog = ix.by_card[201][0], ix.by_card[301][0], ix.by_card[401][0]
    camp.move(lantern, f"save:{first.adventurer}")  # "put it into your save slot"
    camp.move(soaked, second.pid)
    camp.timers[soaked] = 2
    camp.move(fog, "save:global")  # a local status saved: no place on the board next game
    for cid in ix.by_card[805]:  # two trinkets in hand, and the lantern comes back: 3 items
        camp.move(cid, first.pid)
    month = camp.month
    camp.save_and_continue(random.Random(3))
    assert camp.place[lantern] == first.pid  # back with its adventurer
    assert camp.place[soaked] == second.pid and camp.timers == {}  # timers go at save
    assert camp.place[fog] == "library"
    assert camp.month != month and camp.day == 0
    assert len(camp.count_held(first, "item")) == 3
    assert camp.check() == []
    clone = camp.clone()  # the exhaustive playtest forks states: nothing may be shared
    clone.players[0].tags.add("forked")
    clone.move(lantern, "vault")
    assert "forked" not in first.tags and camp.place[lantern] == first.pid
    assert sorted(camp.held(first)) == [c for c, p in enumerate(camp.place) if p == first.pid]


def test_travellers_take_a_shortest_way():
    from storybook.playtest_runs import _next_step

    routes = {"a": ["b", "c"], "b": ["a", "d"], "c": ["a"], "d": ["b", "e"], "e": ["d"]}
    assert _next_step(routes, "a", "e") == "b"
    assert _next_step(routes, "c", "d") == "a"
    assert _next_step(routes, "a", "zz") is None
    assert _next_step(routes, None, "a") is None


SAMPLE = Path(__file__).resolve().parents[2] / "fixtures" / "worlds" / "sallowmere-marches"


@pytest.mark.skipif(not SAMPLE.is_dir(), reason="the sample world is not there")
def test_the_sample_world_is_complete_and_clean_in_the_exhaustive_playtest():
    full = exhaustive(load_world(SAMPLE))
    assert errors(full) == []
    assert full.complete, full.missed()
