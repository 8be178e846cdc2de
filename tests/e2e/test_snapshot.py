"""Boot from a memory snapshot (static/python-snapshot.mjs, scripts/make-snapshot.mjs).

The rules checked: a first visit boots as before and never fetches the snapshot; the
second fetches it once the page is ready; later visits, online or offline, boot from
it, page and worker alike, with `random` reseeded; and a snapshot that is missing,
stale, damaged, refused by Pyodide or by the browser, or whose last boot died, falls
back to the plain boot with no error and nothing lost.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from harness import (
    SNAPSHOT_CACHE,
    SiteServer,
    Watch,
    new_game,
    same_game,
    snapshot_header,
    wait_ready,
    warm,
)
from playwright.sync_api import BrowserContext, Page
from test_play import advance

# The boot is this file's subject: every context starts empty, as on a first visit.
pytestmark = pytest.mark.cold_boot

SAVE_KEY = "ludeum:v1:current"
KEPT_TIMEOUT_MS = 60_000

# The boot the page or worker made: "snapshot", or "plain: <why>".
BOOT = "() => window.ludeumPythonBoot"
KEPT = "() => window.ludeumSnapshotKept === true"
CACHED_URLS = f"""async () => {{
  const cache = await caches.open({json.dumps(SNAPSHOT_CACHE)});
  return (await cache.keys()).map((request) => request.url);
}}"""
# Starts the computer's worker on its own and waits for its first word.
WORKER_BOOT = """() => new Promise((resolve, reject) => {
  const worker = new Worker(
    window.ludeumMarkup.createScriptURL(  // the page's Trusted Types policy
      JSON.parse(document.getElementById('site-files').textContent)['static/computer-worker.mjs']),
    { type: 'module' });
  worker.onmessage = (event) => { worker.terminate(); resolve(JSON.parse(event.data)); };
  worker.onerror = (event) => reject(new Error(String(event.message)));
})"""
# Python run on the page by PyScript itself (no JavaScript eval): the next number of
# the module-level `random`, which a snapshot would freeze without the reseed.
DRAW = """() => {
  // Through the page's policy (issue 41): a script element written as markup is
  // trusted as a whole; its text set as a string would need a TrustedScript.
  document.body.insertAdjacentHTML('beforeend', window.ludeumMarkup.createHTML(
    '<script type="py">import js, random\\njs.window.__draw = random.random()<' + '/script>'));
}"""
# Replaces the cached snapshot by a damaged copy of the served one:
#   stale    another engine's header
#   pyodide  the right header, but the memory of another Pyodide build (its build id)
#   cut      the memory cut short (a download or a write that stopped half way)
TAMPER = f"""async ({{ url, how }}) => {{
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  const end = bytes.indexOf(10);
  let head = bytes.subarray(0, end + 1);
  let body = bytes.slice(end + 1);
  if (how === 'stale') {{
    const line = new TextDecoder().decode(head)
      .replace(/"engine": ?"[0-9a-f]+"/, '"engine":"0000000000000000"');
    head = new TextEncoder().encode(line);
  }} else if (how === 'pyodide') {{
    body[20] ^= 1;  // inside Pyodide's build id (bytes 16-47 of its header)
  }} else if (how === 'cut') {{
    body = body.subarray(0, body.length >> 1);
  }}
  const cache = await caches.open({json.dumps(SNAPSHOT_CACHE)});
  await cache.put(url, new Response(new Blob([head, body])));
}}"""


def first_visits(page: Page, url: str) -> None:
    """A first visit, then a second one, which keeps the snapshot for the next visits."""
    page.goto(url, wait_until="commit")
    wait_ready(page)
    page.reload(wait_until="commit")
    wait_ready(page)
    assert page.evaluate(BOOT) == "plain: not cached yet"
    page.wait_for_function(KEPT, timeout=KEPT_TIMEOUT_MS)


def returning_visit(context: BrowserContext, server: SiteServer, dist: Path, watch) -> Page:
    """A visit after the first two: the snapshot kept (harness.warm puts it where the
    second visit would), the page booted from it, the context watched from then on.
    For the rules of what a later visit meets; the first two visits are the subject
    of the tests that pay for them."""
    warm(context, server.origin, dist)
    watch(context, server.origin)  # after warm's tab, which asks for a favicon
    page = context.new_page()
    page.goto(server.url, wait_until="commit")
    wait_ready(page)
    assert page.evaluate(BOOT) == "snapshot"
    return page


def saved(page: Page) -> str | None:
    return page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})")


def play_a_throw(page: Page) -> str | None:
    advance(page)  # by a click, and saved
    return saved(page)


@pytest.fixture
def watched(context: BrowserContext, own_site_server: SiteServer, watch) -> Watch:
    return watch(context, own_site_server.origin)


def test_a_first_visit_never_fetches_the_snapshot_and_a_second_one_only_after_ready(
    context: BrowserContext, own_site_server: SiteServer, dist_dir: Path, watched: Watch
) -> None:
    header = snapshot_header(dist_dir)
    page = context.new_page()
    page.goto(own_site_server.url, wait_until="commit")
    wait_ready(page)
    assert page.evaluate(BOOT) == "plain: not cached yet"
    page.wait_for_timeout(5000)  # longer than the delay after ready
    assert not any(header["url"] in url for url in watched.requests), (
        "the first visit fetched the snapshot"
    )
    page.reload(wait_until="commit")
    wait_ready(page)
    assert page.evaluate(BOOT) == "plain: not cached yet"
    assert not any(header["url"] in url for url in watched.requests), (
        "the snapshot was fetched before the page was ready"
    )
    page.wait_for_function(KEPT, timeout=KEPT_TIMEOUT_MS)
    assert [u.removeprefix(own_site_server.url) for u in page.evaluate(CACHED_URLS)] == [
        header["url"]
    ]
    # Only this engine's snapshot: WebKit's, made without JSPI, is never fetched here.
    webkit = snapshot_header(dist_dir, jspi=False)["url"]
    assert webkit != header["url"] and not any(webkit in url for url in watched.requests)


def test_later_visits_boot_from_the_brotli_snapshot_page_and_worker_alike_online_or_not(
    context: BrowserContext, own_site_server: SiteServer, dist_dir: Path, watched: Watch
) -> None:
    """One returning visitor, whose first two visits are paid once, meets each rule of
    the visits after them in turn:
      - the snapshot travelled as its side file, brotli of less than a fifth of its 31
        MB of memory, and the next visit boots from what was kept;
      - that visit resumes the game, and the board is live: throws and moves by clicks;
      - two boots from it draw different random numbers (reseeded after loading);
      - the computer's worker boots from the same snapshot and plays;
      - offline, once the service worker controls the page, the boot is from it too."""
    header = snapshot_header(dist_dir)
    path = "/" + header["url"]
    side = dist_dir / (header["url"] + ".br")
    page = context.new_page()
    first_visits(page, own_site_server.url)
    assert own_site_server.sent[path] == side.stat().st_size < header["bytes"] // 5
    assert own_site_server.requests[path + ".gz"] == 0
    before = play_a_throw(page)

    draws = []
    for visit in range(2):
        page.reload(wait_until="commit")
        wait_ready(page)
        assert page.evaluate(BOOT) == "snapshot", f"visit {visit + 3}"
        page.evaluate(DRAW)
        page.wait_for_function("() => window.__draw !== undefined")
        draws.append(page.evaluate("() => window.__draw"))
        if visit == 0:
            assert same_game(saved(page), before)
            for _ in range(8):
                advance(page)
    assert draws[0] != draws[1], "random was not reseeded after the snapshot loaded"

    assert page.evaluate(WORKER_BOOT) == {"ready": True, "python": "snapshot"}
    # The computer plays both sides of a Squadro game: its moves come from the worker.
    new_game(page, "squadro", "both")
    page.wait_for_function(
        "() => document.querySelectorAll('#moves li').length >= 4", timeout=60_000
    )

    page.wait_for_function(
        "() => navigator.serviceWorker.controller?.state === 'activated'", timeout=120_000
    )
    own_site_server.stop()
    context.set_offline(True)
    page.reload(wait_until="commit")
    wait_ready(page)
    assert page.evaluate(BOOT) == "snapshot"


def test_a_host_that_sends_files_as_they_are_gets_asked_for_the_gzip_side_file(
    context: BrowserContext, serve, dist_dir: Path, watch
) -> None:
    """The rule: where a host does not compress the snapshot, the loader drops that
    response at its headers, fetches FILE.gz by name, unpacks it itself and keeps
    the memory; the next visit boots from it."""
    server = serve(dist_dir, precompressed=False)
    watch(context, server.origin)
    header = snapshot_header(dist_dir)
    path = "/" + header["url"]
    page = context.new_page()
    first_visits(page, server.url)
    assert server.requests[path] == 1 and server.requests[path + ".gz"] == 1
    assert server.sent[path + ".gz"] == (dist_dir / (header["url"] + ".gz")).stat().st_size
    page.reload(wait_until="commit")
    wait_ready(page)
    assert page.evaluate(BOOT) == "snapshot"


def test_a_bad_snapshot_falls_back_to_the_plain_boot(
    context: BrowserContext, own_site_server: SiteServer, dist_dir: Path, watch
) -> None:
    """One returning visitor meets each kind of bad snapshot in turn: the two it
    recovers from, then the one it refuses for good."""
    header = snapshot_header(dist_dir)
    url = own_site_server.url + header["url"]
    page = returning_visit(context, own_site_server, dist_dir, watch)
    before = play_a_throw(page)
    refused = "() => localStorage.getItem('ludeum:v1:snapshot-refused')"
    for how, why in (
        ("stale", "plain: unusable: stale: engine"),
        ("cut", "plain: unusable: damaged: "),
    ):
        page.evaluate(TAMPER, {"url": url, "how": how})
        page.reload(wait_until="commit")
        wait_ready(page)
        assert page.evaluate(BOOT).startswith(why), how
        assert same_game(saved(page), before)
        # Dropped, fetched afresh after ready, and used by the next boot.
        assert page.evaluate(refused) is None
        page.wait_for_function(KEPT, timeout=KEPT_TIMEOUT_MS)
        page.reload(wait_until="commit")
        wait_ready(page)
        assert page.evaluate(BOOT) == "snapshot", how
    # Refused by Pyodide (another build's memory): never fetched again for this build.
    page.evaluate(TAMPER, {"url": url, "how": "pyodide"})
    page.reload(wait_until="commit")
    wait_ready(page)
    assert page.evaluate(BOOT).startswith("plain: Pyodide refused it: ")
    assert same_game(saved(page), before)
    assert page.evaluate(refused) == header["engine"]
    page.wait_for_timeout(4000)  # longer than the fetch delay after ready
    assert page.evaluate(CACHED_URLS) == []


def test_a_missing_snapshot_leaves_every_boot_plain(
    context: BrowserContext, own_site_server: SiteServer, watch, dist_dir: Path
) -> None:
    watched = watch(context, own_site_server.origin)
    context.route("**/static/snapshot/*", lambda route: route.fulfill(status=404))
    page = context.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(own_site_server.url, wait_until="commit")
    wait_ready(page)
    page.reload(wait_until="commit")  # the second visit is the one that fetches it
    wait_ready(page)
    page.wait_for_function(
        "() => performance.getEntriesByType('resource')"
        ".some((e) => e.name.includes('/static/snapshot/'))",
        timeout=KEPT_TIMEOUT_MS,
    )
    page.wait_for_timeout(500)
    assert any("snapshot was not kept" in w for w in warnings), warnings
    page.reload(wait_until="commit")
    wait_ready(page)
    assert page.evaluate(BOOT) == "plain: not cached yet"
    # Chromium itself logs every 404 as a console error; the app logged none.
    watched.errors[:] = [e for e in watched.errors if "status of 404" not in e]
    assert watched.problems() == []


def test_cache_storage_refused_leaves_the_boot_plain(
    context: BrowserContext, own_site_server: SiteServer, watched: Watch
) -> None:
    context.add_init_script(
        "if (self.caches) caches.open = () =>"
        " Promise.reject(new DOMException('refused', 'SecurityError'));"
    )
    page = context.new_page()
    page.goto(own_site_server.url, wait_until="commit")
    wait_ready(page)
    assert page.evaluate(BOOT).startswith("plain: Cache Storage refused")
    play_a_throw(page)


def test_an_ipad_never_boots_from_a_snapshot_with_the_wasm_trampoline(
    context: BrowserContext, own_site_server: SiteServer, dist_dir: Path, watched: Watch
) -> None:
    """Pyodide has an iPad's Python call built-in functions through JavaScript, so a
    snapshot holding the wasm trampoline (Chromium's) would call into an empty table
    slot there. Seen as an iPad (Chromium's device emulation does the same), the page
    refuses it before it looks for it, boots plain and plays."""
    assert snapshot_header(dist_dir)["trampoline"] == "wasm"
    context.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'userAgent',"
        " { get: () => 'Mozilla/5.0 (iPad; CPU OS 18_3 like Mac OS X)' });"
    )
    page = context.new_page()
    page.goto(own_site_server.url, wait_until="commit")
    wait_ready(page)
    assert page.evaluate(BOOT) == "plain: the way Python calls built-in functions differs"
    play_a_throw(page)


def test_a_snapshot_whose_last_boot_died_is_refused(
    context: BrowserContext, own_site_server: SiteServer, dist_dir: Path, watch
) -> None:
    header = snapshot_header(dist_dir)
    page = returning_visit(context, own_site_server, dist_dir, watch)
    # What a snapshot boot of this tab leaves behind when it never becomes ready.
    page.evaluate(
        """(engine) => localStorage.setItem('ludeum:v1:snapshot-boot',
             JSON.stringify({ engine, tab: window.ludeumTab, at: Date.now() }))""",
        header["engine"],
    )
    page.reload(wait_until="commit")
    wait_ready(page)
    assert page.evaluate(BOOT) == "plain: the last boot from it never became ready"
    page.reload(wait_until="commit")
    wait_ready(page)
    assert page.evaluate(BOOT) == "plain: refused after a failed boot"
