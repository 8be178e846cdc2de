"""Time per computer move in the browser's worker beside CPython (not a test).

    .venv/bin/python benchmarks/ai_browser.py [--positions 12]

Needs dist/ (python3 scripts/build.py) and Debian's /usr/bin/chromium. Builds sample
positions from seeded random games (the same for both runs), then asks for the
computer's move at each level twice, side by side: in the app's own worker
(static/computer-worker.mjs, in headless Chromium) and on CPython through the same
``ludeum.ai.service.answer``. Both report the time ``answer`` took, measured inside
Python, so page overheads are left out. Also prints how long the worker took to
start. Prints a Markdown table for docs/ai.md.

``--senet-readings`` asks Senet's Hard instead, in each reading (Jéquier, Ludii,
Kendall, Tait), and adds the depth its search finished (median and least) on each
side: what the same 1 s buys in the browser's Pyodide and on CPython.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from harness import CHROMIUM, CHROMIUM_ARGS, DIST, SiteServer  # noqa: E402

from ludeum import saves  # noqa: E402
from ludeum.ai.service import answer  # noqa: E402
from ludeum.chance import random_choice  # noqa: E402
from ludeum.lodestone import new_game as new_lodestone  # noqa: E402
from ludeum.protocol import CHANCE  # noqa: E402
from ludeum.senet import PRESETS, throw_sticks  # noqa: E402
from ludeum.senet import new_game as new_senet  # noqa: E402
from ludeum.squadro import new_game as new_squadro  # noqa: E402

STARTS = {"senet": new_senet, "squadro": new_squadro,
          "lodestone": lambda: new_lodestone(first_seat=0)}  # fmt: skip
LEVELS = ("easy", "medium", "hard")

# Runs in the page: starts the worker, waits for it, then answers requests one by one.
WORKER_JS = """async (requests) => {
  const began = performance.now();
  const worker = new Worker(
    window.ludeumMarkup.createScriptURL(  // the page's Trusted Types policy
      JSON.parse(document.getElementById('site-files').textContent)['static/computer-worker.mjs']),
    { type: 'module' });
  const next = () => new Promise((resolve) => {
    worker.onmessage = (event) => resolve(JSON.parse(event.data));
  });
  const ready = await next();
  const startup = performance.now() - began;
  const replies = [];
  for (const request of requests) {
    worker.postMessage(request);
    replies.push(await next());
  }
  worker.terminate();
  return { ready, startup, replies };
}"""


SENET_READINGS = ("jequier", "jequier_ludii", "kendall", "tait")


def positions(game: str, count: int) -> list[str]:
    """Saved games at decision points with a real choice, from seeded random play."""
    source = random.Random(2026)
    found: list[str] = []
    while len(found) < count:
        state = new_senet(PRESETS[game]) if game in SENET_READINGS else STARTS[game]()
        plies = source.randrange(4, 60)
        for _ in range(plies):
            if state.to_act() is None:
                break
            if state.to_act() == CHANCE:
                state = state.apply(throw_sticks(source))
            else:
                state = state.apply(random_choice(state.legal_moves(), source))
        while state.to_act() == CHANCE:
            state = state.apply(throw_sticks(source))
        if state.to_act() is not None and len(state.legal_moves()) > 1:
            found.append(saves.dump(state))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--senet-readings", action="store_true")
    args = parser.parse_args()
    games = SENET_READINGS if args.senet_readings else tuple(STARTS)
    levels = ("hard",) if args.senet_readings else LEVELS
    requests = []
    for game in games:
        for level in levels:
            for save in positions(game, args.positions):
                requests.append({"id": len(requests), "kind": "move", "save": save,
                                 "level": level, "seed": 1, "game": game})  # fmt: skip
    texts = [json.dumps(r) for r in requests]
    here_replies = [json.loads(answer(text)) for text in texts]
    cpython = [reply["ms"] for reply in here_replies]
    server = SiteServer(DIST)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(server.url)
            result = page.evaluate(WORKER_JS, texts)
            browser.close()
    finally:
        server.stop()
    assert result["ready"].get("ready"), result["ready"]
    print(f"Worker start-up (new Worker to ready): {result['startup'] / 1000:.1f} s\n")
    print("| game | level | positions | CPython median ms | browser median ms | "
          "browser max ms | ratio | depth CPython | depth browser |")  # fmt: skip
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |")
    for game in games:
        for level in levels:
            rows = [i for i, r in enumerate(requests) if r["game"] == game and r["level"] == level]
            here = [cpython[i] for i in rows]
            there = [result["replies"][i]["ms"] for i in rows]
            errors = [result["replies"][i] for i in rows if "error" in result["replies"][i]]
            assert not errors, errors
            median_here, median_there = statistics.median(here), statistics.median(there)
            ratio = median_there / median_here if median_here else float("nan")
            depths = []
            for side in (here_replies, result["replies"]):
                found = [side[i]["depth"] for i in rows if "depth" in side[i]]
                depths.append(f"{statistics.median(found):.0f}, {min(found)}" if found else "")
            print(f"| {game} | {level} | {len(rows)} | {median_here:.1f} | {median_there:.1f} | "
                  f"{max(there):.1f} | {ratio:.1f} | {depths[0]} | {depths[1]} |")  # fmt: skip


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"\n(run took {time.perf_counter() - started:.0f} s)")
