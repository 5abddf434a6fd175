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


def test_playtest_world_can_require_full_coverage(make_world):
    path = make_world(
        {
            "scenes/1001.yaml": """
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
        }
    )
    out, err = run("playtest_world", str(path), "--runs", "100", "--require-full-coverage")
    assert err is not None and "never reached" in str(err)
    assert "scenes/1001.yaml:5: scene 1001 option 1" in out


def test_playtest_world_takes_a_shipped_worlds_slug():
    out, err = run("playtest_world", "_minimal", "--runs", "20", "--brief")
    assert err is None and "Minimal Vale" in out


def test_playtest_world_names_a_missing_folder_as_missing(tmp_path):
    out, err = run("playtest_world", str(tmp_path / "nowhere"), "--runs", "20")
    assert "no such folder" in str(err) and "does not lint" not in str(err)
