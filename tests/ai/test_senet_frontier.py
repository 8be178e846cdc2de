"""The search's fast paths for Senet must change nothing but its speed:
``senet_score`` gives the learned evaluation's logit exactly as the feature list
does, and ``senet_frontier`` gives the last throw and move the values the search over
states gives, in every reading and every turn rule it follows."""

from __future__ import annotations

import random
from functools import cache
from operator import mul

import pytest
from test_senet_eval import played_positions

from ludeum.ai import arena, evaluate, players, senet_eval
from ludeum.ai.search import Expectiminimax
from ludeum.ai.senet_features import Describer
from ludeum.ai.senet_frontier import Frontier
from ludeum.ai.senet_score import Scorer
from ludeum.ai.senet_weights import WEIGHTS
from ludeum.protocol import CHANCE
from ludeum.senet import PRESETS, new_game
from ludeum.senet.sticks import THROW_OUTCOMES, throw_sticks

#: A preset of each reading, and Kendall's with all four options (the awaited 1, the
#: trap, the home row, five pieces).
PRESETS_CHECKED = (
    "jequier",
    "jequier_ludii",
    "kendall",
    "kendall_five_pieces_starting_throw_trap_home_row",
    "kendall_starting_throw",
    "tait",
)


@pytest.mark.parametrize("preset", PRESETS_CHECKED)
def test_the_bitboard_score_is_the_weighted_sum_of_the_features(preset):
    rules = PRESETS[preset]
    describer = Describer(rules)
    # The learned weights, and random ones, so that no feature hides behind a small
    # weight.
    learned = senet_eval.weights(rules)
    shuffled = [random.Random(i).uniform(-1, 1) for i in range(len(learned))]
    for weights in (learned, shuffled):
        scorer = Scorer(rules, weights)
        for state in played_positions(preset, seeds=range(8)):
            expected = sum(map(mul, weights, describer.describe(state)))
            assert scorer.z(state) == pytest.approx(expected, abs=1e-9)


def test_the_score_is_none_before_the_colours_are_decided():
    rules = PRESETS["jequier"]
    assert Scorer(rules, WEIGHTS["jequier"]).z(new_game(rules, 0)) is None


def what_throws_do(state) -> set[str]:
    """Which turn rules the next throw can bring into play, by the states' own rules:
    a lost throw, a move that throws again, a move that wins."""
    kinds = set()
    for throw, _chance in THROW_OUTCOMES:
        thrown = state.apply(throw)
        if thrown.throw is None:
            kinds.add("lost")
        for move in thrown.legal_moves():
            after = thrown.apply(move)
            if after.winner is not None:
                kinds.add("win")
            elif after.seat == state.seat:
                kinds.add("extra")
    return kinds


@cache
def chance_positions(preset: str, games: int = 3) -> tuple:
    """About 60 positions where a throw is due, from whole games to the last bearing
    off (the race-greedy player against itself, which finishes its games): every one
    where a throw can be lost or win the game (the rarer cases), then an even spread."""
    greedy = arena.greedy_player(evaluate.senet_race)
    found = []
    for seed in range(games):
        source = random.Random(seed)
        state = new_game(PRESETS[preset], seed % 2)
        while state.to_act() is not None:
            if state.to_act() == CHANCE:
                if state.black_seat is not None:
                    found.append(state)
                state = state.apply(throw_sticks(source))
            else:
                state = state.apply(greedy(state, source))
    kinds = [what_throws_do(s) for s in found]
    lost = [s for s, k in zip(found, kinds, strict=True) if "lost" in k][:15]
    wins = [s for s, k in zip(found, kinds, strict=True) if "win" in k][:15]
    return (*lost, *wins, *found[:: max(1, len(found) // 30)])


@pytest.mark.parametrize("preset", PRESETS_CHECKED)
def test_the_frontier_gives_the_values_of_the_search_over_states(preset):
    rules = PRESETS[preset]
    frontier = Frontier(rules)
    checked = 0
    for i, state in enumerate(chance_positions(preset)):
        seat = i % 2
        # Depth 3 puts a frontier below a move, depth 4 below a throw and a move.
        for depth in (1, 2, 3, 4) if i % 4 == 0 else (1, 2, 3):
            plain = Expectiminimax(senet_eval.senet).value(state, depth, seat)
            fast = Expectiminimax(senet_eval.senet, frontier).value(state, depth, seat)
            assert fast == plain, (preset, i, depth)
        checked += 1
    assert checked >= 30


@pytest.mark.parametrize("preset", PRESETS_CHECKED)
def test_the_positions_compared_meet_every_turn_rule_the_frontier_follows(preset):
    # The equality above means something only if those positions met lost throws,
    # extra throws and wins.
    kinds = set().union(*map(what_throws_do, chance_positions(preset)))
    assert kinds == {"lost", "extra", "win"}


@pytest.mark.parametrize("preset", ["jequier", "kendall", "tait"])
def test_hard_chooses_the_same_moves_with_the_frontier(preset):
    for state in played_positions(preset, seeds=range(3))[::4]:
        if state.to_act() in (None, CHANCE) or len(state.legal_moves()) < 2:
            continue
        plain = Expectiminimax(senet_eval.senet).search(state, 5, step=2)
        fast = Expectiminimax(senet_eval.senet, Frontier(state.rules)).search(state, 5, step=2)
        assert fast == plain


def test_hard_searches_with_the_frontier(monkeypatch):
    calls = []

    class Counting(Frontier):
        def __call__(self, *args):
            calls.append(args[2])
            return super().__call__(*args)

    monkeypatch.setattr(players, "frontier", Counting)
    state = next(
        s for s in played_positions("jequier")
        if s.to_act() not in (None, CHANCE) and len(s.legal_moves()) > 1
    )  # fmt: skip
    players.choose(state, "hard", random.Random(1), seconds=0.3)
    assert calls and set(calls) <= {1, 2}
