"""Property tests over many seeded random games of Senet (Jéquier): every game ends,
pieces are conserved, no two pieces share a square, nothing rests in the water,
saves round-trip through JSON, and the fast playout loop plays exactly the games the
state API plays."""

from __future__ import annotations

import json
import random

import pytest

from ludeum import saves
from ludeum.chance import random_choice
from ludeum.protocol import CHANCE
from ludeum.senet import BLACK, JEQUIER, JEQUIER_LUDII, WHITE, new_game, throw_sticks
from ludeum.senet.moves import BIT, BOARD
from ludeum.senet.playout import random_playout

GAMES = 1000
MAX_ACTIONS = 20_000  # far above the longest game seen (about 3,500 actions)


def play_random_game(rules, seed, check=None):
    source = random.Random(seed)
    state = new_game(rules, first_seat=seed % 2)
    actions = 0
    while state.to_act() is not None:
        assert actions < MAX_ACTIONS, f"game {seed} does not end"
        if state.to_act() == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
            state = state.apply(throw_sticks(source))
        else:
            assert state.legal_moves(), "a seat to move always has a move"
            state = state.apply(random_choice(state.legal_moves(), source))
        actions += 1
        if check:
            check(state)
    return state, actions


def check_invariants(state):
    pieces = state.rules.pieces
    assert state.white & state.black == 0, "two pieces on one square"
    assert not (state.white | state.black) & BIT[27], "a piece rests in the water"
    assert (state.white | state.black) & ~BOARD == 0, "a piece off the track"
    assert state.white.bit_count() + state.borne_off[WHITE] == pieces
    assert state.black.bit_count() + state.borne_off[BLACK] == pieces


@pytest.mark.long
def test_a_thousand_random_games_end_with_invariants_holding():
    lengths = []
    for seed in range(GAMES):
        state, actions = play_random_game(JEQUIER, seed, check_invariants)
        outcome = state.outcome()
        assert outcome.winner in (0, 1)
        assert state.borne_off[state.colour_of(outcome.winner)] == 5
        lengths.append(actions)
    assert max(lengths) < MAX_ACTIONS


def test_random_games_round_trip_through_json_saves():
    for seed in range(0, GAMES, 5):
        rules = JEQUIER if seed % 2 else JEQUIER_LUDII
        source = random.Random(seed)
        state = new_game(rules, first_seat=1)
        stop = source.randrange(1, 400)
        for _ in range(stop):
            if state.to_act() is None:
                break
            state = state.apply(
                throw_sticks(source)
                if state.to_act() == CHANCE
                else random_choice(state.moves, source)
            )
        text = saves.dump(state)
        loaded = saves.load(json.loads(json.dumps(text)))
        assert saves.dump(loaded) == text
        assert loaded.white == state.white and loaded.black == state.black
        assert loaded.seat == state.seat and loaded.throw_value == state.throw_value
        assert loaded.moves == state.moves and loaded.winner == state.winner


# Ludii's full reading makes random games run to millions of actions (its starting
# lock and piece-by-piece backward moves let pieces shuffle for ever), so the fast
# loop is checked on a variant that mixes its other options.
LUDII_TERMINATING = JEQUIER_LUDII.with_options(
    starting_lock="off", backward_priority="global", rows_turn_corners=True
)


def test_fast_playouts_play_the_same_games_as_the_state_api():
    for seed in range(300):
        rules = JEQUIER if seed % 3 else LUDII_TERMINATING
        state, actions = play_random_game(rules, seed)
        start = new_game(rules, first_seat=seed % 2)
        assert random_playout(start, random.Random(seed)) == (state.winner, actions)


def test_fast_playouts_stop_at_the_throw_limit_as_the_state_api_does():
    """Rule: the throw limit stops the game (a draw or the side ahead wins); the
    fast loop counts the throws itself, so it must stop on the very same throw."""
    stopped = 0
    for seed in range(60):
        rules = JEQUIER.with_options(throw_limit=40 + seed)
        state, actions = play_random_game(rules, seed)
        stopped += state.winner is not None and state.throws >= rules.throw_limit
        start = new_game(rules, first_seat=seed % 2)
        assert random_playout(start, random.Random(seed)) == (state.winner, actions)
    assert stopped == 60


def test_playouts_can_start_mid_game_with_a_throw_pending():
    source = random.Random(5)
    state = new_game(JEQUIER).apply(throw_sticks(source))
    while state.to_act() == CHANCE or state.in_opening:
        state = state.apply(
            throw_sticks(source) if state.to_act() == CHANCE else random_choice(state.moves, source)
        )
    winner, actions = random_playout(state, random.Random(9))
    assert winner in (0, 1) and actions > 0
