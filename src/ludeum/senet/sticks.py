"""The four casting sticks of Senet.

Each stick has a light (flat) side and a dark (rounded) side. A throw is the four
sticks as they fell; what it is worth is the number of light sides up, except that
no light side at all counts as the ruleset's ``zero_light_value`` (6 for Jéquier
and Tait, 5 for Kendall). With fair sticks the number of light sides follows
Binomial(4, 1/2): 1/16, 4/16, 6/16, 4/16, 1/16 for 0..4 light sides.
"""

from __future__ import annotations

import random
from typing import NamedTuple


class Throw(NamedTuple):
    """Four sticks as thrown: 1 = light side up, 0 = dark side up."""

    sticks: tuple[int, int, int, int]

    @property
    def light(self) -> int:
        return sum(self.sticks)

    def notation(self) -> str:
        """``T`` followed by the four sticks, for example ``T0110``."""
        return "T" + "".join(map(str, self.sticks))

    @classmethod
    def parse(cls, text: str) -> Throw:
        # The 16 notations are looked up: a long saved game parses one a throw.
        known = _BY_TEXT.get(text) if isinstance(text, str) else None
        if known is not None:
            return known
        if len(text) != 5 or text[0] != "T" or any(c not in "01" for c in text[1:]):
            raise ValueError(f"not a throw: {text!r}")
        return cls(tuple(int(c) for c in text[1:]))


def throw_sticks(source: random.Random) -> Throw:
    """Throw the four sticks with the given random source."""
    bits = source.getrandbits(4)
    return _BY_BITS[bits]


_BY_BITS = tuple(Throw(((b >> 3) & 1, (b >> 2) & 1, (b >> 1) & 1, b & 1)) for b in range(16))
_BY_TEXT = {throw.notation(): throw for throw in _BY_BITS}

#: One representative throw per number of light sides, with its probability.
#: Search needs only these five outcomes; the browser shows real random sticks.
THROW_OUTCOMES: tuple[tuple[Throw, float], ...] = (
    (Throw((0, 0, 0, 0)), 1 / 16),
    (Throw((1, 0, 0, 0)), 4 / 16),
    (Throw((1, 1, 0, 0)), 6 / 16),
    (Throw((1, 1, 1, 0)), 4 / 16),
    (Throw((1, 1, 1, 1)), 1 / 16),
)
