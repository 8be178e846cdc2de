"""Helpers for the end-to-end tests and the boot benchmark (no pytest here).

SiteServer serves a directory on 127.0.0.1; Watch records what a browser context
does; wait_ready waits for the app to boot. The browser is Debian's chromium.
"""

from __future__ import annotations

import collections
import functools
import importlib.util
import json
import os
import re
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, ConsoleMessage, Frame, Page, WebError

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
CHROMIUM = os.environ.get("LUDEUM_CHROMIUM", "/usr/bin/chromium")
#: Chromium's headless shell (Debian's chromium-headless-shell, the same build): the
#: browser of every end-to-end test not marked full_chromium (tests/e2e/conftest.py).
#: The program itself: /usr/bin/chromium-headless-shell is a script that runs it as
#: its child, where Playwright would stop the script and not the browser.
HEADLESS_SHELL = os.environ.get(
    "LUDEUM_HEADLESS_SHELL", "/usr/lib/chromium/chromium-headless-shell"
)


def _load_hosting():  # noqa: ANN202 (a module)
    """scripts/hosting.py: how a host serves dist/, which SiteServer follows."""
    spec = importlib.util.spec_from_file_location("ludeum_hosting", ROOT / "scripts" / "hosting.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: The Cache-Control a host sends (scripts/hosting.py): SiteServer sends it too, so
#: the tests see the browser cache as visitors have it. It compresses nothing.
HOSTING = _load_hosting()


def built(path: str, dist: Path = DIST) -> str:
    """Where the build put the source path ``path`` (static/app.css:
    static/app.<digest>.css): every file but index.html and sw.js is named by its
    content (scripts/addressing.py, which hosting.py imports)."""
    return HOSTING.addressing_built(dist, path)


#: Playwright 1.65's --disable-features list (chromiumSwitches.ts). Chromium honours
#: only the last --disable-features switch and Playwright passes its own first, so a
#: list of ours must repeat it (tests/e2e/test_harness.py checks that it does).
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled",
    "PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
)  # fmt: skip
#: Headless Chromium opens a window for every new context, and with it the address
#: bar's popups, made as web pages (chrome://omnibox-popup.top-chrome/ and its "AI
#: mode" page), each in a renderer of its own: measured, 0.65 s of CPU a context, for a
#: popup no test can open (10 contexts: 11.2 s of CPU with them, 4.6 s without).
UNUSED_BROWSER_UI = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")


def disabled_features(*features: str) -> str:
    """The --disable-features switch that keeps Playwright's list and adds these."""
    return "--disable-features=" + ",".join((*PLAYWRIGHT_DISABLED_FEATURES, *features))


