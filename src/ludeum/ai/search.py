"""Game-tree search over the protocol of ``ludeum.protocol``.

``evaluate(state, seat)`` scores a position from a seat's point of view in [-1, 1];
finished games score exactly -1, 0 or 1.

``Expectiminimax`` is for games with chance (Senet's throws): chance nodes
(``to_act() == CHANCE``) take the probability-weighted mean of their outcomes, and
decision nodes the best for the seat to act. That seat may act several times in a
row (Senet's extra throws), so the search keeps track of whose turn it is rather
than alternating. Decision nodes prune by alpha-beta and chance nodes by Ballard's
Star1: since every value lies in [-1, 1], a chance node can stop as soon as the
outcomes seen so far bound its mean outside the window.

``AlphaBeta`` is for games without chance (Squadro, Lodestone): negamax with
alpha-beta, iterative deepening under a time budget, the previous iteration's best
move searched first, and a transposition table.

Both deepen one ply at a time until the depth limit or the time budget, and keep
the best move of the last depth they finished.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..protocol import CHANCE

Evaluate = Callable[[Any, int], float]
#: ``frontier(state, seat, depth, alpha, beta)``: the value of a chance node ``depth``
#: (1 or 2) plies from the horizon, as the search would find it, computed by the game
#: in bulk; or None to search it.
Frontier = Callable[[Any, int, int, float, float], float | None]
WIN = 1.0
#: How many nodes pass between two looks at the clock (a node with a frontier below
#: it can stand for a hundred positions: look often, a look costs little).
CLOCK_EVERY = 31


def terminal_value(state: Any, seat: int) -> float:
    outcome = state.outcome()
    if outcome.winner is None:
        return 0.0
    return WIN if outcome.winner == seat else -WIN


class OutOfTime(Exception):
    """The time budget ran out in the middle of a depth."""


class Expectiminimax:
    """Expectiminimax with alpha-beta and Star1 pruning, for games with chance."""

    def __init__(self, evaluate: Evaluate, frontier: Frontier | None = None) -> None:
        self.evaluate = evaluate
        self.frontier = frontier
        self.deadline = float("inf")
        self.nodes = 0
        self.depth_reached = 0  # the deepest depth the last search finished

    def search(
        self,
        state: Any,
        max_depth: int,
        seconds: float | None = None,
        *,
        step: int = 1,
        settle: float | None = None,
        settle_depth: int = 3,
    ) -> tuple[Any, float]:
        """The move the seat to act should play and its expected value, searched
        ``max_depth`` plies deep (a throw and a move are a ply each), or as deep as
        ``seconds`` allow (at least one ply is always finished).

        ``step``: plies added at each deepening (2 keeps every leaf just after a
        move, where an evaluation trained on such positions is at home).
        ``settle``: spend the time where it matters. Once a depth of at least
        ``settle_depth`` is finished, stop if one move is better than every other by
        more than ``settle``: the choice is clear. A close choice deepens until the
        budget; a depth that would not finish in what is left of it is not begun."""
        seat = state.to_act()
        moves = list(state.legal_moves())
        best = (moves[0], 0.0)
        self.depth_reached = 0
        started = time.monotonic()
        took = growth = None
        margin = settle or 0.0
        for depth in range(max_depth % step or step, max_depth + 1, step):
            began = time.monotonic()
            self.deadline = started + seconds if seconds and depth > step else float("inf")
            try:
                value, scores = self._root(state, moves, depth, seat, margin)
            except OutOfTime:
                break
            move = scores[0][0]
            best = (move, value)
            self.depth_reached = depth
            # The next depth searches the moves best first: more cut-offs.
            moves = [m for m, _v in scores]
            if abs(value) >= WIN:
                break
            if settle is not None and depth >= settle_depth:
                if len(scores) == 1 or scores[1][1] < value - margin:
                    break  # one move stands out: deeper search would not change it
            now = time.monotonic()
            if seconds and settle is not None:
                last, took = took, now - began
                if last:
                    growth = max(took / last, 2.0)
                if growth and now - started + took * growth > seconds:
                    break  # the next depth would not finish in time: do not begin it
        return best

    def value(self, state: Any, depth: int, seat: int) -> float:
        """The value of ``state`` for ``seat``, looking ``depth`` plies ahead."""
        self.deadline = float("inf")
        return self._value(state, depth, seat, -WIN, WIN)

    def _root(
        self, state: Any, moves: list, depth: int, seat: int, margin: float = 0.0
    ) -> tuple[float, list[tuple[Any, float]]]:
        """The best value and every move with its score, best first. A move is
        searched with the window just below the best so far less ``margin``: a score
        inside it is exact, one that fails low is an upper bound (the move is worse
        than the best by more than ``margin``)."""
        best_value = -2.0
        scores = []
        for move in moves:
            floor = max(best_value - margin, -WIN)
            value = self._value(state.apply(move), depth - 1, seat, floor, WIN)
            scores.append((move, value))
            if value > best_value:
                best_value = value
        scores.sort(key=lambda pair: -pair[1])  # stable: ties keep the earlier move
        return best_value, scores

    def _value(self, state: Any, depth: int, seat: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if not self.nodes & CLOCK_EVERY and time.monotonic() > self.deadline:
            raise OutOfTime
        actor = state.to_act()
        if actor is None:
            return terminal_value(state, seat)
        if depth == 0:
            return self.evaluate(state, seat)
        if actor == CHANCE:
            if depth <= 2 and self.frontier is not None:
                value = self.frontier(state, seat, depth, alpha, beta)
                if value is not None:
                    return value
            return self._chance(state, depth, seat, alpha, beta)
        if actor == seat:
            value = -2.0
            for move in state.legal_moves():
                value = max(value, self._value(state.apply(move), depth - 1, seat, alpha, beta))
                if value >= beta:
                    return value
                alpha = max(alpha, value)
            return value
        value = 2.0
        for move in state.legal_moves():
            value = min(value, self._value(state.apply(move), depth - 1, seat, alpha, beta))
            if value <= alpha:
                return value
            beta = min(beta, value)
        return value

    def _chance(self, state: Any, depth: int, seat: int, alpha: float, beta: float) -> float:
        # Star1: with ``seen`` the weighted sum of the outcomes searched so far and
        # ``left`` the probability not yet searched, the mean lies in
        # [seen - left, seen + left]. Each outcome gets the window that keeps that
        # interval meeting (alpha, beta); outside it, the node is decided.
        seen, left = 0.0, 1.0
        for outcome, probability in state.chance_outcomes():
            left -= probability
            low = (alpha - seen - left * WIN) / probability
            high = (beta - seen + left * WIN) / probability
            value = self._value(
                state.apply(outcome), depth - 1, seat, max(low, -WIN), min(high, WIN)
            )
            seen += probability * value
            # The bounds are clamped to the window: rounding could otherwise put a
            # bound a hair inside it, and a parent would take it for an exact value.
            if value <= low:
                return min(seen + left * WIN, alpha)  # at most alpha: fails low
            if value >= high:
                return max(seen - left * WIN, beta)  # at least beta: fails high
        return seen


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
        started = time.monotonic()
        seat = state.to_act()
        best = (state.legal_moves()[0], 0.0)
        for depth in range(1, max_depth + 1):
            self.deadline = started + seconds if seconds and depth > 1 else float("inf")
            try:
                value, move = self._negamax(state, depth, -2.0, 2.0, seat)
            except OutOfTime:
                break
            best = (move, value)
            if abs(value) >= WIN:
                break  # a forced win or loss: deeper search cannot change it
        return best

    def _negamax(self, state: Any, depth: int, alpha: float, beta: float, seat: int):
        self.nodes += 1
        if not self.nodes & CLOCK_EVERY and time.monotonic() > self.deadline:
            raise OutOfTime
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
