"""manage.py playtest_world, run as the tests run them: the Galzyr app's command."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path

from django.core.management import CommandError, call_command

FAULTS = Path(__file__).resolve().parents[3] / "storybook" / "worlds" / "faults"


def run(*args) -> tuple[str, CommandError | None]:
    out = StringIO()
    try:
        call_command(*args, stdout=out, stderr=StringIO())
    except CommandError as exc:
        return out.getvalue(), exc
    return out.getvalue(), None


def test_playtest_world_prints_coverage_for_the_minimal_world(minimal_path):
    out, err = run("playtest_world", str(minimal_path), "--runs", "300", "--seed", "2")
    assert err is None
    assert "coverage: scenes 5/5 (100%), options 2/2 (100%), outcomes 3/3 (100%)" in out
    assert re.search(r"^1001 The mill wheel: [\d,]+ visits, in [\d.]+% of runs$", out, re.M)
    assert re.search(r"^    option 1: [\d,]+ \([\d.]+%\) → outcomes 1: [\d,]+", out, re.M)
    assert "Runtime errors: 0" in out
    assert "no runtime errors" in out


def test_playtest_world_is_deterministic(minimal_path):
    def report(seed: str) -> str:
        out, _ = run("playtest_world", str(minimal_path), "--runs", "200", "--seed", seed)
        return re.sub(r" in [\d.]+ s", "", out)  # the only part that may differ: the time

    assert report("5") == report("5")
    assert report("5") != report("6")


def test_playtest_world_exhaustive(minimal_path):
    out, err = run("playtest_world", str(minimal_path), "--runs", "0", "--exhaustive")
    assert err is None
    assert out.startswith("Exhaustive playtest of Minimal Vale: 8 combinations")


def test_playtest_world_fails_on_a_runtime_error_with_its_file_and_line(make_world):
    path = make_world(
        {
            "scenes/1001.yaml": """
            number: 1001
            text: The miller locks the lantern away.
            effects:
              - put: {card: 201, into: vault}
              - end: true
            """
        }
    )
    out, err = run("playtest_world", str(path), "--runs", "200", "--seed", "1", "--brief")
    assert err is not None and "runtime error" in str(err)
    assert (
        "scenes/1003.yaml:5: error: take card 201 from the library: no copy is there "
        "(its only copy is in the vault)"
    ) in out
    assert "first: run " in out


def test_playtest_world_refuses_a_world_that_does_not_lint():
    out, err = run("playtest_world", str(FAULTS), "--runs", "10")
    assert err is not None and "does not lint" in str(err)
    assert ": error: " in out  # the lint's findings, each at file:line


# Option 1 opens with a yes to "Is it March?" in a scene read only in February: random play
# never chooses it; the exhaustive sweep, preparing each answer, does.
NEVER_IN_PLAY = """
number: 1001
prerequisite: {month: february}
text: Only in February.
options:
  - label: Wait for March.
    starry: never
    result: {effects: [{end: true}]}
  - label: Leave.
    result: {effects: [{end: true}]}
questions:
  - {id: never, ask: "Is it March?", test: {month: march}}
"""


def test_playtest_world_can_require_full_coverage(make_world):
    path = make_world({"scenes/1001.yaml": NEVER_IN_PLAY})
    out, err = run("playtest_world", str(path), "--runs", "100", "--require-full-coverage")
    assert err is not None and "never reached" in str(err)
    assert "scenes/1001.yaml:5: scene 1001 option 1" in out


def test_playtest_world_takes_a_shipped_worlds_slug():
    out, err = run("playtest_world", "_minimal", "--runs", "20", "--brief")
    assert err is None and "Minimal Vale" in out


def test_playtest_world_names_a_missing_folder_as_missing(tmp_path):
    out, err = run("playtest_world", str(tmp_path / "nowhere"), "--runs", "20")
    assert "no such folder" in str(err) and "does not lint" not in str(err)


def test_playtest_world_refuses_options_that_play_nothing(minimal_path):
    # --runs 0 without --exhaustive passed having played nothing, full coverage required or not
    for args in (("--runs", "0"), ("--runs", "0", "--require-full-coverage")):
        out, err = run("playtest_world", str(minimal_path), *args)
        assert err is not None and out == ""
        assert str(err) == (
            "--runs 0 plays nothing: give a number of runs (the default is 2000), or add "
            "--exhaustive for the sweep alone."
        )
    out, err = run(
        "playtest_world", str(minimal_path), "--runs", "0", "--exhaustive", "--seed", "3"
    )
    assert err is not None and "--seed picks the random runs' dice" in str(err) and out == ""
    out, err = run("playtest_world", str(minimal_path), "--runs", "-1", "--exhaustive")
    assert err is not None and "can't be negative" in str(err)
    out, err = run("playtest_world", str(minimal_path), "--runs", "100001")
    assert out == "" and str(err) == (
        "--runs 100,001 is more than a playtest needs: give at most 100,000 (coverage stops "
        "changing long before; the default is 2000)."
    )


def test_playtest_world_prints_the_sweep_first_as_the_doc_advises(minimal_path):
    out, err = run("playtest_world", str(minimal_path), "--runs", "20", "--exhaustive")
    assert err is None
    sweep, runs = out.index("Exhaustive playtest of"), out.index("Playtest of Minimal Vale: 20")
    assert sweep == 0 < runs
    rules = [line for line in out.splitlines() if line.startswith("Rules applied")]
    assert "combinations" not in rules[0]  # counted in the sweep's first line, not a rule
    assert out.splitlines()[out.splitlines().index(rules[0]) + 1] == (
        "  (each combination starts every adventurer with 20 gold, the dial's top, so that "
        "every cost can be paid: a gain there stops at 20)"
    )


def test_full_coverage_names_the_pass_that_missed(make_world):
    path = make_world({"scenes/1001.yaml": NEVER_IN_PLAY})
    args = ("playtest_world", str(path), "--require-full-coverage", "--brief")
    out, err = run(*args, "--runs", "50", "--exhaustive")
    assert out.count("Never reached") == 1  # the sweep reached option 1; random play never did
    assert str(err).endswith(
        "never reached in the random runs (each report lists them under 'Never reached')."
    )
