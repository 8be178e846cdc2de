"""Calibrate Senet's hint: from a search value to a winning chance (not a test).

    python3 benchmarks/senet_calibration.py [--games 300] [--rulesets jequier,...]

The hint shows the mover's winning chance. The Hard search returns a value v in
[-1, 1] from the learned evaluation (``ludeum.ai.senet_eval``), which stands for the
chance p = (v + 1) / 2. Learned by self-play, that chance may still be too sure or
too shy against other players. This script plays Medium against Medium, takes
positions where a move is to be chosen, asks Hard's search (3 plies, the least it
finishes) for its value, and fits the one number ``k`` of the curve
chance = 1 / (1 + exp(-k * logit(p))) to who really won (maximum likelihood; k = 1
leaves the model's chance as it is). It prints ``k`` and, per band of predicted
chance, the share of those positions that were won, before and after the fit, so
that it can be checked by eye. The ``k`` of each reading goes into
``players.CHANCE_SCALES``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from ludeum.ai import senet_eval  # noqa: E402
from ludeum.ai.players import choose  # noqa: E402
from ludeum.ai.search import Expectiminimax  # noqa: E402
from ludeum.chance import sample  # noqa: E402
from ludeum.protocol import CHANCE  # noqa: E402
from ludeum.senet import PRESETS, new_game  # noqa: E402


def logit(value: float) -> float:
    """The log-odds of the chance a search value stands for."""
    p = min(0.999, max(0.001, (value + 1) / 2))
    return math.log(p / (1 - p))


def samples(ruleset: str, games: int, every: int) -> list[tuple[float, int]]:
    """(logit of Hard's chance for the mover, 1 if the mover went on to win) pairs;
    proven wins and losses are left out (they are shown as certain)."""
    pairs = []
    for seed in range(games):
        source = random.Random(seed)
        state = new_game(PRESETS[ruleset], seed % 2)
        seen = []
        decisions = 0
        while (actor := state.to_act()) is not None:
            if actor == CHANCE:
                state = state.apply(sample(state.chance_outcomes(), source))
                continue
            if len(state.legal_moves()) > 1 and state.colour_of(actor) is not None:
                decisions += 1
                if decisions % every == 0:
                    searcher = Expectiminimax(senet_eval.senet)
                    _move, value = searcher.search(state, 3, None, step=2)
                    if abs(value) < 1:
                        seen.append((logit(value), actor))
            state = state.apply(choose(state, "medium", source))
        winner = state.outcome().winner
        if winner is not None:
            pairs.extend((value, int(winner == actor)) for value, actor in seen)
    return pairs


def fit(pairs: list[tuple[float, int]]) -> float:
    """The k of the logistic curve that makes the outcomes most likely (Newton)."""
    k = 1.0
    for _ in range(50):
        gradient = curvature = 0.0
        for value, won in pairs:
            p = 1 / (1 + math.exp(-k * value))
            gradient += (won - p) * value
            curvature += p * (1 - p) * value * value
        if curvature == 0:
            break
        step = gradient / curvature
        k += step
        if abs(step) < 1e-6:
            break
    return k


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--every", type=int, default=10, help="one position in N")
    parser.add_argument("--rulesets", default="jequier,jequier_ludii,kendall,tait")
    args = parser.parse_args()
    pairs = []
    for ruleset in args.rulesets.split(","):
        found = samples(ruleset, args.games, args.every)
        print(f"{ruleset}: {len(found)} positions, k = {fit(found):.2f}", flush=True)
        pairs.extend(found)
    k = fit(pairs)
    print(f"\nall: {len(pairs)} positions, k = {k:.2f}\n")
    for scale, title in ((1.0, "the model's own chance"), (k, f"recalibrated, k = {k:.2f}")):
        print(f"\n{title}:\n")
        print("| predicted chance | positions | won |")
        print("| --- | ---: | ---: |")
        for low in range(0, 100, 10):
            band = [won for value, won in pairs
                    if low <= 100 / (1 + math.exp(-scale * value)) < low + 10]  # fmt: skip
            if band:
                print(f"| {low}-{low + 10}% | {len(band)} | {sum(band) / len(band):.0%} |")


if __name__ == "__main__":
    main()
