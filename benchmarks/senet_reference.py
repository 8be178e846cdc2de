"""The Senet Hard player of before issue 15, kept as a yardstick (not shipped).

Until issue 15, Hard searched Senet with expectiminimax (alpha-beta and Star1, the
engine's ``Expectiminimax``) 4 plies deep, within a 1 s budget, over a hand-made
evaluation: the race, less each side's *exposure*, as backgammon players count
blots. A piece is exposed when it stands alone (no piece of its own colour beside it
along the track: pairs protect each other in Jéquier's and Kendall's readings) off
the safe squares, with an enemy piece 1-6 squares behind it; it costs the chance of
the throw that reaches it times what a bump would lose (twice the distance where
bumped pieces swap, the whole way back to the plinth in Tait's reading). Only the
worst attacker of each piece counts.

The new Hard (``ludeum.ai.players``, a learned evaluation and a deeper, budgeted
search) is measured against this player by ``ai_strength.py --opponents reference``
and ``senet_equal_time.py``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from ludeum.ai.evaluate import _colours, _progress  # noqa: E402
from ludeum.ai.search import Expectiminimax  # noqa: E402
from ludeum.ai.senet_features import throw_odds  # noqa: E402

DEPTH = 4
SECONDS = 1.0


def _exposure(state, colour: int, enemy: int) -> float:
    rules = state.rules
    odds = throw_odds(rules)
    to_plinth = rules.family == "tait"
    mine = state.pieces_on_board(colour)
    attackers = state.pieces_on_board(enemy)
    taken = set(mine)
    total = 0.0
    for square in mine:
        if square in rules.safe_squares:
            continue
        if not to_plinth and (square - 1 in taken or square + 1 in taken):
            continue
        worst = 0.0
        for attacker in attackers:
            distance = square - attacker
            if 0 < distance <= 6:
                loss = (square if to_plinth else 2 * distance) * odds[distance]
                worst = max(worst, loss)
        total += worst
    return total


def exposure_evaluation(state, seat: int) -> float:
    """The race less the exposure, in [-0.99, 0.99] for ``seat``."""
    colours = _colours(state, seat)
    if colours is None:
        return 0.0
    me, other = colours
    race = _progress(state, me) - _progress(state, other)
    risk = _exposure(state, me, other) - _exposure(state, other, me)
    return max(-0.99, min(0.99, (race - risk) / (31 * state.rules.pieces)))


def reference_hard(state: Any, source: random.Random, seconds: float | None = SECONDS) -> Any:
    """The old Hard's move (a forced move at once, as the app does)."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    return Expectiminimax(exposure_evaluation).search(state, DEPTH, seconds)[0]


def depth_three(state: Any, source: random.Random, seconds: float | None = None) -> Any:
    """Expectiminimax of depth 3 with the old evaluation (the issue's equal-time
    yardstick: with ``seconds`` it deepens further while time remains)."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    depth = 3 if seconds is None else 40
    return Expectiminimax(exposure_evaluation).search(state, depth, seconds)[0]
