"""The learned Senet evaluation (``senet_features``, ``senet_eval``, ``senet_weights``),
its training script, and the time management of Senet's Hard search."""

from __future__ import annotations

import dataclasses
import importlib.util
import math
import random
import sys
from pathlib import Path

import pytest
from test_ai_units import reference_root  # the plain search without pruning

from ludeum.ai import players, search, senet_eval, senet_weights
from ludeum.ai.players import SENET_SETTLE, winning_chance
from ludeum.ai.search import Expectiminimax
from ludeum.ai.senet_features import (
    EXPOSED,
    FEATURES,
    PAIRED,
    SIDE_FEATURES,
    Describer,
    throw_odds,
)
from ludeum.chance import random_play
from ludeum.protocol import CHANCE
from ludeum.senet import PRESETS, new_game

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "senet"))
from positions import setup  # noqa: E402

READINGS = ("jequier", "jequier_ludii", "kendall", "tait")


def played_positions(preset: str, seeds=range(4), most: int = 400):
    """Positions after the opening along seeded random games (throws and moves)."""
    found = []
    for seed in seeds:
        state = new_game(PRESETS[preset], seed % 2)
        source = random.Random(seed)
        for _ in range(most // 20):
            state = random_play(state, source, 20)
            if state.to_act() is None:
                break
            if state.black_seat is not None:
                found.append(state)
    assert found
    return found


def swapped(state):
    """The same position with the seats' names exchanged."""
    return state._replace(black_seat=1 - state.black_seat, seat=1 - state.seat)


# -- the weights, as data -------------------------------------------------------------


def test_every_reading_has_a_weight_per_feature_and_its_training_recorded():
    assert senet_weights.FEATURE_COUNT == len(FEATURES)
    for reading in READINGS:
        assert len(senet_weights.WEIGHTS[reading]) == len(FEATURES), reading
        made = senet_weights.TRAINING[reading]
        assert made["command"].startswith("python3 scripts/train_senet.py")
        assert f"--reading {reading}" in made["command"]
        assert isinstance(made["seed"], int) and made["games"] >= 1000
        assert len(made["date"]) == 10


def test_each_kendall_option_has_a_weight_list_made_with_the_base():
    # Made by one run (senet_eval.OPTIONS): the base's training record covers them.
    assert set(senet_weights.OPTION_WEIGHTS) == set(senet_eval.OPTIONS)
    for reading, options in senet_eval.OPTIONS.items():
        assert set(senet_weights.OPTION_WEIGHTS[reading]) == set(options)
        for values in senet_weights.OPTION_WEIGHTS[reading].values():
            assert len(values) == len(FEATURES) and any(values)


def test_a_kendall_ruleset_adds_the_lists_of_its_options_to_the_base():
    base = senet_weights.WEIGHTS["kendall"]
    extra = senet_weights.OPTION_WEIGHTS["kendall"]
    assert senet_eval.options_on(PRESETS["kendall"]) == ()
    assert senet_eval.weights(PRESETS["kendall"]) == base
    both = senet_eval.weights(PRESETS["kendall_trap_home_row"])
    for i in range(len(FEATURES)):
        assert math.isclose(both[i], base[i] + extra["trap"][i] + extra["home row"][i])
    assert senet_eval.options_on(PRESETS["kendall_five_pieces_starting_throw"]) == (
        "five pieces", "starting throw")  # fmt: skip
    # A custom ruleset of his with four pieces counts as his five-piece option.
    assert "five pieces" in senet_eval.options_on(PRESETS["kendall"].with_options(pieces=4))
    # The other readings have no options: Jéquier's five-piece custom rules use his list.
    assert senet_eval.weights(PRESETS["jequier"].with_options(pieces=5)) == (
        senet_weights.WEIGHTS["jequier"])  # fmt: skip


def test_the_scorer_of_a_kendall_option_uses_the_summed_list():
    rules = PRESETS["kendall_trap"]
    state = played_positions("kendall_trap", seeds=[3])[12]
    x = Describer(rules).describe(state)
    summed = senet_eval.weights(rules)
    expected = sum(w * v for w, v in zip(summed, x, strict=True))
    assert math.isclose(senet_eval.scorer(rules).z(state), expected, abs_tol=1e-9)
    base_only = sum(w * v for w, v in zip(senet_weights.WEIGHTS["kendall"], x, strict=True))
    assert not math.isclose(expected, base_only, abs_tol=1e-6)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_uses_its_readings_weights(preset):
    rules = PRESETS[preset]
    expected = "kendall" if preset.startswith("kendall") else preset
    assert senet_eval.reading(rules) == expected


def test_a_custom_ruleset_uses_its_familys_weights():
    custom = PRESETS["jequier"].with_options(pieces=4)
    assert senet_eval.reading(custom) == "jequier"
    assert senet_eval.reading(PRESETS["jequier_ludii"].with_options(pieces=4)) == "jequier"
    assert senet_eval.reading(PRESETS["tait"].with_options(pieces=3)) == "tait"


def test_the_learned_weights_value_bearing_off_and_dislike_exposure():
    # What any sensible Senet player knows, which a broken training run would miss.
    for reading in READINGS:
        weights = dict(zip(FEATURES, senet_weights.WEIGHTS[reading], strict=True))
        assert weights["borne off"] > 0, reading
        if reading != "tait":  # Tait: bumps are rare enough that the sign may vary
            exposure = sum(weights[f"exposed to {d}"] for d in range(1, 7))
            assert exposure + weights["risk"] < 0, reading


# -- the features -----------------------------------------------------------------------


def test_a_lone_piece_counts_each_enemy_that_could_reach_it():
    rules = PRESETS["jequier"]
    describer = Describer(rules)
    # White alone on 15 with Black 3 and 5 squares behind: exposed to a 3 and a 5.
    f = describer.side(mine=1 << 14, opp=(1 << 11) | (1 << 9), off=4, waiting=False)
    assert [f[EXPOSED + d - 1] for d in range(1, 7)] == [0, 0, 1, 0, 1, 0]
    # A neighbour of its own colour protects it (Jéquier: pairs cannot be bumped).
    f = describer.side(mine=(1 << 14) | (1 << 15), opp=(1 << 11), off=3, waiting=False)
    assert sum(f[EXPOSED : EXPOSED + 6]) == 0 and f[PAIRED] == 2
    # A safe square (26) protects it too.
    f = describer.side(mine=1 << 25, opp=1 << 22, off=4, waiting=False)
    assert sum(f[EXPOSED : EXPOSED + 6]) == 0


def test_tait_pieces_are_never_protected_by_a_pair_and_the_plinth_attacks_4_and_6():
    describer = Describer(PRESETS["tait"])
    f = describer.side(mine=(1 << 3) | (1 << 4), opp=0, off=0, waiting=False)
    # Square 4 is where a 4 enters from the plinth; the neighbour on 5 does not help.
    assert f[EXPOSED + 3] == 1 and f[PAIRED] == 2


def test_throw_odds_follow_the_sticks():
    assert throw_odds(PRESETS["jequier"])[6] == 1 / 16  # no light side: 6
    assert throw_odds(PRESETS["kendall"])[5] == 1 / 16  # no light side: 5
    assert math.isclose(sum(throw_odds(PRESETS["tait"])), 1.0)


@pytest.mark.parametrize("preset", ["jequier", "jequier_ludii", "kendall_trap", "tait"])
def test_swapping_the_seats_negates_the_features(preset):
    describer = Describer(PRESETS[preset])
    for state in played_positions(preset)[::5]:
        x = describer.describe(state)
        y = describer.describe(swapped(state))
        assert len(x) == len(FEATURES) == len(SIDE_FEATURES) + 1
        assert all(a == -b for a, b in zip(x, y, strict=True))


def test_no_features_before_the_colours_are_decided():
    state = new_game(PRESETS["jequier"], 0)
    assert Describer(state.rules).describe(state) is None
    assert senet_eval.senet(state, 0) == 0.0


# -- the evaluation ---------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["jequier", "jequier_ludii", "kendall", "tait"])
def test_the_evaluation_is_a_zero_sum_estimate_within_the_bounds(preset):
    for state in played_positions(preset)[::3]:
        mine, theirs = senet_eval.senet(state, 0), senet_eval.senet(state, 1)
        assert abs(mine + theirs) < 1e-12
        assert -senet_eval.CERTAIN <= mine <= senet_eval.CERTAIN


@pytest.mark.parametrize("preset", ["jequier", "kendall", "tait"])
def test_a_position_with_its_throw_known_is_scored_by_its_best_move(preset):
    # The model knows positions after a move; with the throw already seen, the seat
    # to move will pick its best move, and the other seat must expect that.
    checked = 0
    for state in played_positions(preset):
        if state.to_act() in (None, CHANCE) or len(state.legal_moves()) < 2:
            continue
        mover = state.to_act()
        after = [senet_eval.senet(state.apply(m), mover) for m in state.legal_moves()]
        assert senet_eval.senet(state, mover) == max(after)
        assert senet_eval.senet(state, 1 - mover) == -max(after)
        checked += 1
    assert checked >= 5


def test_the_evaluation_prefers_the_side_further_along():
    ahead = setup(white=range(21, 26), black=range(16, 21), to="B")
    further = setup(white=(26, 28, 29), black=range(16, 21), to="B")  # two borne off
    white = ahead.seat_of(1)
    assert 0 < senet_eval.senet(ahead, white) < senet_eval.senet(further, white)


def test_a_finished_game_scores_exactly():
    done = setup(white=(), black=(28,), to="x")  # White has borne off all five
    winner = done.outcome().winner
    assert senet_eval.senet(done, winner) == 1.0 and senet_eval.senet(done, 1 - winner) == -1.0


# -- the hint's chance --------------------------------------------------------------------


def test_the_hint_chance_is_the_models_chance_recalibrated():
    assert winning_chance(0.0) == 0.5
    assert winning_chance(1.0) == 1.0 and winning_chance(-1.0) == 0.0
    # Scale 1: the chance (value + 1) / 2 itself; a larger scale trusts it more.
    assert math.isclose(winning_chance(0.4, 1.0), 0.7)
    assert winning_chance(0.4, 1.5) > 0.7 > winning_chance(0.4, 0.5) > 0.5
    assert 0.01 <= winning_chance(0.98, 3.0) <= 0.99


# -- the search: depth by two plies, time where it matters ---------------------------------


def decisions(preset: str):
    return [s for s in played_positions(preset, seeds=range(6))
            if s.to_act() not in (None, CHANCE) and len(s.legal_moves()) > 1]  # fmt: skip


def test_hard_deepens_a_move_and_a_throw_at_a_time():
    state = decisions("jequier")[3]
    searcher = Expectiminimax(senet_eval.senet)
    searcher.search(state, 5, None, step=2)
    assert searcher.depth_reached == 5
    searcher.search(state, 4, None, step=2)
    assert searcher.depth_reached == 4  # even limits start at 2: 2, 4


def test_a_clear_choice_stops_at_the_settle_depth_and_a_close_one_goes_on():
    # No time budget: the depth limit (5) alone bounds a close choice, so the test
    # does not depend on the machine's speed.
    stopped = deeper = 0
    for state in decisions("jequier")[:24]:
        searcher = Expectiminimax(senet_eval.senet)
        move, value = searcher.search(state, 5, None, step=2, settle=SENET_SETTLE)
        # Depth 3's own ranking decides whether the search went on.
        probe = Expectiminimax(senet_eval.senet)
        _best, scores = probe._root(state, list(state.legal_moves()), 3, state.to_act(),
                                    SENET_SETTLE)  # fmt: skip
        clear = scores[1][1] < scores[0][1] - SENET_SETTLE
        if clear:
            assert searcher.depth_reached == 3
            assert move == scores[0][0]
            stopped += 1
        else:
            assert searcher.depth_reached == 5
            deeper += 1
    assert stopped and deeper  # both kinds occur in real games


def test_hard_settles_no_earlier_than_five_plies_even_on_a_clear_choice():
    # Depth buys strength in Senet (benchmarks/senet_depth_curve.py): Hard does not
    # stop at 3 plies, where nearly every choice looks clear. No time budget here,
    # so that the test does not depend on the machine's speed.
    assert players.SENET_SETTLE_DEPTH == 5
    hard = dataclasses.replace(players.LEVELS["hard"], seconds=None, senet_depth=7)
    seen = 0
    for state in decisions("jequier")[:12]:
        probe = Expectiminimax(senet_eval.senet)
        _best, scores = probe._root(state, list(state.legal_moves()), 3, state.to_act(),
                                    SENET_SETTLE)  # fmt: skip
        if scores[1][1] >= scores[0][1] - SENET_SETTLE:
            continue  # a close choice at 3 plies: not the case this test is about
        report: dict = {}
        players._search(state, hard, None, random.Random(1), report)
        assert report["depth"] >= 5
        seen += 1
    assert seen  # clear choices at 3 plies occur in real games


def test_a_close_choice_with_a_budget_stops_before_a_depth_it_cannot_finish():
    state = next(s for s in decisions("jequier")
                 if len(s.legal_moves()) > 2)  # fmt: skip
    searcher = Expectiminimax(senet_eval.senet)
    began = search.time.monotonic()
    move, _value = searcher.search(state, 41, 0.2, step=2, settle=0.0)
    assert search.time.monotonic() - began < 0.6
    assert move in state.legal_moves() and searcher.depth_reached >= 1


def test_root_scores_within_the_margin_are_exact():
    # Every move scored within SENET_SETTLE of the best must carry its true value.
    for state in decisions("kendall")[:8]:
        values = reference_root(state, 3, senet_eval.senet)
        best, scores = Expectiminimax(senet_eval.senet)._root(
            state, list(state.legal_moves()), 3, state.to_act(), SENET_SETTLE
        )
        assert abs(best - max(values.values())) < 1e-9
        for move, score in scores:
            if score > best - SENET_SETTLE:
                assert abs(score - values[move]) < 1e-9
            else:
                assert values[move] <= score + 1e-9  # a bound from above


def test_hard_does_not_begin_a_depth_it_cannot_finish(monkeypatch):
    state = decisions("jequier_ludii")[5]
    began = search.time.monotonic()
    players.choose(state, "hard", random.Random(1), seconds=0.05)
    assert search.time.monotonic() - began < 0.5


# -- the training script -----------------------------------------------------------------


def load_training_script():
    spec = importlib.util.spec_from_file_location("train_senet", ROOT / "scripts/train_senet.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_senet"] = module
    spec.loader.exec_module(module)
    return module


def test_training_is_reproducible_from_its_seed_and_moves_the_weights():
    train = load_training_script()
    first = train.train("tait", games=12, seed=5, alpha=0.1, decay=0.5, lam=0.7)
    again = train.train("tait", games=12, seed=5, alpha=0.1, decay=0.5, lam=0.7)
    other = train.train("tait", games=12, seed=6, alpha=0.1, decay=0.5, lam=0.7)
    assert first == again
    assert first != other
    weights, options = first
    assert any(weights) and options == {}  # Tait's reading has no options


def test_a_kendall_game_trains_the_base_and_only_the_lists_of_its_options(monkeypatch):
    train = load_training_script()
    # Games under the plain ruleset only: the option lists stay at zero.
    monkeypatch.setitem(train.READINGS, "kendall", ["kendall"])
    weights, options = train.train("kendall", games=6, seed=2, alpha=0.1, decay=0.5, lam=0.7)
    assert any(weights) and not any(any(values) for values in options.values())
    # Under the trap alone: the base and the trap's list share each change equally.
    monkeypatch.setitem(train.READINGS, "kendall", ["kendall_trap"])
    weights, options = train.train("kendall", games=6, seed=2, alpha=0.1, decay=0.5, lam=0.7)
    assert options["trap"] == weights and any(weights)
    assert not any(options["home row"]) and not any(options["five pieces"])


def test_written_weights_keep_the_other_readings(tmp_path, monkeypatch):
    train = load_training_script()
    target = tmp_path / "senet_weights.py"
    target.write_text((ROOT / "src/ludeum/ai/senet_weights.py").read_text())
    monkeypatch.setattr(train, "WEIGHTS_FILE", target)
    weights = [0.25] * len(FEATURES)
    meta = {"command": "python3 scripts/train_senet.py --reading tait", "seed": 3,
            "games": 1, "date": "2026-11-25"}  # fmt: skip
    train.write("tait", weights, meta)
    namespace: dict = {}
    exec(target.read_text(), namespace)
    assert namespace["WEIGHTS"]["tait"] == weights
    assert namespace["TRAINING"]["tait"] == meta
    assert namespace["WEIGHTS"]["jequier"] == senet_weights.WEIGHTS["jequier"]
    assert namespace["OPTION_WEIGHTS"] == senet_weights.OPTION_WEIGHTS
    # A reading with options writes its option lists beside its base.
    options = {name: [0.5] * len(FEATURES) for name in senet_eval.OPTIONS["kendall"]}
    train.write("kendall", weights, meta, options)
    exec(target.read_text(), namespace)
    assert namespace["OPTION_WEIGHTS"]["kendall"] == options
    assert namespace["WEIGHTS"]["kendall"] == weights
