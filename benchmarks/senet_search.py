"""How deep and how fast Senet's Hard searches on CPython (not a test).

    python3 benchmarks/senet_search.py [--positions 30] [--seconds 1.0]
        [--rulesets jequier,jequier_ludii,kendall,tait]

For each reading, on decision positions (more than one legal move) taken from seeded
games between Medium players:

* **Depth per second**: the learned search deepening a move and a throw at a time
  with no early stop, within ``--seconds``: the depth it finished (median, smallest)
  and nodes a second (a node with the frontier below it stands for many positions).
* **The frontier's gain**: the time of a depth-5 search over states alone divided
  by the same search with ``senet_frontier`` (same values, same moves), side by side
  on the same positions.
* **Hard as shipped** (stopping early on a clear choice): median and largest time
  per move, and how often it stopped at its settle depth.
* **Where the time goes**: a profile of those searches, split into the move
  generator (``SenetState.apply`` and what it calls), the evaluation (features and
  model), and the search itself.
* **Transpositions**: the share of nodes of a depth-5 search whose position (boards,
  pieces off, seat, throw) was already met in the same search: what a transposition
  table could save at most.

The browser worker's figures come from ``ai_browser.py``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from ludeum.ai import players, senet_eval  # noqa: E402
from ludeum.ai.search import Expectiminimax  # noqa: E402
from ludeum.ai.senet_frontier import frontier  # noqa: E402
from ludeum.chance import sample  # noqa: E402
from ludeum.protocol import CHANCE  # noqa: E402
from ludeum.senet import PRESETS, new_game  # noqa: E402

EVALUATION = ("senet_eval.py", "senet_score.py", "senet_frontier.py", "senet_weights.py")
GENERATOR = ("state.py", "moves.py", "kendall.py", "tait.py", "history.py", "sticks.py")


def positions(ruleset: str, count: int) -> list:
    found = []
    seed = 0
    while len(found) < count:
        source = random.Random(seed)
        state = new_game(PRESETS[ruleset], seed % 2)
        seen = []
        while (actor := state.to_act()) is not None:
            if actor == CHANCE:
                state = state.apply(sample(state.chance_outcomes(), source))
                continue
            if len(state.legal_moves()) > 1 and state.black_seat is not None:
                seen.append(state)
            state = state.apply(players.choose(state, "medium", source))
        found.extend(seen[:: max(1, len(seen) // 8)][:8])
        seed += 1
    return found[:count]


class Counting(Expectiminimax):
    """Counts nodes whose position was already searched in the same search."""

    def __init__(self, evaluate) -> None:
        super().__init__(evaluate)
        self.seen: set = set()
        self.repeats = 0

    def _value(self, state, depth, seat, alpha, beta):
        key = (state.white, state.black, state.borne_off, state.seat, state.throw_value,
               state.forced, state.waiting, state.unmoved, depth)  # fmt: skip
        if key in self.seen:
            self.repeats += 1
        self.seen.add(key)
        return super()._value(state, depth, seat, alpha, beta)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rulesets", default="jequier,jequier_ludii,kendall,tait")
    args = parser.parse_args()
    settle = players.SENET_SETTLE_DEPTH
    print("| ruleset | depth in budget (median, least) | nodes/s | depth 5: states / frontier | "
          f"Hard ms (median, max) | stopped at {settle} | "
          "time: generator / evaluation / search | repeated nodes |")  # fmt: skip
    print("| --- | --- | ---: | ---: | --- | ---: | --- | ---: |")
    for ruleset in args.rulesets.split(","):
        found = positions(ruleset, args.positions)
        depths, rates = [], []
        fast = frontier(PRESETS[ruleset])
        for state in found:
            searcher = Expectiminimax(senet_eval.senet, fast)
            began = time.perf_counter()
            searcher.search(state, 41, args.seconds, step=2)
            rates.append(searcher.nodes / (time.perf_counter() - began))
            depths.append(searcher.depth_reached)
        plain_time = fast_time = 0.0
        for state in found:  # alternately, so that load falls on both alike
            pair = (Expectiminimax(senet_eval.senet), Expectiminimax(senet_eval.senet, fast))
            for searcher in pair:
                began = time.perf_counter()
                searcher.search(state, 5, None, step=2)
                took = time.perf_counter() - began
                if searcher.frontier:
                    fast_time += took
                else:
                    plain_time += took
        times, stopped = [], 0
        profile = cProfile.Profile()
        for state in found:
            report: dict = {}
            began = time.perf_counter()
            profile.enable()
            players.choose(state, "hard", random.Random(1), seconds=args.seconds, report=report)
            profile.disable()
            times.append(1000 * (time.perf_counter() - began))
            stopped += report.get("depth") == settle
        stats = pstats.Stats(profile)
        split = {"generator": 0.0, "evaluation": 0.0, "search": 0.0}
        for (filename, _line, _name), row in stats.stats.items():
            own = row[2]  # time spent in the function itself
            if filename.endswith(EVALUATION):
                split["evaluation"] += own
            elif filename.endswith(GENERATOR) or filename == "~":
                split["generator"] += own  # builtins: mostly tuple building in apply
            else:
                split["search"] += own
        total = sum(split.values()) or 1.0
        repeats = nodes = 0
        for state in found[:10]:
            counting = Counting(senet_eval.senet)
            counting.search(state, 5, None, step=2)
            repeats += counting.repeats
            nodes += counting.nodes
        shares = " / ".join(f"{100 * v / total:.0f}%" for v in split.values())
        print(f"| {ruleset} | {statistics.median(depths):.0f}, {min(depths)} | "
              f"{statistics.median(rates):,.0f} | {plain_time / fast_time:.1f} | "
              f"{statistics.median(times):.0f}, "
              f"{max(times):.0f} | {stopped}/{len(found)} | {shares} | "
              f"{100 * repeats / max(nodes, 1):.1f}% |", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
