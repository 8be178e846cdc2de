"""A first visit downloads each file once (issue 35, items 2 and 3).

The rules checked, on a first visit in a browser with a disk cache (a persistent
profile, as a visitor's browser has), served as a host should serve the site
(docs/deploying.md: the files whose names say their content are cacheable for a year):
- the page's preload hints start the runtime's downloads while the page is parsed,
  and the boot takes each preloaded response: every hint is used, none is warned
  about as unused, and the page asks for no file twice;
- the service worker's install, which precaches the whole site for offline play,
  takes every file whose name says its content from the HTTP cache the page has just
  filled: the server sends each such file once in the whole visit. Only the small
  files whose names stay the same from build to build are fetched again, past the
  cache, so that an update is never missed.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from harness import CHROMIUM, CHROMIUM_ARGS, SiteServer, Watch, built, wait_ready
from playwright.sync_api import BrowserType

# The boot is this file's subject: every context starts empty, as on a first visit.
pytestmark = pytest.mark.cold_boot

ROOT = Path(__file__).resolve().parents[2]
HINT = re.compile(r'<link rel="(?:modulepreload|preload)" href="([^"]+)"')
#: As docs/deploying.md asks of hosts (the test server sends it for every file).
CACHE_FOR_A_YEAR = {"Cache-Control": "public, max-age=31536000"}


def _addressing():
    spec = importlib.util.spec_from_file_location("addressing", ROOT / "scripts" / "addressing.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("addressing", module)  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def test_a_first_visit_downloads_each_file_once(
    browser_type: BrowserType,
    dist_dir: Path,
    serve: Callable[..., SiteServer],
    watch: Callable[..., Watch],
    tmp_path: Path,
) -> None:
    addressed_by_name = _addressing().names_its_content
    hints = HINT.findall((dist_dir / "index.html").read_text(encoding="utf-8"))
    # The runtime's three large files and the chain of modules before them.
    assert any(h.endswith("/pyodide.asm.wasm") for h in hints), hints
    assert any(h.endswith("/python_stdlib.zip") for h in hints), hints
    assert built("static/python-snapshot.mjs", dist_dir) in hints
    assert len(hints) == len(set(hints))

    server = serve(dist_dir, CACHE_FOR_A_YEAR)
    context = browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS
    )
    try:
        watch(context, server.origin)
        warnings: list[str] = []
        page = context.pages[0] if context.pages else context.new_page()
        page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
        asked_by_page: Counter[str] = Counter()  # the page's own, not the service worker's
        page.on("request", lambda r: asked_by_page.update([urlsplit(r.url).path]))
        page.goto(server.url, wait_until="commit")
        wait_ready(page)
        used = page.evaluate("() => performance.getEntriesByType('resource').map((e) => e.name)")
        # The worker is registered once the page is ready; it is active only once its
        # install has precached every file.
        page.evaluate("() => navigator.serviceWorker.ready.then((r) => r.active.state)")
    finally:
        context.close()

    for hint in hints:
        assert asked_by_page.get(f"/{hint}") == 1, (hint, asked_by_page.get(f"/{hint}"))
        assert any(name.endswith(f"/{hint}") for name in used), f"{hint} was never used"
    assert not [w for w in warnings if "preload" in w], warnings
    twice = {path: n for path, n in asked_by_page.items() if n > 1}
    assert not twice, f"the page asked for these more than once: {twice}"

    everything = server.requests
    addressed = [p for p in everything if addressed_by_name(p)]
    assert any(p.endswith("/pyodide.asm.wasm") for p in addressed), sorted(everything)
    again = {p: n for p, n in everything.items() if n > 1 and addressed_by_name(p)}
    assert not again, f"sent twice in one visit: {again}"
    # Every file but the page and the worker names its content, so nothing else is
    # sent twice; the worker did precache the site: the page, under its own name,
    # is the one file it fetches past the cache.
    assert set(everything) - {"/", "/index.html", "/sw.js"} <= set(addressed), sorted(everything)
    assert everything["/index.html"] == 1 and everything["/"] == 1, everything


def test_the_precache_takes_content_addressed_files_without_a_revision(dist_dir: Path) -> None:
    # A revision makes Workbox fetch the file past the HTTP cache; without one it is
    # taken from there. Only files whose names say their content may go without.
    text = (dist_dir / "sw.js").read_text(encoding="utf-8")
    entries = re.findall(r'\{url:"([^"]+)",revision:(null|"[0-9a-f]+")\}', text)
    assert len(entries) > 20, text[:500]
    names_its_content = _addressing().names_its_content
    for url, revision in entries:
        assert (revision == "null") is names_its_content(url), (url, revision)
    assert any(url.endswith("/pyodide.asm.wasm") and r == "null" for url, r in entries)
    assert any(url == "index.html" and r != "null" for url, r in entries)
