"""The computer players and their levels.

A level is data: how often it slips (plays a random legal move instead of its
best, so that a novice can beat it), how deep it searches, and its time budget.

* Easy slips half the time and otherwise takes the best move one ply ahead.
* Medium slips now and then and searches a little: in Senet two plies (its move,
  then the throw) with the plain race count, in Squadro and Lodestone two plies of
  alpha-beta.
* Hard never slips and thinks up to its time budget: in Senet with the learned
  evaluation (``senet_eval``, one per reading), deepening a move and a throw at a
  time and stopping early when one move clearly stands out (``SENET_SETTLE``); in
  Lodestone by alpha-beta, deepening until its depth limit or its budget; in Squadro
  by Monte Carlo tree search, which beat alpha-beta there at equal time (docs/ai.md).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..chance import random_choice
from . import evaluate, senet_eval
from .mcts import MCTS
from .search import WIN, AlphaBeta, Expectiminimax
from .senet_frontier import frontier


@dataclass(frozen=True)
class Level:
    name: str
    slip: float  # the share of moves played at random
    senet_depth: int  # plies of expectiminimax (a throw and a move are a ply each)
    depth: int  # plies of alpha-beta for Squadro and Lodestone
    seconds: float | None  # time budget per move; None: the depth alone decides


LEVELS = {
    "easy": Level("easy", slip=0.5, senet_depth=1, depth=1, seconds=None),
    "medium": Level("medium", slip=0.1, senet_depth=2, depth=2, seconds=None),
    "hard": Level("hard", slip=0.0, senet_depth=9, depth=12, seconds=1.0),
}
#: Senet's Hard stops deepening once its best move beats every other by more than
#: this (in value, where 0.02 is 1 point of winning chance), after SENET_SETTLE_DEPTH
#: plies: a clear choice is played early, a close one gets the whole budget.
SENET_SETTLE = 0.02
#: Not before 5 plies: against greedy, depth 5 wins 4 points more than depth 3 in
#: Jéquier's reading, as depth 3 does over depth 1 in Kendall's
#: (``benchmarks/senet_depth_curve.py``); settling at 3, nearly every choice looked
#: clear and Hard used about a tenth of its second.
SENET_SETTLE_DEPTH = 5
#: The share of Hard's budget Senet's search may use: the rest is left for reading
#: the saved game and replying, so that the worker answers within the budget.
SENET_SHARE = 0.9
DEFAULT_LEVEL = "medium"

#: (evaluation, transposition-table key) of the games searched by alpha-beta.
DETERMINISTIC = {
    "SquadroState": (evaluate.squadro, evaluate.squadro_key),
    "LodestoneState": (evaluate.lodestone, evaluate.lodestone_key),
}
#: Games where a time-budgeted search is MCTS, with its settings: in Squadro random
#: playouts to the end play out the jumps that the race count cannot see.
MCTS_SETTINGS = {"SquadroState": {"evaluate": evaluate.squadro, "playout_plies": 200}}


def choose(
    state: Any,
    level: str,
    source: random.Random,
    seconds: float | None = None,
    report: dict | None = None,
) -> Any:
    """The computer's move for the seat to act (throws are chance, not chosen).
    ``seconds`` overrides the level's time budget (benchmarks, a busy page). A
    ``report`` dict receives what the search did: ``depth`` (plies finished) and
    ``nodes``, where the search counts them (benchmarks and the worker's reply)."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    settings = LEVELS[level]
    if settings.slip and source.random() < settings.slip:
        return random_choice(moves, source)
    budget = settings.seconds if seconds is None else seconds
    return _search(state, settings, budget, source, report)[0]


def _search(
    state: Any,
    settings: Level,
    seconds: float | None,
    source: random.Random,
    report: dict | None = None,
) -> tuple[Any, float]:
    game = type(state).__name__
    if game == "SenetState":
        if settings.name != "hard":
            searcher = Expectiminimax(evaluate.senet_race)
            found = searcher.search(state, settings.senet_depth, seconds)
        else:
            searcher = Expectiminimax(senet_eval.senet, frontier(state.rules))
            budget = seconds * SENET_SHARE if seconds else seconds
            found = searcher.search(
                state,
                settings.senet_depth,
                budget,
                step=2,
                settle=SENET_SETTLE,
                settle_depth=SENET_SETTLE_DEPTH,
            )
        if report is not None:
            report.update(depth=searcher.depth_reached, nodes=searcher.nodes)
        return found
    if settings.seconds is not None and game in MCTS_SETTINGS:
        return MCTS(**MCTS_SETTINGS[game]).search(state, seconds, source)
    score, key = DETERMINISTIC[game]
    return AlphaBeta(score, key).search(state, settings.depth, seconds)


def hint(
    state: Any, seconds: float | None = None, report: dict | None = None
) -> tuple[Any, float | None]:
    """The move the Hard player would make, and for Senet the mover's estimated
    winning chance (None for the other games, whose evaluations are no chances)."""
    hard = LEVELS["hard"]
    budget = hard.seconds if seconds is None else seconds
    move, value = _search(state, hard, budget, random.Random(), report)
    if type(state).__name__ != "SenetState":
        return move, None
    return move, winning_chance(value, chance_scale(state.rules))


#: How much to trust the learned evaluation's chance, per reading: the hint shows
#: p' = 1 / (1 + exp(-k * logit(p))), with p the chance the search's value stands
#: for. k is fitted by benchmarks/senet_calibration.py (maximum likelihood over
#: positions of Medium-against-Medium games and who won them; docs/ai.md); 1 would
#: mean the model's own chances are right as they are.
#: The model is near right in Jéquier's reading and too sure in the long games of
#: Ludii's and Kendall's, where Medium's slips and backward moves let leads melt.
CHANCE_SCALES = {"jequier": 0.96, "jequier_ludii": 0.09, "kendall": 0.54, "tait": 0.77}
#: For a ruleset of no reading above (none today): the model's own chance.
DEFAULT_CHANCE_SCALE = 1.0


def chance_scale(rules: Any) -> float:
    """Kendall's variants share his reading's slope; custom rules use their family's."""
    return CHANCE_SCALES.get(senet_eval.reading(rules), DEFAULT_CHANCE_SCALE)


def winning_chance(value: float, scale: float = DEFAULT_CHANCE_SCALE) -> float:
    """A Senet search value in [-1, 1] as a winning chance in [0, 1]: certain at the
    ends (a proven win or loss), else the learned chance (value + 1) / 2, recalibrated
    by ``scale``, never shown as certain (1% to 99%) when it is only an estimate."""
    if value >= WIN:
        return 1.0
    if value <= -WIN:
        return 0.0
    p = min(0.999, max(0.001, (value + 1) / 2))
    logit = math.log(p / (1 - p))
    return min(0.99, max(0.01, 1 / (1 + math.exp(-scale * logit))))
