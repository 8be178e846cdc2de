"""Main-thread stalls while the computer thinks, beside the same page idle (not a test).

    .venv/bin/python benchmarks/main_thread.py [--runs 3] [--idle-seconds 5] [--moves 4]

Needs dist/ (python3 scripts/build.py) and Debian's /usr/bin/chromium. Each run opens
the app in a fresh browser context and records every gap between ticks of a 5 ms
timer on the page's main thread (harness.STALL_PROBE) in three phases:
  idle      the ready page, two people, nobody playing
  starting  Squadro, the computer (Hard) against itself: from Start to its first move,
            while the worker (a second Pyodide) boots
  thinking  the next --moves moves, Hard searching about a second each in the worker
then, once, a control: a 1.2 s busy loop on the page, which the probe must see (it is
what the e2e test's 1 s limit is there to catch). Prints a Markdown table for
docs/performance.md. The e2e test keeps only a loose limit, because a busy machine
lengthens every gap.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))
from harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    DIST,
    STALL_PROBE,
    SiteServer,
    new_game,
    wait_ready,
)

BUSY_MS = 1200
BUSY_JS = f"() => {{ const end = performance.now() + {BUSY_MS}; while (performance.now() < end); }}"


def read_probe(page: Page) -> dict:
    probe = page.evaluate("window.__probe")
    page.evaluate("window.__probe.gaps = []; window.__probe.worst = 0; window.__probe.ticks = 0")
    gaps = sorted(probe["gaps"])
    return {
        "worst": probe["worst"],
        "p99": gaps[int(0.99 * (len(gaps) - 1))] if gaps else float("nan"),
        "over50": sum(gap > 50 for gap in gaps),
        "ticks": probe["ticks"],
    }


def one_run(page: Page, url: str, idle_seconds: float, moves: int) -> dict[str, dict]:
    page.goto(url)
    wait_ready(page)
    page.evaluate(STALL_PROBE)
    page.wait_for_timeout(idle_seconds * 1000)
    phases = {"idle": read_probe(page)}
    new_game(page, "squadro", "both", level="hard")
    expect(page.locator("#moves li")).to_have_count(1, timeout=120_000)
    phases["starting"] = read_probe(page)
    expect(page.locator("#moves li")).to_have_count(1 + moves, timeout=120_000)
    phases["thinking"] = read_probe(page)
    return phases


def summary(values: list[float], digits: int = 1) -> str:
    if len(values) == 1:
        return f"{values[0]:.{digits}f}"
    middle = statistics.median(values)
    return f"{middle:.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--idle-seconds", type=float, default=5)
    parser.add_argument("--moves", type=int, default=4)
    args = parser.parse_args()
    server = SiteServer(DIST)
    runs: list[dict[str, dict]] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                context = browser.new_context()
                runs.append(one_run(context.new_page(), server.url, args.idle_seconds, args.moves))
                context.close()
            context = browser.new_context()
            page = context.new_page()
            page.goto(server.url)
            wait_ready(page)
            page.evaluate(STALL_PROBE)
            page.wait_for_timeout(200)
            page.evaluate(BUSY_JS)
            page.wait_for_timeout(200)
            control = read_probe(page)
            context.close()
            browser.close()
    finally:
        server.stop()
    print(f"{args.runs} runs; gaps between ticks of a 5 ms timer on the main thread, "
          "median (range) over runs\n")  # fmt: skip
    print("| phase | longest gap ms | 99th percentile ms | gaps over 50 ms | ticks |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for phase in ("idle", "starting", "thinking"):
        rows = [run[phase] for run in runs]
        print(f"| {phase} | {summary([r['worst'] for r in rows])} | "
              f"{summary([r['p99'] for r in rows])} | {summary([r['over50'] for r in rows], 0)} | "
              f"{summary([r['ticks'] for r in rows], 0)} |")  # fmt: skip
    print(f"| control: {BUSY_MS} ms busy loop | {control['worst']:.1f} | {control['p99']:.1f} | "
          f"{control['over50']} | {control['ticks']} |")  # fmt: skip
    assert control["worst"] >= BUSY_MS, "the probe missed a frozen page"


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"\n(run took {time.perf_counter() - started:.0f} s)")
