"""Random playouts per second for Senet on CPython (not a test: it prints figures).

    python3 benchmarks/playouts.py [--games 1000] [--rounds 5] [--ruleset jequier]

Four loops play the very same seeded games (tests check that they agree):
  playout         ``ludeum.senet.playout.random_playout``, the engine's fast loop on
                  bitboards (Jéquier's readings; the others play through states);
  states          the same games through the public state API, one immutable state
                  per throw and per move (what the app, the saves and the search use);
  ... before      both as they were before issue 28, from the frozen copy of the
                  engine in ``senet_reference_engine``.
They run interleaved, round after round, so that machine noise hits all alike; each
round is timed in CPU time of this process (``time.process_time``: other programs
on the machine slow it less than wall-clock time). The script prints the best and
median round of each and the ratios of the medians, as markdown for
docs/performance.md.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from senet_reference_engine import state as reference  # noqa: E402
from senet_reference_engine.playout import random_playout as playout_before  # noqa: E402

from ludeum.chance import random_choice  # noqa: E402
from ludeum.protocol import CHANCE  # noqa: E402
from ludeum.senet import PRESETS, new_game, throw_sticks  # noqa: E402
from ludeum.senet.playout import random_playout  # noqa: E402


def through_states(start, source):
    state, actions = start, 0
    while state.to_act() is not None:
        if state.to_act() == CHANCE:
            state = state.apply(throw_sticks(source))
        else:
            state = state.apply(random_choice(state.legal_moves(), source))
        actions += 1
    return state.winner, actions


def per_second(play, start, games: int, seed: int) -> tuple[float, int]:
    source = random.Random(seed)
    actions = 0
    began = time.process_time()
    for _ in range(games):
        actions += play(start, source)[1]
    return games / (time.process_time() - began), actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ruleset", default="jequier", choices=sorted(PRESETS))
    args = parser.parse_args()
    rules = PRESETS[args.ruleset]
    loops = {
        "playout": (random_playout, new_game(rules)),
        "playout before": (playout_before, reference.new_game(rules)),
        "states": (through_states, new_game(rules)),
        "states before": (through_states, reference.new_game(rules)),
    }
    rates: dict[str, list[float]] = {name: [] for name in loops}
    actions = 0
    for round_ in range(args.rounds):
        for name, (play, start) in loops.items():
            rate, actions = per_second(play, start, args.games, seed=round_)
            rates[name].append(rate)
    print(f"Senet ({args.ruleset}) random playouts, {args.games} games x {args.rounds} rounds,")
    print(f"CPython {platform.python_version()}, {actions / args.games:.0f} actions per game")
    print()
    print("| loop | best (games/s) | median (games/s) |")
    print("| --- | ---: | ---: |")
    for name, values in rates.items():
        print(f"| {name} | {max(values):,.0f} | {statistics.median(values):,.0f} |")
    median = {name: statistics.median(values) for name, values in rates.items()}
    for label, now, before in (
        ("playout: now / before", "playout", "playout before"),
        ("states: now / before", "states", "states before"),
        ("playout / states, now", "playout", "states"),
    ):
        print(f"| {label} (medians) | {median[now] / median[before]:.2f}x | |")


if __name__ == "__main__":
    main()
