"""lint_world, load_world and load_fixtures, run as the tests run them (playtest_world: the
Galzyr side's, tests/games/galzyr/playtest/test_command.py)."""

from __future__ import annotations

import re
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from storybook.lint.folder import load_world
from storybook.loading.stored import world_data
from storybook.models import World, WorldScene

HERE = Path(__file__).resolve().parent
FAULTS = HERE / "worlds" / "faults"
MARK = re.compile(r"#\s*(FAULT|WARN)(-FILE)?:")


def run(*args) -> tuple[str, CommandError | None]:
    out = StringIO()
    try:
        call_command(*args, stdout=out, stderr=StringIO())
    except CommandError as exc:
        return out.getvalue(), exc
    return out.getvalue(), None


def seeded_places() -> set[str]:
    """ "file:line" (or "file" for whole-file faults) of every marker in the faults world."""
    found = set()
    for path in sorted(FAULTS.rglob("*")):
        if path.is_file():
            rel = path.relative_to(FAULTS).as_posix()
            for n, line in enumerate(path.read_text().splitlines(), 1):
                m = MARK.search(line)
                if m:
                    found.add(rel if m.group(2) else f"{rel}:{n}")
    return found


def places(output: str) -> set[str]:
    return {line.split(": ", 1)[0] for line in output.splitlines() if ": error: " in line}


def worlds() -> list[Path]:
    return sorted(p for p in (HERE / "worlds").iterdir() if p.is_dir())


# -- lint_world ---------------------------------------------------------------------------------
def test_lint_world_passes_the_minimal_world(minimal_path):
    out, err = run("lint_world", str(minimal_path))
    assert err is None
    assert out.strip().endswith("0 errors, 0 warnings.")


def test_lint_world_reports_every_seeded_fault_at_its_file_and_line():
    out, err = run("lint_world", str(FAULTS))
    assert err is not None and "errors" in str(err)
    lines = [x for x in out.splitlines() if x]
    assert all(re.match(r"^[\w./-]+(:\d+)?: (error|warning): ", x) for x in lines)
    reported = {x.split(": ", 1)[0] for x in lines}
    assert seeded_places() <= reported


@pytest.mark.parametrize("path", worlds(), ids=lambda p: p.name)
def test_lint_world_exits_non_zero_on_each_test_world_with_errors(path):
    out, err = run("lint_world", str(path))
    assert (err is not None) == (": error: " in out)


def test_lint_world_on_a_missing_folder_fails(tmp_path):
    out, err = run("lint_world", str(tmp_path / "nowhere"))
    assert err is not None
    assert "not a folder" in out


# -- load_world ---------------------------------------------------------------------------------
@pytest.mark.django_db
def test_load_world_stores_the_world_once(minimal_path):
    out, err = run("load_world", str(minimal_path))
    assert err is None
    assert "_minimal: created — Minimal Vale, 5 scenes, 8 cards." in out
    world = World.objects.get(slug="_minimal")
    assert world.scene_count == 5 and world.scenes.count() == 5
    assert world.data == world_data(load_world(minimal_path))
    first = (world.content_hash, world.loaded)

    out, err = run("load_world", str(minimal_path))
    assert err is None and "_minimal: unchanged" in out
    world.refresh_from_db()
    assert (world.content_hash, world.loaded) == first
    assert World.objects.count() == 1 and WorldScene.objects.count() == 5


@pytest.mark.django_db
def test_a_scene_is_opened_with_one_query(minimal_path, django_assert_num_queries):
    run("load_world", str(minimal_path))
    world = World.objects.defer("data").get(slug="_minimal")
    with django_assert_num_queries(1):  # the scene's row
        scene = world.scene(1001)
    assert scene == load_world(minimal_path).scene(1001)