# Without the background-networking flags Chromium keeps trying to reach Google
# hosts, which this network refuses.
# Chromium's in-process heap profiler is switched on at random for some browser
# sessions (synthetic trial SyntheticHeapProfilingConfiguration=Enabled). Its
# frame-pointer stack walk then reads past the end of the secondary stack that
# WebAssembly JSPI (used by Pyodide) runs on, and the tab dies with SIGSEGV while
# Python boots ("Page crashed"; Debian chromium 156). Sampling probability 0 keeps
# it off. Chromium honours only the last --enable-features switch and Playwright
# passes its own first, so this one repeats Playwright's two enabled features
# (playwright 1.65, chromiumSwitches.ts).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies,"
    "HeapProfilerReporting:stable-probability/0/nonstable-probability/0",
    disabled_features(*UNUSED_BROWSER_UI),
]
#: For a session of tests that measure no speed (all but those marked alone, see
#: conftest.py): V8 runs WebAssembly on its baseline compiler (Liftoff) alone, as it
#: does every function first, never recompiling hot ones with its optimizing compiler.
#: Pyodide's wasm is 10 MB and every new tab tiers it up again in the background: about
#: 1 s of CPU a fresh boot (a trace, 2026-11-29). Side by side on two workers, test_play,
#: test_reliability, test_review and test_computer took 224 and 210 CPU-s with it and
#: 171 without; test_layout, test_friends, test_languages, test_welcome, test_embedding
#: and test_snapshot 502 and 448. The code runs the same, only slower once hot: the
#: tests that time the page (frames, stalls, progress) keep the optimizing tier.
BASELINE_WASM_ONLY = "--js-flags=--liftoff-only"
# PAGE_CRASHES. A rare "Page crashed" was seen while a test reloaded the page with the
# computer's worker (a second Pyodide) starting or searching (issue 12), and once
# while a page first booted (a full run, 2026-11-25, no snapshot). A renderer crash is
# Chromium's own failure: page scripts cannot cause one except by running out of
# memory, and this tab stays far from that (renderer processes at most 890 MB while
# reloading, 584 MB without a worker, on a 24 GB machine with no memory limit). It was
# never reproduced:
# 2026-11-24, 150 reloads at random moments of the worker's start and search
# (benchmarks/reload_crashes.py) and 6 runs of the reload test; 2026-11-26 (Chromium
# 156, load 4-6 on 2 cores, the script at nice 10): 218 reloads more, 237 boots in all,
# 125 from the memory snapshot (the boot that needs JSPI) and 112 plain, with
# the worker searching (Squadro and Lodestone, Hard), under 2 more busy processes, in
# one context, in a new context every 4 loads, and in 16 new browser sessions; and a
# whole e2e run (122 tests, 20 min): no crash. So no flag could be shown to avoid it,
# nor any app change (ending the worker on pagehide, say) to help. JSPI itself cannot
# be switched off in Chromium 156 (V8 has no --experimental-wasm-jspi any more;
# --disable-features= and --disable-blink-features=WebAssemblyJSPromiseIntegration
# leave WebAssembly.Suspending defined), and a page that hides it boots plain, the
# snapshot refused: the third visit ready in 2.7 s instead of 0.8 s (medians of 3).
# Chromium's other in-process stack walkers are off already, by Playwright's defaults:
# the stack sampling profiler (--disable-stack-profiler) and the crash reporter
# (--disable-breakpad); the heap profiler's is off by the switch above. Pyodide reports
# similar Chromium crashes under JSPI (pyodide#5702, #6106).
# So every e2e test that fails with a renderer crash under it runs once more
# (conftest.py): the crash is said when it happens, a second failure fails the test,
# and the run's summary always counts the crashes ("Chromium renderer crashes: N",
# naming each test and what became of it). Watch reports any crash as a problem.
READY_SELECTOR = '#app[data-state="ready"]'
# Records every gap between ticks of a 5 ms timer on the page's main thread: anything
# that holds the thread (Python running on the page, a long layout) shows as a gap
# longer than 5 ms. Start with page.evaluate(STALL_PROBE), read window.__probe.
STALL_PROBE = """() => {
  const probe = window.__probe = { worst: 0, ticks: 0, gaps: [] };
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    probe.gaps.push(now - last);
    probe.worst = Math.max(probe.worst, now - last);
    probe.ticks += 1;
    last = now;
  }, 5);
}"""
# Python boots in about 5-6 s here; leave room for a slow, busy machine.
READY_TIMEOUT_MS = 60_000


