"""The bitboard move generator agrees with the plain reference generator on every
position of many seeded random games, under every combination of the Jéquier
options (rules spec 2.10a)."""

from __future__ import annotations

import itertools
import random

import pytest
from reference import reference_moves

from ludeum.chance import random_choice
from ludeum.senet import JEQUIER, new_game, tables, throw_sticks
from ludeum.senet.moves import BIT

OPTIONS = {
    "bump_to_first_empty": (False, True),
    "safe_squares": (frozenset({26, 28, 29, 30}), frozenset({15, 26, 28, 29})),
    "starting_lock": ("off", "literal", "next_square_empty"),
    "backward_can_capture": (False, True),
    "backward_priority": ("global", "per_piece"),
    "bear_off_on_exact_30": (True, False),
    "extra_throw_after_forfeit": (False, True),
    "rows_turn_corners": (True, False),
}
COMBINATIONS = [
    dict(zip(OPTIONS, values, strict=True)) for values in itertools.product(*OPTIONS.values())
]


@pytest.mark.parametrize("index", range(0, len(COMBINATIONS), 3))
def test_bitboards_match_reference_on_random_games(index):
    rules = JEQUIER.with_options(**COMBINATIONS[index])
    source = random.Random(index)
    t = tables(rules)
    checked = 0
    for game in range(4):
        state = new_game(rules, first_seat=game % 2)
        while state.to_act() is not None and checked < 3000:
            if state.throw is None:
                state = state.apply(throw_sticks(source))
                continue
            if state.in_opening or state.black_seat is None:
                state = state.apply(random_choice(state.moves, source))
                continue
            board = list(state.board)
            black = state.seat == state.black_seat
            mine, opp = (state.black, state.white) if black else (state.white, state.black)
            unmoved = {s for s in range(1, 31) if state.unmoved & BIT[s]}
            for value in (1, 2, 3, 4, 6):
                expected = reference_moves(rules, board, 2 if black else 1, value, unmoved)
                forward, off, back = t.move_masks(mine, opp, value, state.unmoved)
                got = {(s, s + value) for s in range(1, 31) if forward & BIT[s]}
                got |= {(s, 31) for s in range(1, 31) if off & BIT[s]}
                got |= {(s, s - value) for s in range(1, 31) if back & BIT[s]}
                assert got == set(expected), (state, value)
                checked += 1
            state = state.apply(random_choice(state.moves, source))
    assert checked > 500
