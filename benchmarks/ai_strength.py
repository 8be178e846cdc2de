"""Strength of the computer levels (not a test: it prints figures for docs/ai.md).

    python3 benchmarks/ai_strength.py [--games 200] [--levels easy,medium]
                                      [--games-list senet,squadro,lodestone]

Each level plays against a random player and against a one-ply greedy player (the
best move by the evaluation alone), alternating who starts, seeded. Prints win rates
with 95% Wilson intervals and the mean time per move on CPython.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from ludeum.ai import evaluate  # noqa: E402
from ludeum.ai.players import choose  # noqa: E402
from ludeum.chance import random_choice  # noqa: E402
from ludeum.lodestone import new_game as new_lodestone  # noqa: E402
from ludeum.protocol import CHANCE  # noqa: E402
from ludeum.senet import new_game as new_senet  # noqa: E402
from ludeum.senet import throw_sticks  # noqa: E402
from ludeum.squadro import new_game as new_squadro  # noqa: E402

GAMES = {
    "senet": (lambda first: new_senet(first_seat=first), evaluate.senet),
    "squadro": (lambda first: new_squadro(first), evaluate.squadro),
    "lodestone": (lambda first: new_lodestone(first_seat=first), evaluate.lodestone),
}


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def greedy(state, score, source):
    seat = state.to_act()
    moves = state.legal_moves()
    values = [score(state.apply(move), seat) for move in moves]
    best = max(values)
    return random_choice([m for m, v in zip(moves, values, strict=True) if v == best], source)


def play(game: str, level: str, opponent: str, seed: int) -> tuple[float, float, int]:
    """One game: returns (score for the level's seat, seconds thinking, its moves)."""
    start, score = GAMES[game]
    source = random.Random(seed)
    ai_seat = seed % 2
    state = start(seed // 2 % 2)
    thinking, moves = 0.0, 0
    while state.to_act() is not None:
        actor = state.to_act()
        if actor == CHANCE:
            state = state.apply(throw_sticks(source))
        elif actor == ai_seat:
            began = time.perf_counter()
            state = state.apply(choose(state, level, source))
            thinking += time.perf_counter() - began
            moves += 1
        elif opponent == "random":
            state = state.apply(random_choice(state.legal_moves(), source))
        else:
            state = state.apply(greedy(state, score, source))
    winner = state.outcome().winner
    result = 0.5 if winner is None else float(winner == ai_seat)
    return result, thinking, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--games-list", default="senet,squadro,lodestone")
    args = parser.parse_args()
    print(f"{args.games} games per line; draws count half; 95% Wilson intervals\n")
    print("| game | level | opponent | win rate | 95% interval | ms per move |")
    print("| --- | --- | --- | ---: | --- | ---: |")
    for game in args.games_list.split(","):
        for level in args.levels.split(","):
            for opponent in ("random", "greedy"):
                total, thinking, moves = 0.0, 0.0, 0
                for seed in range(args.games):
                    result, seconds, count = play(game, level, opponent, seed)
                    total, thinking, moves = total + result, thinking + seconds, moves + count
                low, high = wilson(total, args.games)
                per_move = 1000 * thinking / max(moves, 1)
                print(f"| {game} | {level} | {opponent} | {total / args.games:.0%} | "
                      f"{low:.0%}-{high:.0%} | {per_move:.1f} |", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
