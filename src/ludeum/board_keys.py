"""Arrow-key moves between the cells of a board: where focus goes next.

Every game draws its board as cells a player can point at, each with a name (what
the game's ``ui.tap`` understands) and its position on screen, ``(row, column)``
counted from the top left. The browser glue reads those from the page and asks
``next_cell`` where a key takes the focus; the rule lives here so that it is the
same for every game and can be tested without a browser.

The rule (WAI-ARIA's grid pattern, adapted to boards with holes and wide cells):

* An arrow goes to the nearest cell on that side: the one whose row (for Left and
  Right) or column (for Up and Down) is closest to the current one, then the one
  closest along the way, then the one nearer the top or left. Staying in line first
  means Right along a row of squares never jumps to a closer cell on another row.
* At the edge, where no cell lies on that side, the focus stays put.
* Home and End go to the first and the last cell in reading order (rows from the
  top, each row from the left).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Cell = tuple[str, int, int]  # (name, row, column)

ARROWS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")
KEYS = (*ARROWS, "Home", "End")

#: (row step, column step) of each arrow.
_STEP = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


def reading_order(cells: Iterable[Cell]) -> list[Cell]:
    """Cells by row from the top, then by column from the left."""
    return sorted(cells, key=lambda cell: (cell[1], cell[2]))


def next_cell(cells: Sequence[Cell], current: str | None, key: str) -> str | None:
    """The name of the cell a key moves the focus to; ``current`` when it stays put.

    None when the key is not one of ``KEYS`` or there are no cells. A ``current``
    that is not among the cells (nothing focused yet) counts as being before the
    first cell: every key then goes to the first cell in reading order.
    """
    if key not in KEYS or not cells:
        return None
    ordered = reading_order(cells)
    if key == "Home":
        return ordered[0][0]
    if key == "End":
        return ordered[-1][0]
    here = next((cell for cell in cells if cell[0] == current), None)
    if here is None:
        return ordered[0][0]
    _name, row, column = here
    d_row, d_column = _STEP[key]
    best = None
    best_key = None
    for name, r, c in cells:
        ahead = (r - row) * d_row + (c - column) * d_column  # distance along the way
        if ahead <= 0:
            continue
        aside = abs(c - column) if d_row else abs(r - row)  # distance off the line
        rank = (aside, ahead, r, c)
        if best_key is None or rank < best_key:
            best, best_key = name, rank
    return current if best is None else best


def tab_stop(cells: Sequence[Cell], *preferred: str | None) -> str | None:
    """The one cell that takes the board's tab stop: the first of ``preferred``
    names that is a cell, else the first cell in reading order; None without cells."""
    names = {cell[0] for cell in cells}
    for name in preferred:
        if name is not None and name in names:
            return name
    ordered = reading_order(cells)
    return ordered[0][0] if ordered else None
