"""What a position is worth to the analysis: one number, the first seat's view, in [0, 1].

Two kinds of position meet in a game's record, and each is weighed its own way:

* **a decision**: a seat chooses a move (in Senet, with its throw known). Each of
  its moves is weighed by the position it leads to (``options``); the best of
  them is what the decision is worth to the mover.
* **anything else**: a position after a move (in Senet, a throw is pending), a
  throw that allowed no move, a finished game (``position``).

Senet: the expectiminimax of the hint and the review graph (``ludeum.ai``): the
learned evaluation searched ``DEPTH["SenetState"]`` plies past the position (the
next throw and the move after it, the last layer on bitboards), recalibrated per
reading into a winning chance (``players.chance_scale``), as the hint shows it.
Squadro and Lodestone: alpha-beta ``DEPTH`` plies past the position with the game's
evaluation, drawn as (v + 1) / 2 like the review's graph: 0.5 is level, 1 a win
proven for the first seat. It is an evaluation, not a chance.

A finished game is worth exactly 1, 0 or 0.5 in every game.

Each weighing is a search of its own (a fresh transposition table for alpha-beta),
so a position's worth never depends on what was weighed before it: the analysis of
a record is the same whether it is computed at once or chunk by chunk.
"""

from __future__ import annotations

from typing import Any

from ..ai.search import AlphaBeta, Expectiminimax
from ..protocol import CHANCE

#: Plies searched past each weighed position. Senet: the graph's depth (a throw
#: and a move; benchmarks/analysis_speed.py: a 300-throw game is weighed whole in
#: about half a second on CPython at 2, 30 times that at 4). Squadro and Lodestone:
#: chosen by the same benchmark to keep a 100-move game within the browser's budget.
DEPTH = {"SenetState": 2, "SquadroState": 4, "LodestoneState": 1}


def finished(state: Any) -> float | None:
    """A finished game's worth for the first seat (1, 0 or a half for a draw); None
    while it goes on."""
    outcome = state.outcome()
    if outcome is None:
        return None
    return 0.5 if outcome.winner is None else (1.0 if outcome.winner == 0 else 0.0)


def is_decision(state: Any) -> bool:
    actor = state.to_act()
    return actor is not None and actor != CHANCE


class Weigher:
    """Weighs positions of one game (one ruleset) at one depth."""

    def __init__(self, state: Any, depth: int | None = None) -> None:
        self.game = type(state).__name__
        self.depth = DEPTH[self.game] if depth is None else depth
        if self.depth < 0:
            raise ValueError("the analysis searches 0 plies or more")
        if self.game == "SenetState":
            from ..ai import senet_eval
            from ..ai.players import chance_scale
            from ..ai.senet_frontier import frontier

            self._senet = Expectiminimax(senet_eval.senet, frontier(state.rules))
            self._scale = chance_scale(state.rules)
        else:
            from ..ai.players import DETERMINISTIC

            self._score, self._key = DETERMINISTIC[self.game]

    @property
    def is_chance(self) -> bool:
        """Whether the worth is a winning chance (Senet) or an evaluation."""
        return self.game == "SenetState"

    def position(self, state: Any) -> float:
        """The worth of a position that is not a decision (or of any position, in the
        games without chance, searched from its own mover)."""
        done = finished(state)
        if done is not None:
            return done
        if self.game == "SenetState":
            from ..ai.players import winning_chance

            return winning_chance(self._senet.value(state, self.depth, 0), self._scale)
        seat = state.to_act()
        if self.depth == 0:
            score = self._score(state, seat)
        else:
            score = AlphaBeta(self._score, self._key).search(state, self.depth)[1]
        score = score if seat == 0 else -score
        return min(1.0, max(0.0, (score + 1) / 2))

    def options(self, state: Any) -> list[float]:
        """The worth of each of a decision's moves, in ``legal_moves()`` order."""
        return [self.position(state.apply(move)) for move in state.legal_moves()]

    def best(self, state: Any, mover: int) -> float:
        """What a position is worth with best play from it: a decision's best move
        for ``mover``, or the position's own worth when no choice is due."""
        if not is_decision(state):
            return self.position(state)
        values = self.options(state)
        return max(values) if mover == 0 else min(values)
