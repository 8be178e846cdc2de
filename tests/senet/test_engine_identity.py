"""The Senet engine plays the very same games as the frozen copy of the engine before
issue 28 (``benchmarks/senet_reference_engine``): every state, every legal-move list,
every ``random_playout`` result, on seeded random games of every preset. The script
``benchmarks/senet_engine_identity.py`` does the same on 10,000 games a reading."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from ludeum.senet import PRESETS

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "senet_engine_identity.py"
#: Games per preset: Ludii's reading mostly runs to the 3,000-throw limit.
GAMES = {"jequier": 120, "jequier_ludii": 6, "tait": 80}


@pytest.fixture(scope="module")
def identity():
    spec = importlib.util.spec_from_file_location("senet_engine_identity", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("senet_engine_identity", module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_same_games_as_the_engine_before(identity, preset):
    games = GAMES.get(preset, 12)  # Kendall: 16 rulesets
    seeds = range(1000, 1000 + games)
    assert sum(identity.same_game(PRESETS[preset], seed) for seed in seeds) > 100 * games


def test_a_difference_is_caught(identity, monkeypatch):
    """The comparison can fail: a generator that forgets the last legal move."""
    from ludeum.senet import state

    real = state.jequier_moves
    monkeypatch.setattr(state, "jequier_moves", lambda *masks: real(*masks)[:-1] or real(*masks))
    with pytest.raises(AssertionError):
        identity.same_game(PRESETS["jequier"], 1)


def test_a_rulesets_tables_are_made_once_and_do_not_touch_its_settings():
    from dataclasses import asdict

    from ludeum.senet import JEQUIER, SenetRules, tables

    rules = JEQUIER.with_options(throw_limit=17)
    before = asdict(rules)
    assert tables(rules) is tables(rules)
    assert tables(rules).value_of_light == (6, 1, 2, 3, 4)
    assert asdict(rules) == before and rules == JEQUIER.with_options(throw_limit=17)
    assert SenetRules.from_json(rules.to_json()) == rules
    assert tables(JEQUIER) is not tables(rules)


def test_move_lists_are_kept_within_their_bound(monkeypatch):
    from ludeum.senet import state

    monkeypatch.setattr(state, "_MADE", {})
    monkeypatch.setattr(state, "_MADE_MOST", 3)
    for square in range(1, 8):
        moves = state.jequier_moves(1 << (square - 1), 0, 0, 2)
        assert moves == ((square, square + 2),) and len(state._MADE) <= 3
    assert state.jequier_moves(0b11, 0b100, 0b1000, 1) == ((1, 2), (2, 3), (3, 31), (4, 3))
