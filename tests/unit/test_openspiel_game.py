"""Ludeum's games as OpenSpiel games (issue 54): registered with their types and
parameters, OpenSpiel's own random simulation test for every game (and Senet's
readings), chance outcomes that are the sticks', and OpenSpiel's MCTS bot playing
whole games against Ludeum's own players through the adapter."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")  # requirements-dev.txt installs open_spiel

import ludeum.adapters.openspiel_game  # noqa: E402, F401  (registers the games)
from ludeum.ai.players import choose  # noqa: E402
from ludeum.cli.choices import RULESETS  # noqa: E402


def test_the_three_games_are_registered_with_their_type():
    senet = pyspiel.load_game("python_ludeum_senet")
    kind = senet.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert senet.num_distinct_actions() == 1024 and senet.max_chance_outcomes() == 5
    for name, actions in (("squadro", 5), ("lodestone", 4099)):
        game = pyspiel.load_game(f"python_ludeum_{name}")
        assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
        assert game.num_distinct_actions() == actions and game.max_chance_outcomes() == 0
    with pytest.raises(Exception, match="no ruleset"):
        pyspiel.load_game("python_ludeum_senet(ruleset=kendall_typo)")


def test_a_throw_is_a_chance_node_with_the_sticks_probabilities():
    state = pyspiel.load_game("python_ludeum_senet").new_initial_state()
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {0: 1 / 16, 1: 4 / 16, 2: 6 / 16, 3: 4 / 16, 4: 1 / 16}
    state.apply_action(1)  # one light side up: Jéquier's opening, a 1 takes Black
    assert not state.is_chance_node() and state.engine_state().throw.light == 1
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["10-11"]


@pytest.mark.parametrize("name", [
    *(f"python_ludeum_senet(ruleset={ruleset})" for ruleset in
      ("jequier", "kendall", "kendall_five_pieces_starting_throw_trap_home_row", "tait")),
    "python_ludeum_squadro",
    *(f"python_ludeum_lodestone(ruleset={ruleset})" for ruleset in RULESETS["lodestone"]),
])  # fmt: skip
def test_openspiels_random_simulation_test_passes(name):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=False, verbose=False)


def test_every_senet_ruleset_loads_and_plays_a_random_game():
    for ruleset in RULESETS["senet"]:
        game = pyspiel.load_game(f"python_ludeum_senet(ruleset={ruleset})")
        state = game.new_initial_state()
        source = random.Random(ruleset)
        while not state.is_terminal():
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(source.choices(actions, weights)[0])
            else:
                state.apply_action(source.choice(state.legal_actions()))
        assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0]), ruleset
        assert state.engine_state().rules.preset == ruleset


def test_the_observation_is_the_encodings_from_each_players_side():
    from ludeum.adapters.encoding import ENCODINGS

    game = pyspiel.load_game("python_ludeum_squadro")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[2])
    for player in (0, 1):
        tensor = np.asarray(state.observation_tensor(player))
        assert list(tensor) == pytest.approx(
            ENCODINGS["squadro"].observe(state.engine_state(), player)
        )
    assert state.observation_string(0) == str(state)  # the board as text
    assert state.information_state_string(0) == state.history_str()


@pytest.mark.parametrize("name", ["senet", "squadro", "lodestone"])
def test_openspiels_mcts_plays_a_whole_game_against_ludeums_easy(name):
    """OpenSpiel's MCTS (random rollouts) on one side, Ludeum's Easy, through the
    engine state the adapter holds, on the other: the game ends, and the returns are
    the engine's result."""
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(f"python_ludeum_{name}")
    rng = np.random.RandomState(5)
    # Senet's random rollouts run some 500 actions each: cut at 40 (a draw's value).
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=40 if name == "senet" else None)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator,
                       random_state=rng)  # fmt: skip
    source = random.Random(5)
    state = game.new_initial_state()
    from ludeum.adapters.encoding import ENCODINGS

    encoding = ENCODINGS[name]
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(source.choices(actions, weights)[0])
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            move = choose(state.engine_state(), "easy", source)
            state.apply_action(encoding.index(move))
    outcome = state.engine_state().outcome()
    expected = [0.0, 0.0] if outcome.winner is None else (
        [1.0, -1.0] if outcome.winner == 0 else [-1.0, 1.0])  # fmt: skip
    assert state.returns() == expected
