"""The learned Senet evaluation: a winning chance from a position's features.

The model is logistic: p = 1 / (1 + exp(-w . x)), with ``x`` the features of
``senet_features`` (the first seat's side minus the second's, and who throws next)
and ``w`` one weight list per reading, learned offline by self-play
(``scripts/train_senet.py``) and stored in ``senet_weights``. ``p`` is the first
seat's chance of winning; the evaluation for a seat is 2p - 1 (or 1 - 2p), in
[-1, 1] like every evaluation the search uses. The search computes w . x with
``senet_score`` straight from the bitboards (the same number, without listing x).

Kendall's reading has four options that change what squares and pieces are worth
(five pieces, the starting throw, the trap, the home row): his 16 rulesets share a
base list, and each option that is on adds a list of its own (``OPTIONS``), trained
together with the base.

The model is trained on positions after a move, where the next throw is unknown. A
position where the throw is already known (a leaf of the search that stops just
after a throw) is scored by the best move its seat could make with that throw, one
cheap ply, so that the known throw is not ignored.
"""

from __future__ import annotations

import math
from functools import lru_cache

from .search import terminal_value
from .senet_score import Scorer
from .senet_weights import OPTION_WEIGHTS, WEIGHTS

#: A learned value is an estimate: it never reaches a proven win or loss.
CERTAIN = 0.99


def reading(rules) -> str:
    """Which weight list a ruleset uses: one per reading, Kendall's 16 share one;
    a custom ruleset uses its family's (Jéquier's for any custom Jéquier rules)."""
    return "jequier_ludii" if rules.preset == "jequier_ludii" else rules.family


#: The options of a reading that have their own weight lists, each a test on the
#: ruleset. A custom Kendall ruleset with fewer than seven pieces counts as five.
OPTIONS = {
    "kendall": {
        "five pieces": lambda rules: rules.pieces < 7,
        "starting throw": lambda rules: rules.starting_throw,
        "trap": lambda rules: rules.trap,
        "home row": lambda rules: rules.home_row,
    },
}


def options_on(rules) -> tuple[str, ...]:
    """The options of ``rules`` whose weight lists add to its reading's base list."""
    tests = OPTIONS.get(reading(rules), {})
    return tuple(name for name, is_on in tests.items() if is_on(rules))


def weights(rules) -> list[float]:
    """The weight list of ``rules``: its reading's, plus the lists of its options."""
    total = list(WEIGHTS[reading(rules)])
    for option in options_on(rules):
        for i, w in enumerate(OPTION_WEIGHTS[reading(rules)][option]):
            total[i] += w
    return total


@lru_cache(maxsize=64)
def scorer(rules) -> Scorer:
    return Scorer(rules, weights(rules))


def first_seat_chance(state) -> float | None:
    """The first seat's winning chance by the model; None before the colours are
    decided."""
    z = scorer(state.rules).z(state)
    return None if z is None else chance_of(z)


def chance_of(z: float) -> float:
    """The logistic of the model's logit (exactly 0 or 1 far out, where exp overflows)."""
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1 / (1 + math.exp(-z))


def value_of(z: float, seat: int) -> float:
    """The evaluation for ``seat`` of a position whose logit for the first seat is
    ``z``: 2p - 1 from the first seat's side, never a certain win or loss."""
    p = chance_of(z)
    value = 2 * p - 1 if seat == 0 else 1 - 2 * p
    return max(-CERTAIN, min(CERTAIN, value))


def _static(state, seat: int) -> float:
    if state.winner is not None:
        return terminal_value(state, seat)
    z = scorer(state.rules).z(state)
    return 0.0 if z is None else value_of(z, seat)


def senet(state, seat: int) -> float:
    """The learned evaluation of ``state`` for ``seat``, in [-1, 1]."""
    if state.throw is not None and state.moves and state.winner is None:
        values = [_static(state.apply(move), seat) for move in state.moves]
        return max(values) if state.seat == seat else min(values)
    return _static(state, seat)
