"""The learned Senet evaluation's linear score, computed on bitboards for the search.

``senet_features.Describer`` lists a position's features one by one, readable and
used for training. The search evaluates tens of thousands of positions a move, and
listing 46 numbers for each was a large part of its time. Since the model is linear,
a side's share of the score can be computed straight from its bitboards: the counts
(pieces off, paired, in a blockade, clear, trailing) are set bits after a shift or
two, times their weights; the square weights are summed through three tables of
1,024 entries, one per row; and what an open piece's attackers cost (the exposure
counts and the risk of the worst) is read from a table of 64 entries indexed by the
six squares behind it.

``Scorer(rules, weights).z(state)`` equals the dot product of the weights with
``Describer(rules).describe(state)`` (a test checks it to 1e-9 on played positions
of every reading); only the order of the additions differs.
"""

from __future__ import annotations

from ..senet.moves import BIT, mask_of
from ..senet.state import BLACK, WHITE
from ..senet.track import WATER
from .senet_features import (
    BLOCKADE,
    BORNE_OFF,
    CLEAR,
    EXPOSED,
    FIRST_TWO_ROWS,
    HOME,
    PAIRED,
    PLINTH_COUNT,
    RISK,
    SIDE,
    TRAILING,
    WAITING,
    throw_odds,
)

ROW = 1023  # ten squares: the bits of one row


def _row_tables(values) -> tuple[tuple[float, ...], ...]:
    """For each row, the sum of ``values[s]`` over the squares s set in a 10-bit
    pattern of that row."""
    tables = []
    for row in range(3):
        first = 10 * row + 1
        table = [0.0] * 1024
        for pattern in range(1, 1024):
            low = pattern & -pattern
            table[pattern] = table[pattern ^ low] + values[first + low.bit_length() - 1]
        tables.append(tuple(table))
    return tuple(tables)


class Scorer:
    """One reading's weights bound to one ruleset's settings."""

    def __init__(self, rules, weights) -> None:
        w = tuple(weights)
        self.pieces = rules.pieces
        self.to_throw = w[SIDE]
        self.squares = _row_tables([0.0, *w[:30]])
        self.w_off, self.w_plinth = w[BORNE_OFF], w[PLINTH_COUNT]
        self.w_paired, self.w_blockade = w[PAIRED], w[BLOCKADE]
        self.w_clear, self.w_trailing = w[CLEAR], w[TRAILING]
        self.w_home, self.w_waiting = w[HOME], w[WAITING]
        self.w_risk = w[RISK] / 31
        odds = throw_odds(rules)
        tait = rules.family == "tait"
        self.pairs_protect = not tait
        self.plinth_attacks = tait
        self.costs_square = tait or rules.bump_to_first_empty
        # Pieces on these squares can never be bumped: the safe squares and the water.
        self.shelter = mask_of(rules.safe_squares) | BIT[WATER]
        # What an open piece's attackers add to the score, by the six squares behind
        # it: bit j of ``window`` is an enemy piece 6 - j squares behind. The exposure
        # features count each attacker; the risk charges the worst one, the chance of
        # its throw times what the bump costs (twice the distance, or the square).
        self.by_window, self.worst_odds = [], []
        for window in range(64):
            near = [6 - j for j in range(6) if window >> j & 1]
            exposure = sum(w[EXPOSED + d - 1] for d in near)
            if self.costs_square:  # the square is the piece's: added per piece
                self.by_window.append(exposure)
                self.worst_odds.append(max((odds[d] for d in near), default=0.0))
            else:
                worst = max((2 * d * odds[d] for d in near), default=0.0)
                self.by_window.append(exposure + self.w_risk * worst)
        # Tait's plinth attacks squares 4 and 6, where pieces enter, while the enemy
        # has pieces off the board: (the square's exposure weight, its throw's chance).
        self.entry_attacks = {4: (w[EXPOSED + 3], odds[4]), 6: (w[EXPOSED + 5], odds[6])}
        self.side = self._compile()

    def _compile(self):
        """``side(mine, opp, off, waiting)``: one side's share of the score, against
        the enemy pieces ``opp``. Every weight and setting is bound in as a closure
        cell: this runs for every leaf of the search, and cells read faster than
        attributes."""
        row0, row1, row2 = self.squares
        pieces, shelter, pairs_protect = self.pieces, self.shelter, self.pairs_protect
        w_off, w_plinth, w_paired = self.w_off, self.w_plinth, self.w_paired
        w_blockade, w_clear, w_trailing = self.w_blockade, self.w_clear, self.w_trailing
        w_home, w_waiting, w_risk = self.w_home, self.w_waiting, self.w_risk
        by_window, worst_odds = tuple(self.by_window), tuple(self.worst_odds)
        costs_square, plinth_attacks = self.costs_square, self.plinth_attacks
        entry_attacks = self.entry_attacks
        first_two_rows = FIRST_TWO_ROWS

        def side(mine: int, opp: int, off: int, waiting: bool) -> float:
            count = mine.bit_count()
            plinth = pieces - count - off
            beside = mine & ((mine << 1) | (mine >> 1))
            z = (
                row0[mine & ROW] + row1[mine >> 10 & ROW] + row2[mine >> 20]
                + w_off * off + w_plinth * plinth
                + w_paired * beside.bit_count()
                + w_blockade * (mine & (mine >> 1) & (mine >> 2)).bit_count()
            )  # fmt: skip
            if opp:
                z += w_clear * (mine >> opp.bit_length()).bit_count()
                z += w_trailing * (mine & ((opp & -opp) - 1)).bit_count()
            else:
                z += w_clear * count
            if count and not mine & first_two_rows and not plinth:
                z += w_home
            if waiting:
                z += w_waiting
            open_ = mine & ~shelter & ~beside if pairs_protect else mine & ~shelter
            if not open_ or not opp and not plinth_attacks:
                return z
            behind = opp << 7  # bit s - 1 + 7 - (6 - j) = s + j: shift right by s
            if not costs_square:
                while open_:
                    low = open_ & -open_
                    open_ ^= low
                    z += by_window[behind >> low.bit_length() & 63]
                return z
            entries = plinth_attacks and opp.bit_count() < pieces  # as in Describer
            risk = 0.0
            while open_:
                low = open_ & -open_
                open_ ^= low
                square = low.bit_length()
                window = behind >> square & 63
                z += by_window[window]
                worst = worst_odds[window]
                if entries and square in entry_attacks:
                    weight, chance = entry_attacks[square]
                    z += weight
                    worst = max(worst, chance)
                risk += square * worst
            return z + w_risk * risk

        return side

    def z(self, state) -> float | None:
        """The model's logit for the first seat; None before the colours are decided."""
        if state.black_seat is None:
            return None
        waiting = state.waiting
        black = self.side(state.black, state.white, state.borne_off[BLACK],
                          bool(waiting & (1 << BLACK)))  # fmt: skip
        white = self.side(state.white, state.black, state.borne_off[WHITE],
                          bool(waiting & (1 << WHITE)))  # fmt: skip
        z = black - white if state.black_seat == 0 else white - black
        return z + self.to_throw if state.seat == 0 else z - self.to_throw
