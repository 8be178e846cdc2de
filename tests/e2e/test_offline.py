"""After one visit the app works offline, thanks to the service worker (dist/sw.js)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from harness import SiteServer, Watch, new_game, precache_size, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError

# The boot is this file's subject: every context starts empty, as on a first visit.
pytestmark = [pytest.mark.e2e, pytest.mark.cold_boot]

SW_TIMEOUT_MS = 120_000

# Number of entries in Workbox's precache (0 before the worker installs).
PRECACHED_JS = """async () => {
  let count = 0;
  for (const name of await caches.keys()) {
    if (name.includes('precache')) count += (await (await caches.open(name)).keys()).length;
  }
  return count;
}"""


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


PRINT_STUB = "window.print = () => { window.__printed = (window.__printed || 0) + 1 }"


def print_a_sheet_with_its_qr_code(page: Page) -> None:
    """Rules, Print a sheet: the sheet has its QR code (issue 37), which needs the
    encoder the page imports only when it prints (tests/e2e/test_print.py reads it)."""
    page.click("#show-rules")
    page.click("#print-rules")
    page.wait_for_function("() => window.__printed === 1")
    expect(page.locator("#print-sheet svg.sheet-qr")).to_have_count(1)
    page.click("#close-rules")


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
    context.add_init_script(PRINT_STUB)
    page = context.new_page()
    page.goto(own_site_server.url, wait_until="commit")
    wait_ready(page)
    wait_offline_ready(page, dist_dir)
    # A sheet printed once online: its QR encoder, never precached, is kept.
    print_a_sheet_with_its_qr_code(page)

    go_offline_and_reload(page, context, own_site_server)
    wait_ready(page)
    assert page.evaluate("navigator.onLine") is False
    print_a_sheet_with_its_qr_code(page)  # offline, the code still printed
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
