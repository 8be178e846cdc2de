"""How much Senet strength does depth buy? Win rates against greedy by depth (not a test).

    python3 benchmarks/senet_depth_curve.py [--games 400] [--rulesets jequier,kendall]
        [--depths 1,3,5] [--evaluations learned,old] [--against greedy|5] [--jobs 2]

Issue 15 asks Hard to beat the one-ply greedy player 70% of the time in Jéquier's and
Kendall's readings. Whether that is possible at all depends on how much of Senet is
luck. This plays expectiminimax at a fixed depth (no clock, so the figures do not
depend on the machine's load) against greedy, with the learned evaluation of
``senet_eval`` or the hand-made one of before issue 15 (``senet_reference``), for a
few depths. If the win rate flattens as depth grows, more search cannot reach a
target above the plateau, and neither can a slightly better evaluation.

Depths go 1, 3, 5, ... as Hard's do (a leaf just after a move). Each side starts
half the games, every game is seeded (the same seeds for every line, so lines differ
by the player only); 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from senet_reference import exposure_evaluation  # noqa: E402
from stats import wilson  # noqa: E402

from ludeum.ai import arena, evaluate, senet_eval  # noqa: E402
from ludeum.ai.search import Expectiminimax  # noqa: E402
from ludeum.ai.senet_frontier import Frontier  # noqa: E402
from ludeum.senet import PRESETS, new_game  # noqa: E402

EVALUATIONS = {"learned": senet_eval.senet, "old": exposure_evaluation}


def fixed_depth(evaluation, depth: int, rules, frontier=None):
    # The learned evaluation's last two plies run on bitboards (the same values,
    # several times faster); the old evaluation has no such shortcut. A caller with
    # weights of its own passes a frontier scoring with them.
    if frontier is None and evaluation is senet_eval.senet:
        frontier = Frontier(rules)
    search = Expectiminimax(evaluation, frontier)

    def play(state, source):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return search.search(state, depth, None, step=2)[0]

    return play


def one_game(job) -> float:
    ruleset, evaluation, depth, against, seed = job
    me = fixed_depth(EVALUATIONS[evaluation], depth, PRESETS[ruleset])
    if against == "greedy":
        opponent = arena.greedy_player(evaluate.senet_race)
    else:  # the same evaluation at another depth
        opponent = fixed_depth(EVALUATIONS[evaluation], int(against), PRESETS[ruleset])
    seat = seed % 2
    players = (me, opponent) if seat == 0 else (opponent, me)
    result = arena.play(new_game(PRESETS[ruleset], seed // 2 % 2), players, random.Random(seed))
    return 0.5 if result.winner is None else float(result.winner == seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--rulesets", default="jequier,kendall")
    parser.add_argument("--depths", default="1,3,5")
    parser.add_argument("--evaluations", default="learned")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--against", default="greedy", help="greedy, or a depth: the same player searching so deep"
    )
    args = parser.parse_args()
    against = "greedy" if args.against == "greedy" else f"depth {int(args.against)}"
    print(f"| reading | evaluation | depth | games | wins against {against} | 95% interval "
          "| minutes |")  # fmt: skip
    print("| --- | --- | ---: | ---: | ---: | --- | ---: |")
    with Pool(args.jobs) as pool:
        for ruleset in args.rulesets.split(","):
            for evaluation in args.evaluations.split(","):
                for depth in map(int, args.depths.split(",")):
                    began = time.monotonic()
                    jobs = [
                        (ruleset, evaluation, depth, args.against, seed)
                        for seed in range(args.games)
                    ]
                    total = sum(pool.map(one_game, jobs))
                    low, high = wilson(total, args.games)
                    minutes = (time.monotonic() - began) / 60
                    print(f"| {ruleset} | {evaluation} | {depth} | {args.games} | "
                          f"{total / args.games:.1%} | {low:.1%}-{high:.1%} | {minutes:.1f} |",
                          flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
