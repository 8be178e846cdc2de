"""Rollouts on bitboards (``benchmarks/senet_rollout.py``, the yardstick of
``senet_rollouts.py``) must play exactly what the states play: the same throws, the
same favourite moves, the same turn rules, the same end."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
from test_senet_eval import played_positions, random_play
from test_senet_frontier import PRESETS_CHECKED

from ludeum.ai import senet_eval
from ludeum.senet import PRESETS, new_game
from ludeum.senet.sticks import throw_sticks

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "senet_rollout.py"
_spec = importlib.util.spec_from_file_location("senet_rollout", SCRIPT)
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)
Rollout = _module.Rollout

#: Custom rules the presets do not cover: the literal starting lock, which holds a
#: piece on its starting square until the one ahead of it has moved.
CUSTOM = {"jequier literal lock": PRESETS["jequier"].with_options(starting_lock="literal")}


def by_states(state, seat: int, moves: int, source) -> tuple[float, int]:
    """The same rollout through ``SenetState``: (its value for ``seat``, the turn
    rules met on the way, counted as lost throws + extra throws + forced pieces)."""
    scorer = senet_eval.scorer(state.rules)
    limit = state.rules.throw_limit
    played = events = 0
    while played < moves and state.winner is None:
        if limit and state.throws + 1 >= limit:
            break
        state = state.apply(throw_sticks(source))
        if state.throw is None:  # lost
            events += 1
            continue
        played += 1
        mover = state.seat
        best = chosen = None
        for move in state.moves:
            after = state.apply(move)
            if after.winner is not None:
                chosen = after
                break
            z = scorer.z(after)
            z = -z if mover else z
            if best is None or z > best:
                best, chosen = z, after
        events += (chosen.seat == mover) + bool(chosen.forced)
        state = chosen
    if state.winner is not None:
        return (1.0 if state.outcome().winner == seat else -1.0), events
    return senet_eval.value_of(scorer.z(state), seat), events


def after_a_move(preset: str, seeds) -> list:
    """Positions after a move, just after the opening (where starting locks still
    hold pieces) and along seeded random games."""
    found = []
    for seed in seeds:
        state, source = new_game(rules_of(preset), seed % 2), random.Random(seed)
        while state.black_seat is None or state.throw is not None:
            state = random_play(state, source, 1)
        found.append(state)
    if preset in CUSTOM:
        return found
    for state in played_positions(preset, seeds=seeds):
        if state.throw is not None:
            state = state.apply(state.moves[0])
        if state.winner is None and state.black_seat is not None:
            found.append(state)
    return found


def rules_of(name: str):
    return CUSTOM[name] if name in CUSTOM else PRESETS[name]


@pytest.mark.parametrize("preset", PRESETS_CHECKED + tuple(CUSTOM))
def test_a_rollout_plays_what_the_states_play(preset):
    rollout = Rollout(rules_of(preset))
    events = 0
    seeds = range(10) if preset in CUSTOM else range(3)
    for i, state in enumerate(after_a_move(preset, seeds)):
        for moves in (1, 6, 40):
            seat = i % 2
            expected, met = by_states(state, seat, moves, random.Random(i * 100 + moves))
            got = rollout(state, seat, moves, random.Random(i * 100 + moves))
            assert got == pytest.approx(expected, abs=1e-12), (i, moves)
            events += met
    assert events > 20  # the turn rules were really met on the way


def test_a_rollout_to_the_end_returns_who_won():
    rules = PRESETS["jequier"]
    rollout = Rollout(rules)
    ends = set()
    for i, state in enumerate(after_a_move("jequier", seeds=range(2))):
        value = rollout(state, 0, 10_000, random.Random(i))
        expected, _ = by_states(state, 0, 10_000, random.Random(i))
        assert value == expected
        ends.add(value)
    assert ends == {1.0, -1.0}


def test_a_rollout_needs_a_position_after_a_move():
    state = played_positions("jequier", seeds=[1])[3]
    if state.throw is None:
        state = state.apply(throw_sticks(random.Random(0)))
    with pytest.raises(ValueError):
        Rollout(state.rules)(state, 0, 5, random.Random(0))
