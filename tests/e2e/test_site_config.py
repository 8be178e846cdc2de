"""A museum's own site, built and booted (issue 39): a ludeum.toml that offers only
Senet, in Arabic and English, with the museum's name, logo, link back and colour,
gives a site that shows just that, says so for a link to anything else, and
publishes neither the French nor the German words; a bad file fails the build with
a message naming the key and the value, and writes no site."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from harness import DIST, HOSTING, ROOT, SiteServer, built, wait_ready
from playwright.sync_api import Browser, expect
from servers import nginx_serving

pytestmark = [pytest.mark.e2e]

MUSEUM = """\
[site]
title = "Musée d'Égypte"
logo = "museum.svg"
home_url = "https://museum.example/egypte/"
home_label = "Back to the Egypt rooms"

[games]
offered = ["senet"]
senet_readings = ["jequier", "tait"]

[languages]
offered = ["ar", "en"]
default = "ar"

[look]
accent = "#7a2e12"

[sound]
on = false
"""
LOGO = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<rect width="10" height="10" fill="#7a2e12"/></svg>'
)


def build(site_file: Path, out: Path) -> subprocess.CompletedProcess:
    # No snapshot: a quicker build, and every boot plain (the snapshot is the same
    # engine whatever the site's choices).
    return subprocess.run(
        [sys.executable, "scripts/build.py", "--site", str(site_file), "--out", str(out),
         "--no-snapshot"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


# Session-scoped, not module-scoped: under pytest-xdist a worker that has run out of
# queued tests tears module fixtures down, and this one would be made again for the
# module's next test (scripts/test.sh hands out whole files: --dist loadscope).
@pytest.fixture(scope="session")
def museum_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[SiteServer, Path]]:
    folder = tmp_path_factory.mktemp("museum")
    (folder / "ludeum.toml").write_text(MUSEUM, encoding="utf-8")
    (folder / "museum.svg").write_text(LOGO, encoding="utf-8")
    built = build(folder / "ludeum.toml", folder / "dist")
    assert built.returncode == 0, built.stderr[-2000:]
    server = SiteServer(folder / "dist")
    yield server, folder / "dist"
    server.stop()


def test_a_site_of_senet_in_arabic_and_english_shows_only_that(
    browser: Browser, museum_site: tuple[SiteServer, Path], watch
) -> None:
    server, dist = museum_site
    published = sorted(p.name.split(".")[0] for p in (dist / "static" / "locale").glob("*.mo"))
    assert published == ["ar"]
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fr-FR")
    seen = watch(context, server.origin)
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page, enter=False)
    # A French browser gets the site's default, Arabic, read from right to left.
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [
        "ar", "rtl"
    ]  # fmt: skip
    expect(page.locator("#site-title")).to_have_text("Musée d'Égypte")
    assert page.title().startswith("Musée d'Égypte: ")
    assert page.locator(".brand-logo").evaluate("img => img.complete && img.naturalWidth > 0")
    expect(page.locator(".site-home")).to_have_attribute("href", "https://museum.example/egypte/")
    assert page.locator("#language option").evaluate_all("os => os.map(o => o.value)") == [
        "en", "ar"
    ]  # fmt: skip
    assert page.locator(".welcome-card").evaluate_all("cs => cs.map(c => c.dataset.game)") == [
        "senet"
    ]  # fmt: skip
    readings = page.locator('input[name="welcome-reading"]')
    assert readings.evaluate_all("rs => rs.map(r => r.value)") == ["jequier", "tait"]
    accent = page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--accent')"
    )
    assert accent.strip() == "#7a2e12"
    assert page.locator("#sound").get_attribute("aria-pressed") == "false"
    # A link to a game the site does not offer says so and opens Senet.
    page.goto(server.url + "?game=squadro&lang=en")
    wait_ready(page)
    expect(page.locator("#notice")).to_contain_text("This site does not offer “squadro”")
    expect(page.locator("#app")).to_have_attribute("data-game", "senet")
    page.click("#new-game")
    games = page.locator('#new-game-form input[name="game"]')
    assert games.evaluate_all("gs => gs.map(g => g.value)") == ["senet"]
    assert seen.problems() == []
    context.close()


def test_a_bad_site_file_stops_the_build_naming_the_key_and_value(tmp_path: Path) -> None:
    (tmp_path / "ludeum.toml").write_text('[languages]\noffered = ["en", "es"]\n', "utf-8")
    built = build(tmp_path / "ludeum.toml", tmp_path / "dist")
    assert built.returncode == 1
    assert 'languages.offered = ["en", "es"]: “es” is not a language' in built.stderr
    assert not (tmp_path / "dist" / "index.html").exists()


def accent_and_paths(page, origin: str) -> tuple[str, set[str]]:
    """The page's accent colour and the paths of every file it used, itself included."""
    used = page.evaluate(
        "() => [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)]"
    )
    accent = page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--accent')"
    )
    prefix = HOSTING.EXAMPLE_PATH
    paths = {
        urlsplit(u).path.removeprefix(prefix) or "index.html" for u in used if u.startswith(origin)
    }
    return accent.strip(), paths


def one_build(paths: set[str], served: Path, other: Path) -> None:
    """Every path is a file of ``served``, and any name the other build shares has the
    same bytes in both: whatever the browser kept from it is this build's file."""
    for path in sorted(paths):
        assert (served / path).is_file(), f"{path} is not in {served}"
        kept = other / path
        if path not in ("index.html", "sw.js") and kept.is_file():
            assert kept.read_bytes() == (served / path).read_bytes(), f"{path} differs"


# An update's boots are the subject.
@pytest.mark.cold_boot
def test_after_an_update_and_a_roll_back_a_visitor_without_a_service_worker_runs_one_version(
    browser: Browser, museum_site: tuple[SiteServer, Path], tmp_path: Path
) -> None:
    """Behind nginx with deploy/nginx/ludeum.conf (a year for every file but the page,
    sw.js and version.json), the site is replaced by another build (the museum's:
    another colour, one game), then rolled back, each by switching the `current` link
    the server serves (docs/deploying.md, "Updating"). A browser that runs no service
    worker (blocked, as in a cross-site frame) loads each page with that build's files
    only: a kept copy of a name both builds share has the same bytes in both."""
    _, museum = museum_site
    site = tmp_path / "current"
    site.symlink_to(DIST, target_is_directory=True)
    context = browser.new_context(service_workers="block", locale="en-GB")
    with nginx_serving(site) as origin:
        try:
            page = context.new_page()
            page.goto(origin + HOSTING.EXAMPLE_PATH)
            wait_ready(page, enter=False)
            accent, before = accent_and_paths(page, origin)
            assert accent == "#0d5c63"
            assert built("static/app.css", DIST) in before
            for served, other, colour in ((museum, DIST, "#7a2e12"), (DIST, museum, "#0d5c63")):
                switched = tmp_path / "next"
                switched.symlink_to(served, target_is_directory=True)
                switched.replace(site)  # one rename: no moment without a site
                page.reload()
                wait_ready(page, enter=False)
                accent, paths = accent_and_paths(page, origin)
                assert accent == colour  # the style sheet of the build served, not a kept one
                assert built("static/app.css", served) in paths
                one_build(paths, served, other)
        finally:
            context.close()
