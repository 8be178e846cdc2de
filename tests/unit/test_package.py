"""The engine as an installable package (issue 54): the wheel holds the engine alone,
installs into a clean virtual environment with nothing else, and its console script
runs; the package's metadata is the engine's own (version, Python, no dependencies)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

import ludeum

ROOT = Path(__file__).resolve().parents[2]


def test_the_metadata_is_the_engines_own():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == "ludeum" and project["dependencies"] == []
    assert set(project["dynamic"]) == {"version", "description"}  # ludeum.__version__
    assert project["requires-python"] == ">=3.11"
    assert project["scripts"] == {"ludeum": "ludeum.__main__:run"}
    assert (ROOT / project["readme"]).is_file()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built offline by the backend pyproject.toml names (flit_core)."""
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "flit_core.wheel", "--outdir", str(out)],
                   cwd=ROOT, check=True, capture_output=True)  # fmt: skip
    built = list(out.glob("ludeum-*.whl"))
    assert len(built) == 1, built
    return built[0]


def test_the_wheel_holds_the_engine_and_nothing_of_the_site(wheel):
    assert wheel.name == f"ludeum-{ludeum.__version__}-py3-none-any.whl"
    names = zipfile.ZipFile(wheel).namelist()
    assert all(name.startswith(("ludeum/", f"ludeum-{ludeum.__version__}.dist-info/"))
               for name in names), [n for n in names if not n.startswith("ludeum")]  # fmt: skip
    needed = ("ludeum/senet/rulesets.py", "ludeum/ai/senet_weights.py",
              "ludeum/analysis/summary.py", "ludeum/locale/fr/LC_MESSAGES/ludeum.mo")  # fmt: skip
    assert set(needed) <= set(names), set(needed) - set(names)
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)
    entry_points = (
        zipfile.ZipFile(wheel)
        .read(f"ludeum-{ludeum.__version__}.dist-info/entry_points.txt")
        .decode()
    )
    assert "ludeum=ludeum.__main__:run" in entry_points.replace(" ", "")


@pytest.mark.long
def test_a_clean_environment_installs_the_wheel_and_runs_the_console_script(wheel, tmp_path):
    """As docs/research.md says: a new virtual environment, the wheel installed with
    nothing else (no index), then ``ludeum`` run from outside the repository."""
    env = tmp_path / "env"
    venv.create(env, with_pip=True)
    bin_dir = env / ("Scripts" if os.name == "nt" else "bin")
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}

    def run(*argv: str) -> str:
        done = subprocess.run(argv, cwd=tmp_path, env=clean, check=True, capture_output=True,
                              text=True, timeout=300)  # fmt: skip
        return done.stdout

    run(str(bin_dir / "python"), "-m", "pip", "install", "--no-index", "--no-deps",
        "--disable-pip-version-check", "--quiet", str(wheel))  # fmt: skip
    assert run(str(bin_dir / "ludeum"), "--version").strip() == f"ludeum {ludeum.__version__}"
    where = run(str(bin_dir / "python"), "-c", "import ludeum; print(ludeum.__file__)")
    assert Path(where.strip()).is_relative_to(env), where  # the installed copy, not src/
    report = json.loads(run(str(bin_dir / "ludeum"), "simulate", "random", "random",
                            "--games", "4", "--seed", "1", "--format", "json"))  # fmt: skip
    assert report["games"] == 4


def research_examples() -> list[str]:
    """The Python examples of docs/research.md, as written there."""
    text = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    return [block.split("```", 1)[0] for block in text.split("```python\n")[1:]]


@pytest.mark.long
def test_the_research_examples_run_as_written_against_the_installed_wheel(wheel, tmp_path):
    """Each Python example of docs/research.md (the engine, PettingZoo, OpenSpiel) runs
    in a clean environment where the wheel is the only Ludeum: the third-party
    packages an example needs come from this run's own environment, Ludeum never."""
    import sysconfig

    examples = research_examples()
    assert len(examples) == 3, "the engine's, PettingZoo's and OpenSpiel's"
    env = tmp_path / "env"
    venv.create(env, with_pip=True)
    python = str(env / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "--no-index", "--no-deps", "--quiet",
                    "--disable-pip-version-check", str(wheel)], check=True)  # fmt: skip
    # The test runner's site-packages (pettingzoo, open_spiel...) after the env's own:
    # the installed wheel is found first, and the repository's src/ never.
    third_party = sysconfig.get_paths()["purelib"]
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    clean["PYTHONPATH"] = third_party
    for number, code in enumerate(examples, start=1):
        script = tmp_path / f"example_{number}.py"
        script.write_text(code + "\nimport ludeum\nprint('ludeum from', ludeum.__file__)\n",
                          encoding="utf-8")  # fmt: skip
        done = subprocess.run([python, str(script)], cwd=tmp_path, env=clean,
                              capture_output=True, text=True, timeout=600)  # fmt: skip
        assert done.returncode == 0, (number, done.stderr[-2000:])
        where = done.stdout.strip().splitlines()[-1].removeprefix("ludeum from ")
        assert Path(where).is_relative_to(env), (number, where)
