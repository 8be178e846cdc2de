"""Random playouts: play a game on to its end with uniformly random legal moves.

This is the inner loop of Monte Carlo search and of the benchmarks, so it works on
bare bitboards instead of building a state per action. It uses the same move
generator (``move_masks``) as ``SenetState.apply`` and the same turn rules; the
board update is ``move_pieces``, with its two commonest cases (a bump that swaps
the pieces, the water) written into the loop. Tests play the same seeded games
both ways, up to the throw limit, and require identical results.
"""

from __future__ import annotations

import random

from ..chance import random_choice
from .moves import BOARD, WATER_BIT, move_pieces, tables
from .state import BLACK, WHITE, SenetState, next_throw
from .sticks import throw_sticks


def random_playout(state: SenetState, source: random.Random) -> tuple[int, int]:
    """Play on from ``state`` with random throws and random moves.

    Returns ``(winner seat, actions played)``. Random numbers are drawn exactly as
    by ``throw_sticks`` (four bits per throw) and ``random_choice`` (one ``random()``
    when there is a choice), in the order of ``legal_moves``, so a seeded game
    matches one played through the state API.
    """
    # The opening and a throw already waiting for its move go through the state
    # API (a few actions at most); the loop below starts at a throw in play. Only
    # Jéquier's readings have the bitboard loop: the others play through states.
    actions = 0
    plain = state.rules.family != "jequier"
    while state.winner is None and (plain or state.black_seat is None or state.throw is not None):
        if state.throw is None:
            state = state.apply(throw_sticks(source))
        else:
            state = state.apply(random_choice(state.moves, source))
        actions += 1
    if state.winner is not None:
        return state.winner, actions
    rules = state.rules
    t = tables(rules)
    pieces = rules.pieces
    value_of_bits, extra, generators = t.value_of_bits, t.extra, t.generators
    forfeit_again = rules.extra_throw_after_forfeit
    getrandbits, random = source.getrandbits, source.random
    lock = rules.starting_lock != "off"
    seat = state.seat
    # Keep the bitboards oriented to the side to move: swap them when the turn passes.
    if seat == state.black_seat:
        mine, opp = state.black, state.white
        off_mine, off_opp = state.borne_off[2], state.borne_off[1]
    else:
        mine, opp = state.white, state.black
        off_mine, off_opp = state.borne_off[1], state.borne_off[2]
    unmoved = state.unmoved
    # A bump swaps the two pieces unless the reading sends the bumped piece to the
    # first free square; the water restarts a piece on the first free square.
    swap_on_bump = not rules.bump_to_first_empty
    free_squares = BOARD & ~WATER_BIT
    throws = first_throw = state.throws
    moves = 0
    # The loop below is the hottest code of the project: every line is written for
    # CPython's speed (bits instead of square numbers, two-name swaps, no range
    # checks of our own: the ``for`` counts the throws up to the limit, no attribute
    # lookups). Actions played = throws + moves.
    for throws in range(first_throw + 1, (rules.throw_limit or 1 << 62) + 1):
        value = value_of_bits[getrandbits(4)]
        forward, off, back = generators[value](mine, opp, unmoved)
        ahead = forward | off
        n_ahead = ahead.bit_count()
        n = n_ahead + back.bit_count() if back else n_ahead
        if not n:  # the throw is lost
            if not (forfeit_again and extra[value]):
                seat = 1 - seat
                mine, opp = opp, mine
                off_mine, off_opp = off_opp, off_mine
            continue
        moves += 1
        # ``random_choice`` takes option int(y) for y = random() * n; counting y down
        # by ones picks the same (every step is exact: y < 8) without int()'s call.
        y = random() * n if n > 1 else 0.0
        if y < n_ahead:
            while y >= 1.0:  # drop the lowest pieces: the one to move is then the lowest
                ahead &= ahead - 1
                y -= 1.0
            low = ahead & -ahead  # the bit of the moving piece
            if low & off:
                mine ^= low
                off_mine += 1
                if off_mine == pieces:
                    return seat, actions + throws - first_throw + moves
                if not extra[value]:
                    seat = 1 - seat
                    mine, opp = opp, mine
                    off_mine, off_opp = off_opp, off_mine
                continue
            land = low << value
        else:
            y -= n_ahead
            while y >= 1.0:
                back &= back - 1
                y -= 1.0
            low = back & -back
            land = low >> value
        if land & opp:
            if swap_on_bump:  # the bumped piece takes the mover's square
                mine ^= low | land
                opp ^= low | land
            else:
                mine, opp, _ = move_pieces(rules, mine, opp, low.bit_length(), land.bit_length())
        elif land == WATER_BIT:  # no piece rests in the water
            mine ^= low
            free = free_squares & ~(mine | opp)
            mine |= free & -free
        else:
            mine ^= low | land  # a plain step, by far the most common move
        if lock:
            unmoved &= ~(low | land)
        if not extra[value]:
            seat = 1 - seat
            mine, opp = opp, mine
            off_mine, off_opp = off_opp, off_mine
    # The throw limit stopped the game.
    colours = (BLACK, WHITE) if seat == state.black_seat else (WHITE, BLACK)
    pieces_of = dict(zip(colours, (mine, opp), strict=True))
    off_of = dict(zip(colours, (off_mine, off_opp), strict=True))
    stopped = state._replace(
        white=pieces_of[WHITE], black=pieces_of[BLACK],
        borne_off=(0, off_of[WHITE], off_of[BLACK]), throws=throws, unmoved=unmoved,
    )  # fmt: skip
    return next_throw(stopped, seat).winner, actions + throws - first_throw + moves
