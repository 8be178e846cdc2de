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


def _moves_as_the_rule_says(state, colour):
    """The move rule read literally, square by square and way by way: every way of
    exactly the piece's digit in steps, straight or with one turn, whose passed
    squares are empty, to an empty square or an enemy's."""
    from ludeum.lodestone.paths import path_table

    digits = state.rules.digit_maps()[colour]
    found = set()
    for square, code in enumerate(state.board):
        if code and colour_of(code) == colour:
            for passed, dst in path_table()[square][digits[square]]:
                if colour_of(state.board[dst]) != colour and not any(
                    state.board[s] for s in passed
                ):
                    found.add((square, dst))
    return sorted(found)


def test_the_fast_move_generator_finds_exactly_the_moves_the_rule_allows():
    """``moves_of`` reads the board as one integer (the analysis's hot loop, issue
    53): over 60 random games, both colours' moves in every position are the rule's,
    in order of square and destination."""
    from ludeum.lodestone.state import moves_of

    positions = 0
    for seed in range(60):
        source = random.Random(seed)
        state = new_game(first_seat=seed % 2)
        while state.to_act() is not None:
            if not state.setting_up:
                for colour in (RED, WHITE):
                    moves = [tuple(move) for move in moves_of(state, colour)]
                    assert moves == _moves_as_the_rule_says(state, colour), (seed, colour)
                positions += 1
            state = state.apply(random_choice(state.legal_moves(), source))
    assert positions > 3000
