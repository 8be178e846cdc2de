"""The retry after a renderer crash and the summary's count of crashes (conftest.py),
checked on real crashes in a pytest of its own, on two pytest-xdist workers as
scripts/test.sh runs the suite: crash_probe.py's tests kill their page's renderer
(chrome://crash) once, twice, or without failing, beside a test that fails without
any crash."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from harness import ROOT

# Starts a pytest of its own on two workers, two more Chromiums: run alone.
pytestmark = pytest.mark.alone

PROBE = Path(__file__).with_name("crash_probe.py")


def test_a_crash_is_retried_once_and_counted_in_the_summary(tmp_path: Path) -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(PROBE),
            "-p",
            "no:cacheprovider",
            "--output",
            str(tmp_path / "results"),
            "-q",
            "-n",
            "2",
        ],  # fmt: skip
        cwd=ROOT,
        # Not $LUDEUM_CRASH_LOG: the probe's crashes are not the run's (scripts/test.sh).
        env={
            **{name: value for name, value in os.environ.items() if name != "LUDEUM_CRASH_LOG"},
            "CRASH_PROBE_DIR": str(tmp_path),
        },
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = run.stdout
    assert run.returncode == 1, out
    assert "2 failed, 2 passed" in out, out
    # One line, and each crashed test named with what became of it.
    assert (
        "Chromium renderer crashes: 4 (test_crashes_once: passed on retry; "
        "test_crashes_twice x2: crashed again, failed; "
        "test_survives_a_crash: passed despite it)"
    ) in out, out
    # Said as the test's report comes in, and the first run's failure is kept on the
    # retry's report.
    assert out.count("PAGE CRASH: ") == 2, out
    assert "page crash, first run" in out, out
    assert "Target crashed" in out, out
    # A failure with no crash is not run again.
    assert "test_fails_without_a_crash: Chromium" not in out, out
