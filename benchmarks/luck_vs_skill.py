"""How much does skill matter in Senet? A study under every ruleset (a CLI, not a test).

    python3 benchmarks/luck_vs_skill.py [--games 200] [--rulesets all] [--jobs 2]
                                        [--write]

For each ruleset it plays the Hard computer against itself and against a player
that moves at random, and prints:

* the average number of throws in a game (self-play),
* the first player's advantage: how often the seat that throws first wins in
  self-play, less one half (the opening decides colours by throwing, so "first" is
  the seat that throws first),
* how often the stronger player wins: Hard against random, each side starting half
  the time, with a 95% Wilson interval.

A game of pure luck would let the random player win half the time; the further
above one half Hard's rate, the more the ruleset rewards skill. ``--write`` stores
the table in ``src/ludeum/senet/skill_study.py``, which the rules pages show.
"""

from __future__ import annotations

import argparse
import pprint
import random
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from stats import wilson  # noqa: E402

from ludeum.ai import arena  # noqa: E402
from ludeum.senet import PRESETS, new_game  # noqa: E402

TABLE = ROOT / "src" / "ludeum" / "senet" / "skill_study.py"
HARD = arena.level_player("hard")


def self_play(job) -> tuple[int | None, int]:
    ruleset, seed = job
    result = arena.play(new_game(PRESETS[ruleset], seed % 2), (HARD, HARD), random.Random(seed))
    first = seed % 2
    return (None if result.winner is None else int(result.winner == first)), result.throws


def against_random(job) -> float:
    ruleset, seed = job
    seat = seed % 2
    players = (HARD, arena.random_player) if seat == 0 else (arena.random_player, HARD)
    start = new_game(PRESETS[ruleset], seed // 2 % 2)
    result = arena.play(start, players, random.Random(10_000 + seed))
    return 0.5 if result.winner is None else float(result.winner == seat)


def study(pool, ruleset: str, games: int) -> dict:
    jobs = [(ruleset, seed) for seed in range(games)]
    mapper = pool.map if pool else lambda f, xs: list(map(f, xs))
    selfs = mapper(self_play, jobs)
    first_wins = sum(0.5 if won is None else won for won, _throws in selfs)
    strong = sum(mapper(against_random, jobs))
    low, high = wilson(strong, games)
    return {
        "games": games,
        "throws": round(sum(throws for _won, throws in selfs) / games, 1),
        "first_player_edge": round(first_wins / games - 0.5, 3),
        "stronger_wins": round(strong / games, 3),
        "stronger_wins_interval": (round(low, 3), round(high, 3)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rulesets", default="all")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--write", action="store_true", help=f"store the table in {TABLE.name}")
    args = parser.parse_args()
    names = list(PRESETS) if args.rulesets == "all" else args.rulesets.split(",")
    pool = Pool(args.jobs) if args.jobs > 1 else None
    print("| ruleset | games | throws a game | first player's edge | Hard beats random |")
    print("| --- | ---: | ---: | ---: | --- |")
    table = {}
    for name in names:
        row = table[name] = study(pool, name, args.games)
        low, high = row["stronger_wins_interval"]
        print(f"| {name} | {row['games']} | {row['throws']} | {row['first_player_edge']:+.1%} | "
              f"{row['stronger_wins']:.1%} ({low:.1%}-{high:.1%}) |", flush=True)  # fmt: skip
    if args.write:
        TABLE.write_text(
            '"""Measured by benchmarks/luck_vs_skill.py (do not edit by hand): per Senet\n'
            "ruleset, the Hard computer against itself and against random play.\"\"\"\n\n"
            f"RESULTS = {pprint.pformat(table, width=96, sort_dicts=False)}\n",
            encoding="utf-8",
        )
        print(f"\nwritten to {TABLE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
