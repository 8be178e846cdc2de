"""Names that say their content (scripts/addressing.py): the rules checked are that a
changed byte or a renamed file changes the name, that the build's rewrites fail loudly
when the text they replace is missing or repeated, and that the service worker, the
docs and the build agree on which paths are cacheable for ever."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("addressing", ROOT / "scripts" / "addressing.py")
addressing = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("addressing", addressing)
_spec.loader.exec_module(addressing)


def _site(root: Path, wasm: bytes = b"\0asm", engine: bytes = b"PK") -> Path:
    runtime = root / "static" / "vendor" / "pyodide"
    runtime.mkdir(parents=True)
    (runtime / "pyodide.asm.wasm").write_bytes(wasm)
    (runtime / "pyodide.mjs").write_text("export {}")
    (root / "src").mkdir()
    (root / "src" / "ludeum.zip").write_bytes(engine)
    return root


def test_the_runtime_and_the_engine_move_under_their_contents_names(tmp_path: Path) -> None:
    site = _site(tmp_path)
    addressed = addressing.address_content(site)
    assert re.fullmatch(r"static/vendor/pyodide/[0-9a-f]{10}", addressed.runtime)
    assert re.fullmatch(r"src/ludeum\.[0-9a-f]{10}\.zip", addressed.engine)
    assert (site / addressed.runtime / "pyodide.asm.wasm").read_bytes() == b"\0asm"
    assert (site / addressed.engine).read_bytes() == b"PK"
    assert not (site / "src" / "ludeum.zip").exists()
    assert sorted(p.name for p in (site / "static" / "vendor" / "pyodide").iterdir()) == [
        addressed.runtime.rsplit("/", 1)[1]
    ]
    # Addressing twice would nest the folder: refused.
    with pytest.raises(addressing.AddressingError):
        addressing.address_content(site)


def test_one_changed_byte_changes_the_name_and_the_same_bytes_keep_it(tmp_path: Path) -> None:
    first = addressing.address_content(_site(tmp_path / "a"))
    same = addressing.address_content(_site(tmp_path / "b"))
    wasm = addressing.address_content(_site(tmp_path / "c", wasm=b"\0asn"))
    engine = addressing.address_content(_site(tmp_path / "d", engine=b"PL"))
    assert first == same
    assert wasm.runtime != first.runtime and wasm.engine == first.engine
    assert engine.engine != first.engine and engine.runtime == first.runtime


def test_a_renamed_file_changes_the_folders_name(tmp_path: Path) -> None:
    first = addressing.address_content(_site(tmp_path / "a"))
    site = _site(tmp_path / "b")
    runtime = site / "static" / "vendor" / "pyodide"
    (runtime / "pyodide.mjs").rename(runtime / "pyodide2.mjs")
    assert addressing.address_content(site).runtime != first.runtime


def test_a_file_is_named_by_its_content_beside_where_it_was(tmp_path: Path) -> None:
    """Every file but the page and the service worker gets name.<digest>.ext: the same
    bytes the same name, one changed byte another, and never a second digest."""
    for folder, css in (("a", "a{}"), ("b", "a{}"), ("c", "b{}")):
        (tmp_path / folder / "static").mkdir(parents=True)
        (tmp_path / folder / "static" / "app.css").write_text(css)
    first = addressing.name_file(tmp_path / "a", "static/app.css")
    assert re.fullmatch(r"static/app\.[0-9a-f]{10}\.css", first)
    assert (tmp_path / "a" / first).read_text() == "a{}"
    assert not (tmp_path / "a" / "static" / "app.css").exists()
    assert addressing.name_file(tmp_path / "b", "static/app.css") == first
    assert addressing.name_file(tmp_path / "c", "static/app.css") != first
    assert addressing.names_its_content(first)
    with pytest.raises(addressing.AddressingError, match="already names its content"):
        addressing.name_file(tmp_path / "a", first)
    with pytest.raises(addressing.AddressingError, match="is missing"):
        addressing.name_file(tmp_path / "a", "static/app.css")


def test_a_rewrite_replaces_each_text_exactly_once_or_fails(tmp_path: Path) -> None:
    page = tmp_path / "loader.mjs"
    page.write_text("import x from './vendor/pyodide/pyodide.mjs';\n")
    addressing.rewrite(
        page, {"'./vendor/pyodide/pyodide.mjs'": "'./vendor/pyodide/ab/pyodide.mjs'"}
    )
    assert page.read_text() == "import x from './vendor/pyodide/ab/pyodide.mjs';\n"
    with pytest.raises(addressing.AddressingError, match="found it 0 times"):
        addressing.rewrite(page, {"'./vendor/pyodide/pyodide.mjs'": "x"})
    page.write_text("a a")
    with pytest.raises(addressing.AddressingError, match="found it 2 times"):
        addressing.rewrite(page, {"a": "b"})
    assert page.read_text() == "a a"  # nothing written by a failed rewrite


@pytest.mark.parametrize(
    ("path", "immutable"),
    [
        ("static/vendor/pyodide/0123456789/pyodide.asm.wasm", True),
        ("static/vendor/pyodide/0123456789/python_stdlib.zip", True),
        ("src/ludeum.abcdef0123.zip", True),
        ("static/snapshot/python-0123456789abcdef.snapshot", True),
        ("static/snapshot/python-0123456789abcdef-without-jspi.snapshot", True),
        ("static/snapshot/python-0123456789abcdef-other.snapshot", False),
        ("static/vendor/pyscript/0123456789/core.js", True),
        ("static/vendor/pyscript/0123456789/core-C9KDLldu.js", True),
        ("static/vendor/pyscript/core-C9KDLldu.js", False),
        ("static/vendor/pyscript/core.js", False),
        ("static/app.0123456789.css", True),
        ("static/icons/icon-192.0123456789.png", True),
        ("pyscript.0123456789.toml", True),
        ("src/web/main.0123456789.py", True),
        ("static/locale/ar.0123456789.mo", True),
        ("static/app.css", False),
        ("static/app.012345678.css", False),
        ("static/app.0123456789ab.css", False),
        ("static/app.ABCDEF0123.css", False),
        ("pyscript.toml", False),
        ("static/vendor/pyodide/pyodide.asm.wasm", False),
        ("src/ludeum.zip", False),
        ("index.html", False),
        ("static/python-snapshot.mjs", False),
        ("sw.js", False),
    ],
)
def test_which_paths_are_cacheable_for_ever(path: str, immutable: bool) -> None:
    assert addressing.names_its_content(path) is immutable
    assert addressing.names_its_content("/" + path) is immutable
    # Under a sub-path too (https://museum.example/exhibits/senet/...).
    assert addressing.names_its_content("/exhibits/senet/" + path) is immutable


def test_the_build_gives_the_service_worker_the_same_paths() -> None:
    # scripts/service-worker.mjs takes the pattern from the build, never a copy of it
    # (tests/e2e/test_preload.py checks the generated sw.js).
    build = (ROOT / "scripts" / "build.py").read_text(encoding="utf-8")
    assert '"scripts/service-worker.mjs", str(DIST), CONTENT_ADDRESSED]' in build
    worker = (ROOT / "scripts" / "service-worker.mjs").read_text(encoding="utf-8")
    assert "new RegExp(process.argv[3]" in worker
    assert "manifestTransforms: [addressedByName]" in worker
