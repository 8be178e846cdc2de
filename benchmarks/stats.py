"""Small statistics shared by the benchmark scripts."""

from __future__ import annotations

import math


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval for a win rate of ``wins`` out of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
