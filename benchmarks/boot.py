"""Boot benchmark: the app against a bare PyScript page on the same vendored runtime.

    .venv/bin/python benchmarks/boot.py [--runs 7] [--throttled-runs 3] [--baseline DIR]
        [--engines chromium,firefox,webkit] [--engine-runs 5]

Needs dist/ (python3 scripts/build.py) and the browsers scripts/ensure-browsers.sh
installs: Debian's chromium, and for the other engines firefox-esr, webkit2gtk-driver
and xvfb (with npm's puppeteer-core for Firefox). `--engines` picks which run; the
default is all three, so a missing browser fails the run (`--engines chromium` is the
Chromium-only benchmark of before). Measures the time from navigation start to "ready":
  app     dist/index.html, ready when #app[data-state="ready"] (Chromium; the page's
          `ludeum:ready` performance mark, set at the same moment, in Firefox and WebKit)
  bare    a page made here in a temporary folder (never shipped) that loads the same
          dist/static/vendor runtime and runs a one-line Python script setting the
          same marker and the same performance mark
  before  (with --baseline DIR) another build of the app, e.g. the commit before the
          snapshot, built into DIR: "today" in the issue's targets
Served by Debian's caddy as a host serves the site (brotli or gzip side files, the
Cache-Control of scripts/hosting.py), or with `--server plain` by the tests' server
(Python's http.server: every file as it is, nothing compressed). Each run uses a
fresh browser context with service workers blocked (the network and the caches the
pages keep themselves are measured, not the precache), and visits:
  cold        the first visit, empty caches
  warm-first  the second visit, before the Python snapshot is cached (app only: it
              is fetched after this visit is ready, never on a first visit)
  warm        the next visit, with the snapshot cached (the bare page: its second visit)
Also the app's first contentful paint, the start of the computer's worker after a
warm-first visit (plain) and after a warm one (from the snapshot); the same visits on
a throttled profile (50 Mbit/s, 20 ms latency, Chromium's network emulation) with
service workers allowed, as a real repeat visit is served; and the bytes the first
and the second visits move, service worker allowed: until ready, and in all (the
precache, and on the second visit the snapshot). Prints markdown tables for docs/performance.md.

A resumed game (issue 28, item 3): `--resume 0,10000,100000` measures only this, in
Chromium: per record length (0 = an empty slot), a fresh context visits twice (the
second caches the snapshot), puts a saved Senet game of that many actions (opening
throws, tests/unit/long_games.py) in the slot, and times the next visit to ready;
with --baseline, the other build in the same runs, interleaved.

Firefox and WebKit (issue 24), after Chromium, `--engine-runs` interleaved runs each,
driven by the cross-engine tests' drivers (tests/engines: Firefox over WebDriver BiDi
by puppeteer-core, WebKitGTK's MiniBrowser by Selenium under Xvfb). Every page of
every run gets a fresh browser, so a fresh profile and a true first visit. Ready is
read from the page's own `ludeum:ready` mark (nothing injected). Visits:
  app      cold, warm-first, warm (from the snapshot: Firefox's, made with JavaScript
           Promise Integration, or WebKit's, the build's second snapshot, made in
           WebKitGTK without it; the run says if a third visit booted plain)
  bare     cold, warm (its second visit)
WebKitGTK's automation session keeps the snapshot's Cache Storage entry across
visits only while a service worker is registered: measure WebKit's snapshot with
`--engine-service-workers allow` (docs/performance.md, "WebKit from its own snapshot").
Neither driver can block service workers as Chromium's context does, so by default
the app is served here without its sw.js (the registration, made once the page is
ready, fails): both pages then come from the network and the HTTP cache, like with
like, as in Chromium's main table. `--engine-service-workers allow` serves sw.js, as a
real returning visitor is served (then a warm visit waits for the worker to finish
installing first). Each engine's table gives the machine's load average beside it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))
from harness import CHROMIUM, CHROMIUM_ARGS, DIST, CaddyServer, SiteServer  # noqa: E402

# The cross-engine tests' drivers (driver.py's interface), imported when used.
ENGINES_DIR = Path(__file__).resolve().parent.parent / "tests" / "engines"
ENGINES = ("chromium", "firefox", "webkit")

BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>bare PyScript</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="PYSCRIPT/core.css">
  <script type="module" src="PYSCRIPT/core.js"></script>
</head>
<body>
  <main id="app" data-state="loading"><p>Loading…</p></main>
  <script type="py" config="pyscript.toml">
from pyscript import document, window
document.getElementById("app").dataset.state = "ready"
window.performance.mark("ludeum:ready")
  </script>
</body>
</html>
"""


