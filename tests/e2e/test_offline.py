"""After one visit the app works offline, thanks to the service worker (dist/sw.js)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from harness import SiteServer, Watch, new_game, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError

pytestmark = pytest.mark.e2e

SW_TIMEOUT_MS = 120_000

# Number of entries in Workbox's precache (0 before the worker installs).
PRECACHED_JS = """async () => {
  let count = 0;
  for (const name of await caches.keys()) {
    if (name.includes('precache')) count += (await (await caches.open(name)).keys()).length;
  }
  return count;
}"""


def precache_size(dist: Path) -> int:
    """Every file but sw.js itself, the Python snapshot, which the page keeps in a
    cache of its own (static/python-snapshot.mjs), and the rest of the standard
    library, fetched only if an import escaped the build's trace (never, here)."""
    snapshots = dist / "static" / "snapshot"
    return sum(
        1
        for p in dist.rglob("*")
        if p.is_file()
        and p.name not in ("sw.js", "python_stdlib_rest.zip")
        and snapshots not in p.parents
    )


def wait_offline_ready(page: Page, dist: Path) -> None:
    """Wait until the service worker controls the page and has precached all of dist/."""
    # boot.js registers the worker once Python is ready; with clientsClaim the
    # worker takes control of this very page once it has installed (precached
    # everything) and activated.
    page.wait_for_function(
        "() => navigator.serviceWorker.controller?.state === 'activated'",
        timeout=SW_TIMEOUT_MS,
    )
    expected = precache_size(dist)
    page.wait_for_function(
        f"async () => ({PRECACHED_JS})().then((n) => n >= {expected})", timeout=SW_TIMEOUT_MS
    )
    assert page.evaluate(PRECACHED_JS) == expected


def go_offline_and_reload(page: Page, context: BrowserContext, server: SiteServer) -> None:
    server.stop()
    context.set_offline(True)
    response = page.reload(wait_until="commit")
    assert response is not None and response.from_service_worker, "page not served by sw.js"


def test_works_offline_after_first_visit(
    context: BrowserContext,
    own_site_server: SiteServer,
    dist_dir: Path,
    watch: Callable[[BrowserContext, str], Watch],
) -> None:
    watched = watch(context, own_site_server.origin)
    page = context.new_page()
    page.goto(own_site_server.url, wait_until="commit")
    wait_ready(page)
    wait_offline_ready(page, dist_dir)

    go_offline_and_reload(page, context, own_site_server)
    wait_ready(page)
    assert page.evaluate("navigator.onLine") is False
    # The computer's worker (a second Pyodide) also starts from the cache, offline.
    new_game(page, "squadro", "computer", level="easy", seat="0", first="0")
    expect(page.locator("#moves li")).to_have_count(1, timeout=90_000)
    expect(page.locator("#notice")).to_be_hidden()  # the worker ran: no fallback notice
    assert watched.foreign_requests() == []


def test_works_offline_under_a_sub_path_with_a_query(
    context: BrowserContext,
    dist_dir: Path,
    tmp_path: Path,
    serve: Callable[[Path], SiteServer],
    watch: Callable[[BrowserContext, str], Watch],
) -> None:
    # Deployed as /exhibits/senet/ and linked with a query string.
    (tmp_path / "exhibits").mkdir()
    (tmp_path / "exhibits" / "senet").symlink_to(dist_dir, target_is_directory=True)
    server = serve(tmp_path)
    watch(context, server.origin)
    page = context.new_page()
    page.goto(server.url + "exhibits/senet/?game=senet&seed=7", wait_until="commit")
    wait_ready(page)
    wait_offline_ready(page, dist_dir)
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)")
    assert scope == server.url + "exhibits/senet/"

    go_offline_and_reload(page, context, server)
    wait_ready(page)
    # Another query string than the one precached: still served from the cache.
    page.goto(server.url + "exhibits/senet/?game=other", wait_until="commit")
    wait_ready(page)


def test_control_without_service_worker_offline_reload_fails(
    browser: Browser, own_site_server: SiteServer
) -> None:
    # Same steps with service workers blocked: proves the worker is what works offline.
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(own_site_server.url, wait_until="commit")
        wait_ready(page)
        assert page.evaluate("navigator.serviceWorker?.controller ?? null") is None

        with pytest.raises(PlaywrightError, match="ERR_INTERNET_DISCONNECTED"):
            go_offline_and_reload(page, context, own_site_server)
    finally:
        context.close()
