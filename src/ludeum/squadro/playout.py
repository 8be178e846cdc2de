"""Random Squadro playouts: play on with uniformly random legal moves, on bare
lists, through the same ``move_piece`` as ``SquadroState.apply`` (a test plays the
same seeded games both ways and requires identical results)."""

from __future__ import annotations

import random

from .rules import HOME, PIECES_TO_WIN
from .state import SquadroState, move_piece


def random_playout(state: SquadroState, source: random.Random) -> tuple[int, int]:
    """Returns ``(winner seat, moves played)``. The move is drawn like
    ``random_choice(state.legal_moves(), source)``: one ``random()`` when there is a
    choice, over the unfinished lanes in increasing order."""
    if state.winner is not None:
        return state.winner, 0
    random_ = source.random
    seat = state.seat
    pieces = [list(state.progress[0]), list(state.progress[1])]
    open_lanes = [[lane for lane in range(1, 6) if pieces[s][lane] != HOME] for s in (0, 1)]
    home = [5 - len(open_lanes[0]), 5 - len(open_lanes[1])]
    moves = 0
    while True:
        lanes = open_lanes[seat]
        n = len(lanes)
        lane = lanes[int(random_() * n)] if n > 1 else lanes[0]
        mine = pieces[seat]
        move_piece(seat, mine, pieces[1 - seat], lane)
        moves += 1
        if mine[lane] == HOME:
            lanes.remove(lane)
            home[seat] += 1
            if home[seat] >= PIECES_TO_WIN:
                return seat, moves
        seat = 1 - seat
