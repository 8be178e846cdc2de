"""Share-link lengths (not a test: it prints figures for docs/performance.md).

    python3 benchmarks/link_lengths.py [--games 1000]

For each game, and for Senet each reading (preset), plays ``--games`` seeded random
games to their end (throws as real sticks, moves uniformly at random, the first seat
alternating) and writes each as a share link (``ludeum.records.link``). A length is
the whole query of the link, ``?record=<code>``: what the link adds to the app's
address. The table gives the median game's ("typical") and the longest game's query
length, with the number of actions of each, as markdown.

Random games are longer than games people play (nobody aims), so these are upper
figures for a game of the same number of actions: each throw costs 4 bits (which
of the 16 ways the sticks fell), each move log2 of the number of moves open.
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

from ludeum.chance import random_choice, sample  # noqa: E402
from ludeum.lodestone import new_game as new_lodestone  # noqa: E402
from ludeum.protocol import CHANCE  # noqa: E402
from ludeum.records.link import encode  # noqa: E402
from ludeum.senet import PRESETS, throw_sticks  # noqa: E402
from ludeum.senet import new_game as new_senet  # noqa: E402
from ludeum.squadro import new_game as new_squadro  # noqa: E402

QUERY = "?record="


def random_game(start, source: random.Random):
    state = start
    while state.to_act() is not None:
        if state.to_act() == CHANCE:
            senet = hasattr(state, "throw")
            action = throw_sticks(source) if senet else sample(state.chance_outcomes(), source)
        else:
            action = random_choice(state.legal_moves(), source)
        state = state.apply(action)
    return state


def measure(name: str, new_game, games: int) -> tuple:
    lengths = []
    for seed in range(games):
        state = random_game(new_game(seed % 2), random.Random(seed))
        lengths.append((len(QUERY) + len(encode(state)), len(state.actions())))
    lengths.sort()
    typical = lengths[len(lengths) // 2]
    longest = lengths[-1]
    mean = statistics.fmean(n for n, _a in lengths)
    return name, typical, longest, mean


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--only", help="measure only the rows whose name contains this")
    args = parser.parse_args()
    rows = [("Squadro", lambda seat: new_squadro(seat)),
            ("Lodestone", lambda seat: new_lodestone(first_seat=seat))]  # fmt: skip
    rows += [(f"Senet, {name}", lambda seat, r=rules: new_senet(r, seat))
             for name, rules in PRESETS.items()]  # fmt: skip
    began = time.perf_counter()
    print(f"{args.games} random games per row; Python {platform.python_version()}")
    print()
    print("| game | typical query (actions) | longest query (actions) | mean query |")
    print("| --- | ---: | ---: | ---: |")
    for name, new_game in rows:
        if args.only and args.only not in name:
            continue
        name, (typical, t_actions), (longest, l_actions), mean = measure(name, new_game, args.games)
        print(f"| {name} | {typical} ({t_actions}) | {longest} ({l_actions}) | {mean:.0f} |",
              flush=True)  # fmt: skip
    print(f"\n{time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
