"""The brotli quality of a build (scripts/build.py, scripts/precompress.mjs): 11 for a
release unless LUDEUM_BROTLI_QUALITY names another (scripts/test.sh asks for a quicker
one); the build's stamp says which, so that `--if-changed` builds a release's again,
while any quality is a dist/ the tests can test."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from build_script import load_build

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    module = load_build()
    dist = tmp_path / "dist"
    for name in ("index.html", "sw.js"):
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        (dist / name).write_text("x", encoding="utf-8")
    (tmp_path / "ludeum.zip").write_bytes(b"zip")
    monkeypatch.setattr(module, "DIST", dist)
    monkeypatch.setattr(module, "BUNDLE", tmp_path / "ludeum.zip")
    monkeypatch.setattr(module, "BUILD_STAMP", tmp_path / "dist.stamp")
    # The sources' digest is the same string for every stamp here (it reads them all).
    monkeypatch.setattr(module, "inputs_digest", lambda site_file, snapshots: "sources")
    monkeypatch.delenv("LUDEUM_BROTLI_QUALITY", raising=False)
    return module


def test_a_release_is_compressed_at_brotli_best_unless_the_environment_says(build, monkeypatch):
    assert build.brotli_quality() == 11
    monkeypatch.setenv("LUDEUM_BROTLI_QUALITY", "5")
    assert build.brotli_quality() == 5
    for bad in ("12", "-1", "best", "5.5"):
        monkeypatch.setenv("LUDEUM_BROTLI_QUALITY", bad)
        with pytest.raises(build.BuildError, match="0 to 11"):
            build.brotli_quality()


def test_a_build_at_another_quality_tests_alike_but_is_built_again_for_a_release(
    build, monkeypatch
):
    site = ROOT / "ludeum.toml"
    build.BUILD_STAMP.write_text(build.stamp_lines(site, True, 5), encoding="utf-8")
    assert "brotli 5" in build.BUILD_STAMP.read_text(encoding="utf-8").splitlines()
    assert build.stale_reason() is None, "a quicker brotli is still a dist/ to test"
    assert not build.up_to_date(site, True), "serve.sh and a release build at 11 again"
    monkeypatch.setenv("LUDEUM_BROTLI_QUALITY", "5")
    assert build.up_to_date(site, True), "the tests' next run needs no build"
    assert not build.up_to_date(site, False), "a build without snapshots is another choice"


def test_a_stamp_without_a_quality_asks_for_a_build(build):
    site = ROOT / "ludeum.toml"
    lines = build.stamp_lines(site, True, 11).splitlines()
    build.BUILD_STAMP.write_text(
        "".join(f"{line}\n" for line in lines if not line.startswith("brotli")), encoding="utf-8"
    )
    assert "brotli quality" in build.stale_reason()


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs scripts/precompress.mjs")
def test_precompress_caches_each_quality_apart_and_every_side_file_decodes(tmp_path):
    original = tmp_path / "records.json"
    text = json.dumps([{"throw": n % 6, "square": (n * 7) % 30} for n in range(4000)])
    original.write_text(text, encoding="utf-8")
    made = {}
    for quality in (1, 11):
        out = subprocess.run(
            ["node", str(ROOT / "scripts" / "precompress.mjs"), "--keep", f"--quality={quality}",
             str(tmp_path / "cache"), str(original)],
            check=True, capture_output=True, text=True,
        ).stdout  # fmt: skip
        made[quality] = (json.loads(out)["br"], Path(f"{original}.br").read_bytes())
        decoded = subprocess.run(
            ["node", "-e", "process.stdout.write(require('zlib').brotliDecompressSync("
             "require('fs').readFileSync(process.argv[1])))", f"{original}.br"],
            check=True, capture_output=True,
        ).stdout  # fmt: skip
        assert decoded == original.read_bytes(), f"quality {quality}'s side file decodes"
    assert made[11][0] < made[1][0], "quality 11 is smaller: the cache kept them apart"
    assert len(list((tmp_path / "cache").glob("*.br"))) == 2
    refused = subprocess.run(
        ["node", str(ROOT / "scripts" / "precompress.mjs"), "--quality=12",
         str(tmp_path / "cache"), str(original)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert refused.returncode != 0 and "0 to 11" in refused.stderr