def _load_build():  # noqa: ANN202 (a module)
    """scripts/build.py, loaded by its path (it puts scripts/ on sys.path itself)."""
    spec = importlib.util.spec_from_file_location("ludeum_build", ROOT / "scripts" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def dist_problem() -> str | None:
    """Why dist/ cannot be tested (missing, or not what its sources would build now:
    scripts/build.py's stamp of its last whole build decides), or None."""
    problem = _load_build().stale_reason()
    return f"{problem}: run `python3 scripts/build.py` (scripts/test.sh does)" if problem else None


#: The Cache Storage cache static/python-snapshot.mjs boots Python from.
SNAPSHOT_CACHE = "ludeum-python-snapshot"


def snapshot_header(dist: Path = DIST, jspi: bool = True) -> dict:
    """What the build wrote into the loader for engines with JSPI (Chromium's), or
    without (WebKit's): url, engine, pyodide, jspi, trampoline, bytes."""
    text = (dist / built("static/python-snapshot.mjs", dist)).read_text(encoding="utf-8")
    name = "SNAPSHOT_WITH_JSPI" if jspi else "SNAPSHOT_WITHOUT_JSPI"
    found = re.search(rf"const {name} = (\{{.*\}});", text)
    maker = "Chromium" if jspi else "WebKitGTK and Xvfb"
    assert found, f"the build made no {name} (are {maker} installed?)"
    return json.loads(found.group(1))


# What the page itself does on a visitor's second visit (static/python-snapshot.mjs,
# keepSnapshot): fetch the snapshot, as the host sends it, and keep its memory as a
# plain response under its URL.
_KEEP_SNAPSHOT = """async ({ url, cache }) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  await (await caches.open(cache)).put(url, new Response(bytes,
    { headers: { 'Content-Type': 'application/octet-stream' } }));
}"""


#: An init script: the pages of a context it is added to have no
#: navigator.serviceWorker, as in a browser without service workers (the app's boot.js
#: checks for them). Not Playwright's service_workers="block": its register() resolves
#: to nothing, which no browser does, and boot.js would then throw.
WITHOUT_SERVICE_WORKERS = "delete Navigator.prototype.serviceWorker;"


def warm(context: BrowserContext, origin: str, dist: Path = DIST) -> None:
    """Give ``context`` what a returning visitor's browser holds for ``origin`` (the
    site ``dist`` served at its root): the build's Python snapshot in Cache Storage,
    as the app keeps it from the second visit on. The app's pages and its computer's
    worker then boot from it, in about a quarter of a plain boot's time (the app's
    snapshot path: the same code and the same checks as for any returning visitor).
    A tab opened on the site's version.json does it and closes before the test's
    first page: the context's watchers, added after, never see it. Its icon is answered
    here: a server's count of requests is the test's, not this tab's."""
    page = context.new_page()
    page.route(f"{origin}/favicon.ico", lambda route: route.fulfill(status=204, body=""))
    try:
        page.goto(f"{origin}/version.json", wait_until="commit")
        page.evaluate(
            _KEEP_SNAPSHOT,
            {"url": f"{origin}/{snapshot_header(dist)['url']}", "cache": SNAPSHOT_CACHE},
        )
    finally:
        page.close()


def precache_size(dist: Path) -> int:
    """The files of ``dist`` the service worker precaches (scripts/service-worker.mjs):
    all but sw.js itself, the Python snapshot, which the page keeps in a cache of its
    own (static/python-snapshot.mjs), the precompressed side files (FILE.br,
    FILE.gz), which a server sends in FILE's place, and the rest of the standard
    library, fetched only if an import escaped the build's trace (never, here), the
    QR encoder, fetched only when the visitor prints, the sanitizer, fetched only for
    a stored Continue picture, the languages' catalogs,
    each kept once its reader's page asks for it, and version.json, which only a
    deployment check asks for."""
    snapshots = dist / "static" / "snapshot"
    qr_encoder = dist / "static" / "vendor" / "qrcode-generator"
    sanitizer = dist / "static" / "vendor" / "dompurify"
    catalogs = dist / "static" / "locale"
    return sum(
        1
        for p in dist.rglob("*")
        if p.is_file()
        and p.name not in ("sw.js", "python_stdlib_rest.zip")
        and p.relative_to(dist).as_posix() != "version.json"  # for a deployment check
        and snapshots not in p.parents
        and qr_encoder not in p.parents
        and sanitizer not in p.parents
        and catalogs not in p.parents
        and p.suffix not in (".br", ".gz")
    )


class _QuietHandler(SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def __init__(
        self,
        *args: object,
        headers: dict[str, str] | None = None,
        cache_control: Callable[[str], str] | None = None,
        **kwargs: object,
    ):
        # Set before the base class handles the request, which it does in __init__.
        self._extra_headers = headers or {}
        self._cache_control = cache_control or HOSTING.cache_control
        super().__init__(*args, **kwargs)

    def end_headers(self) -> None:
        # On every response, errors included, like nginx's `add_header ... always`.
        for name, value in self._extra_headers.items():
            self.send_header(name, value)
        if "Cache-Control" not in self._extra_headers:
            self.send_header("Cache-Control", self._cache_control(urlsplit(self.path).path))
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        self.server.note(urlsplit(self.path).path)
        super().do_GET()

    def send_head(self):  # noqa: ANN201 (the base's signature)
        # A held path is answered only once the test lets it go (SiteServer.hold):
        # a request that gets nothing, with the browser's HTTP cache still in play
        # (Playwright's page.route would switch the cache off).
        self.server.wait_if_held(self.path)
        if self.server.precompressed:
            side = self._side_file()
            if side is not None:
                return side
        return super().send_head()

    def _side_file(self):  # noqa: ANN202 (an open file, or None)
        """FILE.br or FILE.gz sent as FILE with its Content-Encoding, when the browser
        takes it, as caddy's `precompressed br gzip` and nginx's brotli_static do.
        A side file older than FILE is stale (a test changed FILE in a copy of dist/)
        and never sent: FILE goes as it is."""
        original = Path(self.translate_path(self.path))
        if not original.is_file():
            return None
        changed = original.stat().st_mtime
        accepted = {
            part.split(";")[0].strip().lower()
            for part in self.headers.get("Accept-Encoding", "").split(",")
        }
        for encoding, suffix in HOSTING.ENCODINGS.items():
            side = original.with_name(original.name + suffix)
            if encoding in accepted and side.is_file() and side.stat().st_mtime >= changed:
                packed = side.open("rb")
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(str(original)))
                self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(side.stat().st_size))
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return packed
        return None

    def copyfile(self, source, outputfile) -> None:  # noqa: ANN001 (the base's names)
        start = source.tell()
        try:
            super().copyfile(source, outputfile)
        finally:
            self.server.count(urlsplit(self.path).path, source.tell() - start)


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True
    bytes_sent = 0  # response bodies, for the boot benchmark's bytes on the wire
    _counting = threading.Lock()

    def count(self, path: str, sent: int) -> None:
        with self._counting:
            self.bytes_sent += sent
            self.sent[path] += sent

    def note(self, path: str) -> None:
        with self._counting:
            self.requests[path] += 1

    held: tuple[str, threading.Event] | None = None

    def wait_if_held(self, path: str) -> None:
        held = self.held
        if held is not None and urlsplit(path).path.endswith(held[0]):
            held[1].wait(timeout=300)

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # browsers abort requests (navigation, going offline): not an error here

    precompressed = True


