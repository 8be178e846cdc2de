"""How long a game's analysis takes in the browser's worker, beside CPython (not a test).

    .venv/bin/python benchmarks/analysis_speed.py

Needs dist/ (python3 scripts/build.py) and Debian's /usr/bin/chromium. Plays seeded
games (Medium against Medium: a Senet game of each reading with at least 300
throws, a Squadro game of about 100 moves, a Lodestone game), then asks for each
game's analysis chunk after chunk exactly as the page does (``ludeum.analysis.serve``
through ``ludeum.ai.service.answer``), twice side by side: in the app's own worker
(static/computer-worker.mjs, headless Chromium) and on CPython. For each it prints
the time to the first chunk (when the page draws its first marks), the time to the
whole analysis (measured on the page, request to last reply, so the worker's
messaging is counted) and the ratio of the browser's to CPython's. The issue's
targets: a 300-throw Senet game within 10 s with the first marks within 2 s, a
100-move Squadro game within 5 s.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from harness import CHROMIUM, CHROMIUM_ARGS, DIST, SiteServer  # noqa: E402

from ludeum import saves  # noqa: E402
from ludeum.ai.arena import level_player  # noqa: E402
from ludeum.ai.service import answer  # noqa: E402
from ludeum.analysis import serve  # noqa: E402
from ludeum.lodestone import new_game as new_lodestone  # noqa: E402
from ludeum.protocol import CHANCE  # noqa: E402
from ludeum.senet import PRESETS  # noqa: E402
from ludeum.senet import new_game as new_senet  # noqa: E402
from ludeum.squadro import new_game as new_squadro  # noqa: E402

# Runs in the page: starts the worker, then asks each game's analysis chunk by chunk.
WORKER_JS = """async (games) => {
  const worker = new Worker(
    window.ludeumMarkup.createScriptURL(
      JSON.parse(document.getElementById('site-files').textContent)['static/computer-worker.mjs']),
    { type: 'module' });
  const next = () => new Promise((resolve) => {
    worker.onmessage = (event) => resolve(JSON.parse(event.data));
  });
  await next();  // ready
  const out = [];
  for (const save of games) {
    const began = performance.now();
    let first = null, from = 0, chunks = 0, worst = 0, ms = 0;
    for (;;) {
      worker.postMessage(JSON.stringify({id: 'analysis-1', kind: 'analysis', save, from}));
      const reply = await next();
      if (reply.error) { out.push({error: reply.error}); break; }
      chunks += 1; ms += reply.ms; worst = Math.max(worst, reply.ms);
      if (first === null) first = performance.now() - began;
      from += reply.steps.length;
      if (from >= reply.total || !reply.steps.length) {
        out.push({first, total: performance.now() - began, chunks, worst, ms, actions: from});
        break;
      }
    }
  }
  worker.terminate();
  return out;
}"""


def play(start, seed: int, most: int = 100_000):
    source = random.Random(seed)
    medium = level_player("medium")
    state = start
    while (actor := state.to_act()) is not None and len(state.actions()) < most:
        if actor == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.apply(source.choices([o for o, _p in outcomes],
                                               [p for _o, p in outcomes])[0])  # fmt: skip
        else:
            state = state.apply(medium(state, source))
    return state


def games() -> list[tuple[str, object]]:
    found = []
    for reading in ("jequier", "jequier_ludii", "kendall", "tait"):
        for seed in range(200):
            state = play(new_senet(PRESETS[reading]), seed)
            throws = sum(1 for a in state.actions() if type(a).__name__ == "Throw")
            if throws >= 300:
                found.append((f"Senet, {reading}, {throws} throws", state))
                break
    # The longest of a few Squadro games, cut at 100 moves (an unfinished record is
    # analysed the same way).
    squadro = max((play(new_squadro(), seed, most=100) for seed in range(30)),
                  key=lambda state: len(state.actions()))  # fmt: skip
    found.append((f"Squadro, {len(squadro.actions())} moves", squadro))
    lodestone = play(new_lodestone(first_seat=0), 1, most=100)
    found.append((f"Lodestone, {len(lodestone.actions())} moves", lodestone))
    return found


def cpython(save: str) -> dict:
    serve._prepared.clear()  # noqa: SLF001 (the first chunk prepares, as in the page)
    began = time.perf_counter()
    first, start = None, 0
    while True:
        reply = json.loads(
            answer(
                json.dumps({"id": "analysis-1", "kind": "analysis", "save": save, "from": start})
            )
        )
        if first is None:
            first = 1000 * (time.perf_counter() - began)
        start += len(reply["steps"])
        if start >= reply["total"]:
            return {"first": first, "total": 1000 * (time.perf_counter() - began)}


def main() -> None:
    chosen = games()
    saves_ = [saves.dump(state) for _name, state in chosen]
    here = [cpython(save) for save in saves_]
    server = SiteServer(DIST)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(server.url)
            there = page.evaluate(WORKER_JS, saves_)
            browser.close()
    finally:
        server.stop()
    print("| game | actions | browser: first chunk s | browser: whole s | chunks | "
          "worst chunk ms | CPython whole s | ratio |")  # fmt: skip
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for (name, _state), mine, theirs in zip(chosen, here, there, strict=True):
        assert "error" not in theirs, theirs
        print(f"| {name} | {theirs['actions']} | {theirs['first'] / 1000:.2f} | "
              f"{theirs['total'] / 1000:.1f} | {theirs['chunks']} | {theirs['worst']:.0f} | "
              f"{mine['total'] / 1000:.1f} | {theirs['total'] / mine['total']:.1f} |")  # fmt: skip


if __name__ == "__main__":
    main()
