"""The playtest: seeded runs and the exhaustive sweep on the app's campaign core, coverage, and
runtime faults at file:line."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from games.galzyr import campaign as core
from games.galzyr.playtest import exhaustive, playtest
from games.galzyr.playtest.exhaustive import Exhaustive
from games.galzyr.playtest.runs import next_step
from storybook.lint.folder import load_world
from storybook.playtest.report import Report
from storybook.worldgen import generate_world

DOC = Path(__file__).resolve().parents[4] / "docs" / "book-format.md"


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
    # the far bank (0105): "Search the reeds" is starry (a trinket left): open with yes only
    assert full.coverage.scenes[105] == 2 and full.coverage.options[(105, 0)] == 1
    # locked: "Row across" in the ferry's 8 combinations with sailor = no, and the search in 1
    assert full.stats["options locked in a combination"] == 8 + 1


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


def test_losing_more_gold_than_there_is_stops_at_0_as_the_app_does(make_world):
    # the format: effects are resolved as completely as possible; the app's dial stops at 0
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
    assert report.errors == []
    assert report.stats["gold stopped at 0 (lost what there was)"] > 0


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
    assert report.errors  # at whichever of the two the circle was entered
    for error in report.errors:
        assert "more than 100 scenes in a row" in error.message
        assert error.file in ("scenes/1002.yaml", "scenes/1003.yaml")


def test_taking_a_card_everyone_already_holds_is_only_a_warning(minimal_path):
    # 1003 gives the only lantern every time: resolved as completely as possible
    report = playtest(load_world(minimal_path), runs=300, seed=1)
    assert report.errors == []
    assert any("take card 201: every copy is in play" in w.message for w in report.warnings)


def test_a_card_all_in_play_is_one_warning_whichever_place_its_copies_are(tmp_path):
    # Brackenford's fog (401) placed while it lay at one of three locations gave three
    # findings for one effect; where it lay is told with the first time
    world = tmp_path / "brackenford"
    shutil.copytree(DOC.parent / "examples" / "brackenford", world)
    events = world / "events.yaml"
    events.write_text(
        "events:\n  - card: 78\n    scenes:\n      - scene: 120\n"
        "        prerequisite: {season: winter}\n      - scene: 121\n",
        encoding="utf-8",
    )
    report = playtest(load_world(world), runs=150, seed=1)
    fog = [w for w in report.warnings if w.file == "scenes/0120.yaml"]
    assert [str(w).split(" (")[0] for w in fog] == [
        "scenes/0120.yaml:5: warning: place the local status card 401: every copy is in play, so "
        "nobody gets one; a prerequisite or question could check first"
    ]
    assert fog[0].count > 1 and "(its only copy is a local status at " in fog[0].first


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


def test_every_run_keeps_the_campaigns_rules(docs_world):
    # after each run the core's invariants are checked (its save packs every card away)
    report = playtest(load_world(docs_world), runs=300, seed=4)
    assert not [f for f in report.errors if "broke the campaign's rules" in f.message]
    assert report.stats["games continued from a save"] > 0


def test_2000_runs_and_the_sweep_of_an_80_scene_world_find_nothing(tmp_path):
    # How long they take is measured by `make bench` (its playtest rows), not here.
    world = load_world(generate_world(tmp_path / "eighty", scenes=80))
    report = playtest(world, runs=2000, seed=1)
    full = exhaustive(world)
    assert errors(report) == [] and errors(full) == []
    assert report.runs == 2000
    assert full.complete


def test_a_forked_table_shares_nothing_it_changes(docs_world):
    world = load_world(docs_world)
    sim = Exhaustive(world, Report(world, "exhaustive", 0, None), random.Random(0), prepared=True)
    table = sim.base
    fork = table.fork()
    aid = fork.players[0]
    lantern = fork.c.numbered(201)[0]
    core.move_card(fork.c, lantern, f"items:{aid}")
    fork.c.adventurer(aid).tags.append("forked")
    assert table.c.place_of(lantern) == "library"
    assert "forked" not in table.c.adventurer(aid).tags
    assert fork.c.copies is table.c.copies  # the catalog is frozen and shared


def test_travellers_take_a_shortest_way():
    routes = {"a": ["b", "c"], "b": ["a", "d"], "c": ["a"], "d": ["b", "e"], "e": ["d"]}
    assert next_step(routes, "a", "e") == "b"
    assert next_step(routes, "c", "d") == "a"
    assert next_step(routes, "a", "zz") is None
    assert next_step(routes, None, "a") is None


SAMPLE = Path(__file__).resolve().parents[4] / "fixtures" / "worlds" / "sallowmere-marches"


@pytest.mark.skipif(not SAMPLE.is_dir(), reason="the sample world is not there")
def test_the_sample_world_is_complete_and_clean_in_the_exhaustive_playtest():
    full = exhaustive(load_world(SAMPLE))
    assert errors(full) == []
    assert full.complete, full.missed()


def test_every_copy_in_play_counts_the_copies_of_the_variant_it_talks_about(make_world):
    # one Lantern with Pell's icon, two with Quill's: the mill gives the active player the one
    # with their icon each time, so Pell's is soon held while Quill's may lie in the library
    cards = (Path(make_world()) / "cards.yaml").read_text(encoding="utf-8")
    lantern = "  - {number: 201, type: item, name: Lantern, gold: 3, tags: [tool]}\n"
    path = make_world(
        {
            "cards.yaml": cards.replace(
                lantern,
                "  - number: 201\n    type: item\n    name: Lantern\n    variants:\n"
                "      - {icon: oar}\n      - {icon: quill, copies: 2}\n",
            ),
            "scenes/1001.yaml": """
            number: 1001
            text: The miller hands out lanterns.
            effects:
              - take: {card: 201, pick: icon}
              - end: true
            """,
        }
    )
    report = playtest(load_world(path), runs=100, seed=1)
    told = [w.first for w in report.warnings if "card 201 with" in w.message]
    assert told
    for first in told:  # where the copies were is told with the first time
        assert first.endswith(("(its only copy is held)", "(its 2 copies: 2 held)"))
