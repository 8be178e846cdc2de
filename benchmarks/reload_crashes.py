"""Reload the app again and again while the computer's worker starts or searches, and
count Chromium's renderer crashes ("Page crashed"); not a test.

    .venv/bin/python benchmarks/reload_crashes.py [--reloads 40] [--max-delay 5]
        [--query "?game=squadro&opponent=both&level=hard"] [--seed 1] [--chromium-log]
        [--visits N] [--cpu-load N] [--arg=--some-chromium-flag ...]

Needs dist/ (python3 scripts/build.py) and Debian's /usr/bin/chromium. One page of
one browser loads the query (by default the computer plays itself, so its worker, a
second Pyodide, starts at once and then searches), then, --reloads times, waits a
random 0 to --max-delay seconds after the app is ready and reloads. Before each reload
it samples the resident memory of this browser's processes by kind (renderer: the
page, its Pyodide and the worker's). A crashed page is logged and replaced by a new
one. --visits N starts a new browser context (empty storage and caches) every N page
loads, so that each context sees a first visit (plain boot), a second (plain, then
fetches the snapshot) and from the third on a snapshot boot, which needs JSPI; the
default keeps one context, whose loads from the third on are snapshot boots. How each
load booted (window.ludeumPythonBoot) is counted. --cpu-load N runs N busy processes
meanwhile; --arg adds a Chromium switch (repeat it). --chromium-log adds
--enable-logging=stderr: run with DEBUG=pw:browser to see Chromium's own words,
the renderers' too (a --log-file gets the browser process's lines only).
See PAGE_CRASHES in tests/e2e/harness.py for what it found.
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))
from harness import CHROMIUM, CHROMIUM_ARGS, DIST, SiteServer, wait_ready  # noqa: E402


def memory_mb() -> dict[str, float]:
    """Resident memory of this script's Chromium processes, by process kind."""
    table = subprocess.run(["ps", "-eo", "pid=,ppid=,rss=,args="], capture_output=True,
                           text=True, check=True).stdout  # fmt: skip
    rows: dict[int, tuple[int, str]] = {}
    children: dict[int, list[int]] = {}
    for line in table.splitlines():
        pid, ppid, rss, args = line.split(None, 3)
        rows[int(pid)] = (int(rss), args)
        children.setdefault(int(ppid), []).append(int(pid))
    totals: dict[str, float] = {}
    todo = [os.getpid()]
    while todo:
        for pid in children.get(todo.pop(), []):
            todo.append(pid)
            rss, args = rows[pid]
            if "chrom" in args:
                kind = args.split("--type=")[1].split()[0] if "--type=" in args else "browser"
                totals[kind] = totals.get(kind, 0) + rss / 1024
    return totals


def burn() -> None:
    while True:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reloads", type=int, default=40)
    parser.add_argument("--max-delay", type=float, default=5.0)
    parser.add_argument("--query", default="?game=squadro&opponent=both&level=hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chromium-log", action="store_true")
    parser.add_argument(
        "--visits", type=int, default=0, help="a new context every N page loads (0: one context)"
    )
    parser.add_argument("--cpu-load", type=int, default=0)
    parser.add_argument("--arg", action="append", default=[], help="a Chromium switch")
    args = parser.parse_args()
    source = random.Random(args.seed)
    extra = list(args.arg)
    if args.chromium_log:
        extra += ["--enable-logging=stderr", "--v=0"]
    crashes: list[str] = []
    boots: collections.Counter[str] = collections.Counter()
    peak: dict[str, float] = {}
    burners = [multiprocessing.Process(target=burn, daemon=True) for _ in range(args.cpu_load)]
    for burner in burners:
        burner.start()
    server = SiteServer(DIST)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *extra]
            )
            context = browser.new_context()
            loads = 0

            def open_page() -> Page:
                page = context.new_page()
                page.on("crash", lambda crashed: crashes.append(time.strftime("%H:%M:%S")))
                page.goto(server.url + args.query)
                return page

            def booted(page: Page) -> None:
                nonlocal loads
                loads += 1
                wait_ready(page)
                boots[page.evaluate("() => String(window.ludeumPythonBoot ?? null)")] += 1

            page = open_page()
            booted(page)
            for number in range(args.reloads):
                delay = source.uniform(0, args.max_delay)
                page.wait_for_timeout(delay * 1000)
                for kind, mb in memory_mb().items():
                    peak[kind] = max(peak.get(kind, 0), mb)
                before = len(crashes)
                try:
                    if args.visits and loads % args.visits == 0:
                        page.close()
                        context.close()
                        context = browser.new_context()
                        page = open_page()
                    else:
                        page.reload()
                    booted(page)
                    outcome = "ok"
                except Exception as error:  # a crash, or a reload that never got ready
                    outcome = f"{type(error).__name__}: {str(error).splitlines()[0]}"
                if len(crashes) > before or outcome != "ok":
                    print(f"reload {number} (load {loads}) after {delay:.1f} s: {outcome}",
                          flush=True)  # fmt: skip
                    page.close()
                    page = open_page()
                    booted(page)
            browser.close()
    finally:
        server.stop()
        for burner in burners:
            burner.terminate()
    print(
        f"{len(crashes)} crashes in {args.reloads} reloads ({args.query}, "
        f"0-{args.max_delay:g} s after ready, seed {args.seed}, visits {args.visits or 'all'}"
        f" per context, cpu load {args.cpu_load}, args {' '.join(args.arg) or 'none'})"
    )
    print("boots:", ", ".join(f"{kind} {count}" for kind, count in boots.most_common()))
    print("peak resident memory, MB:", ", ".join(f"{k} {v:.0f}" for k, v in sorted(peak.items())))


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"(run took {time.perf_counter() - started:.0f} s)")
