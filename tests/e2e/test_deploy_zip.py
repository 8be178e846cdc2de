"""The release (build/ludeum-<version>.zip, written by scripts/build.py) is the
built site, with its version and its checksum, and works when unpacked under a
sub-path with its folder renamed: it boots, plays, registers its service worker for
that sub-path only, and resumes the game offline."""

from __future__ import annotations

import hashlib
import json
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import ROOT, SiteServer, Watch, new_game, wait_ready
from playwright.sync_api import BrowserContext, expect
from test_offline import go_offline_and_reload, wait_offline_ready

from ludeum import __version__

pytestmark = pytest.mark.e2e

BUNDLE = ROOT / "build" / f"ludeum-{__version__}.zip"
TOP = f"ludeum-{__version__}"
SUB_PATH = "exhibits/senet"


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


def test_the_unpacked_bundle_plays_and_resumes_offline_under_a_sub_path(
    context: BrowserContext,
    bundle: Path,
    tmp_path: Path,
    serve: Callable[[Path], SiteServer],
    watch: Callable[[BrowserContext, str], Watch],
) -> None:
    # Unpacked as a site would be: the top folder renamed to where it is deployed.
    root = tmp_path / "www"
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(tmp_path / "unpacked")
    site = root / SUB_PATH
    site.parent.mkdir(parents=True)
    (tmp_path / "unpacked" / TOP).rename(site)

    server = serve(root)
    watch(context, server.origin)
    page = context.new_page()
    page.goto(f"{server.url}{SUB_PATH}/", wait_until="commit")
    wait_ready(page)
    new_game(page, "squadro", "human")
    page.click('#board [data-square="L1"]')
    page.click('#board [data-square="L1"]')  # a second tap on a piece moves it
    moves = ["Light: lane 1."]
    expect(page.locator("#moves li")).to_have_text(moves)

    wait_offline_ready(page, site)
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)")
    assert scope == f"{server.url}{SUB_PATH}/"

    go_offline_and_reload(page, context, server)
    wait_ready(page)
    expect(page.locator("#game-name")).to_have_text("Squadro")
    expect(page.locator("#moves li")).to_have_text(moves)
