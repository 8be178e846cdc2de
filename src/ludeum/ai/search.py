"""Game-tree search over the protocol of ``ludeum.protocol``.

``evaluate(state, seat)`` scores a position from a seat's point of view in [-1, 1];
finished games score exactly -1, 0 or 1. Chance nodes (``to_act() == CHANCE``) take
the probability-weighted mean of their outcomes (expectiminimax); decision nodes take
the best for the seat to act, which may act several times in a row (Senet's extra
throws), so the search keeps track of whose turn it is rather than alternating.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..protocol import CHANCE

Evaluate = Callable[[Any, int], float]
WIN = 1.0


def terminal_value(state: Any, seat: int) -> float:
    outcome = state.outcome()
    if outcome.winner is None:
        return 0.0
    return WIN if outcome.winner == seat else -WIN


def expectiminimax(state: Any, depth: int, seat: int, evaluate: Evaluate) -> float:
    """The value of ``state`` for ``seat``, looking ``depth`` plies ahead (a throw and
    a move are a ply each)."""
    actor = state.to_act()
    if actor is None:
        return terminal_value(state, seat)
    if depth == 0:
        return evaluate(state, seat)
    if actor == CHANCE:
        return sum(
            probability * expectiminimax(state.apply(outcome), depth - 1, seat, evaluate)
            for outcome, probability in state.chance_outcomes()
        )
    values = [
        expectiminimax(state.apply(move), depth - 1, seat, evaluate) for move in state.legal_moves()
    ]
    return max(values) if actor == seat else min(values)


def best_move_expecti(state: Any, depth: int, evaluate: Evaluate) -> tuple[Any, float]:
    """The move the seat to act should play, and its expected value (for Senet's
    hint: a value v means a winning chance of about (v + 1) / 2)."""
    seat = state.to_act()
    scored = [
        (expectiminimax(state.apply(move), depth - 1, seat, evaluate), index, move)
        for index, move in enumerate(state.legal_moves())
    ]
    value, _index, move = max(scored, key=lambda item: (item[0], -item[1]))
    return move, value


class AlphaBeta:
    """Alpha-beta over alternating two-player games without chance, with iterative
    deepening under a time budget, the previous iteration's best move searched first,
    and a transposition table keyed by ``key(state)``."""

    def __init__(self, evaluate: Evaluate, key: Callable[[Any], Any]) -> None:
        self.evaluate = evaluate
        self.key = key
        self.table: dict[Any, tuple[int, float, int, Any]] = {}  # key -> depth, value, flag, move
        self.deadline = float("inf")
        self.nodes = 0

    def search(self, state: Any, max_depth: int, seconds: float | None = None) -> tuple[Any, float]:
        self.deadline = time.monotonic() + seconds if seconds else float("inf")
        seat = state.to_act()
        best = (state.legal_moves()[0], 0.0)
        for depth in range(1, max_depth + 1):
            try:
                value, move = self._negamax(state, depth, -2.0, 2.0, seat)
            except TimeoutError:
                break
            best = (move, value)
            if abs(value) >= WIN:
                break  # a forced win or loss: deeper search cannot change it
        return best

    def _negamax(self, state: Any, depth: int, alpha: float, beta: float, seat: int):
        self.nodes += 1
        if self.nodes & 1023 == 0 and time.monotonic() > self.deadline:
            raise TimeoutError
        actor = state.to_act()
        if actor is None:
            return terminal_value(state, seat), None
        if depth == 0:
            return self.evaluate(state, seat), None
        key = self.key(state)
        entry = self.table.get(key)
        first = None
        if entry is not None:
            stored_depth, value, flag, first = entry
            if stored_depth >= depth:
                if flag == 0 or (flag > 0 and value >= beta) or (flag < 0 and value <= alpha):
                    return value, first
        moves = list(state.legal_moves())
        if first in moves:  # the best move found before is tried first
            moves.remove(first)
            moves.insert(0, first)
        best_value, best_move, start_alpha = -2.0, moves[0], alpha
        for move in moves:
            child = state.apply(move)
            child_seat = child.to_act()
            if child_seat is None or child_seat == seat:
                value, _ = self._negamax(child, depth - 1, alpha, beta, seat)
            else:
                value, _ = self._negamax(child, depth - 1, -beta, -alpha, child_seat)
                value = -value
            if value > best_value:
                best_value, best_move = value, move
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        flag = 0 if start_alpha < best_value < beta else (1 if best_value >= beta else -1)
        self.table[key] = (depth, best_value, flag, best_move)
        return best_value, best_move
