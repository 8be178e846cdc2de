"""The computer players and their levels.

Easy plays a random legal move half the time (so a novice can beat it) and a
one-ply best move otherwise; Medium searches a few plies; Hard searches deeper, or
as deep as its time budget allows (alpha-beta with iterative deepening).
"""

from __future__ import annotations

import random
from typing import Any

from ..chance import random_choice
from . import evaluate
from .search import AlphaBeta, best_move_expecti

LEVELS = ("easy", "medium", "hard")
#: Plies of expectiminimax for Senet (a throw and a move are a ply each).
SENET_DEPTH = {"easy": 1, "medium": 2, "hard": 4}
#: Alpha-beta depth limit and time budget (seconds) for Squadro and Lodestone.
DETERMINISTIC = {"easy": (1, None), "medium": (3, None), "hard": (12, 1.0)}


def choose(state: Any, level: str, source: random.Random) -> Any:
    """The computer's action for the seat to act (a move; throws are chance)."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if level == "easy" and source.random() < 0.5:
        return random_choice(moves, source)
    game = type(state).__name__
    if game == "SenetState":
        move, _value = best_move_expecti(state, SENET_DEPTH[level], evaluate.senet)
        return move
    depth, seconds = DETERMINISTIC[level]
    if game == "SquadroState":
        searcher = AlphaBeta(evaluate.squadro, evaluate.squadro_key)
    else:
        searcher = AlphaBeta(evaluate.lodestone, evaluate.lodestone_key)
    move, _value = searcher.search(state, depth, seconds)
    return move


def senet_hint(state: Any, depth: int = 4) -> tuple[Any, float]:
    """The move the engine would play and the mover's estimated winning chance."""
    move, value = best_move_expecti(state, depth, evaluate.senet)
    return move, (value + 1) / 2
