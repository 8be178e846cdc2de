"""The built site ships the whole engine, compiled for the browser's Python, and each
language's compiled catalog as a file of its own."""

from __future__ import annotations

import hashlib
import json
import re
import sys
import zipfile
from pathlib import Path

import pytest

from ludeum import i18n

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from addressing import built, names_its_content  # noqa: E402

pytestmark = pytest.mark.e2e

SRC = Path(__file__).resolve().parents[2] / "src"
#: The command line's modules, the sounds' offline renderer, the research adapters
#: (PettingZoo, OpenSpiel) and the studies' workers: for terminals and researchers
#: only, so the page never downloads them.
TERMINAL_ONLY = ("ludeum/cli/", "ludeum/__main__.py", "ludeum/sound_render.py",
                 "ludeum/adapters/", "ludeum/spread.py")  # fmt: skip


def engine_archive(dist_dir: Path) -> Path:
    """src/ludeum.<digest>.zip: the build names the archive by its content."""
    (archive,) = (dist_dir / "src").glob("ludeum.*.zip")
    return archive


def test_the_engine_archive_holds_every_module_once_as_bytecode(dist_dir: Path) -> None:
    with zipfile.ZipFile(engine_archive(dist_dir)) as bundle:
        names = set(bundle.namelist())
        modules = sorted(
            p.relative_to(SRC).as_posix()
            for p in (SRC / "ludeum").rglob("*.py")
            if "__pycache__" not in p.parts
            and not p.relative_to(SRC).as_posix().startswith(TERMINAL_ONLY)
        )
        assert modules
        assert not [n for n in names if n.startswith(TERMINAL_ONLY)]
        # Sourceless bytecode in the source's place, never the source nor a cache.
        assert not [n for n in names if n.endswith(".py") or "__pycache__" in n]
        magics = set()
        for module in modules:
            pyc = module + "c"
            assert pyc in names, f"{pyc} missing"
            header = bundle.read(pyc)[:16]
            magics.add(header[:4])
            # Unchecked hash-based pyc (PEP 552): flags = 0b01, valid without timestamps.
            assert int.from_bytes(header[4:8], "little") == 1
        assert len(magics) == 1  # all compiled by the one shipped Pyodide
        # Stored: the server compresses the whole archive (docs/performance.md).
        assert {info.compress_type for info in bundle.infolist()} == {zipfile.ZIP_STORED}


def test_each_language_travels_alone_named_by_its_content_and_none_in_the_engine(
    dist_dir: Path,
) -> None:
    # A visitor downloads only their own language's words (static/python-snapshot.mjs).
    with zipfile.ZipFile(engine_archive(dist_dir)) as bundle:
        names = set(bundle.namelist())
    assert not [n for n in names if n.endswith((".mo", ".po", ".pot"))]
    loader = (dist_dir / built(dist_dir, "static/python-snapshot.mjs")).read_text("utf-8")
    table = json.loads(re.search(r"const CATALOGS = (\{.*?\});", loader).group(1))
    offered = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]
    assert sorted(table) == sorted(offered) and {"fr", "de", "ar"} <= set(table)
    for code, name in table.items():
        source = (SRC / "ludeum" / "locale" / code / "LC_MESSAGES" / "ludeum.mo").read_bytes()
        assert (dist_dir / name).read_bytes() == source, f"{name} is not {code}'s catalog"
        assert names_its_content(name), name
        assert hashlib.sha256(source).hexdigest()[:10] in name
    published = sorted(p.name for p in (dist_dir / "static" / "locale").glob("*.mo"))
    assert len(published) == len(offered)


def test_only_the_browser_entry_point_ships_as_a_loose_python_file(dist_dir: Path) -> None:
    loose = sorted(p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*.py"))
    assert loose == [built(dist_dir, "src/web/main.py")]
    # The glue's other rooms travel compiled in the engine archive, where main.py
    # imports them from (``web.screen`` and the rest).
    with zipfile.ZipFile(engine_archive(dist_dir)) as bundle:
        names = set(bundle.namelist())
    rooms = sorted(p.name for p in (SRC / "web").glob("*.py") if p.name != "main.py")
    assert "screen.py" in rooms
    for room in rooms:
        assert f"web/{room}c" in names, f"web/{room}c missing from the engine archive"
    assert not {"web/main.py", "web/main.pyc"} & names
