"""What a decision loses and what a throw is worth, as the analysis measures them (not
a test): the figures behind the labels' thresholds (``ludeum.analysis.labels``).

    python3 benchmarks/analysis_losses.py [--games 20] [--game senet|squadro|lodestone]

Plays seeded games, Medium against Medium and a random player against Medium (the
random player on the first seat), analyses each (``ludeum.analysis``, the app's
depths) and prints, per pairing and seat, the centiles of the rated decisions'
losses in the game's points (50, 75, 90, 95, 98, 99), and in Senet those of a
throw's luck (its size, either way). docs/analysis.md quotes them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from ludeum.ai.arena import level_player, random_player  # noqa: E402
from ludeum.analysis import labels, summary  # noqa: E402
from ludeum.analysis.steps import Decision, Thrown  # noqa: E402
from ludeum.lodestone import new_game as new_lodestone  # noqa: E402
from ludeum.protocol import CHANCE  # noqa: E402
from ludeum.senet import JEQUIER  # noqa: E402
from ludeum.senet import new_game as new_senet  # noqa: E402
from ludeum.squadro import new_game as new_squadro  # noqa: E402

STARTS = {"senet": lambda: new_senet(JEQUIER), "squadro": new_squadro,
          "lodestone": lambda: new_lodestone(first_seat=0)}  # fmt: skip
CENTILES = (0.5, 0.75, 0.9, 0.95, 0.98, 0.99)


def play(start, players, seed: int):
    source = random.Random(seed)
    state = start
    while (actor := state.to_act()) is not None:
        if actor == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.apply(source.choices([o for o, _p in outcomes],
                                               [p for _o, p in outcomes])[0])  # fmt: skip
        else:
            state = state.apply(players[actor](state, source))
    return state


def centiles(values: list[float]) -> str:
    values = sorted(values)
    if not values:
        return "none"
    picks = [values[min(len(values) - 1, int(c * len(values)))] for c in CENTILES]
    return " ".join(f"{value:.1f}" for value in picks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", choices=tuple(STARTS), default="senet")
    args = parser.parse_args()
    medium = level_player("medium")
    print(f"{args.game}: centiles {', '.join(str(round(100 * c)) for c in CENTILES)}, in points")
    for name, players in (("Medium v Medium", (medium, medium)),
                          ("random v Medium", (random_player, medium))):  # fmt: skip
        losses: dict[int, list[float]] = {0: [], 1: []}
        lucks: list[float] = []
        for seed in range(args.games):
            analysis = summary.analyse(play(STARTS[args.game](), players, seed))
            game = analysis.game
            for step in analysis.steps:
                if isinstance(step, Decision) and step.rated:
                    losses[step.seat].append(labels.points(game, step.loss))
                elif isinstance(step, Thrown):
                    lucks.append(abs(labels.points(game, step.luck)))
        for seat in (0, 1):
            mean = statistics.mean(losses[seat]) if losses[seat] else 0.0
            print(f"  {name}, seat {seat}: {len(losses[seat])} rated decisions, mean "
                  f"{mean:.2f}; loss {centiles(losses[seat])}")  # fmt: skip
        if lucks:
            print(f"  {name}: {len(lucks)} throws; |luck| {centiles(lucks)}")


if __name__ == "__main__":
    main()