def bare_toml(dist: Path) -> str:
    """The bare page's config: the runtime's folder is named by its content
    (scripts/addressing.py), static/vendor/pyodide/<digest>/ (a build from before
    that has it at static/vendor/pyodide/)."""
    runtime = dist / "static" / "vendor" / "pyodide"
    folders = [p for p in runtime.iterdir() if p.is_dir()]
    if folders:
        (runtime,) = folders
    return f'interpreter = "{runtime.relative_to(dist).as_posix()}/pyodide.mjs"\n'


# Runs before any page script: notes performance.now() (ms since navigation
# start) when #app first gets data-state="ready".
MARK_READY_JS = """(() => {
  const check = () => {
    const app = document.getElementById('app');
    if (app && app.dataset.state === 'ready' && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'],
  });
})();"""
FCP_JS = """() => performance.getEntriesByType('paint')
  .find((e) => e.name === 'first-contentful-paint')?.startTime ?? null"""
# The computer's worker started on its own: ms until its first word, and its boot.
WORKER_JS = """() => new Promise((resolve, reject) => {
  const started = performance.now();
  const worker = new Worker(
    window.ludeumMarkup.createScriptURL(  // the page's Trusted Types policy
      JSON.parse(document.getElementById('site-files').textContent)['static/computer-worker.mjs']),
    { type: 'module' });
  worker.onmessage = (event) => {
    worker.terminate();
    resolve([performance.now() - started, JSON.parse(event.data).python]);
  };
  worker.onerror = (event) => reject(new Error(String(event.message)));
})"""
# Chromium's own network emulation, in bytes per second and ms.
THROTTLE = {
    "offline": False,
    "latency": 20,
    "downloadThroughput": 50e6 / 8,
    "uploadThroughput": 50e6 / 8,
}


def make_site(root: Path, baseline: Path | None) -> None:
    """root/app -> dist/; root/bare/ = bare page + dist/static/vendor; root/before -> DIR;
    root/app-no-sw/ = dist/ without sw.js (the other engines, service workers blocked)."""
    root.mkdir()
    (root / "app").symlink_to(DIST, target_is_directory=True)
    (root / "app-no-sw").mkdir()
    for entry in DIST.iterdir():
        if entry.name != "sw.js":
            (root / "app-no-sw" / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    if baseline is not None:
        (root / "before").symlink_to(baseline, target_is_directory=True)
    bare = root / "bare"
    (bare / "static").mkdir(parents=True)
    (bare / "static" / "vendor").symlink_to(DIST / "static" / "vendor", target_is_directory=True)
    # PyScript's folder, named by its content (scripts/addressing.py) since issue 40.
    pyscript = DIST / "static" / "vendor" / "pyscript"
    named = [p.name for p in pyscript.iterdir() if p.is_dir()]
    folder = f"static/vendor/pyscript/{named[0]}" if named else "static/vendor/pyscript"
    (bare / "index.html").write_text(BARE_HTML.replace("PYSCRIPT", folder), encoding="utf-8")
    (bare / "pyscript.toml").write_text(bare_toml(DIST), encoding="utf-8")


def visit(page: Page, url: str, timeout_ms: float) -> dict:
    page.goto(url, wait_until="commit")
    # A function, not an expression: Playwright compiles an expression predicate
    # with eval, which the page's Content-Security-Policy refuses.
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=timeout_ms)
    return {
        "ready": page.evaluate("() => window.__readyAt"),
        "fcp": page.evaluate(FCP_JS),
        "python": page.evaluate("() => window.ludeumPythonBoot ?? null"),
    }


