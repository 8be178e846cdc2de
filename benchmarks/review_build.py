"""Time to build the review of a 300-throw Senet game (not a test).

    .venv/bin/python benchmarks/review_build.py [--depths 2,3,4] [--chunk 8]

Plays a seeded Senet game (Easy against Easy under Jéquier's rules, throws at
random) until it has 300 throws, then computes its whole win-chance series the way
the page does: ``ludeum.ai.service.answer`` asked for ``--chunk`` stops at a time,
from the first to the last. Once in the Pyodide the site ships, run by Node as the
browser worker would run it (benchmarks/review_build.mjs; needs node and
``npm ci``), and once on CPython beside it. Prints a Markdown table for
docs/performance.md: per search depth, the total time and the slowest chunk (how
long a move asked of the worker meanwhile may wait).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from ludeum import saves  # noqa: E402
from ludeum.ai import service  # noqa: E402
from ludeum.ai.players import choose  # noqa: E402
from ludeum.protocol import CHANCE  # noqa: E402
from ludeum.records import review  # noqa: E402
from ludeum.senet import JEQUIER, new_game  # noqa: E402

THROWS = 300


def senet_game(throws: int = THROWS, seed: int = 4):
    """Easy against Easy until ``throws`` throws (seed 4 goes on to 314: not over)."""
    source = random.Random(seed)
    state, thrown = new_game(JEQUIER, first_seat=0), 0
    while thrown < throws and state.outcome() is None:
        if state.to_act() == CHANCE:
            outcomes = state.chance_outcomes()
            weights = [p for _, p in outcomes]
            state = state.apply(source.choices([o for o, _ in outcomes], weights)[0])
            thrown += 1
        else:
            state = state.apply(choose(state, "easy", source))
    # The move after the last throw, so the game ends on a move-list entry.
    if state.outcome() is None and state.to_act() != CHANCE:
        state = state.apply(choose(state, "easy", source))
    return state


def cpython(save: str, depth: int, chunk: int) -> dict:
    review.SENET_DEPTH = depth
    service._prepared.clear()
    first, chunks = 0, []
    while True:
        began = time.perf_counter()
        request = {"id": "review-1", "kind": "review", "save": save, "from": first,
                   "count": chunk}  # fmt: skip
        reply = json.loads(service.answer(json.dumps(request)))
        chunks.append(1000 * (time.perf_counter() - began))
        if not reply["values"]:
            chunks.pop()
            break
        first += len(reply["values"])
    return {"depth": depth, "stops": first, "ms": round(sum(chunks)),
            "worst_chunk_ms": round(max(chunks), 1)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", default="2,3,4")
    parser.add_argument("--chunk", type=int, default=8)
    args = parser.parse_args()
    depths = [int(d) for d in args.depths.split(",")]
    state = senet_game()
    save = saves.dump(state)
    throws = sum(type(a).__name__ == "Throw" for a in state.actions())
    print(f"Senet game: {throws} throws, {len(state.actions())} actions", file=sys.stderr)
    with tempfile.TemporaryDirectory() as folder:
        job = Path(folder) / "job.json"
        job.write_text(json.dumps({"save": save, "depths": depths, "chunk": args.chunk}))
        run = subprocess.run(
            ["node", str(ROOT / "benchmarks" / "review_build.mjs"), str(ROOT / "src"), str(job)],
            cwd=ROOT, capture_output=True, text=True, timeout=3600, check=False,
        )  # fmt: skip
    if run.returncode:
        raise SystemExit(run.stderr[-3000:])
    pyodide = {row["depth"]: row for row in map(json.loads, run.stdout.splitlines())}
    print(f"| Senet depth | stops | Pyodide (Node) total | slowest chunk of {args.chunk} "
          "| CPython total | slowest chunk |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    for depth in depths:
        native = cpython(save, depth, args.chunk)
        browser = pyodide[depth]
        print(f"| {depth} | {native['stops']} | {browser['ms'] / 1000:.2f} s "
              f"| {browser['worst_chunk_ms']:.0f} ms | {native['ms'] / 1000:.2f} s "
              f"| {native['worst_chunk_ms']:.0f} ms |")  # fmt: skip


if __name__ == "__main__":
    main()
