"""Squadro (Adrián Jiménez Pascual, published by Gigamic): the board and the speeds.

Source: the Gigamic rulebook (seed 002) and the project's rules spec, section 5,
cross-checked by the spec against Ludii's and another open implementation.

Geometry: a 7x7 board without its corners. Each player owns five lanes crossing
the board: player H (seat 0) moves its pieces along rows, player V (seat 1) along
columns. On its lane a piece has seven positions: 0, its start space; 1-5, the five
crossing squares; 6, its turnaround space on the far edge. H's piece in lane r at
position x and V's piece in lane c at position y stand on the same square exactly
when x == c and y == r.

A piece's journey is one number, its *progress* from 0 to 12: 0-5 going out
(position = progress), 6 on reaching the far edge (it turns round there), 7-11 on the
way back (position = 12 - progress), and 12 when it is home, finished.

Speeds, by lane 1-5 (the dots engraved beside the start and turnaround spaces); the
two players' rows differ, and every lane's out and back speeds add up to 4:
"""

from __future__ import annotations

H, V = 0, 1  # the two seats: horizontal and vertical movers
LANES = (1, 2, 3, 4, 5)
TURNAROUND = 6
HOME = 12
#: The winner is the first to bring four pieces home.
PIECES_TO_WIN = 4

#: SPEEDS[seat][returning][lane]; index 0 unused.
SPEEDS = (
    ((0, 3, 1, 2, 1, 3), (0, 1, 3, 2, 3, 1)),  # H: out, back
    ((0, 1, 3, 2, 3, 1), (0, 3, 1, 2, 1, 3)),  # V: out, back
)

#: The position on its lane of a piece with a given progress.
POSITION = tuple(p if p <= TURNAROUND else HOME - p for p in range(HOME + 1))


def speed(seat: int, lane: int, progress: int) -> int:
    return SPEEDS[seat][progress >= TURNAROUND][lane]