@pytest.mark.django_db
def test_load_world_updates_a_changed_world(make_world):
    path = make_world()
    run("load_world", str(path))
    (path / "scenes" / "1005.yaml").unlink()
    (path / "events.yaml").write_text(
        "events:\n  - card: 78\n    scenes:\n      - scene: 1004\n", encoding="utf-8"
    )
    out, err = run("load_world", str(path))
    assert err is None and "world: updated" in out
    world = World.objects.get(slug="world")
    assert sorted(world.scenes.values_list("number", flat=True)) == [1001, 1002, 1003, 1004]
    assert "1005" not in world.data["scenes"]


@pytest.mark.django_db
def test_load_world_refuses_the_faults_world_with_the_lint_lines_and_changes_nothing():
    lint_out, _ = run("lint_world", str(FAULTS))
    out, err = run("load_world", str(FAULTS))
    assert err is not None and "nothing was loaded" in str(err)
    assert out == lint_out  # the same file:line: severity: message lines
    assert not World.objects.exists()


@pytest.mark.django_db
def test_a_world_that_fails_lint_leaves_the_stored_one_as_it_was(make_world):
    path = make_world()
    run("load_world", str(path))
    before = World.objects.values().get(slug="world")
    scenes = list(WorldScene.objects.values())
    (path / "scenes" / "1003.yaml").write_text(
        "number: 1003\ntext: Broken.\neffects:\n  - go: 1999\n", encoding="utf-8"
    )
    out, err = run("load_world", str(path))
    assert err is not None
    assert "scenes/1003.yaml:4: error: go to scene 1999, which does not exist" in out
    assert World.objects.values().get(slug="world") == before
    assert list(WorldScene.objects.values()) == scenes


@pytest.mark.django_db
def test_load_world_prints_warnings_and_still_loads(make_world):
    path = make_world(
        {
            "scenes/1009.yaml": """
            number: 1009
            text: Nobody comes here.
            effects:
              - end: true
            """
        }
    )
    out, err = run("load_world", str(path))
    assert err is None
    assert "scenes/1009.yaml:1: warning: scene 1009 is unreachable" in out
    assert "1 warning(s)" in out
    assert World.objects.get(slug="world").warnings == [out.splitlines()[0]]


@pytest.mark.django_db
def test_load_world_takes_a_slug(minimal_path):
    out, err = run("load_world", str(minimal_path), "--slug", "vale")
    assert err is None and World.objects.filter(slug="vale").exists()
    out, err = run("load_world", str(minimal_path), "--slug", "Not a slug!")
    assert err is not None and "can't name a world" in str(err)


@pytest.mark.django_db
def test_a_folder_whose_name_is_no_slug_is_refused_saying_what_to_do(minimal_path, tmp_path):
    folder = tmp_path / "My World"
    shutil.copytree(minimal_path, folder)
    out, err = run("load_world", str(folder))
    assert str(err) == (
        f"{folder}: “My World” can't name a world: use at most 60 lower-case letters, digits, "
        "“-” and “_”. Rename the folder, or give the world a slug with --slug NAME."
    )
    out, err = run("load_world", str(folder), "--slug", "my-world")
    assert err is None and World.objects.filter(slug="my-world").exists()


@pytest.mark.django_db
def test_load_world_before_the_database_is_set_up_says_so(minimal_path, monkeypatch):
    # a new author's fresh clone: load_world before `make run` was a "no such table" traceback
    monkeypatch.setattr(
        "django.db.migrations.executor.MigrationExecutor.migration_plan", lambda *a: ["pending"]
    )
    out, err = run("load_world", str(minimal_path))
    assert str(err).startswith("The database is not set up yet: run `make run` once")
    assert not World.objects.exists()


@pytest.mark.django_db
def test_load_fixtures_loads_every_world_folder_not_starting_with_an_underscore(
    tmp_path, settings, minimal_path
):
    worlds_dir = tmp_path / "fixtures" / "worlds"
    shutil.copytree(minimal_path, worlds_dir / "vale")
    shutil.copytree(minimal_path, worlds_dir / "_draft")
    settings.BASE_DIR = tmp_path
    out, err = run("load_fixtures")
    assert err is None and "vale: created" in out
    out, err = run("load_fixtures")
    assert "vale: unchanged" in out
    assert list(World.objects.values_list("slug", flat=True)) == ["vale"]
