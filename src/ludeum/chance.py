"""Explicit chance: outcomes come with probabilities, and the random source is
injected, so tests and benchmarks are reproducible from a seed.

Any object with ``random()`` and ``getrandbits(k)`` works as a source;
``random.Random(seed)`` is the usual one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
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
