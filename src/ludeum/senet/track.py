"""The Senet board: 30 squares in three rows of ten, numbered along a reversed S.

Row 0 (top) runs 1-10 left to right, row 1 runs 11-20 right to left, row 2 runs
21-30 left to right, so square n+1 always follows square n along the track.
"""

from __future__ import annotations

SQUARES = range(1, 31)
WATER = 27
#: Move destinations that are not squares: off the board after bearing off, and the
#: plinth beside the board from which pieces enter (Tait's reading).
OFF = 31
PLINTH = 0

FIRST_ROW = range(1, 11)
MIDDLE_ROW = range(11, 21)
LAST_ROW = range(21, 31)


def row_of(square: int) -> int:
    return (square - 1) // 10


def cell_of(square: int) -> tuple[int, int]:
    """(row, column) of a square on the drawn board, both counted from 0."""
    row = row_of(square)
    offset = (square - 1) % 10
    return row, (9 - offset if row == 1 else offset)


def square_at(row: int, column: int) -> int:
    return row * 10 + (10 - column if row == 1 else column + 1)


def same_row(a: int, b: int) -> bool:
    return row_of(a) == row_of(b)
