"""How strong can a Senet player be at all? A slow rollout player against greedy (not a test).

    python3 benchmarks/senet_rollouts.py [--games 200] [--rulesets jequier,kendall]
        [--rollouts 64] [--horizon 12] [--against greedy|hard] [--jobs 2]

Issue 15 asks Hard to beat the one-ply greedy player 70% of the time in Jéquier's and
Kendall's readings. Search stopped buying strength after 5 plies (``senet_depth_curve``),
so the question is whether any player gets there. This one decides in another way,
at a cost per move far above what fits in the app's second: by rollouts, the way
backgammon programs check their own moves. For every legal move it plays the game on
many times (both sides taking the learned evaluation's favourite move,
``senet_rollout.py``) for ``--horizon`` moves or to the end, scores where each line
stopped with the learned evaluation (or who won), and plays the move with the best
mean. Every move is tried with the same throws (rollout ``i`` of every move uses
seed ``i``), so that the comparison between moves is not drowned in the throws'
noise.

Each side starts half the games, every game is seeded (the same seeds for every
line); 95% Wilson intervals. Minutes a line, on one core a job.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from senet_rollout import rollout as rollout_of  # noqa: E402
from stats import wilson  # noqa: E402

from ludeum.ai import arena, evaluate  # noqa: E402
from ludeum.ai.players import choose  # noqa: E402
from ludeum.senet import PRESETS, new_game  # noqa: E402


def rollout_player(rollouts: int, horizon: int):
    def play(state, source):
        moves = state.legal_moves()
        if len(moves) == 1 or state.black_seat is None:
            return moves[0]
        seat = state.seat
        rollout = rollout_of(state.rules)
        base = source.getrandbits(32)
        best, best_value = None, None
        for move in moves:
            after = state.apply(move)
            total = sum(rollout(after, seat, horizon, Random(base + i)) for i in range(rollouts))
            if best_value is None or total > best_value:
                best, best_value = move, total
        return best

    return play


def one_game(job) -> tuple[float, float, int]:
    ruleset, rollouts, horizon, against, seed = job
    me = rollout_player(rollouts, horizon)
    if against == "greedy":
        opponent = arena.greedy_player(evaluate.senet_race)
    else:
        opponent = lambda state, source: choose(state, "hard", source)  # noqa: E731
    seat = seed % 2
    players = (me, opponent) if seat == 0 else (opponent, me)
    result = arena.play(new_game(PRESETS[ruleset], seed // 2 % 2), players, random.Random(seed))
    won = 0.5 if result.winner is None else float(result.winner == seat)
    return won, result.thinking[seat], result.decisions[seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rulesets", default="jequier,kendall")
    parser.add_argument("--rollouts", type=int, default=64)
    parser.add_argument("--horizon", type=int, default=12)
    parser.add_argument("--against", default="greedy", choices=["greedy", "hard"])
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"| reading | rollouts a move | horizon | games | wins against {args.against} "
          "| 95% interval | s a move | minutes |")  # fmt: skip
    print("| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |")
    with Pool(args.jobs) as pool:
        for ruleset in args.rulesets.split(","):
            began = time.monotonic()
            jobs = [
                (ruleset, args.rollouts, args.horizon, args.against, seed)
                for seed in range(args.first, args.first + args.games)
            ]
            results = pool.map(one_game, jobs, chunksize=1)
            total = sum(r[0] for r in results)
            per_move = sum(r[1] for r in results) / max(1, sum(r[2] for r in results))
            low, high = wilson(total, args.games)
            minutes = (time.monotonic() - began) / 60
            print(f"| {ruleset} | {args.rollouts} | {args.horizon} | {args.games} | "
                  f"{total / args.games:.1%} | {low:.1%}-{high:.1%} | {per_move:.2f} | "
                  f"{minutes:.1f} |", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
