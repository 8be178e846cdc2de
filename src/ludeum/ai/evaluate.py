"""Hand-tuned evaluations, one per game, each in [-1, 1] from a seat's view.

Senet (``senet_race``): the race. A piece is worth how far it has come (a square
number, 31 once borne off, 0 on Tait's plinth); the score is the difference of both
sides' sums over the most a side could gather.
In Kendall's reading a piece waiting in the water counts as if just short of 15,
where it must come back to (see ``WATER_WORTH``). Senet's Hard level uses a learned
evaluation instead (``senet_eval``); the hand-made one it replaced, the race less
each side's exposed pieces, is kept in ``benchmarks/senet_reference.py``.
Squadro: the race too, counted in progress steps (0-12 a piece, home worth a bonus),
only the best four pieces count, since four home win.
Lodestone: material (a pawn 1, the king 6) and, lightly, how many moves each side has.
"""

from __future__ import annotations

from ..lodestone.state import OWN, moves_of
from ..senet.moves import WATER_BIT
from ..senet.state import BLACK, WHITE
from ..senet.track import WATER
from ..squadro.rules import HOME

#: What a piece waiting in Kendall's water is worth: less than 15, the square it
#: comes back to, so that coming back always beats waiting.
WATER_WORTH = 14


def colour_mask(state, colour: int) -> int:
    return state.white if colour == WHITE else state.black


def _progress(state, colour: int) -> int:
    total = sum(state.pieces_on_board(colour)) + 31 * state.borne_off[colour]
    if state.rules.family == "kendall" and colour_mask(state, colour) & WATER_BIT:
        # A piece waiting in Kendall's water is not on 27 for good: it must come back
        # to 15 (or leave on a 4), and while it waits its side cannot move at all.
        # Counted on 27, waiting would look better than coming back, and a side could
        # freeze itself for the rest of the game.
        total -= WATER - WATER_WORTH
    return total


def _colours(state, seat: int) -> tuple[int, int] | None:
    """(the seat's colour, the other colour); None while the opening decides them."""
    me = state.colour_of(seat)
    if me is None:
        return None
    return me, WHITE if me == BLACK else BLACK


def senet_race(state, seat: int) -> float:
    colours = _colours(state, seat)
    if colours is None:
        return 0.0
    me, other = colours
    return (_progress(state, me) - _progress(state, other)) / (31 * state.rules.pieces)


def squadro(state, seat: int) -> float:
    def race(side: int) -> int:
        steps = sorted(
            (p + (4 if p == HOME else 0) for p in state.progress[side][1:]), reverse=True
        )
        return sum(steps[:4])

    return (race(seat) - race(1 - seat)) / (4 * (HOME + 4))


PAWN, KING = 1, 6


def lodestone(state, seat: int) -> float:
    if state.setting_up:
        return 0.0
    me = seat + 1
    other = 3 - me
    board = state.board  # counted by piece code (``lodestone.state.OWN``): C, not a loop
    pawn, king = OWN[me]
    their_pawn, their_king = OWN[other]
    material = (PAWN * (board.count(pawn) - board.count(their_pawn))
                + KING * (board.count(king) - board.count(their_king)))  # fmt: skip
    mobility = len(moves_of(state, me)) - len(moves_of(state, other))
    return max(-0.99, min(0.99, material / 13 + mobility / 400))


def squadro_key(state):
    return state.progress, state.seat


def lodestone_key(state):
    return state.board, state.turn, state.setting_up
