"""Alpha-beta or MCTS, at equal time per move (not a test: it prints figures for
docs/ai.md).

    python3 benchmarks/ai_mcts_vs_alphabeta.py [--games 100] [--seconds 0.1]
        [--games-list squadro,lodestone] [--playout-plies N] [--exploration C]
        [--max-plies 400]

For each game, MCTS (``ludeum.ai.mcts``) plays alpha-beta (``ludeum.ai.search``,
depth limit 30, so the clock is what stops it), both with the same budget per move
and the game's evaluation from ``ludeum.ai.evaluate``, a fresh searcher per move as
in the app. The seats alternate from game to game and so does the side that starts;
each game is seeded. A game still going after ``--max-plies`` plies is a draw, so the
run always ends. Prints MCTS's score against alpha-beta (draws count half) with a 95%
Wilson interval, as a Markdown table.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

# benchmarks/stats.py: Python puts the running script's folder on the path.
from stats import wilson  # noqa: E402

from ludeum.ai import evaluate  # noqa: E402
from ludeum.ai.mcts import MCTS  # noqa: E402
from ludeum.ai.search import AlphaBeta  # noqa: E402
from ludeum.lodestone import new_game as new_lodestone  # noqa: E402
from ludeum.squadro import new_game as new_squadro  # noqa: E402

# Per game: the start, the evaluation, the transposition key, and MCTS's playout
# length (the choice argued in ``ludeum.ai.mcts``; --playout-plies overrides it).
GAMES = {
    "squadro": (new_squadro, evaluate.squadro, evaluate.squadro_key, 200),
    "lodestone": (
        lambda first: new_lodestone(first_seat=first),
        evaluate.lodestone,
        evaluate.lodestone_key,
        0,
    ),
}
DEPTH_LIMIT = 30


def play(game: str, seed: int, playout_plies: int, args: argparse.Namespace):
    """One game: MCTS's score, the plies played, and per searcher its moves, seconds
    thinking and (MCTS) iterations."""
    start, score, key, _ = GAMES[game]
    source = random.Random(seed)
    mcts_seat = seed % 2
    state = start(seed // 2 % 2)
    plies = 0
    spent = {"mcts": [0, 0.0, 0], "ab": [0, 0.0, 0]}  # moves, seconds, iterations
    while state.to_act() is not None and plies < args.max_plies:
        moves = state.legal_moves()
        if len(moves) == 1:
            state, plies = state.apply(moves[0]), plies + 1  # forced: no search
            continue
        began = time.monotonic()
        if state.to_act() == mcts_seat:
            searcher, mcts = "mcts", MCTS(score, playout_plies, args.exploration)
            move, _value = mcts.search(state, args.seconds, source)
            spent["mcts"][2] += mcts.iterations
        else:
            searcher = "ab"
            move, _value = AlphaBeta(score, key).search(state, DEPTH_LIMIT, args.seconds)
        spent[searcher][0] += 1
        spent[searcher][1] += time.monotonic() - began
        state, plies = state.apply(move), plies + 1
    if state.to_act() is not None:
        return 0.5, plies, spent  # the length cap: a draw
    winner = state.outcome().winner
    return (0.5 if winner is None else float(winner == mcts_seat)), plies, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--games-list", default="squadro,lodestone")
    parser.add_argument("--playout-plies", type=int, default=None)
    parser.add_argument("--exploration", type=float, default=1.0)
    parser.add_argument("--max-plies", type=int, default=400)
    args = parser.parse_args()
    games = args.games_list.split(",")
    playouts = {g: GAMES[g][3] if args.playout_plies is None else args.playout_plies for g in games}
    print(f"{args.games} games per line, {args.seconds} s a move each; MCTS with "
          f"playout plies {playouts}, exploration={args.exploration}; "
          f"draws (and games cut at {args.max_plies} plies) count half; "
          f"95% Wilson intervals\n")  # fmt: skip
    print("| game | MCTS vs alpha-beta | 95% interval | W-D-L | plies a game "
          "| ms a move MCTS / AB | MCTS iterations a move | minutes |")  # fmt: skip
    print("| --- | ---: | --- | --- | ---: | --- | ---: | ---: |")
    for game in games:
        began = time.monotonic()
        results, plies = [], 0
        spent = {"mcts": [0, 0.0, 0], "ab": [0, 0.0, 0]}
        for seed in range(args.games):
            result, game_plies, game_spent = play(game, seed, playouts[game], args)
            results.append(result)
            plies += game_plies
            for searcher, figures in game_spent.items():
                spent[searcher] = [a + b for a, b in zip(spent[searcher], figures, strict=True)]
        total = sum(results)
        low, high = wilson(total, args.games)
        record = f"{results.count(1.0)}-{results.count(0.5)}-{results.count(0.0)}"
        ms = " / ".join(
            f"{1000 * seconds / max(moves, 1):.0f}" for moves, seconds, _ in spent.values()
        )
        mcts_moves, _seconds, iterations = spent["mcts"]
        print(f"| {game} | {total / args.games:.0%} | {low:.0%}-{high:.0%} | {record} | "
              f"{plies / args.games:.0f} | {ms} | {iterations / max(mcts_moves, 1):.0f} | "
              f"{(time.monotonic() - began) / 60:.1f} |", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
