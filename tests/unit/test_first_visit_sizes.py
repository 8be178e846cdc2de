"""What scripts/build.py tells static/boot-progress.js a first visit downloads: the
files found by pattern (so content-addressed names are found too), their sizes, never
a precompressed side file or the lock file Pyodide is given inline, and the app's
entry script, read from the page (its request marks the last phase; not counted)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from build_script import load_build


@pytest.fixture
def build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    module = load_build()
    monkeypatch.setattr(module, "DIST", tmp_path)
    return module


#: A site as the lead's content-addressed build names it, with side files beside.
SITE = {
    "index.html": (
        '<script type="py" src="src/web/main.5a5a5a5a5a.py" config="pyscript.4b4b4b4b4b.toml">'
        "</script>"
    ),
    "pyscript.4b4b4b4b4b.toml": "interpreter = 'x'\n",
    "src/web/main.5a5a5a5a5a.py": "print('hello')\n",
    "src/ludeum.0123456789.zip": "z" * 300,
    "src/ludeum.0123456789.zip.br": "b" * 30,
    "static/vendor/pyodide/0a1b2c3d4e/pyodide.asm.wasm": "w" * 1000,
    "static/vendor/pyodide/0a1b2c3d4e/pyodide.asm.wasm.br": "b" * 100,
    "static/vendor/pyodide/0a1b2c3d4e/pyodide.asm.wasm.gz": "g" * 120,
    "static/vendor/pyodide/0a1b2c3d4e/python_stdlib.zip": "s" * 500,
    "static/vendor/pyodide/0a1b2c3d4e/pyodide-lock.json": "{}",
    "static/vendor/pyscript/0f0f0f0f0f/core.js": "c" * 10,
    "static/vendor/pyscript/0f0f0f0f0f/core-C9KDLldu.js": "k" * 70,
    "static/vendor/pyscript/0f0f0f0f0f/zip-T1gzVEcZ.js": "never loaded by a first visit",
    "static/head.js": "var FIRST_VISIT = /* build: first-visit sizes */ null;",
}


def write_site(root: Path) -> None:
    for name, text in SITE.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_first_visit_is_found_by_pattern_without_side_files(build, tmp_path: Path) -> None:
    write_site(tmp_path)
    sizes = build.first_visit_sizes(tmp_path)
    assert sizes["files"] == {
        name: len(SITE[name])
        for name in (
            "pyscript.4b4b4b4b4b.toml",
            "src/ludeum.0123456789.zip",
            "static/vendor/pyodide/0a1b2c3d4e/pyodide.asm.wasm",
            "static/vendor/pyodide/0a1b2c3d4e/python_stdlib.zip",
            "static/vendor/pyscript/0f0f0f0f0f/core.js",
            "static/vendor/pyscript/0f0f0f0f0f/core-C9KDLldu.js",
        )
    }
    assert sizes["later"] == ["src/ludeum.0123456789.zip"]
    assert sizes["entry"] == "src/web/main.5a5a5a5a5a.py"


def test_the_sizes_are_written_into_the_head_script_once(build, tmp_path: Path) -> None:
    write_site(tmp_path)
    build.write_first_visit_sizes()
    head = (tmp_path / "static" / "head.js").read_text(encoding="utf-8")
    written = json.loads(head.removeprefix("var FIRST_VISIT = ").removesuffix(";"))
    assert written == build.first_visit_sizes(tmp_path)
    with pytest.raises(build.BuildError):  # the marker is gone: a second run says so
        build.write_first_visit_sizes()


@pytest.mark.parametrize(
    "lost", ["static/vendor/pyodide/0a1b2c3d4e/pyodide.asm.wasm", "src/web/main.5a5a5a5a5a.py"]
)
def test_a_site_without_its_runtime_or_entry_fails_the_build(
    build, tmp_path: Path, lost: str
) -> None:
    write_site(tmp_path)
    (tmp_path / lost).unlink()
    with pytest.raises(build.BuildError):
        build.first_visit_sizes(tmp_path)