class SiteServer:
    """A directory served on 127.0.0.1 on a free port, from a background thread;
    ``headers`` are added to every response (e.g. a Content-Security-Policy).
    ``precompressed``: send the build's side files (FILE.br, FILE.gz) in FILE's
    place, as the hosts of docs/deploying.md do; False is a host that sends every
    file as it is (Python's http.server, a plain S3 bucket). ``cache_control``: the
    Cache-Control by request path, when not scripts/hosting.py's."""

    def __init__(
        self,
        directory: Path,
        headers: dict[str, str] | None = None,
        *,
        precompressed: bool = True,
        cache_control: Callable[[str], str] | None = None,
    ) -> None:
        handler = functools.partial(
            _QuietHandler, directory=str(directory), headers=headers, cache_control=cache_control
        )
        self._httpd = _QuietServer(("127.0.0.1", 0), handler)
        self._httpd.precompressed = precompressed
        self._httpd.sent = collections.Counter()
        self._httpd.requests = collections.Counter()
        self.port = self._httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.url = self.origin + "/"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()
        self._stopped = False

    def hold(self, path_end: str) -> threading.Event:
        """Answer no request whose path ends with ``path_end`` until the returned
        event is set (then every held request is answered)."""
        release = threading.Event()
        self._httpd.held = (path_end, release)
        return release

    @property
    def bytes_sent(self) -> int:
        """Bytes of response bodies sent so far (headers not counted)."""
        return self._httpd.bytes_sent

    @property
    def sent(self) -> collections.Counter[str]:
        """Bytes of response bodies sent so far, by path (what the wire carried:
        a side file's bytes when one was sent in the file's place)."""
        return self._httpd.sent

    @property
    def requests(self) -> collections.Counter[str]:
        """GET requests so far, by path ("/static/app.css")."""
        return self._httpd.requests

    def stop(self) -> None:
        """Stop serving: afterwards every connection to the port is refused."""
        if not self._stopped:
            self._stopped = True
            if self._httpd.held is not None:
                self._httpd.held[1].set()  # no request left hanging
            self._httpd.shutdown()
            self._httpd.server_close()
            self._thread.join(timeout=10)


