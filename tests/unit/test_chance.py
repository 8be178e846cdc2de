"""chance.random_play: seeded random games over the game protocol, for the fuzz tests."""

from __future__ import annotations

import random

import pytest

from ludeum.chance import random_play
from ludeum.lodestone import new_game as new_lodestone
from ludeum.senet import new_game as new_senet
from ludeum.squadro import new_game as new_squadro

STARTS = {"senet": new_senet, "squadro": new_squadro, "lodestone": new_lodestone}


@pytest.mark.parametrize("game", STARTS)
def test_random_play_takes_at_most_the_actions_asked_and_repeats_from_a_seed(game):
    start = STARTS[game]()
    state = random_play(start, random.Random(7), 25)
    assert len(state.actions()) == 25  # no game of these ends within 25 actions
    again = random_play(start, random.Random(7), 25)
    assert again.actions() == state.actions()


@pytest.mark.parametrize("game", STARTS)
def test_random_play_stops_where_the_game_ends(game):
    state = random_play(STARTS[game](), random.Random(3), 100_000)
    assert state.to_act() is None
    assert random_play(state, random.Random(4), 10) is state


def test_random_play_can_hand_the_moves_to_a_player() -> None:
    # Throws are still drawn from the source; every move is the player's.
    from ludeum.chance import random_play
    from ludeum.senet import new_game

    chosen = []

    def first_move(state, source):
        chosen.append(state)
        return state.legal_moves()[0]

    played = random_play(new_game(), random.Random(4), 60, choose=first_move)
    assert chosen and len(played.actions()) == 60
    for state in chosen:
        assert state.legal_moves()[0] in played.actions()