def measure(browser: Browser, kind: str, url: str, timeout_ms: float, throttle: bool) -> dict:
    """The visits of one kind in one fresh context; milliseconds."""
    context = browser.new_context(service_workers="allow" if throttle else "block")
    context.add_init_script(MARK_READY_JS)
    try:
        page = context.new_page()
        if throttle:
            session = context.new_cdp_session(page)
            session.send("Network.enable")
            session.send("Network.emulateNetworkConditions", THROTTLE)
        result = {"cold": visit(page, url, timeout_ms)}
        if kind != "app":
            result["warm"] = visit(page, url, timeout_ms)
            return result
        result["warm-first"] = visit(page, url, timeout_ms)
        if not throttle:
            result["worker plain"] = page.evaluate(WORKER_JS)
        page.wait_for_function("() => window.ludeumSnapshotKept === true", timeout=timeout_ms)
        result["warm"] = visit(page, url, timeout_ms)
        if not throttle:
            result["worker snapshot"] = page.evaluate(WORKER_JS)
        return result
    finally:
        context.close()


def settle(server: SiteServer) -> None:
    """Wait until the server has sent nothing for 3 s (late icons, the precache)."""
    settled, last = 0, -1
    while settled < 3:
        time.sleep(1)
        settled = settled + 1 if server.bytes_sent == last else 0
        last = server.bytes_sent


def visit_bytes(browser: Browser, server: SiteServer, kind: str, timeout_ms: float) -> dict:
    """Bytes the server sends for a first and a second visit, service worker allowed:
    until ready, and once the page has nothing left to fetch."""
    context = browser.new_context()
    context.add_init_script(MARK_READY_JS)
    sizes = {}
    try:
        page = context.new_page()
        for n in ("first", "second"):
            start = server.bytes_sent
            visit(page, f"{server.url}{kind}/", timeout_ms)
            ready = server.bytes_sent - start
            page.wait_for_function(
                "() => navigator.serviceWorker.controller?.state === 'activated'",
                timeout=timeout_ms,
            )
            if kind == "app" and n == "second":
                page.wait_for_function(
                    "() => window.ludeumSnapshotKept === true", timeout=timeout_ms
                )
            settle(server)
            sizes[n] = {"ready": ready, "all": server.bytes_sent - start}
        return sizes
    finally:
        context.close()


def fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:,.0f}"


def median(values: list) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def run_all(browser: Browser, server: SiteServer, kinds: tuple[str, ...], runs: int,
            warmup: int, timeout_ms: float, throttle: bool) -> dict[str, list[dict]]:  # fmt: skip
    samples: dict[str, list[dict]] = {kind: [] for kind in kinds}
    for i in range(warmup + runs):
        order = kinds if i % 2 == 0 else kinds[::-1]  # neither page always first
        for kind in order:
            started = time.monotonic()
            result = measure(browser, kind, f"{server.url}{kind}/", timeout_ms, throttle)
            label = "warm-up" if i < warmup else f"run {i - warmup + 1}"
            phases = "  ".join(
                f"{phase} {fmt(v['ready'])} ms" for phase, v in result.items() if "ready" in v
            )
            print(f"{'throttled ' if throttle else ''}{label:8} {kind:6} {phases}"
                  f"  ({time.monotonic() - started:.1f} s)", file=sys.stderr)  # fmt: skip
            if i >= warmup:
                samples[kind].append(result)
    return samples


def table(samples: dict[str, list[dict]], title: str) -> None:
    def med(kind: str, phase: str, key: str = "ready") -> float | None:
        return median([s[phase][key] for s in samples.get(kind, []) if phase in s])

    phases = ("cold", "warm-first", "warm")
    print(f"\n{title}\n")
    print("| measure | cold | warm-first | warm |")
    print("| --- | ---: | ---: | ---: |")
    for kind, name in (("app", "app"), ("before", "app before the snapshot"),
                       ("bare", "bare PyScript page")):  # fmt: skip
        if kind in samples:
            cells = " | ".join(fmt(med(kind, p)) for p in phases)
            print(f"| {name}: ready | {cells} |")

    def ratio(a: float | None, b: float | None) -> str:
        return "n/a" if not a or not b else f"{a / b:.2f}"

    bare_warm = med("bare", "warm")
    bare = {"cold": med("bare", "cold"), "warm-first": bare_warm, "warm": bare_warm}
    cells = " | ".join(ratio(med("app", p), bare[p]) for p in phases)
    print(f"| app / bare (warm-first against the bare page's second visit) | {cells} |")
    if "before" in samples:
        cells = " | ".join(
            ratio(med("app", p), med("before", "warm" if p == "warm-first" else p)) for p in phases
        )
        print(f"| app / app before the snapshot | {cells} |")
    for kind, name in (("app", "app"), ("before", "app before the snapshot")):
        if kind in samples:
            cells = " | ".join(fmt(med(kind, p, "fcp")) for p in phases)
            print(f"| {name}: first contentful paint | {cells} |")


