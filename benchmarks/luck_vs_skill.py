"""How much does skill matter in Senet? A study under every ruleset (a CLI, not a test).

    python3 benchmarks/luck_vs_skill.py [--games 200] [--self-play-games 400]
                                        [--rulesets all] [--jobs 2] [--write]
                                        [--hard-depth 3 | --hard-seconds 1]
                                        [--keep-self-play]

The rules pages' figures (issue 28), today's Hard within about 15 minutes of CPU:

    python3 benchmarks/luck_vs_skill.py --games 200 --hard-depth 3 --keep-self-play \
        --jobs 2 --write

For each ruleset it plays the computer against itself (Medium against Medium: cheap
enough for many games, which the first player's edge needs) and the Hard computer
against a player that moves at random, and prints:

* the average number of throws in a game (self-play),
* the first player's advantage: how often the seat that throws first wins in
  self-play, less one half (the opening decides colours by throwing, so "first" is
  the seat that throws first), with its 95% interval,
* how often the stronger player wins: Hard against random, each side starting half
  the time, with a 95% Wilson interval.

Hard's budget: by default the app's, 1 s a move on the clock, far too slow for
thousands of games (and its depth then depends on the machine's load). ``--hard-depth
N`` searches N plies (odd: the leaves come just after a move) with the app's learned
evaluation and no clock, so a run is reproducible; ``--hard-seconds S`` keeps the
clock with S a move. ``--keep-self-play`` keeps the stored self-play figures (Medium
against Medium, which the learned evaluation did not change) and measures only Hard.

A game of pure luck would let the random player win half the time; the further
above one half Hard's rate, the more the ruleset rewards skill. ``--write`` stores
the table in ``src/ludeum/senet/skill_study.py``, which the rules pages show,
keeping the rows of rulesets this run did not measure.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import pprint
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from stats import wilson  # noqa: E402

from ludeum.ai import arena, players  # noqa: E402
from ludeum.senet import PRESETS, new_game  # noqa: E402

TABLE = ROOT / "src" / "ludeum" / "senet" / "skill_study.py"
HARD = arena.level_player("hard")
HARD_BUDGET = "1 s a move"  # what the table says of the Hard it measured
MEDIUM = arena.level_player("medium")


def hard_player(depth: int | None, seconds: float | None) -> arena.Player:
    """Today's Hard (its learned evaluation and search) within a budget: ``depth``
    plies and no clock, or ``seconds`` a move on the clock (the app's: 1)."""
    if depth is None:
        return arena.level_player("hard", seconds)
    level = dataclasses.replace(players.LEVELS["hard"], senet_depth=depth, seconds=None)

    def choose(state, source):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return players._search(state, level, None, source)[0]  # noqa: SLF001

    return choose


def self_play(job) -> tuple[int | None, int]:
    ruleset, seed = job
    result = arena.play(new_game(PRESETS[ruleset], seed % 2), (MEDIUM, MEDIUM), random.Random(seed))
    first = seed % 2
    return (None if result.winner is None else int(result.winner == first)), result.throws


def against_random(job) -> float:
    ruleset, seed = job
    seat = seed % 2
    players = (HARD, arena.random_player) if seat == 0 else (arena.random_player, HARD)
    start = new_game(PRESETS[ruleset], seed // 2 % 2)
    result = arena.play(start, players, random.Random(10_000 + seed))
    return 0.5 if result.winner is None else float(result.winner == seat)


def study(pool, ruleset: str, games: int, self_play_games: int, kept: dict | None) -> dict:
    """A ruleset's row; ``kept``: its stored row, whose self-play figures are kept."""
    mapper = pool.map if pool else lambda f, xs: list(map(f, xs))
    if kept is not None:
        row = {key: kept[key] for key in ("self_play_games", "throws", "first_player_edge",
                                          "first_player_edge_interval")}  # fmt: skip
    else:
        selfs = mapper(self_play, [(ruleset, seed) for seed in range(self_play_games)])
        first_wins = sum(0.5 if won is None else won for won, _throws in selfs)
        first_low, first_high = wilson(first_wins, self_play_games)
        row = {
            "self_play_games": self_play_games,
            "throws": round(sum(throws for _won, throws in selfs) / self_play_games, 1),
            "first_player_edge": round(first_wins / self_play_games - 0.5, 3),
            "first_player_edge_interval": (round(first_low - 0.5, 3),
                                           round(first_high - 0.5, 3)),
        }  # fmt: skip
    strong = sum(mapper(against_random, [(ruleset, seed) for seed in range(games)]))
    low, high = wilson(strong, games)
    return {
        **row,
        "games": games,
        "stronger_wins": round(strong / games, 3),
        "stronger_wins_interval": (round(low, 3), round(high, 3)),
        "hard": HARD_BUDGET,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--self-play-games", type=int, default=400)
    parser.add_argument("--rulesets", default="all")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--write", action="store_true", help=f"store the table in {TABLE.name}")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--hard-depth", type=int,
                        help="Hard searches this many plies, no clock (odd; e.g. 3)")  # fmt: skip
    budget.add_argument("--hard-seconds", type=float,
                        help="Hard's time a move (default: the app's, 1 s)")  # fmt: skip
    parser.add_argument("--keep-self-play", action="store_true",
                        help="keep the stored self-play figures; measure only Hard")  # fmt: skip
    args = parser.parse_args()
    global HARD, HARD_BUDGET
    HARD = hard_player(args.hard_depth, args.hard_seconds)  # before the pool forks
    if args.hard_depth is not None:
        HARD_BUDGET = f"{args.hard_depth} plies"
    elif args.hard_seconds is not None:
        HARD_BUDGET = f"{args.hard_seconds:g} s a move"
    stored = {}
    if args.keep_self_play:
        from ludeum.senet.skill_study import RESULTS as stored
    names = list(PRESETS) if args.rulesets == "all" else args.rulesets.split(",")
    pool = Pool(args.jobs) if args.jobs > 1 else None
    began = time.process_time()
    self_play_said = ("stored" if args.keep_self_play
                      else f"Medium against Medium, {args.self_play_games} games")  # fmt: skip
    print(f"Self-play: {self_play_said}; Hard ({HARD_BUDGET}) against random: "
          f"{args.games} games; 95% intervals\n")  # fmt: skip
    print("| ruleset | throws a game | first player's edge | Hard beats random |")
    print("| --- | ---: | --- | --- |")
    table = {}
    for name in names:
        kept = stored.get(name) if args.keep_self_play else None
        if args.keep_self_play and kept is None:
            raise SystemExit(f"{name}: no stored self-play figures to keep")
        row = table[name] = study(pool, name, args.games, args.self_play_games, kept)
        low, high = row["stronger_wins_interval"]
        edge_low, edge_high = row["first_player_edge_interval"]
        print(f"| {name} | {row['throws']} | {row['first_player_edge']:+.1%} "
              f"({edge_low:+.1%} to {edge_high:+.1%}) | "
              f"{row['stronger_wins']:.1%} ({low:.1%}-{high:.1%}) |", flush=True)  # fmt: skip
    if pool is not None:
        pool.close()
        pool.join()  # the jobs' CPU is counted once they are waited for
    children = sum(getattr(os.times(), key) for key in ("children_user", "children_system"))
    print(f"\nCPU: {time.process_time() - began + children:,.0f} s (this process and its jobs)")
    if args.write:
        # Rows measured before (other rulesets) are kept: a run may cover some rulesets.
        if TABLE.exists():
            from ludeum.senet.skill_study import RESULTS

            table = {**RESULTS, **table}
        table = {name: table[name] for name in PRESETS if name in table}
        TABLE.write_text(
            '"""Measured by benchmarks/luck_vs_skill.py (do not edit by hand): per Senet\n'
            'ruleset, the computer against itself (Medium) and Hard against random play."""\n\n'
            f"RESULTS = {pprint.pformat(table, width=96, sort_dicts=False)}\n",
            encoding="utf-8",
        )
        print(f"\nwritten to {TABLE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
