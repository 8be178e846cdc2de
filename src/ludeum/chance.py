"""Explicit chance: outcomes come with probabilities, and the random source is
injected, so tests and benchmarks are reproducible from a seed.

Any object with ``random()`` and ``getrandbits(k)`` works as a source;
``random.Random(seed)`` is the usual one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any


def new_source(seed: int | None = None) -> random.Random:
    """A seedable random source; with no seed, seeded from the operating system."""
    return random.Random(seed)


def sample(outcomes: Sequence[tuple[Any, float]], source: random.Random) -> Any:
    """Draw one outcome from (outcome, probability) pairs."""
    x = source.random()
    for outcome, probability in outcomes:
        x -= probability
        if x < 0:
            return outcome
    return outcomes[-1][0]  # rounding left a sliver: it belongs to the last outcome


def random_choice(options: Sequence[Any], source: random.Random) -> Any:
    """A uniformly random option; draws nothing when there is only one, so that
    forced moves do not shift a seeded game."""
    n = len(options)
    return options[int(source.random() * n)] if n > 1 else options[0]


def random_play(
    state: Any,
    source: random.Random,
    most: int,
    choose: Callable[[Any, random.Random], Any] | None = None,
) -> Any:
    """The state after at most ``most`` actions from ``state``, fewer if the game
    ends: each throw drawn by its probability, each move uniformly, or by
    ``choose(state, source)`` when given (a player of ``ludeum.ai``). For tests,
    studies, damaged-record fuzzing and the README's pictures, in any game of the
    protocol."""
    from .protocol import CHANCE

    for _ in range(most):
        actor = state.to_act()
        if actor is None:
            break
        if actor == CHANCE:
            state = state.apply(sample(state.chance_outcomes(), source))
        elif choose is not None:
            state = state.apply(choose(state, source))
        else:
            state = state.apply(random_choice(state.legal_moves(), source))
    return state