# -- Firefox and WebKit, through tests/engines' drivers ---------------------------------

# Expressions for driver.py's evaluate (not functions, as Playwright takes).
# Waits in the page for the mark, by a PerformanceObserver: one script call a visit,
# where driver.wait_for would make one every 0.15 s, each of which WebKit runs on the
# page's main thread while Python boots there (an A/B run of 3 cold boots each could
# not tell the two apart through WebKit's noise here; this one adds nothing to it).
# Resolves null after the time filled in, kept within the drivers' script timeouts.
AWAIT_READY_JS = """new Promise((resolve) => {
  const now = performance.getEntriesByName('ludeum:ready')[0];
  if (now) return resolve(now.startTime);
  new PerformanceObserver((list, observer) => {
    const mark = list.getEntriesByName('ludeum:ready')[0];
    if (mark) {
      observer.disconnect();
      resolve(mark.startTime);
    }
  }).observe({ type: 'mark' });
  setTimeout(() => resolve(null), %d);
})"""
FCP_EXPR = ("performance.getEntriesByType('paint')"
            ".find((e) => e.name === 'first-contentful-paint')?.startTime ?? null")  # fmt: skip
SW_INSTALLED_JS = ("navigator.serviceWorker.getRegistration()"
                   ".then((r) => r?.active?.state === 'activated')")  # fmt: skip


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f} (5 min {five:.1f})"


def engine_version(name: str) -> str:
    """The browser's version as its package or binary states it."""
    sys.path.insert(0, str(ENGINES_DIR))
    if name == "firefox":
        from firefox import FIREFOX

        said = subprocess.run([FIREFOX, "--version"], capture_output=True, text=True)
        return said.stdout.strip().removeprefix("Mozilla ") or "Firefox (version unknown)"
    from webkit import MINIBROWSER

    owner = subprocess.run(["dpkg-query", "-S", MINIBROWSER], capture_output=True, text=True)
    package = owner.stdout.split(":")[0] if owner.returncode == 0 else ""
    said = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package],
                          capture_output=True, text=True)  # fmt: skip
    return f"WebKitGTK {said.stdout.strip() or '(version unknown)'}"


class EngineSession:
    """Opens fresh browsers of one engine: a Firefox, or a WebKit on one shared Xvfb."""

    def __init__(self, name: str, logs: Path) -> None:
        sys.path.insert(0, str(ENGINES_DIR))
        self.name, self.logs, self._display, self._opened = name, logs, None, 0
        if name == "webkit":
            from webkit import Xvfb

            self._display = Xvfb(logs / "xvfb.log")

    def open(self) -> Any:
        self._opened += 1
        log = self.logs / f"{self.name}-{self._opened}.log"
        if self.name == "firefox":
            from firefox import FirefoxDriver

            return FirefoxDriver(log)
        from webkit import WebKitDriver

        return WebKitDriver(self._display, log)

    def close(self) -> None:
        if self._display is not None:
            self._display.stop()


def engine_visit(driver: Any, url: str, timeout_s: float) -> dict:
    from driver import READY_TIMEOUT_S  # the drivers' script timeout

    driver.goto(url)
    wait_ms = round(min(timeout_s, READY_TIMEOUT_S - 5) * 1000)
    ready = driver.evaluate(AWAIT_READY_JS % wait_ms)
    if ready is None:
        raise AssertionError(f"{driver.name}: {url} not ready in {wait_ms / 1000:.0f} s")
    return {
        "ready": ready,
        "fcp": driver.evaluate(FCP_EXPR),
        "python": driver.evaluate("window.ludeumPythonBoot ?? null"),
        "controlled": driver.evaluate("!!navigator.serviceWorker?.controller"),
    }


