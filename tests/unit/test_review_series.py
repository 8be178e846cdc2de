"""The review series: values in range, Senet's equal to the hint's estimate, the
others an evaluation mapped to [0, 1], and turning points."""

from __future__ import annotations

import json

import pytest
from review_games import random_game

from ludeum import saves
from ludeum.ai import senet_eval
from ludeum.ai.players import chance_scale, winning_chance
from ludeum.ai.search import Expectiminimax
from ludeum.ai.service import answer
from ludeum.games import ui
from ludeum.protocol import CHANCE
from ludeum.records.review import (
    AHEAD,
    LEVEL,
    SEESAW,
    Review,
    TurningPoint,
    course,
    is_chance,
    turning_points,
    value,
)


@pytest.mark.parametrize("game", ["senet", "squadro", "lodestone"])
def test_every_value_of_a_finished_game_lies_in_0_1_and_the_end_is_certain(game):
    final = random_game(game, seed=2, limit=600)
    review = Review(final, ui(game))
    series = review.values(0, len(review), depth=1)
    assert len(series) == len(review) == len(review.ends) + 1
    assert all(0.0 <= v <= 1.0 for v in series)
    if final.outcome() is not None:
        assert series[-1] == (1.0 if final.outcome().winner == 0 else 0.0)


def test_values_come_in_chunks_that_join_into_the_whole_series():
    final = random_game("squadro", seed=1)
    review = Review(final, ui("squadro"))
    whole = review.values(0, len(review))
    chunks = []
    for first in range(0, len(review), 7):
        chunks += review.values(first, 7)
    assert chunks == whole
    assert review.values(len(review), 5) == []


def test_senet_values_are_the_hints_estimate_at_the_same_depth():
    final = random_game("senet", seed=0)
    state = final.start()
    checked = 0
    for action in final.actions()[:120]:
        state = state.apply(action)
        seat = state.to_act()
        if seat in (0, 1) and len(state.legal_moves()) > 1:
            # The hint: Hard's expectiminimax for the mover, as a winning chance.
            searched = Expectiminimax(senet_eval.senet).search(state, 3)[1]
            hint = winning_chance(searched, chance_scale(state.rules))
            assert value(state, depth=3) == pytest.approx(hint if seat == 0 else 1 - hint, abs=1e-9)
            checked += 1
        elif seat == CHANCE:
            score = Expectiminimax(senet_eval.senet).value(state, 2, 0)
            assert value(state, depth=2) == winning_chance(score, chance_scale(state.rules))
    assert checked > 10


def test_a_senet_series_is_a_chance_and_the_others_an_evaluation():
    assert is_chance(random_game("senet", seed=1, limit=5))
    assert not is_chance(random_game("squadro", seed=1, limit=5))
    assert not is_chance(random_game("lodestone", seed=1, limit=5))


def test_an_evaluation_is_mapped_so_that_level_is_one_half():
    squadro = random_game("squadro", seed=1, limit=0)
    # The start of Squadro is symmetric but for the move: close to level.
    assert 0.3 < value(squadro) < 0.7


def test_turning_points_are_the_largest_drops_of_the_movers_own_value():
    series = [0.5, 0.55, 0.2, 0.25, 0.8, 0.78, 0.3, 0.35]
    movers = [0, 0, 1, 1, 0, 0, 1]
    # Entry 2 (seat 0): 0.55 -> 0.2, a drop of 0.35. Entry 4 (seat 1): 0.25 -> 0.8,
    # seat 1's value fell by 0.55. Entry 6 (seat 0): 0.78 -> 0.3, 0.48.
    points = turning_points(series, movers, top=2, threshold=0.1)
    assert points == [TurningPoint(4, 1, 0.55), TurningPoint(6, 0, 0.48)]
    everything = turning_points(series, movers, top=10, threshold=0.1)
    assert [point.entry for point in everything] == [2, 4, 6]


def test_small_drops_and_uncomputed_values_make_no_turning_point():
    assert turning_points([0.5, 0.45, 0.5, 0.46], [0, 1, 0], threshold=0.1) == []
    assert turning_points([0.9, None, 0.1], [0, 0]) == []


def test_the_worker_answers_review_chunks_of_the_saved_game():
    final = random_game("squadro", seed=1)
    text = saves.dump(final)
    reply = json.loads(answer(json.dumps(
        {"id": 7, "kind": "review", "save": text, "from": 3, "count": 4})))  # fmt: skip
    assert reply["id"] == 7 and reply["from"] == 3
    assert reply["values"] == Review(final, ui("squadro")).values(3, 4)
    assert "error" not in reply


@pytest.mark.parametrize(
    "request_fields, said",
    [
        ({"from": -1, "count": 4}, "start and a count"),
        ({"from": 0, "count": 0}, "start and a count"),
        ({"from": "0", "count": 4}, "start and a count"),
        ({"from": 10_000, "count": 4}, "positions to review"),
        ({"from": 0, "count": 4, "save": "{not json"}, ""),
    ],
)
def test_a_bad_review_request_gets_an_error_reply(request_fields, said):
    request = {"id": 3, "kind": "review", "save": saves.dump(random_game("squadro", 1))}
    request.update(request_fields)
    reply = json.loads(answer(json.dumps(request)))
    assert reply["id"] == 3 and said in reply["error"] and "values" not in reply


def test_a_swing_either_way_is_a_turning_point_and_the_largest_come_first():
    """Squadro's ending as review's shallow search sees it: level, level, then the
    winning reply (entry 3, seat 1) swings the curve from 0.4 to 0; the mover's
    value rose, and the curve turned there."""
    series = [0.5, 0.48, 0.4, 0.0, 0.0]
    movers = [0, 1, 0, 1]
    assert turning_points(series, movers) == [TurningPoint(3, 0, 0.4)]
    series = [0.5, 0.48, 0.4, 0.4, 0.0]
    assert turning_points(series, movers) == [TurningPoint(4, 1, -0.4)]
    # Falls and rises share the top places, by their size.
    series = [0.5, 0.8, 0.95, 0.7, 0.1]
    points = turning_points(series, [0, 1, 0, 1], top=2, threshold=0.1)
    assert points == [TurningPoint(1, 0, -0.3), TurningPoint(4, 1, -0.6)]


def test_a_finished_curve_without_turning_points_says_how_the_game_went():
    assert course([0.5, 0.52, 0.47, 0.55, 0.5]) == (LEVEL, None)
    assert course([0.5, 0.56, 0.62, 0.7, 0.78, 0.88, 0.97, 1.0]) == (AHEAD, 0)
    assert course([0.5, 0.48, 0.4, 0.35, 0.3]) == (AHEAD, 1)
    assert course([0.5, 0.65, 0.52, 0.45, 0.35]) == (SEESAW, None)
    # A few points either way is still even (an evaluation of -12 at worst).
    assert course([0.5, 0.51, 0.47, 0.44, 0.49]) == (LEVEL, None)
    assert course([0.5, None, 0.5]) is None
    assert course([]) is None
