"""Senet's Hard against expectiminimax of depth 3 at equal time (not a test).

    python3 benchmarks/senet_equal_time.py [--games 200] [--rulesets jequier,...]
        [--jobs 2]

Does the learned evaluation win because it is better, or only because Hard thinks
longer? For each reading this first measures how long a plain expectiminimax of
depth 3 with the hand-made evaluation of before issue 15 takes per move, on
positions of its own games, then plays it against the new Hard held to that same
time per move (its search stops deepening when the time is up; depth 1 always
finishes). Seats and first throws alternate, every game is seeded; prints win rates
with 95% Wilson intervals and the time each side really took.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from senet_reference import depth_three  # noqa: E402
from stats import wilson  # noqa: E402

from ludeum.ai import arena  # noqa: E402
from ludeum.ai.players import choose  # noqa: E402
from ludeum.senet import PRESETS, new_game  # noqa: E402


def depth_three_time(ruleset: str, games: int = 6) -> float:
    """Mean seconds per decision of depth 3 (forced moves count as free)."""
    spent = decisions = 0
    for seed in range(games):
        players = (depth_three, depth_three)
        result = arena.play(new_game(PRESETS[ruleset], seed % 2), players, random.Random(seed))
        spent += sum(result.thinking)
        decisions += sum(result.decisions)
    return spent / decisions


def one_game(job) -> tuple[float, float, int, float, int]:
    ruleset, seconds, seed = job

    def hard(state, source):
        return choose(state, "hard", source, seconds=seconds)

    seat = seed % 2
    players = (hard, depth_three) if seat == 0 else (depth_three, hard)
    start = new_game(PRESETS[ruleset], seed // 2 % 2)
    result = arena.play(start, players, random.Random(10_000 + seed))
    score = 0.5 if result.winner is None else float(result.winner == seat)
    return (score, result.thinking[seat], result.decisions[seat],
            result.thinking[1 - seat], result.decisions[1 - seat])  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rulesets", default="jequier,jequier_ludii,kendall,tait")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    pool = Pool(args.jobs) if args.jobs > 1 else None
    print("| ruleset | depth 3 ms a move | games | new Hard wins | 95% interval | "
          "new Hard ms a move |")  # fmt: skip
    print("| --- | ---: | ---: | ---: | --- | ---: |")
    for ruleset in args.rulesets.split(","):
        seconds = depth_three_time(ruleset)
        jobs = [(ruleset, seconds, seed) for seed in range(args.games)]
        results = pool.map(one_game, jobs) if pool else list(map(one_game, jobs))
        total = sum(r[0] for r in results)
        low, high = wilson(total, args.games)
        mine = 1000 * sum(r[1] for r in results) / max(sum(r[2] for r in results), 1)
        theirs = 1000 * sum(r[3] for r in results) / max(sum(r[4] for r in results), 1)
        print(
            f"| {ruleset} | {theirs:.1f} (budget {1000 * seconds:.1f}) | {args.games} | "
            f"{total / args.games:.1%} | {low:.1%}-{high:.1%} | {mine:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    began = time.perf_counter()
    main()
    print(f"\n(run took {time.perf_counter() - began:.0f} s)")
