"""``python -m ludeum`` (``ludeum/__main__.py``, ``ludeum.cli``): the entry point, its
help, exit codes and language, and that it needs nothing of the browser."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ludeum.cli import main
from ludeum.i18n import language

ROOT = Path(__file__).resolve().parents[2]


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def python_m_ludeum(*argv: str, stdin: str = "") -> subprocess.CompletedProcess:
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, "-m", "ludeum", *argv], cwd=ROOT, env=environment, input=stdin,
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_python_m_ludeum_help_runs_from_the_repository_and_lists_the_commands():
    done = python_m_ludeum("--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: python -m ludeum")
    for command in ("play", "simulate", "show"):
        assert f"    {command} " in done.stdout
    assert done.stderr == ""


def test_the_command_line_loads_no_browser_code():
    probe = (
        "import sys, runpy\n"
        "sys.argv = ['ludeum', 'simulate', 'random', 'easy', '--games', '1', '--seed', '1']\n"
        "try:\n"
        "    runpy.run_module('ludeum', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        "roots = {name.split('.')[0] for name in sys.modules}\n"
        "print(sorted(roots & {'pyscript', 'js', 'pyodide', 'web'}))\n"
    )
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stderr


@pytest.mark.parametrize("command", ["play", "simulate", "show"])
def test_each_command_has_help_with_examples(command):
    code, out, _err = run([command, "--help"])
    assert code == 0
    assert "examples:" in out
    assert f"  python -m ludeum {command}" in out


def test_usage_errors_exit_with_2_and_no_traceback():
    for argv in ([], ["dance"], ["--lang", "xx", "show", "-"], ["show", "--at", "x", "-"]):
        code, out, err = run(argv)
        assert code == 2, argv
        assert "usage: python -m ludeum" in err and "Traceback" not in err
        assert out == ""


def test_french_on_request_before_or_after_the_command_and_english_after(tmp_path):
    code, out, _err = run(["--lang", "fr", "play", "--game", "squadro"], "q\n")
    assert code == 0
    assert "Squadro" in out and "Joueur 1" in out  # the app's own French
    assert "Tapez q pour arrêter." in out  # the command line's
    code, out, _err = run(["simulate", "--help", "--lang", "fr"])
    assert code == 0 and "exemples\u00a0:" in out
    assert language() == "en"  # a run leaves the language as it found it
    code, out, _err = run(["play", "--game", "squadro"], "q\n")
    assert "Type q to stop." in out
