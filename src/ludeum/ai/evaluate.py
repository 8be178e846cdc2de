"""Hand-tuned evaluations, one per game, each in [-1, 1] from a seat's view.

Senet: the race. A piece is worth how far it has come (a square number, 31 once borne
off, 0 on Tait's plinth); the score is the difference of both sides' sums over the
most a side could gather.
Squadro: the race too, counted in progress steps (0-12 a piece, home worth a bonus),
only the best four pieces count, since four home win.
Lodestone: material (a pawn 1, the king 6) and, lightly, how many moves each side has.
"""

from __future__ import annotations

from ..lodestone.state import colour_of, is_king, moves_of
from ..senet.state import BLACK, WHITE
from ..squadro.rules import HOME


def senet(state, seat: int) -> float:
    me = state.colour_of(seat)
    if me is None:
        return 0.0
    other = WHITE if me == BLACK else BLACK

    def progress(colour: int) -> int:
        return sum(state.pieces_on_board(colour)) + 31 * state.borne_off[colour]

    return (progress(me) - progress(other)) / (31 * state.rules.pieces)


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
    material = 0
    for code in state.board:
        if code:
            worth = KING if is_king(code) else PAWN
            material += worth if colour_of(code) == me else -worth
    mobility = len(moves_of(state, me)) - len(moves_of(state, other))
    return max(-0.99, min(0.99, material / 13 + mobility / 400))


def squadro_key(state):
    return state.progress, state.seat


def lodestone_key(state):
    return state.board, state.turn, state.setting_up
