"""A new deploy while the app is open (docs/deploying.md, "Updating"): the new service
worker installs and waits, every open tab keeps being served the version it runs,
the visitor sees "A new version of Ludeum is ready." with a reload button, and
pressing it brings every tab onto the new version with its unfinished game intact.
A kiosk applies the update by itself between visitors.

Each test serves its own copy of dist/ and "deploys" into it: a marker in index.html
and sw.js generated again for that folder, so its precache manifest changes as a real
deploy's does."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from axe import check_accessibility
from harness import ROOT, SiteServer, Watch, new_game, wait_ready, warm
from playwright.sync_api import BrowserContext, Page, expect
from test_offline import wait_offline_ready

# The service worker's update is this file's subject; the visitor is a returning one,
# whose Python boots from the snapshot kept on an earlier visit (harness.warm).
pytestmark = [pytest.mark.e2e, pytest.mark.service_worker]

MARKER_NAME = "ludeum-test-build"
MARKER = f'<meta name="{MARKER_NAME}" content="2">'
SAVE_KEY = "ludeum:v1:current"
WAITING_TIMEOUT_MS = 60_000

WAITING_JS = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  return registration?.waiting?.state === 'installed';
}"""


#: The files a new build's deployment rewrites (deploy_new_build): copied, the rest linked.
REWRITTEN = ("index.html", "sw.js")


def _copy_or_link(source: str, target: str) -> None:
    if Path(source).name in REWRITTEN:
        shutil.copy2(source, target)
    else:
        os.symlink(source, target)  # 113 MB of dist/ is never written here


@pytest.fixture
def site(dist_dir: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "site"
    shutil.copytree(dist_dir, copy, copy_function=_copy_or_link)
    return copy


@pytest.fixture
def server(
    site: Path,
    serve: Callable[[Path], SiteServer],
    watch: Callable[[BrowserContext, str], Watch],
    context: BrowserContext,
) -> SiteServer:
    """The copy of dist/, served, to a returning visitor (the snapshot kept: an update
    comes to those who came before); the context is watched (a request leaving the
    origin or an error logged fails the test)."""
    served = serve(site)
    warm(context, served.origin, site)
    watch(context, served.origin)
    return served


def open_app(context: BrowserContext, server: SiteServer, query: str = "") -> Page:
    page = context.new_page()
    page.goto(server.url + query, wait_until="commit")
    wait_ready(page)
    return page


def deploy_new_build(site: Path) -> None:
    index = site / "index.html"
    html = index.read_text(encoding="utf-8")
    index.write_text(html.replace("<head>", f"<head>\n  {MARKER}", 1), encoding="utf-8")
    subprocess.run(
        ["node", "scripts/service-worker.mjs", str(site)], cwd=ROOT, check=True, capture_output=True
    )


def check_for_update(page: Page) -> None:
    """What boot.js does hourly and when the tab is shown again."""
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")


def runs_new_version(page: Page) -> bool:
    return page.locator(f'meta[name="{MARKER_NAME}"]').count() == 1


def served_new_index(page: Page) -> bool:
    """Whether the page's own origin would now serve it the new build's files."""
    index = page.evaluate("fetch('./').then((response) => response.text())")
    return MARKER_NAME in index


def play(page: Page, lanes: tuple[str, ...]) -> dict:
    """A Squadro game between two people, one move per lane, left unfinished."""
    new_game(page, "squadro", "human")
    for lane in lanes:
        page.click(f'#board [data-square="{lane}"]')
        page.click('#board [data-square="end"]')
    expect(page.locator("#moves li")).to_have_count(len(lanes))
    return game_on(page)


def game_on(page: Page) -> dict:
    return {
        "moves": page.locator("#moves li").all_inner_texts(),
        "status": page.inner_text("#status"),
    }


def expect_update_offered(page: Page) -> None:
    """A new worker waits; the page still runs, and is still served, the old build."""
    page.wait_for_function(WAITING_JS, timeout=WAITING_TIMEOUT_MS)
    assert not runs_new_version(page)
    assert not served_new_index(page), "an open page is served the new build's files"
    expect(page.locator("#update")).to_be_visible()
    expect(page.locator("#update-text")).to_have_text("A new version of Ludeum is ready.")
    expect(page.locator("#update-reload")).to_have_accessible_name("Reload to update")


def expect_new_version_with(page: Page, game: dict) -> None:
    wait_ready(page)
    assert runs_new_version(page)
    assert page.evaluate(WAITING_JS) is False
    expect(page.locator("#update")).to_be_hidden()
    expect(page.locator("#moves li")).to_have_text(game["moves"])
    assert game_on(page) == game


def test_one_tab_updates_when_the_visitor_reloads_from_the_notice(
    context: BrowserContext, site: Path, server: SiteServer
) -> None:
    page = open_app(context, server)
    wait_offline_ready(page, site)
    game = play(page, ("L2", "L1"))
    record = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")

    deploy_new_build(site)
    check_for_update(page)
    expect_update_offered(page)
    expect(page.locator("#announcer")).to_have_text("A new version of Ludeum is ready.")
    check_accessibility(page, "the update notice")

    # Ignored: a plain reload keeps the version the browser still holds for this tab,
    # and offers the new one again.
    page.reload(wait_until="commit")
    wait_ready(page)
    expect_update_offered(page)
    assert game_on(page) == game

    with page.expect_navigation():
        page.click("#update-reload")
    expect_new_version_with(page, game)
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == record


def test_two_tabs_both_move_to_the_new_version_with_their_games(
    context: BrowserContext, site: Path, server: SiteServer
) -> None:
    first = open_app(context, server)
    wait_offline_ready(first, site)
    first_game = play(first, ("L2", "L1"))
    # A link that preselects a game keeps its own save (launch.slot): two games.
    second = open_app(context, server, "?game=squadro")
    second_game = play(second, ("L3",))
    assert first_game != second_game

    deploy_new_build(site)
    check_for_update(first)
    for page in (first, second):
        expect_update_offered(page)

    # One press reloads both tabs: the second must not run old code on new files.
    with first.expect_navigation(), second.expect_navigation():
        first.click("#update-reload")
    expect_new_version_with(first, first_game)
    expect_new_version_with(second, second_game)


def test_a_kiosk_updates_by_itself_between_visitors(
    context: BrowserContext, site: Path, server: SiteServer
) -> None:
    page = open_app(context, server, "?kiosk=1")
    expect(page.locator("html")).to_have_attribute("data-mode", "attract")
    wait_offline_ready(page, site)

    deploy_new_build(site)
    with page.expect_navigation(timeout=WAITING_TIMEOUT_MS):
        check_for_update(page)  # no one presses anything
    wait_ready(page)
    assert runs_new_version(page)
    expect(page.locator("#update")).to_be_hidden()
    expect(page.locator("html")).to_have_attribute("data-mode", "attract")