def engine_measure(session: EngineSession, kind: str, url: str, timeout_s: float,
                   service_workers: bool) -> dict:  # fmt: skip
    """The visits of one page in one fresh browser; milliseconds."""
    driver = session.open()
    try:
        result = {"cold": engine_visit(driver, url, timeout_s)}
        if kind == "bare":
            if kind == "app" and service_workers:
                driver.wait_for(SW_INSTALLED_JS, timeout_s, "the service worker")
            result["warm"] = engine_visit(driver, url, timeout_s)
            return result
        if service_workers:
            driver.wait_for(SW_INSTALLED_JS, timeout_s, "the service worker")
        result["warm-first"] = engine_visit(driver, url, timeout_s)
        driver.wait_for("window.ludeumSnapshotKept === true", timeout_s, "the snapshot kept")
        result["warm"] = engine_visit(driver, url, timeout_s)
        return result
    finally:
        driver.close()


def engine_runs(session: EngineSession, server: SiteServer, runs: int, warmup: int,
                timeout_s: float, service_workers: bool) -> tuple[dict, list[str]]:  # fmt: skip
    paths = {"app": "app/" if service_workers else "app-no-sw/", "bare": "bare/"}
    samples: dict[str, list[dict]] = {"app": [], "bare": []}
    failures: list[str] = []
    for i in range(warmup + runs):
        order = ("app", "bare") if i % 2 == 0 else ("bare", "app")
        for kind in order:
            started = time.monotonic()
            label = "warm-up" if i < warmup else f"run {i - warmup + 1}"
            try:
                result = engine_measure(session, kind, server.url + paths[kind], timeout_s,
                                        service_workers)  # fmt: skip
            except AssertionError as error:  # a boot past the timeout, a browser that died
                print(f"{session.name} {label:8} {kind:5} FAILED: {error}", file=sys.stderr)
                failures.append(f"{label} {kind}: {error}")
                continue
            phases = "  ".join(f"{phase} {fmt(v['ready'])} ms" for phase, v in result.items())
            boot = result["warm"]["python"] if kind == "app" else ""
            took = time.monotonic() - started
            print(f"{session.name} {label:8} {kind:5} {phases}  {boot or ''}"
                  f"  ({took:.1f} s, load {load()})", file=sys.stderr)  # fmt: skip
            if i >= warmup:
                samples[kind].append({**result, "run": i})
    return samples, failures


