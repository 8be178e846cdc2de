"""The engine and the plain reference implementation of the benchmark script (a 7x7
board walked square by square) play identical games from the same seeds: two
independent readings of the rules agree."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

from ludeum.squadro import new_game
from ludeum.squadro.playout import random_playout

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "squadro_playouts.py"


def load_reference():
    spec = importlib.util.spec_from_file_location("squadro_playouts", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.reference_game


def test_the_engine_agrees_with_an_independent_reference_on_500_games():
    reference_game = load_reference()
    for seed in range(500):
        expected = reference_game(seed % 2, random.Random(seed))
        assert random_playout(new_game(seed % 2), random.Random(seed)) == expected, seed
