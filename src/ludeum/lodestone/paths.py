"""Every way a piece may travel N squares: straight, or with one right-angle turn.

``path_table()[square][n]`` lists ``(passed squares, destination)`` for n = 1-4, built once;
the move generator then only checks that the passed squares are empty.
"""

from __future__ import annotations

from functools import cache

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))  # (rank step, file step)


def _walk(square: int, steps: list[tuple[int, int]]) -> list[int] | None:
    rank, file = divmod(square, 8)
    squares = []
    for dr, df in steps:
        rank, file = rank + dr, file + df
        if not (0 <= rank < 8 and 0 <= file < 8):
            return None
        squares.append(rank * 8 + file)
    return squares


def _paths(square: int, n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    found = []
    for first in DIRECTIONS:
        for k in range(1, n + 1):
            turns = (
                [None]
                if k == n
                else [d for d in DIRECTIONS if d[0] * first[0] + d[1] * first[1] == 0]
            )
            for second in turns:  # perpendicular only: turning back is not allowed
                steps = [first] * k + ([second] * (n - k) if second else [])
                walked = _walk(square, steps)
                if walked:
                    found.append((tuple(walked[:-1]), walked[-1]))
    return tuple(found)


@cache
def path_table() -> tuple:
    """``path_table()[square][n]``: built on first use, not at import (start-up)."""
    return tuple(tuple(_paths(square, n) if n else () for n in range(5)) for square in range(64))


@cache
def path_masks() -> tuple:
    """``path_table`` by destination, for the move generator (``state.moves_of``):
    ``path_masks()[square][n]`` lists ``(destination, masks)`` in order of
    destination, a mask for each way there. A mask covers the way's passed squares on
    the board read as one integer, a byte a square (byte k for square k): a way is
    clear when its mask and the board have no bit in common."""
    table = []
    for row in path_table():
        by_digit = []
        for paths in row:
            ways: dict[int, list[int]] = {}
            for passed, dst in paths:
                ways.setdefault(dst, []).append(sum(0xFF << 8 * s for s in passed))
            by_digit.append(tuple((dst, tuple(ways[dst])) for dst in sorted(ways)))
        table.append(tuple(by_digit))
    return tuple(table)
