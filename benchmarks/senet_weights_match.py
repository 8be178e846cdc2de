"""Two weight lists of the learned Senet evaluation, head to head (not a test).

    git show HEAD~1:src/ludeum/ai/senet_weights.py > /tmp/before.py
    python3 benchmarks/senet_weights_match.py --other /tmp/before.py [--games 1000]
        [--rulesets kendall,kendall_trap,...|kendall*] [--depth 3] [--jobs 2]

The committed weights (``senet_eval.weights``, with Kendall's option lists) play the
weights of another ``senet_weights.py`` file, both by expectiminimax at the same
fixed depth (no clock, so the machine's load does not matter), with the same search
and frontier: only the evaluation differs. Each side starts half the games, every
game is seeded, the rulesets take turns (``kendall*`` is all 16 of Kendall's);
95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import fnmatch
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from senet_depth_curve import fixed_depth  # noqa: E402
from stats import wilson  # noqa: E402

from ludeum.ai import arena, senet_eval  # noqa: E402
from ludeum.ai.search import terminal_value  # noqa: E402
from ludeum.ai.senet_frontier import Frontier  # noqa: E402
from ludeum.ai.senet_score import Scorer  # noqa: E402
from ludeum.senet import PRESETS, new_game  # noqa: E402


def other_weights(path: str, rules) -> list[float]:
    """The weight list ``rules`` would get from the weights file at ``path``."""
    namespace: dict = {}
    exec(Path(path).read_text(), namespace)  # our own generated data file
    reading = senet_eval.reading(rules)
    total = list(namespace["WEIGHTS"][reading])
    options = namespace.get("OPTION_WEIGHTS", {}).get(reading, {})
    for option in senet_eval.options_on(rules):
        if option in options:
            total = [w + extra for w, extra in zip(total, options[option], strict=True)]
    return total


def searcher(rules, weights, depth: int):
    scorer = Scorer(rules, weights)

    def static(state, seat):
        if state.winner is not None:
            return terminal_value(state, seat)
        z = scorer.z(state)
        return 0.0 if z is None else senet_eval.value_of(z, seat)

    def evaluation(state, seat):  # as senet_eval.senet, with these weights
        if state.throw is not None and state.moves and state.winner is None:
            values = [static(state.apply(move), seat) for move in state.moves]
            return max(values) if state.seat == seat else min(values)
        return static(state, seat)

    frontier = Frontier(rules)
    frontier.scorer = scorer
    return fixed_depth(evaluation, depth, rules, frontier)


def one_game(job) -> float:
    ruleset, other, depth, seed = job
    rules = PRESETS[ruleset]
    me = searcher(rules, senet_eval.weights(rules), depth)
    opponent = searcher(rules, other_weights(other, rules), depth)
    seat = seed % 2
    players = (me, opponent) if seat == 0 else (opponent, me)
    result = arena.play(new_game(rules, seed // 2 % 2), players, random.Random(seed))
    return 0.5 if result.winner is None else float(result.winner == seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", required=True, help="another senet_weights.py")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rulesets", default="kendall*")
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    rulesets = sorted({name for pattern in args.rulesets.split(",")
                       for name in fnmatch.filter(PRESETS, pattern)})  # fmt: skip
    began = time.monotonic()
    # Seeds go two by two through the rulesets, so each ruleset sees both seats.
    jobs = [(rulesets[seed // 2 % len(rulesets)], args.other, args.depth, seed)
            for seed in range(args.games)]  # fmt: skip
    with Pool(args.jobs) as pool:
        results = pool.map(one_game, jobs, chunksize=4)
    by_ruleset: dict[str, list[float]] = {}
    for (ruleset, *_), score in zip(jobs, results, strict=True):
        by_ruleset.setdefault(ruleset, []).append(score)
    total = sum(results)
    low, high = wilson(total, args.games)
    print(
        f"committed weights against {args.other}, depth {args.depth}, "
        f"{len(rulesets)} ruleset(s), {(time.monotonic() - began) / 60:.1f} min"
    )
    print(f"all: {total / args.games:.1%} ({low:.1%}-{high:.1%}) of {args.games} games")
    if len(rulesets) > 1:
        for ruleset, scores in by_ruleset.items():
            print(f"  {ruleset}: {sum(scores) / len(scores):.1%} of {len(scores)}")


if __name__ == "__main__":
    main()
