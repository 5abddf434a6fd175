"""The sample world plays without a runtime error, and --exhaustive reaches everything."""

from io import StringIO
from pathlib import Path

from django.core.management import call_command

from games.galzyr.playtest import exhaustive, playtest
from storybook.lint.folder import load_world

SAMPLE = Path(__file__).resolve().parents[4] / "fixtures" / "worlds" / "sallowmere-marches"


def test_seeded_runs_find_no_runtime_error():
    # `make`-sized run of the issue is 2,000; 400 keeps the suite quick and still crosses
    # every location, event card and quest chain start.
    report = playtest(load_world(SAMPLE), runs=400, seed=1)
    assert report.errors == []


def test_exhaustive_reaches_every_scene_option_and_outcome():
    report = exhaustive(load_world(SAMPLE))
    assert report.errors == []
    assert report.complete


def test_the_command_passes_on_the_sample_world():
    out = StringIO()
    call_command(
        "playtest_world", str(SAMPLE), runs=50, seed=7, exhaustive=True, brief=True, stdout=out
    )
    assert "no runtime errors" in out.getvalue()
