"""The CI plumbing: scripts/ and .ci/run parse, are wired into the Makefile, and run both suites."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ["scripts/ensure-chromium.sh", "scripts/with-postgres.sh"]


def commands(path: Path) -> list[str]:
    """The non-blank, non-comment lines of a shell script, stripped."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
    return [line for line in lines if line]


@pytest.mark.parametrize("script", SCRIPTS)
def test_scripts_are_valid_posix_sh(script):
    path = ROOT / script
    assert path.read_text().startswith("#!/bin/sh\n"), f"{script} must be a POSIX sh script"
    result = subprocess.run(["sh", "-n", str(path)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr


def test_ci_run_is_strict_bash_running_both_suites_under_ci():
    path = ROOT / ".ci" / "run"
    assert os.access(path, os.X_OK), ".ci/run must be executable"
    result = subprocess.run(["bash", "-n", str(path)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr

    lines = commands(path)
    assert "set -euo pipefail" in lines
    assert "export CI=true" in lines
    makes = [line for line in lines if re.match(r"make\b", line)]
    assert makes == ["make test", "make test-postgres"]


def test_makefile_uses_the_scripts():
    makefile = (ROOT / "Makefile").read_text()
    assert "sh scripts/ensure-chromium.sh" in makefile
    assert re.search(r"sh scripts/with-postgres\.sh \S+ -m pytest", makefile)


def test_with_postgres_without_a_command_fails_before_touching_anything():
    result = subprocess.run(
        ["sh", str(ROOT / "scripts/with-postgres.sh")], capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 1
    assert "usage: sh scripts/with-postgres.sh CMD" in result.stderr


def test_make_with_install_no_runs_on_the_given_virtualenv_and_installs_nothing(tmp_path):
    """README's line for a machine without network: another virtualenv, nothing installed."""
    python = tmp_path / "venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\n")
    python.chmod(0o755)

    def planned(*args: str) -> str:
        result = subprocess.run(
            ["make", "-n", "run", f"VENV={tmp_path / 'venv'}", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert result.returncode == 0, result.stderr
        return result.stdout

    assert "pip install" in planned()  # as it was: the virtualenv gets Talekeeper installed
    offline = planned("INSTALL=no")
    assert "pip" not in offline and "-m venv" not in offline
    assert f"{python} manage.py migrate --noinput" in offline
