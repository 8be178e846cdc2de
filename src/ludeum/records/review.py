"""A game's win-chance series, position by position, and its turning points.

The series has one value per review stop (``positions.stops``: the start, then the
position after each move-list entry), always from seat 0's point of view, in [0, 1].
Each value depends on its position alone, so the browser's worker computes the
series a chunk at a time (``values``) and the page redraws the graph after each.

* Senet: the hint's estimate (``ludeum.ai.players``): Hard's learned evaluation
  (``ludeum.ai.senet_eval``, a winning chance) searched by expectiminimax and
  recalibrated per reading (``chance_scale``). The hint searches one position for up
  to a second; review searches hundreds, so it uses a fixed depth, ``SENET_DEPTH`` =
  2 plies (the pending throw and the move after it; a position whose throw is known
  is then scored by its best move). Measured by benchmarks/review_build.py on a
  300-throw game (docs/performance.md, issue 13, with the hand-made evaluation of
  the time): the whole series took about 1.5 s in the browser worker's Pyodide at
  depth 2, 6 s at depth 3 and 12 s at depth 4. So the graph is complete in a moment
  rather than filling for a quarter of a minute. A position ready to move (its throw
  seen) is searched just as the hint searches it, so at equal depth review and hint
  give the same number.
* Squadro and Lodestone: no chances there, only the search's evaluation. The value
  of alpha-beta at ``SEARCH_DEPTH`` plies with the game's evaluation, a score ``v``
  in [-1, 1] for seat 0 (exactly -1 or 1 for a game won by force), is drawn as
  ``(v + 1) / 2``: 0.5 is level, 1 a proven win for seat 0. It is an evaluation, not
  a probability, and the page says so (``is_chance``).

Turning points: for each entry, the change in the mover's own value from the position
before it to the position after it; the few largest swings, either way, of at least a
threshold. A fall is the mover's mistake; a rise is the mover finding what the
search at review's depth had not seen (often the reply that punishes the mistake
before it, which the shallow search missed: Squadro's and Lodestone's last moves
turn a level evaluation into a win), and it is where the curve swings, so it is
marked too. In Senet the change includes the throw before the move (the stops fall
between moves), so a throw can be a turning point as well as a move.

A finished curve with no turning point is said in words (``course``): it stayed
even, one side was never behind, or the lead changed hands a little at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..protocol import CHANCE
from . import positions as positions_module

#: Plies searched per Senet position (a throw and a move are a ply each).
SENET_DEPTH = 2
#: Plies of alpha-beta per Squadro or Lodestone position.
SEARCH_DEPTH = 2
#: Turning points: at most this many, each a swing of at least THRESHOLD.
TOP = 3
THRESHOLD = 0.1
#: A curve within EVEN of 0.5 is level: neither side is ahead there (as much as a
#: turning point moves it: 10 points of winning chance, 20 of evaluation).
EVEN = 0.1


def is_chance(state: Any) -> bool:
    """Whether the game's series is a winning chance (Senet) or an evaluation."""
    return type(state).__name__ == "SenetState"


def value(state: Any, depth: int | None = None) -> float:
    """The position's value for seat 0 in [0, 1] (see the module's docstring)."""
    outcome = state.outcome()
    if outcome is not None:
        return 0.5 if outcome.winner is None else (1.0 if outcome.winner == 0 else 0.0)
    from ..ai.search import AlphaBeta, Expectiminimax

    if is_chance(state):
        from ..ai import senet_eval
        from ..ai.players import chance_scale, winning_chance
        from ..ai.senet_frontier import frontier

        search = Expectiminimax(senet_eval.senet, frontier(state.rules))
        seat = state.to_act()
        plies = SENET_DEPTH if depth is None else depth
        if seat == CHANCE:
            score = search.value(state, plies, 0)
        else:
            # Searched as the hint searches it (its best move's value), for the mover.
            score = search.search(state, plies)[1]
            score = score if seat == 0 else -score
        return winning_chance(score, chance_scale(state.rules))
    from ..ai.players import DETERMINISTIC

    score_function, key = DETERMINISTIC[type(state).__name__]
    seat = state.to_act()
    score = AlphaBeta(score_function, key).search(state, depth or SEARCH_DEPTH)[1]
    score = score if seat == 0 else -score
    return min(1.0, max(0.0, (score + 1) / 2))