CADDY = os.environ.get("LUDEUM_CADDY", "/usr/bin/caddy")


class CaddyServer:
    """``directory`` served by Debian's caddy as a host serves it (scripts/Caddyfile's
    rules, from scripts/hosting.py: the brotli and gzip side files, the types, the
    Cache-Control) on 127.0.0.1 on a free port; the same interface as SiteServer.
    ``count_bytes=False`` runs the committed scripts/Caddyfile itself, which logs no
    responses, so bytes_sent stays 0. Raises RuntimeError when caddy is missing or
    does not start."""

    def __init__(self, directory: Path, count_bytes: bool = True) -> None:
        if not os.access(CADDY, os.X_OK):
            raise RuntimeError(f"no {CADDY}: run scripts/ensure-browsers.sh (test.sh does)")
        self._state = tempfile.TemporaryDirectory(prefix="ludeum-caddy-")
        state = Path(self._state.name)
        self._log = state / "access.log"
        config = HOSTING.CADDYFILE
        if count_bytes:
            config = state / "Caddyfile"
            config.write_text(HOSTING.caddyfile(access_log=self._log), encoding="utf-8")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.url = self.origin + "/"
        env = {
            **os.environ,
            "LUDEUM_SITE": str(directory),
            "PORT": str(self.port),
            # Caddy's own state: in the temporary folder, not the home directory.
            "XDG_CONFIG_HOME": str(state),
            "XDG_DATA_HOME": str(state),
        }
        command = [CADDY, "run", "--adapter", "caddyfile", "--config", str(config)]
        with (state / "caddy.out").open("w") as out:
            self._process = subprocess.Popen(command, env=env, stdout=out, stderr=out)
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                if self._process.poll() is not None or time.monotonic() > deadline:
                    said = (state / "caddy.out").read_text(encoding="utf-8")
                    self.stop()
                    raise RuntimeError(
                        f"caddy did not start on port {self.port}:\n{said}"
                    ) from None
                time.sleep(0.1)

    @property
    def bytes_sent(self) -> int:
        """Bytes of response bodies sent so far, as encoded on the wire (its log's
        "size" of each response; headers not counted)."""
        if not self._log.is_file():
            return 0
        with self._log.open(encoding="utf-8") as log:
            return sum(json.loads(line).get("size", 0) for line in log if line.strip())

    def stop(self) -> None:
        if self._process.poll() is None:
            self._process.terminate()
            self._process.wait(timeout=10)
        self._state.cleanup()


#: One-tap moves (issue 26) off, as a visitor may set them, unless the page's storage
#: says otherwise: the tests play a piece by a click on it, then on its target, which
#: one-tap play would turn into a move and a stray click. tests/e2e/test_one_tap.py
#: turns them on; tests/engines plays with them on, the default.
ONE_TAP_OFF = """try {
  const key = 'ludeum:v1:one-tap';
  if (localStorage.getItem(key) === null) localStorage.setItem(key, 'off');
} catch (error) {}"""


#: Where a click on the element ``selector`` lands, after scrolling it into view: its
#: centre, or why nothing there would take the click (no such element; another one
#: over it).
_CLICK_POINT = """(selector) => {
  const target = document.querySelector(selector);
  if (!target) return `nothing matches ${selector}`;
  target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const box = target.getBoundingClientRect();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const hit = document.elementFromPoint(x, y);
  if (!hit || !target.contains(hit)) {
    return `${selector} is under ${hit ? hit.outerHTML.slice(0, 80) : 'nothing'}`;
  }
  return [x, y];
}"""


