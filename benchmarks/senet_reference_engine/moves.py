"""The Senet move generator, on bitboards.

A side's pieces are one integer whose bit ``s - 1`` is set when the side has a piece
on square ``s`` (1-30); ``BIT[s]`` is that bit. Shifting by one moves to the
neighbouring square along the track, so all the moves of a throw come out of a
handful of shifts and masks. Keeping the masks below 2**30 keeps them single-digit
ints for CPython, whose arithmetic is markedly faster on those.

``tables(rules)`` turns a ruleset into ``Tables``: one generator function per throw
value, built once with every setting and mask bound in (so the hot path reads
closure cells, not attributes). The state (``state.py``) and the playouts
(``playout.py``) both use those generators and ``move_pieces``: there is one
generator for every reading.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ludeum.senet.rulesets import SenetRules
from ludeum.senet.track import OFF, WATER

#: The bit of each square; 0 for the plinth (0) and for off the board (31).
BIT = tuple(1 << (s - 1) if 1 <= s <= 30 else 0 for s in range(32))


def mask_of(squares) -> int:
    return sum(BIT[s] for s in squares)


BOARD = mask_of(range(1, 31))
FIRST_TWO_ROWS = mask_of(range(1, 21))
FIRST_ROW = mask_of(range(1, 11))
WATER_BIT = BIT[WATER]
#: Squares 11 and 21 start a row; 10 and 20 end one (for readings where rows
#: do not turn corners).
ROW_STARTS = BIT[11] | BIT[21]
ROW_ENDS = BIT[10] | BIT[20]
#: Squares k such that k, k+1, k+2 lie on one physical row.
ROW_TRIPLES = mask_of(k for k in range(1, 29) if (k - 1) // 10 == (k + 1) // 10)

#: ``generator(mine, opp, unmoved) -> (forward, bear_off, backward)`` for one throw value
Generator = Callable[[int, int, int], tuple[int, int, int]]


@dataclass(frozen=True, slots=True)
class Tables:
    """What one ruleset implies, precomputed."""

    rules: SenetRules
    value_of_bits: tuple[int, ...]  # throw value for each 4-bit stick pattern
    extra: tuple[bool, ...]  # whether moving with value v earns another throw
    generators: tuple[Generator | None, ...]  # the move generator for each throw value

    def move_masks(self, mine: int, opp: int, value: int, unmoved: int = 0) -> tuple[int, int, int]:
        """Source squares of the pieces of ``mine`` that can move with a throw of
        ``value``: forward on the board, bearing off, and backward."""
        return self.generators[value](mine, opp, unmoved)


@lru_cache(maxsize=64)
def tables(rules: SenetRules) -> Tables:
    values = tuple(rules.throw_value(bin(b).count("1")) for b in range(16))
    return Tables(
        rules=rules,
        value_of_bits=values,
        extra=tuple(v in rules.extra_throw_values for v in range(7)),
        generators=tuple(_compile_generator(rules, v) if v in values else None for v in range(7)),
    )


def _compile_generator(rules: SenetRules, value: int) -> Generator:
    """The move generator for one ruleset and one throw value, with every setting
    and mask bound in, so the hot path reads closure cells, not attributes."""
    safe = mask_of(rules.safe_squares)
    reach = 30 if rules.bear_off_on_exact_30 else 31
    bear_off_from = mask_of(s for s in range(1, 31) if s + value >= reach)
    stay_on_board = mask_of(s for s in range(1, 31) if s + value <= 30)
    room_behind = mask_of(s for s in range(1, 31) if s - value >= 1)
    corners = rules.rows_turn_corners
    unlocked = rules.starting_lock == "off"
    literal_lock = rules.starting_lock == "literal"
    global_backward = rules.backward_priority == "global"
    backward_captures = rules.backward_can_capture
    first_two_rows = FIRST_TWO_ROWS  # a closure cell reads faster than a global
    can_pass_three = value >= 4
    ahead_shifts = tuple(range(1, value - 2))  # blockade starts at s+1 .. s+value-3
    behind_shifts = tuple(range(3, value))  # going back: starts at s-value+1 .. s-3

    def protected_of(opp: int) -> int:
        """Opposing pieces that cannot be bumped: on a safe square or beside
        another opposing piece (along the track, or within a row for Ludii)."""
        if corners:
            return opp & (safe | (opp << 1) | (opp >> 1))
        return opp & (safe | ((opp << 1) & ~ROW_STARTS) | ((opp >> 1) & ~ROW_ENDS))

    def generator(mine: int, opp: int, unmoved: int) -> tuple[int, int, int]:
        if unlocked:
            movable = mine
        elif literal_lock:
            # A piece on its starting square waits until the piece that started
            # just ahead of it has moved once.
            movable = mine & ~(unmoved & (unmoved >> 1))
        else:  # "next_square_empty" (Ludii): a first-row piece needs the next square free
            movable = mine & ~(FIRST_ROW & ((mine | opp) >> 1))
        runs = 0
        forward_from = movable
        if can_pass_three:
            if corners:  # three opposing pieces in a row, starting at the set bit
                runs = opp & (opp >> 1) & (opp >> 2)
            else:  # Ludii: any three pieces on one physical row
                both = mine | opp
                runs = both & (both >> 1) & (both >> 2) & ROW_TRIPLES
            for j in ahead_shifts if runs else ():
                forward_from &= ~(runs >> j)
        if mine & first_two_rows:
            off = 0
        else:  # every piece is on the last row: moves reaching the end bear off
            off = forward_from & bear_off_from
            forward_from &= ~off
        forward_from &= stay_on_board
        landing = forward_from << value
        hits = landing & opp
        if not hits:  # protection matters only where a piece would land on an opponent
            forward = forward_from & ~((landing & mine) >> value)
        elif corners:  # protected_of, inlined for the default reading
            refused = (landing & mine) | (hits & (safe | (opp << 1) | (opp >> 1)))
            forward = forward_from & ~(refused >> value)
        else:
            refused = (landing & mine) | (hits & protected_of(opp))
            forward = forward_from & ~(refused >> value)
        if global_backward:
            if forward or off:
                return forward, off, 0
            back_from = movable & room_behind
        else:
            back_from = movable & ~forward & ~off & room_behind
        if not back_from:
            return forward, off, 0
        for j in behind_shifts if runs else ():
            back_from &= ~(runs << j)
        refused = mine | (protected_of(opp) if backward_captures else opp)
        back = back_from & ~(((back_from >> value) & refused) << value)
        return forward, off, back

    return generator


def bits(mask: int) -> list[int]:
    """The squares set in a mask, lowest first."""
    squares = []
    while mask:
        low = mask & -mask
        squares.append(low.bit_length())  # bit s - 1 has length s
        mask ^= low
    return squares


def first_empty(occupied: int) -> int:
    """The lowest-numbered free square (never the water)."""
    free = BOARD & ~occupied & ~WATER_BIT
    return (free & -free).bit_length()


def move_pieces(
    rules: SenetRules, mine: int, opp: int, src: int, dst: int
) -> tuple[int, int, tuple]:
    """Play a legal move on the bitboards: returns the new ``mine``, ``opp`` and
    what happened as an effect tuple (``()`` for a plain step)."""
    mine ^= BIT[src]
    if dst == OFF:
        return mine, opp, ("borne_off", src)
    if dst == WATER:
        # No piece rests in the water: it starts again from the first free square.
        restart = first_empty(mine | opp)
        return mine | BIT[restart], opp, ("water", restart)
    bit = BIT[dst]
    if opp & bit:
        opp ^= bit
        mine |= bit
        back_to = first_empty(mine | opp) if rules.bump_to_first_empty else src
        return mine, opp | BIT[back_to], ("bumped", dst, back_to)
    return mine | bit, opp, ()
