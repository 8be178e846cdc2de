"""The deployable bundle written by scripts/build.py: dist/ as one zip under a single
top folder, byte-for-byte the same for the same site whatever the files' times and
permissions, so two builds of one commit can be compared by checksum."""

from __future__ import annotations

import hashlib
import os
import subprocess
import time
import zipfile
from pathlib import Path

import pytest
from build_script import load_build

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    module = load_build()
    monkeypatch.setattr(module, "ROOT", tmp_path)
    monkeypatch.setattr(module, "DIST", tmp_path / "dist")
    monkeypatch.setattr(module, "BUNDLE", tmp_path / "build" / "site.zip")
    return module


SITE = {
    "index.html": b"<!doctype html><title>x</title>",
    "sw.js": b"self.x = 1;",
    "static/icons/icon-192.png": b"\x89PNG fake",
    "static/icons-old.txt": b"sorts before static/icons/ as text",
    "static/vendor/pyodide/pyodide.asm.wasm": bytes(range(256)) * 64,
}


def write_site(dist: Path, mtime: float, mode: int) -> None:
    for name, data in SITE.items():
        path = dist / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        path.chmod(mode)
        os.utime(path, (mtime, mtime))


def test_the_bundle_holds_every_file_under_one_top_folder_in_sorted_order(build) -> None:
    write_site(build.DIST, 1_700_000_000, 0o644)
    build.write_bundle()
    with zipfile.ZipFile(build.BUNDLE) as bundle:
        names = bundle.namelist()
        assert names == sorted(names)
        assert names == [f"{build.BUNDLE_FOLDER}/{name}" for name in sorted(SITE)]
        for name, data in SITE.items():
            assert bundle.read(f"{build.BUNDLE_FOLDER}/{name}") == data
        assert bundle.testzip() is None
    assert not list(build.BUNDLE.parent.glob("*.part")), "the partial file was left behind"


def test_beside_the_bundle_its_sha256_in_the_form_sha256sum_checks(build) -> None:
    write_site(build.DIST, 1_700_000_000, 0o644)
    build.write_bundle()
    digest = hashlib.sha256(build.BUNDLE.read_bytes()).hexdigest()
    said = build.BUNDLE.with_name(build.BUNDLE.name + ".sha256").read_text(encoding="utf-8")
    assert said == f"{digest}  {build.BUNDLE.name}\n"
    checked = subprocess.run(
        ["sha256sum", "-c", build.BUNDLE.name + ".sha256"],
        cwd=build.BUNDLE.parent, capture_output=True, text=True,
    )  # fmt: skip
    assert checked.returncode == 0 and ": OK" in checked.stdout, checked


def test_the_same_site_gives_the_same_bytes_whatever_the_times_and_permissions(build) -> None:
    write_site(build.DIST, 1_700_000_000, 0o644)
    build.write_bundle()
    first = build.BUNDLE.read_bytes()
    write_site(build.DIST, 1_800_000_000, 0o600)
    build.write_bundle()
    assert build.BUNDLE.read_bytes() == first
    with zipfile.ZipFile(build.BUNDLE) as bundle:
        for entry in bundle.infolist():
            assert entry.date_time == build.release_timestamp()
            # Unpacked files are readable by the web server's user, whatever they were here.
            assert (entry.external_attr >> 16) & 0o777 == 0o644


def test_a_changed_file_changes_the_bundle(build) -> None:
    # The control for the test above: equal bytes are not an artefact of the check.
    write_site(build.DIST, 1_700_000_000, 0o644)
    build.write_bundle()
    first = build.BUNDLE.read_bytes()
    (build.DIST / "sw.js").write_bytes(b"self.x = 2;")
    build.write_bundle()
    assert build.BUNDLE.read_bytes() != first


def test_the_release_time_is_the_commits_so_two_releases_never_share_one(
    build, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Servers make their validators from the files' times (unzip restores them): two
    releases with one time would answer a 304 for a new index.html of the old one's
    length. $SOURCE_DATE_EPOCH, or the commit's time, decides it."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764288000")  # 2025-11-28 00:00 UTC
    assert build.release_timestamp() == (2025, 11, 28, 0, 0, 0)
    write_site(build.DIST, 1_700_000_000, 0o644)
    build.write_bundle()
    with zipfile.ZipFile(build.BUNDLE) as bundle:
        assert {entry.date_time for entry in bundle.infolist()} == {(2025, 11, 28, 0, 0, 0)}
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764288061")
    assert build.release_timestamp() == (2025, 11, 28, 0, 1, 0)  # zip times: 2 s steps
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert build.release_timestamp() == build.BUNDLE_TIMESTAMP  # no git here: 1980
    monkeypatch.setattr(build, "ROOT", ROOT)  # the repository's checkout
    committed = subprocess.run(
        ["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert build.release_timestamp() == time.gmtime(int(committed))[:5] + (
        time.gmtime(int(committed)).tm_sec // 2 * 2,
    )