def seed_storage(page: Page, key: str, text: str) -> None:
    """``localStorage[key] = text`` before the page's scripts run, on its first load
    only: a reload then reads what the app itself saved."""
    page.add_init_script(
        script="if (!sessionStorage.getItem('test:seeded')) {"
        f" localStorage.setItem({json.dumps(key)}, {json.dumps(text)});"
        " sessionStorage.setItem('test:seeded', '1'); }"
    )


def tap(page: Page, selector: str) -> None:
    """A click on the element ``selector`` at its centre, as a person's, for a test
    that plays hundreds of actions: one round trip to find the point and check that the
    element is what a click there hits, then the mouse. Playwright's ``click`` waits
    and checks over several (visible, stable over two frames, enabled, hit): 145 ms of
    CPU an action against 100 for this, measured on a Squadro game (the same game)."""
    point = page.evaluate(_CLICK_POINT, selector)
    assert isinstance(point, list), point
    page.mouse.click(*point)


def play_lane(scope) -> None:
    """Squadro: the person to move plays the first piece that can move, by one tap
    where one-tap moves are on (a frame whose storage is blocked keeps no "off", so it
    has the default), else by a second tap on the selected piece."""
    lane = scope.locator('#board [data-square^="L"]').first
    lane.click()
    if scope.locator("#one-tap").get_attribute("aria-pressed") != "true":
        lane.click()


# The start of scripts/stdlib_rest.py's console warning (ESCAPED).
STDLIB_ESCAPE = "escaped the build's trace"


