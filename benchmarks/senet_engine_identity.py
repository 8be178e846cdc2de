"""The faster Senet engine plays the very same games as before (not a test: it
prints figures; ``tests/senet/test_engine_identity.py`` checks fewer games).

    python3 benchmarks/senet_engine_identity.py [--games 10000]
        [--presets jequier,jequier_ludii,kendall,tait]

For each reading, seeded random games are played twice, through the engine's state
API and through the frozen copy of the engine before issue 28
(``senet_reference_engine``): from the same start, with the same seed, both must give
the same state after every action (boards, pieces borne off, seat, throw, legal-move
list, unmoved pieces, effects, winner, throw count, Kendall's flags) and the same
actions; then both engines' ``random_playout`` must give the same result (winner,
actions) for the same seed. Prints games, states compared and time per reading.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from senet_reference_engine import state as reference  # noqa: E402
from senet_reference_engine.playout import random_playout as reference_playout  # noqa: E402

from ludeum.chance import random_choice  # noqa: E402
from ludeum.senet import PRESETS, new_game, throw_sticks  # noqa: E402
from ludeum.senet.playout import random_playout  # noqa: E402

#: The fields compared: all but ``history`` (compared as the action list at the end)
#: and ``origin`` (the start, compared first).
SKIPPED = ("history", "origin")
FIELDS = [i for i, name in enumerate(reference.SenetState._fields) if name not in SKIPPED]


def fields(state) -> tuple:
    return tuple(state[i] for i in FIELDS)


def same_game(rules, seed: int) -> int:
    """Play seed ``seed`` on both engines in step; returns the states compared."""
    old_source, new_source = random.Random(seed), random.Random(seed)
    old, new = reference.new_game(rules, seed % 2), new_game(rules, seed % 2)
    compared = 1
    if fields(old) != fields(new):
        raise AssertionError(f"seed {seed}: the starts differ")
    while old.winner is None:
        if old.throw is None:
            old, new = old.apply(throw_sticks(old_source)), new.apply(throw_sticks(new_source))
        else:
            old = old.apply(random_choice(old.moves, old_source))
            new = new.apply(random_choice(new.moves, new_source))
        compared += 1
        if fields(old) != fields(new):
            raise AssertionError(f"seed {seed}, action {compared - 1}: {old} != {new}")
    if new.winner is None or old.actions() != new.actions():
        raise AssertionError(f"seed {seed}: the games differ")
    start = new_game(rules, seed % 2)
    expected = reference_playout(reference.new_game(rules, seed % 2), random.Random(seed))
    if random_playout(start, random.Random(seed)) != expected:
        raise AssertionError(f"seed {seed}: random_playout differs")
    return compared


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--presets", default="jequier,jequier_ludii,kendall,tait")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    print("| reading | games (seeds) | states compared | identical | time |")
    print("| --- | ---: | ---: | --- | ---: |")
    for preset in args.presets.split(","):
        began = time.perf_counter()
        seeds = range(args.first_seed, args.first_seed + args.games)
        compared = sum(same_game(PRESETS[preset], seed) for seed in seeds)
        took = time.perf_counter() - began
        print(f"| {preset} | {args.games:,} ({seeds.start}-{seeds.stop - 1}) | {compared:,} | "
              f"yes | {took:.0f} s |", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
