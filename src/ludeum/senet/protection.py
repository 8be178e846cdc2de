"""Which Senet pieces cannot be bumped now, under the reading in play.

"Protected" here means what the rules forbid, whoever attacks and whatever is
thrown: a piece is protected when no move of the other side may land on it while
the position stays as it is. A piece merely out of reach (nothing behind it) is
not called protected. The board's accessible names say it for every piece; the
move generators (``moves.py``, ``kendall.py``, ``tait.py``) are the authority and
the tests check this module against them.

* Jéquier, both readings (``moves.py``): a piece on a safe square
  (``rules.safe_squares``: 26, 28, 29, 30 by default, 15, 26, 28, 29 in Ludii's
  reading), or with a piece of its own colour on a neighbouring square. Neighbours
  are along the track (10 and 11, 20 and 21 count) unless the reading breaks rows
  at the corners (``rows_turn_corners`` off, Ludii's reading).
* Kendall (``kendall.py``): a piece with a piece of its own colour on a
  neighbouring square along the track; a piece in the water (27), since a move may
  enter the water only while it is empty; and a piece on 28, 29 or 30 while any
  piece is in the water, since a capture there sends the captured piece into the
  water. There are no safe squares.
* Tait (``tait.py``): only a piece on 15, the House of Rebirth. Nothing else is
  ever protected: no pairs, no other safe squares.
"""

from __future__ import annotations

from .moves import BIT, ROW_ENDS, ROW_STARTS, mask_of
from .state import SenetState
from .track import WATER

REBIRTH = 15
#: Kendall: the squares a piece on 26 captures on by sending the victim into the water.
KENDALL_WATER_CAPTURES = mask_of((28, 29, 30))


def _beside_own(mask: int, turn_corners: bool = True) -> int:
    """Pieces of ``mask`` with a piece of the same mask on a neighbouring square.

    Bit ``s - 1`` stands for square ``s``: ``mask << 1`` marks the square after each
    piece, ``mask >> 1`` the square before it.
    """
    after, before = mask << 1, mask >> 1
    if not turn_corners:  # Ludii: 10/11 and 20/21 sit on different rows
        after &= ~ROW_STARTS
        before &= ~ROW_ENDS
    return mask & (after | before)


def protected_mask(state: SenetState) -> int:
    """The squares (as a bitboard, both colours) whose pieces cannot be bumped now."""
    rules = state.rules
    white, black = state.white, state.black
    if rules.family == "tait":
        return (white | black) & BIT[REBIRTH]
    if rules.family == "kendall":
        found = _beside_own(white) | _beside_own(black) | ((white | black) & BIT[WATER])
        if (white | black) & BIT[WATER]:
            found |= (white | black) & KENDALL_WATER_CAPTURES
        return found
    safe = mask_of(rules.safe_squares)
    corners = rules.rows_turn_corners
    return ((white | black) & safe) | _beside_own(white, corners) | _beside_own(black, corners)


def is_protected(state: SenetState, square: int) -> bool:
    return bool(protected_mask(state) & BIT[square])