class Watch:
    """Requests, console errors and page errors of one browser context (whose pages
    start with one-tap moves off: ONE_TAP_OFF)."""

    def __init__(self, context: BrowserContext, origin: str, *others: str) -> None:
        context.add_init_script(script=ONE_TAP_OFF)
        self.origin = origin
        self.origins = {origin, *others}  # a host page and the app it frames, say
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.crashes: list[str] = []  # URLs of pages whose renderer died
        context.on("page", self._on_page)
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("console", self._on_console)
        context.on("weberror", self._on_web_error)

    def _on_page(self, page: Page) -> None:
        page.on("crash", lambda crashed: self.crashes.append(crashed.url))

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text} ({message.location})")
        elif STDLIB_ESCAPE in message.text:
            # The build's stdlib trace missed a module the app imports: it worked from
            # the rest's zip, but every visit needing it would download 7 MB more.
            self.errors.append(f"stdlib trace missed a module: {message.text}")

    def _on_web_error(self, error: WebError) -> None:
        self.errors.append(f"page error: {error.error}")

    def _same_origin(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme == "data":
            return True
        if parts.scheme == "blob":  # blob:http://host:port/uuid
            return self._same_origin(url[len("blob:") :])
        return f"{parts.scheme}://{parts.netloc}" in self.origins

    def foreign_requests(self) -> list[str]:
        return [url for url in self.requests if not self._same_origin(url)]

    def problems(self) -> list[str]:
        foreign = [f"request to another origin: {url}" for url in self.foreign_requests()]
        crashed = [f"the page crashed (Chromium's renderer died) at {url}" for url in self.crashes]
        return crashed + foreign + self.errors


#: Every frame size docs/embedding.md names: the embed layout's smallest, the compact
#: welcome's, the full layout's threshold (still the embed layout: 700 px tall) and the
#: iframe snippet's. tests/e2e/test_embedding.py measures each; scripts/screenshots.py
#: shoots each.
DOCUMENTED_FRAMES = ((600, 450), (800, 500), (1000, 700), (1000, 760))


#: What a kept context is emptied of between tests, from a tab of its origin: the
#: origin's local and session storage, IndexedDB and every Cache Storage cache but the
#: snapshot's. True when the snapshot is still there, and alone (else the context goes).
_VACATE = """async ({ cache, url }) => {
  localStorage.clear();
  sessionStorage.clear();
  for (const { name } of await indexedDB.databases()) {
    await new Promise((done, fail) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = request.onblocked = done;
      request.onerror = () => fail(request.error);
    });
  }
  for (const name of await caches.keys()) if (name !== cache) await caches.delete(name);
  const kept = await (await caches.open(cache)).keys();
  return kept.length === 1 && kept[0].url === url;
}"""
#: BrowserContext methods that change the context beyond what a test's pages leave:
#: a test that calls one gets its context closed afterwards, never kept.
_CHANGES_THE_CONTEXT = (
    "add_cookies", "add_init_script", "clear_permissions", "close", "expose_binding",
    "expose_function", "grant_permissions", "new_cdp_session", "route", "route_from_har",
    "route_web_socket", "set_default_navigation_timeout", "set_default_timeout",
    "set_extra_http_headers", "set_geolocation", "set_offline",
    "unroute", "unroute_all",
)  # fmt: skip


class KeptContext:
    """One test's tenancy of a kept context: what the test changed is noted (the
    methods of _CHANGES_THE_CONTEXT, wrapped on this one object) and the listeners it
    added are recorded, to be removed when it leaves."""

    def __init__(self, context: BrowserContext, one_tap_off: bool) -> None:
        self.context = context
        self.one_tap_off = one_tap_off  # whether its pages start with ONE_TAP_OFF
        self.changed: list[str] = []
        self.listeners: list[tuple[str, Callable]] = []
        for name in _CHANGES_THE_CONTEXT:
            setattr(context, name, self._noting(name, getattr(context, name)))
        for name in ("on", "once"):
            setattr(context, name, self._recording(getattr(context, name)))

    def _noting(self, name: str, method: Callable) -> Callable:
        def noted(*args: object, **kwargs: object) -> object:
            # A Watch's init script (harness.ONE_TAP_OFF), added once: the context is
            # kept among those that have it, for the next test with a Watch.
            if name == "add_init_script" and [*args, *kwargs.values()] == [ONE_TAP_OFF]:
                if self.one_tap_off:
                    return None
                self.one_tap_off = True
            else:
                self.changed.append(name)
            return method(*args, **kwargs)

        return noted

    def _recording(self, method: Callable) -> Callable:
        def recorded(event: str, handler: Callable) -> None:
            self.listeners.append((event, handler))
            method(event, handler)

        return recorded

    def leave(self, origin: str, failed: bool) -> bool:
        """Empties the context for the next test; False when it must be closed."""
        context = self.context
        for name in (*_CHANGES_THE_CONTEXT, "on", "once"):
            delattr(context, name)  # the class's own methods again
        for event, handler in self.listeners:
            context.remove_listener(event, handler)
        if failed or self.changed:
            return False
        for page in context.pages:
            page.close()
        context.clear_cookies()
        tab = context.new_page()
        try:
            tab.route(f"{origin}/favicon.ico", lambda route: route.fulfill(status=204, body=""))
            tab.goto(f"{origin}/version.json", wait_until="commit")
            url = f"{origin}/{snapshot_header()['url']}"
            return bool(tab.evaluate(_VACATE, {"cache": SNAPSHOT_CACHE, "url": url}))
        finally:
            tab.close()


def host_page(
    directory: Path, app_url: str, size: tuple[int, int] = (1000, 760), heading: str = "Play Senet"
) -> None:
    """A museum's page with the documented iframe snippet (docs/embedding.md), the
    frame ``size`` CSS px, under ``heading``."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "index.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<link rel="icon" href="data:,"><title>Museum</title></head><body>'
        f"<h1>{heading}</h1>"
        f'<iframe src="{app_url}" title="Ludeum: ancient board games" '
        f'width="{size[0]}" height="{size[1]}" allow="fullscreen" loading="lazy"></iframe>'
        "</body></html>",
        encoding="utf-8",
    )


def turn_screen(page: Page, width: int, height: int) -> None:
    """The kiosk's screen at another size (turned, or another model): the page leaves
    full screen first, as the kiosk's next visitor finds it, since Chromium's headless
    shell refuses to resize a window in full screen (the kiosk asks for it on a touch:
    web/kiosk.py), and a headless window's full screen changes no layout anyway."""
    page.evaluate("() => document.fullscreenElement ? document.exitFullscreen() : null")
    page.set_viewport_size({"width": width, "height": height})


def resize_frame(page: Page, frame: Frame, size: tuple[int, int]) -> None:
    """Make the host ``page``'s iframe ``size`` CSS px and wait until the app in it
    (``frame``) has laid itself out for the new size, Python's drawing included (a
    media query's change)."""
    width, height = size
    page.evaluate("([w, h]) => { const f = document.querySelector('iframe');"
                  " f.width = w; f.height = h; }", [width, height])  # fmt: skip
    frame.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h",
                            arg=[width, height])  # fmt: skip
    frame.evaluate("() => new Promise((done) => requestAnimationFrame("
                   "() => requestAnimationFrame(done)))")  # fmt: skip