def engine_table(name: str, version: str, samples: dict[str, list[dict]], failures: list[str],
                 loads: tuple[str, str], service_workers: bool) -> dict:  # fmt: skip
    """Prints the engine's table; returns its medians for the summary."""

    def med(kind: str, phase: str, key: str = "ready") -> float | None:
        return median([s[phase][key] for s in samples[kind] if phase in s])

    def ratio(a: float | None, b: float | None) -> str:
        return "n/a" if not a or not b else f"{a / b:.2f}"

    phases = ("cold", "warm-first", "warm")
    bare = {p: med("bare", "cold" if p == "cold" else "warm") for p in phases}
    boots = [s["warm"]["python"] for s in samples["app"]]
    snapshots = sum(b == "snapshot" for b in boots)
    served = ("service workers allowed (the app's precache serves its warm visits)"
              if service_workers else "the app served without sw.js (no service worker), "
              "as the bare page")  # fmt: skip
    apps, bares = len(samples["app"]), len(samples["bare"])
    runs = f"{apps}" if apps == bares else f"{apps} (app) and {bares} (bare page)"
    print(
        f"\n{version}: boot times, median of {runs} interleaved runs (ms from navigation "
        f"start to the `ludeum:ready` mark), a fresh browser per page and run, served "
        f"from localhost, {served}; load average {loads[0]} before, {loads[1]} after.\n"
    )
    print("| measure | " + " | ".join(phases) + " |")
    print("| --- |" + " ---: |" * len(phases))
    print("| app: ready | " + " | ".join(fmt(med("app", p)) for p in phases) + " |")
    print("| bare PyScript page: ready | " + " | ".join(fmt(bare[p]) for p in phases) + " |")
    print("| **app / bare** | " + " | ".join(ratio(med("app", p), bare[p]) for p in phases)
          + " |")  # fmt: skip
    bare_runs = {s["run"]: s for s in samples["bare"]}

    def per_run(phase: str) -> str:
        """The median and range of each run's app / bare (the same run's bare page)."""
        against = "cold" if phase == "cold" else "warm"
        seen = sorted(s[phase]["ready"] / bare_runs[s["run"]][against]["ready"]
                      for s in samples["app"] if s["run"] in bare_runs)  # fmt: skip
        if not seen:
            return "n/a"
        return f"{statistics.median(seen):.2f} ({seen[0]:.2f}-{seen[-1]:.2f})"

    print("| app / bare, run by run: median (range) | " + " | ".join(per_run(p) for p in phases)
          + " |")  # fmt: skip
    print("| app: first contentful paint | " + " | ".join(fmt(med("app", p, "fcp"))
                                                          for p in phases) + " |")  # fmt: skip
    print(
        f"\nThe app's third visit booted from the snapshot in {snapshots} of {len(boots)} "
        f"runs; otherwise: {sorted({b for b in boots if b != 'snapshot'}) or 'none'}."
    )
    cold, warm = (med("app", p) / bare[p] if med("app", p) and bare[p] else None
                  for p in ("cold", "warm"))  # fmt: skip

    def met(value: float | None, bar: float) -> str:
        return "met" if value is not None and value <= bar else "NOT met"

    # The snapshot's own gain: the same app's visit before it was cached (plain).
    own = (med("app", "warm") / med("app", "warm-first")
           if med("app", "warm") and med("app", "warm-first") else None)  # fmt: skip
    print(f"Targets: cold at most 1.2x the bare page: {met(cold, 1.2)}; warm (snapshot) at "
          f"most 0.5x the bare page's warm visit: {met(warm, 0.5)}; the app's warm visit / "
          f"its warm-first (plain) one: {ratio(med('app', 'warm'), med('app', 'warm-first'))}"
          f", at most 0.5: {met(own, 0.5)}.")  # fmt: skip
    controlled = sum(s["warm"]["controlled"] for s in samples["app"])
    print(f"The app's warm visits a service worker served: {controlled} of {len(boots)}.")
    for failure in failures:
        print(f"(failed, left out: {failure})")
    return {"version": version, "cold": med("app", "cold"), "warm": med("app", "warm"),
            "snapshot": f"{snapshots} of {len(boots)}"}  # fmt: skip


def run_engine(name: str, server: SiteServer, args: argparse.Namespace, logs: Path) -> dict:
    version = engine_version(name)
    before = load()
    session = EngineSession(name, logs)
    try:
        allow = args.engine_service_workers == "allow"
        samples, failures = engine_runs(session, server, args.engine_runs, args.warmup,
                                        args.timeout, allow)  # fmt: skip
    finally:
        session.close()
    return engine_table(name, version, samples, failures, (before, load()),
                        args.engine_service_workers == "allow")  # fmt: skip


def chromium_tables(samples: dict, throttled: dict, sizes: dict, args: argparse.Namespace,
                    version: str, loads: tuple[str, str]) -> dict:  # fmt: skip
    """Prints Chromium's tables; returns its medians for the summary."""
    table(samples, f"Boot times, median of {args.runs} interleaved runs (ms from navigation "
          f"start); headless Chromium {version}, served from localhost, service workers "
          f"blocked; load average {loads[0]} before, {loads[1]} after.")  # fmt: skip
    if throttled:
        table(throttled, f"The same on a throttled profile (50 Mbit/s, 20 ms latency), "
              f"service workers allowed, median of {args.throttled_runs} runs.")  # fmt: skip

    plain = median([s["worker plain"][0] for s in samples["app"]])
    snap = median([s["worker snapshot"][0] for s in samples["app"]])
    kinds_seen = {s["worker snapshot"][1] for s in samples["app"]}
    print("\nThe computer's worker, from `new Worker` to its ready message (ms), median:\n")
    print("| worker start | plain | from the snapshot | ratio |")
    print("| --- | ---: | ---: | ---: |")
    print(f"| computer-worker.mjs | {fmt(plain)} | {fmt(snap)} | "
          f"{'n/a' if not plain or not snap else f'{snap / plain:.2f}'} |")  # fmt: skip
    if kinds_seen != {"snapshot"}:
        print(f"\n(warning: the worker did not always boot from the snapshot: {kinds_seen})")

    print("\nBytes sent by the server (response bodies), service worker allowed:\n")
    print("| build | visit | until ready | in all |")
    print("| --- | --- | ---: | ---: |")
    for kind, size in sizes.items():
        for n, got in size.items():
            print(f"| {kind} | {n} | {got['ready']:,} | {got['all']:,} |")
    boots = [s["warm"]["python"] for s in samples["app"]]
    snapshots = sum(b == "snapshot" for b in boots)
    return {"version": f"Chromium {version}",
            "cold": median([s["cold"]["ready"] for s in samples["app"]]),
            "warm": median([s["warm"]["ready"] for s in samples["app"]]),
            "snapshot": f"{snapshots} of {len(boots)}"}  # fmt: skip


