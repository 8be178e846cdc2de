"""The Senet move generator, on bitboards.

A side's pieces are one integer whose bit ``s`` is set when the side has a piece on
square ``s`` (1-30); bits 0 and 31 are always clear, which makes every neighbour
test safe at the ends of the track. All the moves of a throw come out of a handful
of shifts and masks, which is what lets search and random playouts run fast on
CPython.

``tables(rules)`` turns a ruleset into ``Tables``: its masks, and its
``move_masks`` function, built once per ruleset with the settings bound in (so the
hot path reads locals, not attributes). The state (``state.py``) and the playouts
(``playout.py``) both call ``Tables.move_masks`` and ``move_pieces``: there is one
generator for every reading.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .rulesets import SenetRules
from .track import OFF, WATER

BOARD = sum(1 << s for s in range(1, 31))
FIRST_TWO_ROWS = sum(1 << s for s in range(1, 21))
FIRST_ROW = sum(1 << s for s in range(1, 11))
WATER_BIT = 1 << WATER
#: Squares 11 and 21 start a row; 10 and 20 end one (for readings where rows
#: do not turn corners).
ROW_STARTS = (1 << 11) | (1 << 21)
ROW_ENDS = (1 << 10) | (1 << 20)
#: Bits k such that k, k+1, k+2 lie on one physical row.
ROW_TRIPLES = sum(1 << k for k in range(1, 29) if (k - 1) // 10 == (k + 1) // 10)

#: ``move_masks(mine, opp, value, unmoved) -> (forward, bear_off, backward)``
MoveMasks = Callable[[int, int, int, int], tuple[int, int, int]]


@dataclass(frozen=True, slots=True)
class Tables:
    """What one ruleset implies, precomputed."""

    rules: SenetRules
    value_of_bits: tuple[int, ...]  # throw value for each 4-bit stick pattern
    extra: tuple[bool, ...]  # whether moving with value v earns another throw
    move_masks: MoveMasks


@lru_cache(maxsize=64)
def tables(rules: SenetRules) -> Tables:
    return Tables(
        rules=rules,
        value_of_bits=tuple(rules.throw_value(bin(b).count("1")) for b in range(16)),
        extra=tuple(v in rules.extra_throw_values for v in range(7)),
        move_masks=_compile_move_masks(rules),
    )


def _compile_move_masks(rules: SenetRules) -> MoveMasks:
    safe = sum(1 << s for s in rules.safe_squares)
    reach = 30 if rules.bear_off_on_exact_30 else 31
    bear_off_from = tuple(sum(1 << s for s in range(1, 31) if s + v >= reach) for v in range(7))
    stay_on_board = tuple(sum(1 << s for s in range(1, 31) if s + v <= 30) for v in range(7))
    corners = rules.rows_turn_corners
    lock = rules.starting_lock
    global_backward = rules.backward_priority == "global"
    backward_captures = rules.backward_can_capture

    def move_masks(mine: int, opp: int, value: int, unmoved: int = 0) -> tuple[int, int, int]:
        """Source squares of the pieces of ``mine`` that can move with a throw of
        ``value``: forward on the board, bearing off, and backward."""
        if lock == "off":
            movable = mine
        elif lock == "literal":
            # A piece on its starting square waits until the piece that started
            # just ahead of it has moved once.
            movable = mine & ~(unmoved & (unmoved >> 1))
        else:  # "next_square_empty" (Ludii): a first-row piece needs the next square free
            movable = mine & ~(FIRST_ROW & ((mine | opp) >> 1))
        if corners:
            # Protected: on a safe square or beside another opposing piece.
            protected = opp & (safe | (opp << 1) | (opp >> 1))
            # Blockade: three opposing pieces in a row, starting at the set bit.
            runs = opp & (opp >> 1) & (opp >> 2) if value >= 4 else 0
        else:  # Ludii: rows end at the corners; a blockade is any three pieces in a row
            protected = opp & (safe | ((opp << 1) & ~ROW_STARTS) | ((opp >> 1) & ~ROW_ENDS))
            both = mine | opp
            runs = both & (both >> 1) & (both >> 2) & ROW_TRIPLES if value >= 4 else 0
        forward_from = movable
        if runs:
            # A piece on s may not pass a blockade starting at s+1 .. s+value-3.
            for j in range(1, value - 2):
                forward_from &= ~(runs >> j)
        if mine & FIRST_TWO_ROWS:
            off = 0
        else:  # every piece is on the last row: moves reaching the end bear off
            off = forward_from & bear_off_from[value]
            forward_from &= ~off
        forward_from &= stay_on_board[value]
        forward = forward_from & ~(((forward_from << value) & (mine | protected)) >> value)
        if global_backward:
            if forward or off:
                return forward, off, 0
            back_from = movable & (BOARD << value)  # s - value >= 1
        else:
            back_from = movable & ~forward & ~off & (BOARD << value)
        if runs:
            # Going back from s to s-value, blockades starting at s-value+1 .. s-3 stop it.
            for j in range(3, value):
                back_from &= ~(runs << j)
        refused = mine | (protected if backward_captures else opp)
        back = back_from & ~(((back_from >> value) & refused) << value)
        return forward, off, back

    return move_masks


def bits(mask: int) -> list[int]:
    """The squares set in a mask, lowest first."""
    squares = []
    while mask:
        low = mask & -mask
        squares.append(low.bit_length() - 1)
        mask ^= low
    return squares


def first_empty(occupied: int) -> int:
    """The lowest-numbered free square (never the water)."""
    free = BOARD & ~occupied & ~WATER_BIT
    return (free & -free).bit_length() - 1


def move_pieces(
    rules: SenetRules, mine: int, opp: int, src: int, dst: int
) -> tuple[int, int, tuple]:
    """Play a legal move on the bitboards: returns the new ``mine``, ``opp`` and
    what happened as an effect tuple (``()`` for a plain step)."""
    mine ^= 1 << src
    if dst == OFF:
        return mine, opp, ("borne_off", src)
    if dst == WATER:
        # No piece rests in the water: it starts again from the first free square.
        restart = first_empty(mine | opp)
        return mine | (1 << restart), opp, ("water", restart)
    bit = 1 << dst
    if opp & bit:
        opp ^= bit
        mine |= bit
        back_to = first_empty(mine | opp) if rules.bump_to_first_empty else src
        return mine, opp | (1 << back_to), ("bumped", dst, back_to)
    return mine | bit, opp, ()
