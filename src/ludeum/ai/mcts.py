"""Monte Carlo tree search (UCT) over the protocol of ``ludeum.protocol``, for the
two-player games without chance (Squadro, Lodestone).

Each iteration walks down the tree by UCB1, adds one new child, scores it and
passes the score back up. A node keeps its results from the view of the seat whose
move led into it, since that seat chose it; the seat to act is asked at every node,
never assumed to alternate (in Lodestone the side that places its king last may also
move first).

A new leaf is scored after ``playout_plies`` uniformly random moves (fewer if the
game ends): by the result if it has ended, else by ``evaluate(state, seat)``. With 0
the evaluation scores the leaf itself. Which is stronger was measured against
alpha-beta at 0.1 s a move (``benchmarks/ai_mcts_vs_alphabeta.py``, docs/ai.md):

* Squadro: random playouts to the end (capped at 200 plies; random games take about
  60-110). They won 63% of 100 games against alpha-beta, and in shorter trials the
  evaluation alone won 15-20%. The race count cannot see jumps, which decide the
  game; random games play them out, and they are short and cheap.
* Lodestone: the evaluation alone. Each random game costs about 4 ms through the
  state API, which leaves some 25 iterations a move, against some 800 for the
  evaluation alone. Neither beats alpha-beta (8% of 100 games): Lodestone is
  tactical, and alpha-beta looks at every reply, so it sees a king left open.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ..chance import random_choice
from .search import Evaluate, terminal_value


class Node:
    __slots__ = ("state", "move", "mover", "won", "untried", "children", "visits", "total")

    def __init__(self, state: Any, move: Any = None, mover: int | None = None) -> None:
        self.state = state
        self.move = move  # the move that led here (None at the root)
        self.mover = mover  # the seat that played it: ``total`` is from its view
        over = state.outcome() if mover is not None and state.to_act() is None else None
        self.won = over is not None and over.winner == mover  # the move ended the game
        self.untried: list | None = None  # listed when first needed: many leaves never are
        self.children: list[Node] = []
        self.visits = 0
        self.total = 0.0

    def moves_to_try(self) -> list:
        if self.untried is None:
            over = self.state.to_act() is None
            self.untried = [] if over else list(self.state.legal_moves())
        return self.untried


class MCTS:
    """UCT with ``exploration`` as the UCB1 constant (results lie in [-1, 1])."""

    def __init__(self, evaluate: Evaluate, playout_plies: int = 0, exploration: float = 1.0):
        self.evaluate = evaluate
        self.playout_plies = playout_plies
        self.exploration = exploration
        self.iterations = 0  # of the last search, for benchmarks

    def search(
        self,
        state: Any,
        seconds: float | None,
        source: random.Random,
        max_iterations: int | None = None,
    ) -> tuple[Any, float]:
        """The move for the seat to act and its estimated value for that seat, in
        [-1, 1]. Stops after ``seconds`` or ``max_iterations``, whichever comes first
        (at least one iteration; give a count and no time for reproducible results)."""
        if seconds is None and max_iterations is None:
            raise ValueError("give a time budget, an iteration count or both")
        deadline = time.monotonic() + seconds if seconds is not None else math.inf
        root = Node(state)
        self.iterations = 0
        while True:
            self._iterate(root, source)
            self.iterations += 1
            if max_iterations is not None and self.iterations >= max_iterations:
                break
            if time.monotonic() >= deadline:
                break
        # The most visited move, not the best mean: a mean over few visits is noise.
        # But a move that wins at once comes first: a sure win later scores the same
        # 1.0, and the tree cannot tell them apart.
        best = max(root.children, key=lambda child: (child.won, child.visits))
        return best.move, best.total / best.visits

    def _iterate(self, root: Node, source: random.Random) -> None:
        node, path = root, [root]
        while not node.moves_to_try() and node.children:
            node = self._select(node)
            path.append(node)
        untried = node.moves_to_try()
        if untried:
            # A random untried move, swapped out of the list in constant time.
            index = int(source.random() * len(untried))
            untried[index], untried[-1] = untried[-1], untried[index]
            move = untried.pop()
            child = Node(node.state.apply(move), move, node.state.to_act())
            node.children.append(child)
            path.append(child)
            node = child
        # Scored once, for seat 0; the other seat's view is its negation, since the
        # games are zero-sum and so are their evaluations.
        result = self._score(node.state, source)
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                visited.total += result if visited.mover == 0 else -result

    def _select(self, node: Node) -> Node:
        # Every child was moved into by the seat to act here, so each child's mean is
        # already from the chooser's view: take the highest upper bound, or a move that
        # wins at once, which the chooser would always play.
        log_visits = math.log(node.visits)
        c = self.exploration
        return max(
            node.children,
            key=lambda child: (
                child.won,
                child.total / child.visits + c * math.sqrt(log_visits / child.visits),
            ),
        )

    def _score(self, state: Any, source: random.Random) -> float:
        for _ in range(self.playout_plies):
            if state.to_act() is None:
                break
            state = state.apply(random_choice(state.legal_moves(), source))
        if state.to_act() is None:
            return terminal_value(state, 0)
        return self.evaluate(state, 0)