@dataclass(frozen=True)
class TurningPoint:
    entry: int  # 1-based number of the move-list entry
    mover: int  # the seat that made it
    drop: float  # how much the mover's value fell, in [-1, 1] (negative: it rose)


class Review:
    """A game prepared for review: its positions, its entries and their movers."""

    def __init__(self, final: Any, ui: Any, every: int = positions_module.EVERY) -> None:
        self.positions = positions_module.Positions(final, every)
        self.ends, self.movers = positions_module.entries(final, ui, self.positions)
        self.stops = positions_module.stops(self.ends)

    def follow(self, final: Any, ui: Any) -> Review | None:
        """This review brought up to ``final``, a later state of the same game, by
        replaying only the actions played since; None when ``final`` is another line."""
        positions = self.positions.follow(final)
        if positions is None:
            return None
        known = len(self.positions)
        ends, movers = positions_module.entries_after(
            self.positions.final, positions.actions[known:], known, ui, positions
        )
        later = object.__new__(Review)
        later.positions = positions
        later.ends, later.movers = self.ends + ends, self.movers + movers
        later.stops = positions_module.stops(later.ends)
        return later

    def __len__(self) -> int:
        """The number of review stops (entries plus the start)."""
        return len(self.stops)

    def state_at(self, stop: int) -> Any:
        return self.positions.at(self.stops[stop])

    def values(self, first: int, count: int, depth: int | None = None) -> list[float]:
        """The series from stop ``first``, at most ``count`` values."""
        if not 0 <= first <= len(self.stops) or count < 0:
            raise ValueError(f"no stops from {first} in a review of {len(self.stops)}")
        last = min(len(self.stops), first + count)
        return [round(value(self.state_at(stop), depth), 4) for stop in range(first, last)]

    def turning_points(self, series: list[float | None]) -> list[TurningPoint]:
        return turning_points(series, self.movers)


def turning_points(
    series: list[float | None], movers: list[int | None], top: int = TOP,
    threshold: float = THRESHOLD,
) -> list[TurningPoint]:  # fmt: skip
    """The ``top`` largest swings of the mover's value across an entry, falls and
    rises alike, at least ``threshold`` each, in the order of the game. ``series[k]``
    is the value at stop k (seat 0's view; None where not computed yet); entry k runs
    from stop k-1 to k."""
    swings = []
    for entry in range(1, min(len(series), len(movers) + 1)):
        before, after, mover = series[entry - 1], series[entry], movers[entry - 1]
        if before is None or after is None or mover not in (0, 1):
            continue
        drop = (before - after) if mover == 0 else (after - before)
        if abs(drop) >= threshold:
            swings.append(TurningPoint(entry, mover, round(drop, 4)))
    swings.sort(key=lambda point: (-abs(point.drop), point.entry))
    return sorted(swings[:top], key=lambda point: point.entry)


#: How a curve went, when no move turned it (``course``).
LEVEL = "level"  # always within EVEN of 0.5
AHEAD = "ahead"  # one side never behind (by more than EVEN), and ahead at some point
SEESAW = "seesaw"  # each side ahead at some point, the lead changing a little at a time


def course(series: list[float | None], even: float = EVEN) -> tuple[str, int | None] | None:
    """How the whole curve went: (LEVEL, None), (AHEAD, the seat never behind) or
    (SEESAW, None); None while a value is missing."""
    if not series or any(value is None for value in series):
        return None
    ahead = {0 if value > 0.5 else 1 for value in series if round(abs(value - 0.5), 6) > even}
    if not ahead:
        return LEVEL, None
    if len(ahead) == 1:
        return AHEAD, ahead.pop()
    return SEESAW, None
