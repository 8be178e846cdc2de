"""Reload the app again and again while the computer's worker starts or searches, and
count Chromium's renderer crashes ("Page crashed"); not a test.

    .venv/bin/python benchmarks/reload_crashes.py [--reloads 40] [--max-delay 5]
        [--query "?game=squadro&opponent=both&level=hard"] [--seed 1] [--chromium-log]

Needs dist/ (python3 scripts/build.py) and Debian's /usr/bin/chromium. One page of
one browser loads the query (by default the computer plays itself, so its worker, a
second Pyodide, starts at once and then searches), then, --reloads times, waits a
random 0 to --max-delay seconds after the app is ready and reloads. Before each reload
it samples the resident memory of this browser's processes by kind (renderer: the
page, its Pyodide and the worker's). A crashed page is logged and replaced by a new
one. --chromium-log adds --enable-logging=stderr: run with DEBUG=pw:browser to see
Chromium's own words. See PAGE_CRASHES in tests/e2e/harness.py for what it found.
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reloads", type=int, default=40)
    parser.add_argument("--max-delay", type=float, default=5.0)
    parser.add_argument("--query", default="?game=squadro&opponent=both&level=hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chromium-log", action="store_true")
    args = parser.parse_args()
    source = random.Random(args.seed)
    extra = ["--enable-logging=stderr", "--v=0"] if args.chromium_log else []
    crashes: list[str] = []
    peak: dict[str, float] = {}
    server = SiteServer(DIST)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *extra]
            )
            context = browser.new_context()

            def open_page() -> Page:
                page = context.new_page()
                page.on("crash", lambda crashed: crashes.append(time.strftime("%H:%M:%S")))
                page.goto(server.url + args.query)
                wait_ready(page)
                return page

            page = open_page()
            for number in range(args.reloads):
                delay = source.uniform(0, args.max_delay)
                page.wait_for_timeout(delay * 1000)
                for kind, mb in memory_mb().items():
                    peak[kind] = max(peak.get(kind, 0), mb)
                before = len(crashes)
                try:
                    page.reload()
                    wait_ready(page)
                    outcome = "ok"
                except Exception as error:  # a crash, or a reload that never got ready
                    outcome = f"{type(error).__name__}: {str(error).splitlines()[0]}"
                if len(crashes) > before or outcome != "ok":
                    print(f"reload {number} after {delay:.1f} s: {outcome}", flush=True)
                    page.close()
                    page = open_page()
            browser.close()
    finally:
        server.stop()
    print(f"{len(crashes)} crashes in {args.reloads} reloads ({args.query}, "
          f"0-{args.max_delay:g} s after ready, seed {args.seed})")  # fmt: skip
    print("peak resident memory, MB:", ", ".join(f"{k} {v:.0f}" for k, v in sorted(peak.items())))


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"(run took {time.perf_counter() - started:.0f} s)")
