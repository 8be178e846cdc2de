"""What one browser test's context costs the machine, by how it starts (issue 51).

    python3 scripts/build.py && .venv/bin/python benchmarks/context_cost.py --runs 5

For each way a test's browser context can start, it opens a context, boots the app to
a playable board and closes the context, RUNS times (after one run to warm the
browser up), and prints the medians: the machine's CPU seconds for the whole of it
(every process: the page's renderer, the service worker's, the browser, the network
service, Playwright), the seconds spent seeding the snapshot (tests/e2e/harness.py,
warm) and the seconds from navigation to a playable board. The ways:

  cold          an empty context, a first visit: the plain boot
  warm          a returning visitor's (the snapshot in Cache Storage): what the
                suite's tests get unless marked cold_boot
  warm-no-sw    the same without service workers: what the tests' contexts are
                unless marked cold_boot or service_worker
  kept          one such context kept from run to run and emptied after each
                (harness.KeptContext): what a test's ``context`` is since the fifth
                session on issue 51, unless it changes the context itself

CPU seconds, not wall time, say what a test costs on two cores: the suite runs two
tests at once, and a single test already keeps more than one core busy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    DIST,
    WITHOUT_SERVICE_WORKERS,
    KeptContext,
    SiteServer,
    dist_problem,
    wait_ready,
    warm,
)
from playwright.sync_api import sync_playwright  # noqa: E402

WAYS = ("cold", "warm", "warm-no-sw", "kept")
TICKS = os.sysconf("SC_CLK_TCK")


def machine_cpu_seconds() -> float:
    """User, nice and system time of every core so far (/proc/stat's first line)."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:4]
    return sum(int(field) for field in fields) / TICKS


#: The context the "kept" way keeps from run to run.
KEPT: dict[str, object] = {}


def measure_kept(browser, server: SiteServer) -> tuple[float, float, float]:
    cpu_before = machine_cpu_seconds()
    started = time.monotonic()
    if "context" not in KEPT:
        KEPT["context"] = browser.new_context()
        KEPT["context"].add_init_script(script=WITHOUT_SERVICE_WORKERS)
        warm(KEPT["context"], server.origin)
    tenancy = KeptContext(KEPT["context"], one_tap_off=False)
    seeded = time.monotonic()
    page = tenancy.context.new_page()
    page.goto(server.url, wait_until="commit")
    wait_ready(page)
    ready = time.monotonic()
    page.wait_for_timeout(3000)  # as the other ways
    if not tenancy.leave(server.origin, failed=False):
        raise RuntimeError("the kept context could not be emptied")
    time.sleep(1)  # as the other ways
    return machine_cpu_seconds() - cpu_before, seeded - started, ready - seeded


def measure(browser, server: SiteServer, way: str) -> tuple[float, float, float]:
    if way == "kept":
        return measure_kept(browser, server)
    cpu_before = machine_cpu_seconds()
    started = time.monotonic()
    context = browser.new_context()
    if way.endswith("no-sw"):
        context.add_init_script(script=WITHOUT_SERVICE_WORKERS)  # as the tests' contexts
    if way.startswith("warm"):
        warm(context, server.origin)
    seeded = time.monotonic()
    page = context.new_page()
    page.goto(server.url, wait_until="commit")
    wait_ready(page)
    ready = time.monotonic()
    page.wait_for_timeout(3000)  # what follows a boot: the service worker's precache
    context.close()
    time.sleep(1)  # the context's processes end
    return machine_cpu_seconds() - cpu_before, seeded - started, ready - seeded


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ways", default=",".join(WAYS), help="a comma-separated subset")
    args = parser.parse_args()
    problem = dist_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 1
    server = SiteServer(DIST)
    print(
        f"{'way':<12} {'CPU s':>6} {'seeding s':>10} {'to ready s':>11}  (medians of {args.runs})"
    )
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for way in args.ways.split(","):
                runs = [measure(browser, server, way) for _ in range(args.runs + 1)][1:]
                cpu, seeding, to_ready = (
                    statistics.median(column) for column in zip(*runs, strict=True)
                )
                print(f"{way:<12} {cpu:>6.2f} {seeding:>10.2f} {to_ready:>11.2f}")
            browser.close()
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
