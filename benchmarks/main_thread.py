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

With --motion (issue 26) it measures instead, --runs times each, two moments of play
by the long tasks Chromium reports (PerformanceObserver "longtask": every task over
50 ms) and the frames it paints (requestAnimationFrame callbacks):
  bump      a Senet move that bumps a piece back, played by a click: from the click
            until both pieces have travelled (frames per second over the animation)
  replay    the computer (Easy) playing Senet turns against a person, step by step,
            for --replay-seconds
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
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


#: Long tasks (over 50 ms) and painted frames from now on: window.__motion.
MOTION_PROBE = """() => {
  const probe = window.__motion = { long: [], frames: 0, start: performance.now() };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.long.push(entry.duration);
  }).observe({ type: 'longtask' });
  const tick = () => { probe.frames += 1; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
}"""
#: The seed of the random game in which bump_position looks for a bump.
BUMP_SAVE_SEED = 0


def bump_position() -> tuple[str, str]:
    """A Senet game (two people) where the side to move can bump a piece, and the
    square of the piece that does it: (the save, the square's name)."""
    import random

    from ludeum import saves
    from ludeum.chance import random_play
    from ludeum.senet import JEQUIER, new_game

    rng = random.Random(BUMP_SAVE_SEED)
    state = new_game(JEQUIER, first_seat=0)
    for _ in range(5000):
        state = random_play(state, rng, 1)
        if state.to_act() in (0, 1) and not state.in_opening:
            for move in state.legal_moves():
                after = state.apply(move)
                if any(e[0] == "bumped" for e in after.effects) and move.dst - move.src >= 3:
                    return saves.dump(state, ("human", "human")), str(move.src)
        if state.to_act() is None:
            state = new_game(JEQUIER, first_seat=0)
    raise RuntimeError("no bump found")


def motion_run(context, url: str, replay_seconds: float) -> dict[str, dict]:
    save, square = bump_position()
    context.add_init_script(script="if (!sessionStorage.getItem('bench:seeded')) {"
                            f" localStorage.setItem('ludeum:v1:current', {save!r});"
                            " localStorage.setItem('ludeum:v1:one-tap', 'on');"
                            " sessionStorage.setItem('bench:seeded', '1'); }")  # fmt: skip
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_timeout(500)
    page.evaluate(MOTION_PROBE)
    page.click(f'#board [data-square="{square}"]')
    page.wait_for_function("() => document.getAnimations().length > 0", timeout=5000)
    # Frames from here (the pieces on their way) to the end of their travel.
    started = page.evaluate("window.__motion.frames = 0; performance.now()")
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== "
                           "'running')", timeout=5000)  # fmt: skip
    ended = page.evaluate("performance.now()")
    probe = page.evaluate("window.__motion")
    bump = {"fps": probe["frames"] / ((ended - started) / 1000), "ms": ended - started,
            "long": len(probe["long"]), "worst": max(probe["long"], default=0.0)}  # fmt: skip
    new_game(page, "senet", "computer", level="easy", seat="1", first="1")
    page.evaluate(MOTION_PROBE)
    page.wait_for_timeout(replay_seconds * 1000)
    probe = page.evaluate("window.__motion")
    elapsed = (page.evaluate("performance.now()") - probe["start"]) / 1000
    replay = {"fps": probe["frames"] / elapsed, "ms": elapsed * 1000,
              "long": len(probe["long"]), "worst": max(probe["long"], default=0.0),
              "actions": page.locator("#moves li").count()}  # fmt: skip
    # Control: the observer sees a task it must see.
    page.evaluate(MOTION_PROBE)
    page.evaluate(
        "() => setTimeout(() => { const end = performance.now() + 120;"
        " while (performance.now() < end); }, 0)"
    )  # a task of the page's own
    page.wait_for_timeout(200)
    assert page.evaluate("window.__motion.long.length") >= 1, "the long-task probe saw nothing"
    return {"bump": bump, "replay": replay}


def motion_main(args) -> None:
    server = SiteServer(DIST)
    runs = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                runs.append(motion_run(context, server.url, args.replay_seconds))
                context.close()
            browser.close()
    finally:
        server.stop()
    print(f"{args.runs} runs, median (range) over runs; long tasks are Chromium's (over 50 ms)\n")
    print("| moment | frames per second | long tasks | longest task ms | lasted ms |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for moment in ("bump", "replay"):
        rows = [run[moment] for run in runs]
        print(f"| {moment} | {summary([r['fps'] for r in rows])} | "
              f"{summary([r['long'] for r in rows], 0)} | {summary([r['worst'] for r in rows])} | "
              f"{summary([r['ms'] for r in rows], 0)} |")  # fmt: skip
    actions = summary([run["replay"]["actions"] for run in runs], 0)
    print(f"\nThe replay's move list held {actions} lines at its end (the computer played).")


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
    parser.add_argument(
        "--motion",
        action="store_true",
        help="measure a Senet bump's animation and the computer's replay",
    )
    parser.add_argument("--replay-seconds", type=float, default=12)
    args = parser.parse_args()
    if args.motion:
        motion_main(args)
        return
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
