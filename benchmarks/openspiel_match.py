"""Ludeum's Hard against OpenSpiel's MCTS at equal time (issue 54; a study, not a test).

    .venv/bin/python benchmarks/openspiel_match.py [--games 20] [--simulations 100]
                                                   [--game senet,squadro,lodestone]

Through ``ludeum.adapters.openspiel_game``: OpenSpiel's ``MCTSBot`` (UCT, c = 2, random
rollouts to the end of the game, ``--simulations`` a move) against Ludeum's Hard
(``ludeum.ai.players.choose``, on its clock), each on either seat half the games,
Senet's throws from a seeded source. Equal time: the MCTS side plays first for a
few moves to measure its seconds a move; in each game Hard then gets as long as
MCTS's last decision took (``choose(..., seconds=...)``, which Hard keeps to the
millisecond), so both spend about the same on a decision, as the last column shows
(Hard's forced moves take no time and count in its mean). Prints per
game: Hard's wins, losses and draws with a Wilson 95% interval on its score, and
each side's mean seconds a decision.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402
from stats import wilson  # noqa: E402

import ludeum.adapters.openspiel_game  # noqa: E402, F401  (registers the games)
from ludeum.adapters.encoding import ENCODINGS  # noqa: E402
from ludeum.ai.players import choose  # noqa: E402


def mcts_bot(game, simulations: int, seed: int):
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    return mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator,
                        random_state=rng, solve=True)  # fmt: skip


def calibrate(game, simulations: int) -> float:
    """MCTS's seconds a decision over the first decisions of a seeded game."""
    bot = mcts_bot(game, simulations, 0)
    state, source, spent = game.new_initial_state(), random.Random(0), []
    while not state.is_terminal() and len(spent) < 8:
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(source.choices(actions, weights)[0])
            continue
        began = time.perf_counter()
        state.apply_action(bot.step(state))
        spent.append(time.perf_counter() - began)
    return statistics.mean(spent)


def one_game(game, name: str, simulations: int, seconds: float, seed: int):
    """(Hard's score 1 / 0.5 / 0, Hard's seconds, MCTS's seconds) of one game. Hard
    gets as long as MCTS's last decision took (``seconds`` before MCTS's first)."""
    hard_seat = seed % 2
    bot = mcts_bot(game, simulations, seed)
    encoding = ENCODINGS[name]
    source = random.Random(seed)
    state = game.new_initial_state()
    spent = {0: [], 1: []}
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(source.choices(actions, weights)[0])
            continue
        player = state.current_player()
        began = time.perf_counter()
        if player == hard_seat:
            # As long as MCTS's last decision: its decisions quicken as the game
            # shortens its rollouts, so a mean over the game would favour Hard.
            budget = spent[1 - hard_seat][-1] if spent[1 - hard_seat] else seconds
            move = choose(state.engine_state(), "hard", source, budget)
            state.apply_action(encoding.index(move))
        else:
            state.apply_action(bot.step(state))
        spent[player].append(time.perf_counter() - began)
    returns = state.returns()
    score = 0.5 if returns[0] == returns[1] else float(returns[hard_seat] > 0)
    return score, statistics.mean(spent[hard_seat]), statistics.mean(spent[1 - hard_seat])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--game", default="senet,squadro,lodestone")
    args = parser.parse_args()
    print("| game | games | Hard won | drawn | lost | Hard's score (95%) "
          "| s a decision: Hard / MCTS |")  # fmt: skip
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in args.game.split(","):
        game = pyspiel.load_game(f"python_ludeum_{name}")
        seconds = calibrate(game, args.simulations)
        results = [one_game(game, name, args.simulations, seconds, seed)
                   for seed in range(args.games)]  # fmt: skip
        scores = [r[0] for r in results]
        won, drawn = scores.count(1.0), scores.count(0.5)
        low, high = wilson(sum(scores), len(scores))
        hard_s = statistics.mean(r[1] for r in results)
        mcts_s = statistics.mean(r[2] for r in results)
        print(f"| {name} | {len(scores)} | {won} | {drawn} | {len(scores) - won - drawn} "
              f"| {sum(scores) / len(scores):.0%} ({low:.0%}-{high:.0%}) "
              f"| {hard_s:.3f} / {mcts_s:.3f} |", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
