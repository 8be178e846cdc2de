"""The release (build/ludeum-<version>.zip, written by scripts/build.py) is the
built site in one folder, with its version and its checksum. Unpacked and served
under a sub-path, it boots, plays, registers its service worker for that sub-path
only and resumes the game offline: tests/e2e/test_servers.py, behind nginx and Caddy."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import pytest
from harness import ROOT

from ludeum import __version__

pytestmark = pytest.mark.e2e

BUNDLE = ROOT / "build" / f"ludeum-{__version__}.zip"
TOP = f"ludeum-{__version__}"


@pytest.fixture
def bundle(dist_dir: Path) -> Path:
    if not BUNDLE.is_file():
        pytest.fail(f"{BUNDLE.relative_to(ROOT)} missing: run `python3 scripts/build.py`")
    # build.py writes the zip right after sw.js, the last file of dist/.
    if BUNDLE.stat().st_mtime < (dist_dir / "sw.js").stat().st_mtime:
        pytest.fail(f"{BUNDLE.relative_to(ROOT)} is older than dist/: run scripts/build.py")
    return BUNDLE


def test_the_bundle_is_the_built_site_in_one_folder(bundle: Path, dist_dir: Path) -> None:
    built = {p.relative_to(dist_dir).as_posix(): p for p in dist_dir.rglob("*") if p.is_file()}
    with zipfile.ZipFile(bundle) as archive:
        names = archive.namelist()
        assert names == sorted(names)
        assert names == [f"{TOP}/{name}" for name in sorted(built)]
        for name, path in built.items():
            assert archive.read(f"{TOP}/{name}") == path.read_bytes(), f"{name} differs"
        about = json.loads(archive.read(f"{TOP}/version.json"))
    assert about["version"] == __version__
    digest = hashlib.sha256(bundle.read_bytes()).hexdigest()
    said = bundle.with_name(bundle.name + ".sha256").read_text(encoding="utf-8")
    assert said == f"{digest}  {bundle.name}\n"