# The welcome screen (src/web/welcome.py) opens a visit with no launch parameters.
WELCOME_SELECTOR = ':root[data-screen="welcome"]'
# What a visitor who wants the game clicks there: the unfinished game, else Senet
# between two people under the default reading (the app's start before the welcome).
CONTINUE_BUTTON = "#welcome-continue-button"
SENET_FRIEND_BUTTON = '#welcome button.welcome-friend[data-game="senet"]'


def wait_ready(page: Page, timeout_ms: float = READY_TIMEOUT_MS, *, enter: bool = True) -> None:
    """Wait until Python has booted and the app marked itself ready; then, if the
    welcome screen shows and ``enter`` (the default), go to the game as a visitor
    would (``enter_game``). ``enter=False`` leaves the welcome screen on."""
    _wait_booted(page, timeout_ms)
    if enter:
        enter_game(page)


def enter_game(page: Page | Frame) -> None:
    """From the welcome screen to the game, by a visitor's click: Continue when a game
    is unfinished, else Senet with a friend (the game the app opened on before it had
    a welcome screen; a pristine one on screen is kept, not replaced). Nothing when
    the game screen shows already."""
    if not page.locator(WELCOME_SELECTOR).count():
        return
    resume = page.locator(CONTINUE_BUTTON)
    page.click(CONTINUE_BUTTON if resume.is_visible() else SENET_FRIEND_BUTTON)
    page.locator(':root[data-screen="game"]').wait_for(state="attached")


def _wait_booted(page: Page, timeout_ms: float) -> None:
    try:
        page.locator(READY_SELECTOR).wait_for(state="attached", timeout=timeout_ms)
    except Exception as exc:
        try:
            state = page.evaluate(
                "() => { const a = document.getElementById('app');"
                " return a ? [a.dataset.state, a.innerText.slice(0, 500)] : null; }"
            )
        except Exception:
            state = "unknown (page unavailable)"
        raise AssertionError(
            f"app not ready after {timeout_ms / 1000:.0f} s; #app state/text: {state}"
        ) from exc


def new_game(page: Page, game: str, opponent: str, level: str = "easy", seat: str = "1",
             first: str = "0") -> None:  # fmt: skip
    """Start a game from the new-game dialog: ``opponent`` is "human", "computer" (which
    takes ``seat``, "0" or "1") or "both"; ``first`` is the seat that starts."""
    page.click("#new-game")
    page.check(f'input[name="game"][value="{game}"]')
    page.check(f'input[name="opponent"][value="{opponent}"]')
    if opponent != "human":
        page.select_option('select[name="level"]', level)
        if opponent == "computer":
            page.check(f'input[name="computer_seat"][value="{seat}"]')
    page.check(f'input[name="first"][value="{first}"]')
    page.click("#start-game")


def same_game(a: str | None, b: str | None) -> bool:
    """Two saved games are the same game: the envelope alike but for when it was saved
    (``saved_at``, written with every save) and the name an import gives it."""
    import json

    def bare(text: str) -> dict:
        data = json.loads(text)
        data.pop("saved_at", None)
        data.pop("name", None)
        return data

    return a is not None and b is not None and bare(a) == bare(b)
