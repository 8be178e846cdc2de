"""Ludeum can be installed as an app: Chromium finds nothing missing (manifest, icons,
service worker), its icons are served as declared, and the installed app's start URL
opens with no network once the service worker has precached the site."""

from __future__ import annotations

import json
import shutil
import struct
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from harness import CHROMIUM, SiteServer, Watch, built, wait_ready
from playwright.sync_api import BrowserContext, BrowserType, CDPSession, Page
from test_offline import wait_offline_ready

# The boot is this file's subject: every context starts empty, as on a first visit.
# Installability is judged by the whole browser (its headless shell judges nothing):
# the profile fixture launches it.
pytestmark = [pytest.mark.e2e, pytest.mark.cold_boot, pytest.mark.full_chromium]

MANIFEST = "static/manifest.webmanifest"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def profile(
    browser_type: BrowserType, browser_type_launch_args: dict, tmp_path: Path
) -> Iterator[BrowserContext]:
    """A browser with a profile on disk. Playwright's usual contexts are incognito-like,
    and Chromium never offers to install an app from an incognito window. The whole
    browser's, not the headless shell the other tests run in."""
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **{**browser_type_launch_args, "executable_path": CHROMIUM}
    )
    yield context
    context.close()


def devtools(page: Page) -> CDPSession:
    return page.context.new_cdp_session(page)


def installability_errors(page: Page) -> list[dict]:
    return devtools(page).send("Page.getInstallabilityErrors")["installabilityErrors"]


def app_manifest(page: Page) -> tuple[str, dict]:
    """(URL, content) of the manifest the page links, as Chromium fetched and parsed it."""
    reply = devtools(page).send("Page.getAppManifest")
    assert reply["errors"] == [], f"Chromium could not parse the manifest: {reply['errors']}"
    return reply["url"], json.loads(reply["data"])


def png_size(data: bytes) -> str:
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return f"{width}x{height}"


def test_chromium_reports_the_app_installable_and_its_icons_as_declared(
    profile: BrowserContext,
    dist_dir: Path,
    serve: Callable[[Path], SiteServer],
    watch: Callable[[BrowserContext, str], Watch],
) -> None:
    server = serve(dist_dir)
    watch(profile, server.origin)
    page = profile.new_page()
    page.goto(server.url, wait_until="commit")
    wait_ready(page)
    wait_offline_ready(page, dist_dir)
    assert installability_errors(page) == []

    manifest_url, manifest = app_manifest(page)
    assert manifest_url == server.url + built(MANIFEST)
    response = page.request.get(manifest_url)
    assert response.headers["content-type"].startswith("application/manifest+json")
    assert urljoin(manifest_url, manifest["start_url"]) == server.url
    for icon in manifest["icons"]:
        response = page.request.get(urljoin(manifest_url, icon["src"]))
        assert response.status == 200, icon["src"]
        assert response.headers["content-type"] == icon["type"], icon["src"]
        if icon["type"] == "image/png":
            assert png_size(response.body()) == icon["sizes"], icon["src"]

    # Launched from the home screen with no network: the start URL is served by the
    # service worker and the app boots.
    start_url = urljoin(manifest_url, manifest["start_url"])
    server.stop()
    profile.set_offline(True)
    launched = profile.new_page()
    response = launched.goto(start_url, wait_until="commit")
    assert response is not None and response.from_service_worker
    wait_ready(launched)


@pytest.mark.parametrize(
    ("change", "error"),
    [
        pytest.param({"icons": []}, "manifest-missing-suitable-icon", id="no-icons"),
        pytest.param({"display": "browser"}, "manifest-display-not-supported", id="browser"),
    ],
)
def test_control_a_broken_manifest_is_not_installable(
    change: dict,
    error: str,
    profile: BrowserContext,
    dist_dir: Path,
    tmp_path: Path,
    serve: Callable[[Path], SiteServer],
) -> None:
    # The same site with one thing spoilt in its manifest: Chromium must object, which
    # shows that the empty list above is a real verdict. (The runtime is left out of
    # the copy, with the snapshots: the verdict needs the page and its manifest, not Python.)
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site, ignore=shutil.ignore_patterns("*.wasm", "*.zip", "*.snapshot*"))
    manifest = json.loads((site / built(MANIFEST, site)).read_text(encoding="utf-8"))
    (site / built(MANIFEST, site)).write_text(json.dumps({**manifest, **change}), encoding="utf-8")
    server = serve(site)
    page = profile.new_page()
    page.goto(server.url, wait_until="domcontentloaded")
    app_manifest(page)  # fetched and parsed: the objection is to its content
    errors = {found["errorId"] for found in installability_errors(page)}
    assert error in errors, errors
