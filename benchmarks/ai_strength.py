"""Strength of the computer levels (not a test: it prints figures for docs/ai.md).

    python3 benchmarks/ai_strength.py [--games 200] [--levels easy,medium,hard]
        [--games-list senet,squadro,lodestone] [--rulesets jequier,tait,...]
        [--opponents random,greedy,medium] [--hard-seconds 0.2] [--jobs 2]

Each level plays against a random player, a one-ply greedy player (the best move by
the evaluation alone) and, for Hard, the Medium level; who starts alternates and
every game is seeded. For Senet, Hard can also meet ``reference`` (the Hard player of
before issue 15, ``senet_reference.py``) and ``depth3`` (expectiminimax of depth 3
with that player's hand-made evaluation). Prints win rates with 95% Wilson intervals
and the mean time per move on CPython. ``--hard-seconds`` shortens Hard's time
budget so that 200-game lines fit in a session; Hard's strength in the app (1 s a
move) is at least that.
"""

from __future__ import annotations

import argparse
import random
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

# benchmarks/stats.py: Python puts the running script's folder on the path.
from senet_reference import depth_three, reference_hard  # noqa: E402
from stats import wilson  # noqa: E402

from ludeum.ai import arena, evaluate  # noqa: E402
from ludeum.lodestone import new_game as new_lodestone  # noqa: E402
from ludeum.senet import PRESETS  # noqa: E402
from ludeum.senet import new_game as new_senet  # noqa: E402
from ludeum.squadro import new_game as new_squadro  # noqa: E402

GREEDY_SCORE = {"senet": evaluate.senet_race, "squadro": evaluate.squadro,
                "lodestone": evaluate.lodestone}  # fmt: skip


def start(game: str, ruleset: str, first: int):
    if game == "senet":
        return new_senet(PRESETS[ruleset], first)
    return new_squadro(first) if game == "squadro" else new_lodestone(first_seat=first)


def opponent_player(game: str, opponent: str, hard_seconds):
    if opponent == "random":
        return arena.random_player
    if opponent == "greedy":
        return arena.greedy_player(GREEDY_SCORE[game])
    if opponent == "reference":
        return reference_hard
    if opponent == "depth3":
        return depth_three
    return arena.level_player(opponent, hard_seconds if opponent == "hard" else None)


def one_game(job) -> tuple[float, float, int]:
    """(score of the level's seat, its seconds thinking, its moves) for one seed."""
    game, ruleset, level, opponent, seed, hard_seconds = job
    me = arena.level_player(level, hard_seconds if level == "hard" else None)
    other = opponent_player(game, opponent, hard_seconds)
    seat = seed % 2
    players = (me, other) if seat == 0 else (other, me)
    result = arena.play(start(game, ruleset, seed // 2 % 2), players, random.Random(seed))
    score = 0.5 if result.winner is None else float(result.winner == seat)
    return score, result.thinking[seat], result.decisions[seat]


def line(pool, game, ruleset, level, opponent, games, hard_seconds) -> str:
    jobs = [(game, ruleset, level, opponent, seed, hard_seconds) for seed in range(games)]
    results = pool.map(one_game, jobs) if pool else list(map(one_game, jobs))
    total = sum(r[0] for r in results)
    thinking, moves = sum(r[1] for r in results), sum(r[2] for r in results)
    low, high = wilson(total, games)
    name = f"senet ({ruleset})" if game == "senet" else game
    return (f"| {name} | {level} | {opponent} | {games} | {total / games:.1%} | "
            f"{low:.1%}-{high:.1%} | {1000 * thinking / max(moves, 1):.1f} |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--games-list", default="senet,squadro,lodestone")
    parser.add_argument("--rulesets", default="jequier", help="Senet presets, or 'all'")
    parser.add_argument(
        "--opponents", default="random,greedy,medium", help="also reference, depth3 (Senet)"
    )
    parser.add_argument("--hard-seconds", type=float, default=None)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    rulesets = list(PRESETS) if args.rulesets == "all" else args.rulesets.split(",")
    budget = "the level's own" if args.hard_seconds is None else f"{args.hard_seconds} s"
    print(f"Draws count half; 95% Wilson intervals; Hard's time budget: {budget}\n")
    print("| game | level | opponent | games | win rate | 95% interval | ms per move |")
    print("| --- | --- | --- | ---: | ---: | --- | ---: |")
    pool = Pool(args.jobs) if args.jobs > 1 else None
    for game in args.games_list.split(","):
        for ruleset in rulesets if game == "senet" else [""]:
            for level in args.levels.split(","):
                for opponent in args.opponents.split(","):
                    if opponent == level or (
                        opponent in ("medium", "reference", "depth3") and level != "hard"
                    ):
                        continue  # only Hard plays Medium and the old players
                    if opponent in ("reference", "depth3") and game != "senet":
                        continue
                    print(line(pool, game, ruleset, level, opponent, args.games,
                               args.hard_seconds), flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
