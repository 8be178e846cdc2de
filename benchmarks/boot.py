"""Boot benchmark: the app against a bare PyScript page on the same vendored runtime.

    .venv/bin/python benchmarks/boot.py [--runs 7] [--throttled-runs 3] [--baseline DIR]

Needs dist/ (python3 scripts/build.py) and Debian's /usr/bin/chromium. Measures, in
one browser, interleaved run by run, the time from navigation start to "ready":
  app     dist/index.html, ready when #app[data-state="ready"]
  bare    a page made here in a temporary folder (never shipped) that loads the same
          dist/static/vendor runtime and runs a one-line Python script setting the
          same marker
  before  (with --baseline DIR) another build of the app, e.g. the commit before the
          snapshot, built into DIR: "today" in the issue's targets
Each run uses a fresh browser context with service workers blocked (the network and
the caches the pages keep themselves are measured, not the precache), and visits:
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
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))
from harness import CHROMIUM, CHROMIUM_ARGS, DIST, SiteServer  # noqa: E402

BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>bare PyScript</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="static/vendor/pyscript/core.css">
  <script type="module" src="static/vendor/pyscript/core.js"></script>
</head>
<body>
  <main id="app" data-state="loading"><p>Loading…</p></main>
  <script type="py" config="pyscript.toml">
from pyscript import document
document.getElementById("app").dataset.state = "ready"
  </script>
</body>
</html>
"""
BARE_TOML = 'interpreter = "static/vendor/pyodide/pyodide.mjs"\n'

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
  const worker = new Worker('static/computer-worker.mjs', { type: 'module' });
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
    """root/app -> dist/; root/bare/ = bare page + dist/static/vendor; root/before -> DIR."""
    (root / "app").symlink_to(DIST, target_is_directory=True)
    if baseline is not None:
        (root / "before").symlink_to(baseline, target_is_directory=True)
    bare = root / "bare"
    (bare / "static").mkdir(parents=True)
    (bare / "static" / "vendor").symlink_to(DIST / "static" / "vendor", target_is_directory=True)
    (bare / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (bare / "pyscript.toml").write_text(BARE_TOML, encoding="utf-8")


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
            ratio(med("app", p), med("before", "warm" if p == "warm-first" else p))
            for p in phases
        )
        print(f"| app / app before the snapshot | {cells} |")
    for kind, name in (("app", "app"), ("before", "app before the snapshot")):
        if kind in samples:
            cells = " | ".join(fmt(med(kind, p, "fcp")) for p in phases)
            print(f"| {name}: first contentful paint | {cells} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="measured runs per page (default 7)")
    parser.add_argument("--warmup", type=int, default=1, help="discarded runs first (default 1)")
    parser.add_argument("--throttled-runs", type=int, default=3,
                        help="runs on the throttled profile (default 3; 0 for none)")  # fmt: skip
    parser.add_argument("--baseline", type=Path, help="another build of the app to compare")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per boot")
    args = parser.parse_args()
    if not (DIST / "index.html").is_file():
        print("dist/ missing: run python3 scripts/build.py", file=sys.stderr)
        return 1
    kinds = ("app", "bare") + (("before",) if args.baseline else ())
    timeout_ms = args.timeout * 1000

    with tempfile.TemporaryDirectory(prefix="ludeum-bench-") as tmp:
        make_site(Path(tmp), args.baseline.resolve() if args.baseline else None)
        server = SiteServer(Path(tmp))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                version = browser.version
                samples = run_all(browser, server, kinds, args.runs, args.warmup, timeout_ms,
                                  throttle=False)  # fmt: skip
                throttled = (
                    run_all(browser, server, kinds, args.throttled_runs, 0, timeout_ms,
                            throttle=True)  # fmt: skip
                    if args.throttled_runs
                    else {}
                )
                sizes = {k: visit_bytes(browser, server, k, timeout_ms)
                         for k in kinds if k != "bare"}  # fmt: skip
                browser.close()
        finally:
            server.stop()

    table(samples, f"Boot times, median of {args.runs} interleaved runs (ms from navigation "
          f"start); headless Chromium {version}, served from localhost, service workers "
          "blocked.")  # fmt: skip
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
