"""Boot benchmark: the app against a bare PyScript page on the same vendored runtime.

    .venv/bin/python benchmarks/boot.py [--runs 5] [--warmup 1]

Needs dist/ (python3 scripts/build.py) and Debian's /usr/bin/chromium. Measures,
interleaved in one browser, the time from navigation start to "ready" for
  app   dist/index.html, ready when #app[data-state="ready"]
  bare  a page created here in a temporary folder (never shipped) that loads the
        same dist/static/vendor runtime and only runs a one-line Python script
        that sets the same marker
each cold (a fresh browser context, service workers blocked so the network path
is measured) and warm (a second navigation in the same context), plus the app's
first contentful paint. Prints a markdown table of medians for docs/performance.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

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

KINDS = ("app", "bare")


def make_site(root: Path) -> None:
    """root/app -> dist/; root/bare/ = bare page + dist/static/vendor."""
    (root / "app").symlink_to(DIST, target_is_directory=True)
    bare = root / "bare"
    (bare / "static").mkdir(parents=True)
    (bare / "static" / "vendor").symlink_to(DIST / "static" / "vendor", target_is_directory=True)
    (bare / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (bare / "pyscript.toml").write_text(BARE_TOML, encoding="utf-8")


def measure(browser: Browser, url: str, timeout_ms: float) -> dict[str, float]:
    """Cold then warm navigation in one fresh context; milliseconds."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(MARK_READY_JS)
    try:
        page = context.new_page()
        result = {}
        for phase in ("cold", "warm"):
            page.goto(url, wait_until="commit")
            # A function, not an expression: Playwright compiles an expression predicate
            # with eval, which the page's Content-Security-Policy refuses.
            page.wait_for_function("() => window.__readyAt !== undefined", timeout=timeout_ms)
            result[f"{phase}_ready"] = page.evaluate("window.__readyAt")
            result[f"{phase}_fcp"] = page.evaluate(FCP_JS)
        return result
    finally:
        context.close()


def fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:,.0f}"


def median(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="measured runs per page (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="discarded runs first (default 1)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per boot")
    parser.add_argument(
        "--query", default="", help='query string for the app only, e.g. "?lang=fr"'
    )
    args = parser.parse_args()
    if not (DIST / "index.html").is_file():
        print("dist/ missing: run python3 scripts/build.py", file=sys.stderr)
        return 1

    samples: dict[str, list[dict[str, float]]] = {kind: [] for kind in KINDS}
    with tempfile.TemporaryDirectory(prefix="ludeum-bench-") as tmp:
        make_site(Path(tmp))
        server = SiteServer(Path(tmp))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                version = browser.version
                for i in range(args.warmup + args.runs):
                    # Alternate the order so neither page always runs first.
                    for kind in KINDS if i % 2 == 0 else KINDS[::-1]:
                        started = time.monotonic()
                        query = args.query if kind == "app" else ""
                        url = f"{server.url}{kind}/{query}"
                        result = measure(browser, url, args.timeout * 1000)
                        label = "warm-up" if i < args.warmup else f"run {i - args.warmup + 1}"
                        print(
                            f"{label:8} {kind:4}  cold {fmt(result['cold_ready'])} ms"
                            f"  warm {fmt(result['warm_ready'])} ms"
                            f"  ({time.monotonic() - started:.1f} s)",
                            file=sys.stderr,
                        )
                        if i >= args.warmup:
                            samples[kind].append(result)
                browser.close()
        finally:
            server.stop()

    def med(kind: str, key: str) -> float | None:
        return median([s[key] for s in samples[kind]])

    def ratio(phase: str) -> str:
        app, bare = med("app", f"{phase}_ready"), med("bare", f"{phase}_ready")
        return "n/a" if not app or not bare else f"{app / bare:.2f}"

    print(
        f"\nBoot times, median of {args.runs} interleaved runs (ms from navigation start); "
        f"headless Chromium {version}, served from localhost. Cold: fresh browser context, "
        "service workers blocked. Warm: second navigation in the same context.\n"
    )
    print("| measure | cold | warm |")
    print("| --- | ---: | ---: |")
    print(f"| app: ready | {fmt(med('app', 'cold_ready'))} | {fmt(med('app', 'warm_ready'))} |")
    print(
        f"| bare PyScript page: ready | {fmt(med('bare', 'cold_ready'))} "
        f"| {fmt(med('bare', 'warm_ready'))} |"
    )
    print(f"| app / bare | {ratio('cold')} | {ratio('warm')} |")
    print(
        f"| app: first contentful paint | {fmt(med('app', 'cold_fcp'))} "
        f"| {fmt(med('app', 'warm_fcp'))} |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
