"""Property tests over 1,000 seeded random games of Squadro: every game ends, no two
pieces ever share a square, progress stays in range, saves round-trip, and the fast
playout loop plays the same games as the state API."""

from __future__ import annotations

import random

import pytest

from ludeum import saves
from ludeum.chance import random_choice
from ludeum.squadro import HOME, H, V, new_game
from ludeum.squadro.playout import random_playout
from ludeum.squadro.rules import POSITION

GAMES = 1000
MAX_MOVES = 1000  # random games take about 80 moves; the longest seen, about 130


def check(state):
    for seat in (H, V):
        assert all(0 <= p <= HOME for p in state.progress[seat][1:])
    for row in range(1, 6):
        column = POSITION[state.progress[H][row]]
        if 1 <= column <= 5:
            assert POSITION[state.progress[V][column]] != row, "two pieces on one square"
    homes = [state.home_count(seat) for seat in (H, V)]
    assert max(homes) <= 4 and (state.winner is None) == (max(homes) < 4)


@pytest.mark.long
def test_a_thousand_random_games_end_with_invariants_holding():
    for seed in range(GAMES):
        source = random.Random(seed)
        state = new_game(seed % 2)
        moves = 0
        while state.to_act() is not None:
            assert moves < MAX_MOVES, f"game {seed} does not end"
            state = state.apply(random_choice(state.legal_moves(), source))
            moves += 1
            check(state)
        assert state.home_count(state.winner) == 4
        assert random_playout(new_game(seed % 2), random.Random(seed)) == (state.winner, moves)
        if seed % 25 == 0:
            text = saves.dump(state)
            assert saves.dump(saves.load(text)) == text
            half = state.start()
            for move in state.actions()[: moves // 2]:
                half = half.apply(move)
            assert saves.load(saves.dump(half)).progress == half.progress
