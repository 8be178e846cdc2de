"""Seeded random games of every game for the review tests. Not a test module."""

from __future__ import annotations

import random

from ludeum.chance import random_choice
from ludeum.lodestone import new_game as new_lodestone
from ludeum.lodestone.rules import LodestoneRules
from ludeum.protocol import CHANCE
from ludeum.senet import JEQUIER
from ludeum.senet import new_game as new_senet
from ludeum.squadro import new_game as new_squadro

STARTS = {
    "senet": lambda: new_senet(JEQUIER, 0),
    "squadro": lambda: new_squadro(),
    "lodestone": lambda: new_lodestone(LodestoneRules(moves_without_capture=40)),
}


def random_game(game: str, seed: int, limit: int = 4000):
    """Random legal actions (throws by their probabilities) until the game ends or
    ``limit`` actions have been played."""
    source = random.Random(seed)
    state = STARTS[game]()
    for _ in range(limit):
        if state.outcome() is not None:
            break
        if state.to_act() == CHANCE:
            outcomes = state.chance_outcomes()
            weights = [probability for _, probability in outcomes]
            state = state.apply(source.choices([o for o, _ in outcomes], weights)[0])
        else:
            state = state.apply(random_choice(state.legal_moves(), source))
    return state
