"""The harness's own promises about the browser it launches (harness.py, CHROMIUM_ARGS;
the headless shell unless the session times the page or the test needs the whole one):
Playwright's --disable-features list is kept whole under ours, and the address bar's
popups, which cost every new context a renderer, are not made; WebAssembly stays on
V8's baseline tier unless the session times the page; and about its contexts
(conftest.py): pages have no service worker unless the test is marked to need one, and a
kept context is emptied between tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from harness import (
    BASELINE_WASM_ONLY,
    CHROMIUM,
    HEADLESS_SHELL,
    SNAPSHOT_CACHE,
    KeptContext,
    SiteServer,
)
from playwright.sync_api import Browser

HAS_SERVICE_WORKERS = "() => 'serviceWorker' in navigator && !!navigator.serviceWorker"


def _switches(pid: str) -> list[str]:
    return (Path("/proc") / pid / "cmdline").read_bytes().decode().split("\0")


def _parent(pid: str) -> str:
    # /proc/PID/stat: "pid (name) state ppid ...", the name in brackets may hold spaces.
    stat = (Path("/proc") / pid / "stat").read_text()
    return stat.rsplit(")", 1)[1].split()[1]


def _browsers_launched_here() -> list[list[str]]:
    """The command lines of the Chromium browser processes (the headless shell's and the
    whole browser's) this pytest process started (through Playwright's driver, its
    child, and Debian's wrapper script when it does not exec the browser): another
    worker's are not looked at."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            switches = _switches(entry.name)
            ancestors = [_parent(entry.name)]
            for _ in range(2):
                ancestors.append(_parent(ancestors[-1]))
            ours = str(os.getpid()) in ancestors[1:]
        except (OSError, IndexError):
            continue  # ended meanwhile
        programs = {Path(CHROMIUM).name, Path(HEADLESS_SHELL).name}
        chromium = switches and Path(switches[0]).name in programs
        if ours and chromium and "--remote-debugging-pipe" in switches:
            found.append(switches)
    return found


@pytest.mark.cold_boot  # no page of the app opens here
@pytest.mark.full_chromium  # the address bar is the whole browser's
def test_our_disabled_features_keep_playwrights_and_drop_the_omnibox_popups(
    browser: Browser,
) -> None:
    launched = _browsers_launched_here()
    assert launched, "no Chromium launched by this process was found in /proc"
    for switches in launched:
        lists = [
            s.split("=", 1)[1].split(",") for s in switches if s.startswith("--disable-features=")
        ]
        assert len(lists) >= 2, f"Playwright's list and ours: {lists}"
        # Chromium honours the last one only: it must hold every feature of the others.
        missing = {feature for earlier in lists[:-1] for feature in earlier} - set(lists[-1])
        assert not missing, f"Playwright disables {sorted(missing)}, which our list drops"
    # The popups' renderers are not made for a new context.
    session = browser.new_browser_cdp_session()
    context = browser.new_context()
    try:
        context.new_page().goto("data:text/html,<p>a page</p>")
        targets = session.send("Target.getTargets")["targetInfos"]
        assert not [t["url"] for t in targets if "omnibox-popup" in t["url"]]
    finally:
        context.close()
        session.detach()


@pytest.mark.cold_boot  # no page of the app opens here
def test_wasm_is_tiered_up_only_in_a_session_that_times_the_page(
    browser: Browser, times_the_page: bool
) -> None:
    """The browser part (no test marked alone) runs the headless shell, and wasm on the
    baseline tier; a session with a timing-sensitive test in it runs the whole browser
    and keeps V8's optimizing tier, as visitors have them."""
    launched = _browsers_launched_here()
    assert launched, "no Chromium launched by this process was found in /proc"
    for switches in launched:
        assert (BASELINE_WASM_ONLY in switches) is not times_the_page, (times_the_page, switches)
    this = Path(browser.browser_type.executable_path).name  # Playwright's own, not ours
    programs = {Path(switches[0]).name for switches in launched}
    wanted = Path(CHROMIUM if times_the_page else HEADLESS_SHELL).name
    assert wanted in programs, (times_the_page, programs, this)


def _service_workers_in_a_new_context(browser: Browser, server: SiteServer) -> bool:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url + "version.json")  # the site's origin, no boot
        return page.evaluate(HAS_SERVICE_WORKERS)
    finally:
        context.close()


def test_a_tests_contexts_have_no_service_worker(browser: Browser, site_server) -> None:
    assert not _service_workers_in_a_new_context(browser, site_server)


@pytest.mark.service_worker
def test_a_test_marked_service_worker_keeps_it(browser: Browser, site_server) -> None:
    assert _service_workers_in_a_new_context(browser, site_server)


@pytest.mark.cold_boot
def test_a_cold_boot_keeps_it(browser: Browser, site_server) -> None:
    assert _service_workers_in_a_new_context(browser, site_server)


# What a test may leave in its origin's storage, for the next tenant to find.
_LEAVE_BEHIND = """async () => {
  localStorage.setItem('ludeum:v1:current', 'left behind');
  sessionStorage.setItem('left', 'behind');
  await new Promise((done) => {
    const request = indexedDB.open('left-behind');
    request.onupgradeneeded = () => request.result.createObjectStore('things');
    request.onsuccess = () => { request.result.close(); done(); };
  });
  await (await caches.open('left-behind')).put('/left', new Response('behind'));
}"""
_WHAT_IS_LEFT = """async (cache) => [
  localStorage.length,
  (await indexedDB.databases()).map((db) => db.name),
  await caches.keys(),
  (await (await caches.open(cache)).keys()).length,
]"""


def test_a_kept_context_is_emptied_between_tests_and_kept_only_unchanged(
    browser: Browser, site_server: SiteServer
) -> None:
    """A kept context (conftest.py's ``context``) reaches the next test with nothing
    of the last one's storage but the snapshot it started with; one whose test
    changed the context itself (here an init script), or failed, is not kept."""
    context = browser.new_context()  # a returning visitor's, as the kept ones start
    tenancy = KeptContext(context, one_tap_off=False)
    page = context.new_page()
    page.goto(f"{site_server.origin}/version.json", wait_until="commit")
    page.evaluate(_LEAVE_BEHIND)
    assert tenancy.leave(site_server.origin, failed=False)
    assert context.pages == []
    page = context.new_page()
    page.goto(f"{site_server.origin}/version.json", wait_until="commit")
    assert page.evaluate(_WHAT_IS_LEFT, SNAPSHOT_CACHE) == [0, [], [SNAPSHOT_CACHE], 1]
    page.close()

    changed = KeptContext(context, one_tap_off=False)
    context.add_init_script(script="window.changed = true")
    assert not changed.leave(site_server.origin, failed=False)
    again = KeptContext(context, one_tap_off=False)  # a failed test's context goes too
    assert not again.leave(site_server.origin, failed=True)
    context.close()
