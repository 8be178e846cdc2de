"""Property tests over 1,000 seeded random Lodestone games: every game ends, the
pieces stay consistent, check is found, saves round-trip."""

from __future__ import annotations

import random

import pytest

from ludeum import saves
from ludeum.chance import random_choice
from ludeum.lodestone import RED, WHITE, new_game
from ludeum.lodestone.state import colour_of, is_king

GAMES = 1000
MAX_ACTIONS = 2 + 2 * 8 * 100  # the set-up, then the no-capture limit bounds a game


@pytest.mark.long
def test_a_thousand_random_games_end_with_invariants_holding():
    endings = {}
    for seed in range(GAMES):
        source = random.Random(seed)
        state = new_game(first_seat=seed % 2)
        actions = 0
        while state.to_act() is not None:
            assert actions < MAX_ACTIONS, f"game {seed} does not end"
            state = state.apply(random_choice(state.legal_moves(), source))
            actions += 1
            if not state.setting_up:
                for colour in (RED, WHITE):
                    mine = [c for c in state.board if colour_of(c) == colour]
                    assert len(mine) <= 8
                    kings = sum(1 for c in mine if is_king(c))
                    assert kings == 1 or (kings == 0 and state.winner not in (None, colour))
        reason = state.outcome().reason
        endings[reason] = endings.get(reason, 0) + 1
        if seed % 25 == 0:
            text = saves.dump(state)
            assert saves.dump(saves.load(text)) == text
    assert endings.get("king_taken", 0) > GAMES // 2
