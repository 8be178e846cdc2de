"""A game's record weighed action by action: each decision's loss, each throw's luck.

``Analyser(final)`` walks the record of ``final`` from its start, one action at a
time, and turns each into a step:

* a **move** becomes a ``Decision``: the worth of every move open to the mover
  (``weigh.Weigher.options``), the best of them and the one played. Its loss is
  how much worth the mover gave away against the best, from the mover's side
  (never negative). A forced move (one legal move), or a choice where every move
  is worth the same, loses nothing and is not rated;
* a **throw** (Senet) becomes a ``Thrown``: the worth with best play after each
  possible throw (the best move it allows, or the position itself when it allows
  none), their mean weighted by the throws' chances (what the position was worth
  before the sticks fell), and the worth after the throw that came. Its luck, for
  the thrower, is the difference: above zero a throw better than average.

Every step has a worth ``before`` and ``after``, both from the first seat's side:
a decision runs from its best move's worth to the played move's; a throw from the
mean to what came. Along the record, each step's ``after`` and the next step's
``before`` weigh the same position, so

    end = start + sum(after - before over the steps) + residue,

where ``residue`` is the sum of ``next.before - after`` over consecutive steps.
A throw followed by its decision leaves nothing there: both weigh the decision by its
best move. A move followed by a throw leaves the difference between the position
after the move searched ``depth`` plies and the same position weighed by its throws
(``depth`` plies after each throw's best move): a deeper look at the same position.
With an exact evaluation both would be the game's true value, and the residue zero;
with a depth-limited search it is what the search did not see, and it is said in
every analysis (``summary.split``).

Nothing here recurses; each step is computed once, from the record alone, so the
same record always gives the same steps, whether at once or chunk by chunk.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..protocol import CHANCE
from .weigh import Weigher, is_decision

#: Two moves whose worths differ by less than this are worth the same.
SAME = 1e-9


@dataclass(frozen=True)
class Decision:
    """A move, weighed against the others open to its mover."""

    action: int  # the 0-based index of the move in the record's actions
    seat: int  # the mover
    played: str  # the move's notation
    best_move: str  # the notation of the best move (the first, if several tie)
    best_index: int  # its index in the position's ``legal_moves()``
    choices: int  # how many legal moves there were
    before: float  # the best move's worth, first seat's side
    after: float  # the played move's worth, first seat's side
    rated: bool  # a real choice: more than one move, not all worth the same

    @property
    def loss(self) -> float:
        """What the mover gave away against the best move, in worth (>= 0)."""
        lost = self.before - self.after if self.seat == 0 else self.after - self.before
        return max(0.0, lost)


@dataclass(frozen=True)
class Thrown:
    """A throw of the sticks, weighed against the throws that could have come."""

    action: int  # the 0-based index of the throw in the record's actions
    seat: int  # the thrower
    light: int  # light sides up: which of the five outcomes came
    before: float  # the mean worth over the outcomes, first seat's side
    after: float  # the worth with this throw and best play, first seat's side
    outcomes: tuple[float, ...]  # the worth after each outcome, by light sides 0-4

    @property
    def luck(self) -> float:
        """How much better than average this throw was for its thrower."""
        return self.after - self.before if self.seat == 0 else self.before - self.after


Step = Decision | Thrown


class Analyser:
    """Weighs the actions of ``final``'s record in order, a chunk at a time."""

    def __init__(self, final: Any, depth: int | None = None) -> None:
        self.final = final
        self.actions = final.actions()
        self.weigher = Weigher(final, depth)
        self.state = final.start()
        self.steps: list[Step] = []
        # The options of the decision a throw led to, weighed for its luck already:
        # (action index of that decision, worths).
        self._ahead: tuple[int, list[float]] | None = None

    @property
    def done(self) -> int:
        """How many of the record's actions have been weighed."""
        return len(self.steps)

    @property
    def complete(self) -> bool:
        return self.done == len(self.actions)

    def run(self, count: int | None = None) -> list[Step]:
        """Weigh the next ``count`` actions (all that are left by default) and return
        their steps."""
        first = len(self.steps)
        last = len(self.actions) if count is None else min(len(self.actions), first + count)
        for index in range(first, last):
            action = self.actions[index]
            before_state = self.state
            if before_state.to_act() == CHANCE:
                step = self._throw(index, before_state, action)
            else:
                step = self._decision(index, before_state, action)
            self.steps.append(step)
            self.state = before_state.apply(action)
        return self.steps[first:]

    def _throw(self, index: int, state: Any, throw: Any) -> Thrown:
        weigher = self.weigher
        worths, total = [0.0] * 5, 0.0
        played = None
        for outcome, probability in state.chance_outcomes():
            after = state.apply(outcome)
            if is_decision(after):
                options = weigher.options(after)
                mover = after.to_act()
                worth = max(options) if mover == 0 else min(options)
                if outcome.light == throw.light:
                    played = options
            else:
                worth = weigher.position(after)
            worths[outcome.light] = worth
            total += probability * worth
        if played is not None:
            self._ahead = (index + 1, played)
        return Thrown(index, state.seat, throw.light, total, worths[throw.light], tuple(worths))

    def _decision(self, index: int, state: Any, move: Any) -> Decision:
        moves = list(state.legal_moves())
        if self._ahead is not None and self._ahead[0] == index:
            options = self._ahead[1]
        else:
            options = self.weigher.options(state)
        self._ahead = None
        seat = state.to_act()
        best = max(options) if seat == 0 else min(options)
        best_index = options.index(best)
        played_index = moves.index(move)
        rated = len(moves) > 1 and max(options) - min(options) > SAME
        return Decision(
            action=index, seat=seat, played=move.notation(),
            best_move=moves[best_index].notation(), best_index=best_index,
            choices=len(moves), before=best, after=options[played_index], rated=rated,
        )  # fmt: skip
