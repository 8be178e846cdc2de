"""A first visit on a school's wifi (issue 35): what the visitor sees while it loads.

    .venv/bin/python benchmarks/slow_first_visit.py [--url http://127.0.0.1:8080/]
        [--runs 1] [--cpu 4] [--phone]

On Lighthouse's mobile profile (562.5 ms round trip, 1,474.56 kbit/s down, 675 kbit/s
up, CPU 4x slower: DevTools throttling through a CDP session), a fresh Chromium
context with service workers blocked visits the app once and prints, per run: when the
progress first showed, how many distinct values its bar took, the phases it said,
when the game was ready, the longest quiet moment the boot watch saw (nothing
arriving, nothing running: it calls a hang at 20 s) and whether the "could not start"
panel ever showed. Without --url it serves dist/ itself, uncompressed (Python's
http.server); give the URL of a compressing server (caddy, nginx) to measure what
visitors get. Needs dist/ (python3 scripts/build.py) and Debian's chromium.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from harness import CHROMIUM, CHROMIUM_ARGS, DIST, READY_SELECTOR, SiteServer  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402

#: Lighthouse's mobile profile (devtools throttling), in CDP's units (bytes/s, ms).
MOBILE = {
    "offline": False,
    "latency": 562.5,
    "downloadThroughput": 1474.56 * 1024 / 8,
    "uploadThroughput": 675 * 1024 / 8,
}
#: What the progress showed, recorded in the page as it changed.
RECORD = """
window.benchProgress = [];
document.addEventListener('DOMContentLoaded', () => {
  const box = document.getElementById('boot-progress');
  const panel = document.getElementById('boot-failed');
  window.benchPanelSeen = false;
  new MutationObserver(() => {
    if (!panel.hidden) window.benchPanelSeen = true;
    if (box.hidden) return;
    const bar = document.getElementById('boot-progress-bar');
    const seen = [performance.now(), bar.getAttribute('aria-valuenow') ?? 'none',
      document.getElementById('boot-progress-text').textContent];
    const last = window.benchProgress[window.benchProgress.length - 1];
    if (!last || last[1] !== seen[1] || last[2] !== seen[2]) window.benchProgress.push(seen);
  }).observe(document.getElementById('app'), {
    subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: ['aria-valuenow', 'hidden'],
  });
});
"""


def first_visit(browser: Browser, url: str, cpu: float, phone: bool) -> dict:
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    context = browser.new_context(service_workers="block", viewport=size)
    context.add_init_script(RECORD)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", MOBILE)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    started = time.monotonic()
    page.goto(url, wait_until="commit")
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=600_000)
    seen = page.evaluate("() => window.benchProgress")
    result = {
        "wall": time.monotonic() - started,
        "first": seen[0][0] / 1000 if seen else None,
        "values": len({value for _at, value, _words in seen if value != "none"}),
        "phases": list(dict.fromkeys(words for _at, _value, words in seen)),
        "quietest": page.evaluate("() => window.ludeumBootQuietest") / 1000,
        "panel": page.evaluate("() => window.benchPanelSeen"),
    }
    context.close()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", help="the app's address (default: dist/ served here)")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--cpu", type=float, default=4, help="CPU slowdown (Lighthouse: 4)")
    parser.add_argument("--phone", action="store_true", help="a 390x844 window")
    args = parser.parse_args()
    server = None if args.url else SiteServer(DIST)
    url = args.url or server.url
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print("| run | progress shown | bar values | phases said | ready | quietest | panel |")
            print("| ---: | ---: | ---: | --- | ---: | ---: | --- |")
            for run in range(1, args.runs + 1):
                r = first_visit(browser, url, args.cpu, args.phone)
                first = f"{r['first']:.1f} s" if r["first"] is not None else "never"
                print(
                    f"| {run} | {first} | {r['values']} | {' → '.join(r['phases'])} | "
                    f"{r['wall']:.1f} s | {r['quietest']:.1f} s | "
                    f"{'SHOWN' if r['panel'] else 'never'} |"
                )
            browser.close()
    finally:
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