def run_chromium(server: SiteServer, kinds: tuple[str, ...], args: argparse.Namespace) -> dict:
    timeout_ms = args.timeout * 1000
    before = load()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        version = browser.version
        samples = run_all(browser, server, kinds, args.runs, args.warmup, timeout_ms,
                          throttle=False)  # fmt: skip
        throttled = (
            run_all(browser, server, kinds, args.throttled_runs, 0, timeout_ms, throttle=True)
            if args.throttled_runs
            else {}
        )
        sizes = {k: visit_bytes(browser, server, k, timeout_ms)
                 for k in kinds if k != "bare"}  # fmt: skip
        browser.close()
    return chromium_tables(samples, throttled, sizes, args, version, (before, load()))


SAVE_KEY = "ludeum:v1:current"  # src/web/storage.py
# PyScript's "py:ready" (the interpreter is up, the page's script about to run): the
# app's own Python, from there to ready, is the part a resumed game adds to.
MARK_PYTHON_JS = """document.addEventListener('py:ready', () => {
  if (window.__pythonAt === undefined) window.__pythonAt = performance.now();
}, true);"""


def resume_visit(browser: Browser, url: str, record: str | None, timeout_ms: float) -> tuple:
    """(ms to ready, ms of the app's Python before it) of a returning visitor's boot
    (snapshot cached) with ``record`` in the slot (None: an empty slot)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(MARK_READY_JS)
    context.add_init_script(MARK_PYTHON_JS)
    try:
        page = context.new_page()
        visit(page, url, timeout_ms)
        visit(page, url, timeout_ms)
        page.wait_for_function("() => window.ludeumSnapshotKept === true", timeout=timeout_ms)
        if record is None:
            page.evaluate("(key) => localStorage.removeItem(key)", SAVE_KEY)
        else:
            page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE_KEY, record])
        ready = visit(page, url, timeout_ms)["ready"]
        python = page.evaluate("() => window.__pythonAt ?? null")
        return ready, None if python is None else ready - python
    finally:
        context.close()


def run_resume(server: SiteServer, kinds: tuple[str, ...], args: argparse.Namespace) -> None:
    root = Path(__file__).resolve().parent.parent
    sys.path[:0] = [str(root / "src"), str(root / "tests" / "unit")]
    from long_games import senet_record

    lengths = [int(n) for n in args.resume.split(",")]
    records = {n: senet_record(n) if n else None for n in lengths}
    samples: dict[tuple[str, int], list[float]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for i in range(args.warmup + args.runs):
            for n in lengths:
                order = kinds if i % 2 == 0 else kinds[::-1]
                for kind in order:
                    ms, python = resume_visit(browser, f"{server.url}{kind}/", records[n],
                                              args.timeout * 1000)  # fmt: skip
                    label = "warm-up" if i < args.warmup else f"run {i - args.warmup + 1}"
                    print(f"{label:8} {kind:6} {n:>7,} actions  {fmt(ms)} ms "
                          f"(Python {fmt(python)} ms)", file=sys.stderr)  # fmt: skip
                    if i >= args.warmup:
                        samples.setdefault((kind, n), []).append(ms)
                        samples.setdefault((kind + " python", n), []).append(python)
        version = browser.version
        browser.close()
    print(
        f"\nResumed Senet game, Chromium {version}, warm visits (snapshot cached), "
        f"median ms to ready of {args.runs} runs; load {load()}\n"
    )
    names = {"app": "app", "before": "before (--baseline)"}
    header = " | ".join(f"{n:,} actions" if n else "empty slot" for n in lengths)
    for part, what in (("", "ready"), (" python", "the app's Python (py:ready to ready)")):
        print(f"\n{what}\n")
        print(f"| build | {header} |")
        print("| --- |" + " ---: |" * len(lengths))
        for kind in kinds:
            cells = " | ".join(fmt(median(samples[(kind + part, n)])) for n in lengths)
            print(f"| {names[kind]} | {cells} |")
        if "before" in kinds:
            cells = " | ".join(
                f"{median(samples[('app' + part, n)]) / median(samples[('before' + part, n)]):.2f}"
                for n in lengths
            )
            print(f"| app / before | {cells} |")
        if 0 in lengths:
            for kind in kinds:
                empty = median(samples[(kind + part, 0)])
                cells = " | ".join(
                    f"+{fmt(median(samples[(kind + part, n)]) - empty)}" for n in lengths
                )
                print(f"| {names[kind]}: over the empty slot | {cells} |")


def engines_arg(text: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    unknown = [n for n in names if n not in ENGINES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"engines are {', '.join(ENGINES)}; not {unknown}")
    return names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7,
                        help="Chromium: measured runs per page (default 7)")  # fmt: skip
    parser.add_argument("--warmup", type=int, default=1,
                        help="discarded runs first, in every engine (default 1)")  # fmt: skip
    parser.add_argument("--throttled-runs", type=int, default=3,
                        help="Chromium: throttled runs (default 3; 0 for none)")  # fmt: skip
    parser.add_argument("--baseline", type=Path,
                        help="Chromium: another build of the app to compare")  # fmt: skip
    parser.add_argument("--server", choices=("caddy", "plain"), default="caddy",
                        help="caddy (default): as a host serves dist/, brotli or gzip side "
                        "files and Cache-Control (scripts/Caddyfile); plain: the tests' "
                        "http.server, nothing compressed")  # fmt: skip
    parser.add_argument("--engines", type=engines_arg, default=ENGINES,
                        help="comma-separated (default chromium,firefox,webkit)")  # fmt: skip
    parser.add_argument("--engine-runs", type=int, default=5,
                        help="Firefox and WebKit: measured runs per page (default 5)")  # fmt: skip
    parser.add_argument("--engine-service-workers", choices=("block", "allow"), default="block",
                        help="Firefox and WebKit: serve the app without sw.js (block, the "
                        "default) or with it")  # fmt: skip
    parser.add_argument("--resume", metavar="LENGTHS",
                        help="only the resumed-game boot: comma-separated record lengths "
                        "in actions, 0 for an empty slot (e.g. 0,10000,100000)")  # fmt: skip
    parser.add_argument("--timeout", type=float, default=120,
                        help="seconds per boot (Firefox and WebKit: at most 85)")  # fmt: skip
    args = parser.parse_args()
    if not (DIST / "index.html").is_file():
        print("dist/ missing: run python3 scripts/build.py", file=sys.stderr)
        return 1
    kinds = ("app", "bare") + (("before",) if args.baseline else ())

    summary: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="ludeum-bench-") as tmp:
        make_site(Path(tmp) / "site", args.baseline.resolve() if args.baseline else None)
        (Path(tmp) / "logs").mkdir()
        serve = CaddyServer if args.server == "caddy" else SiteServer
        server = serve(Path(tmp) / "site")
        if args.resume:
            try:
                run_resume(server, ("app",) + (("before",) if args.baseline else ()), args)
            finally:
                server.stop()
            return 0
        try:
            for name in args.engines:
                if name == "chromium":
                    summary[name] = run_chromium(server, kinds, args)
                else:
                    summary[name] = run_engine(name, server, args, Path(tmp) / "logs")
                sys.stdout.flush()
        finally:
            server.stop()

    print(
        "\nEvery engine: the app's medians (ms from navigation start to ready); warm is "
        "a returning visitor's boot, from the snapshot where the engine can use it.\n"
    )
    print("| engine | cold | warm | warm visits from the snapshot |")
    print("| --- | ---: | ---: | --- |")
    for got in summary.values():
        print(f"| {got['version']} | {fmt(got['cold'])} | {fmt(got['warm'])} | {got['snapshot']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
