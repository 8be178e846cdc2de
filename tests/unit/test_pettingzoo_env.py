"""Ludeum's games as PettingZoo environments (issue 54): PettingZoo's own API and
seed tests for every game and ruleset, games played to their end through the
action masks, the throws inside the environment, and illegal actions refused."""

from __future__ import annotations

import random

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")  # requirements-dev.txt installs it

from pettingzoo.test import api_test, seed_test  # noqa: E402

from ludeum.adapters.encoding import ENCODINGS  # noqa: E402
from ludeum.adapters.pettingzoo_env import env, raw_env  # noqa: E402
from ludeum.cli.choices import RULESETS  # noqa: E402

EVERY = [(game, ruleset) for game, rulesets in RULESETS.items() for ruleset in rulesets]


@pytest.mark.parametrize(("game", "ruleset"), EVERY)
def test_pettingzoos_api_and_seed_tests_pass(game, ruleset):
    api_test(env(game=game, ruleset=ruleset), num_cycles=200, verbose_progress=False)
    seed_test(lambda: env(game=game, ruleset=ruleset), num_cycles=200)


def play_out(game: str, ruleset: str, seed: int):
    """A whole game, each agent choosing at random among its mask's actions."""
    zoo = env(game=game, ruleset=ruleset)
    zoo.reset(seed=seed)
    choices = random.Random(seed)
    total = dict.fromkeys(zoo.possible_agents, 0.0)
    steps = 0
    for agent in zoo.agent_iter(max_iter=100_000):
        observation, reward, termination, truncation, info = zoo.last()
        total[agent] += reward
        if termination or truncation:
            zoo.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) >= 1
        if game == "senet":
            assert 1 <= info["throw"] <= 6  # the throw it is to play, told
            assert observation["observation"][64 + info["throw"] - 1] == 1.0
        zoo.step(int(choices.choice(legal)))
        steps += 1
    return zoo.unwrapped, total, steps


@pytest.mark.parametrize(("game", "ruleset"),
                         [("senet", "jequier"), ("senet", "tait"), ("senet", "kendall_trap"),
                          ("squadro", "standard"), ("lodestone", "standard")])  # fmt: skip
def test_a_game_played_through_the_masks_ends_with_one_winner_or_a_draw(game, ruleset):
    raw, total, steps = play_out(game, ruleset, seed=3)
    outcome = raw.state.outcome()
    assert outcome is not None and steps > 10
    if outcome.winner is None:
        assert total == {"player_0": 0.0, "player_1": 0.0}
    else:
        assert total[f"player_{outcome.winner}"] == 1.0
        assert total[f"player_{1 - outcome.winner}"] == -1.0
    # Every action the agents chose is in the engine's record, throws between them.
    assert len(raw.state.actions()) >= steps


def test_the_same_seed_gives_the_same_throws_and_another_seed_other_ones():
    first = play_out("senet", "jequier", seed=11)[0].state.actions()
    again = play_out("senet", "jequier", seed=11)[0].state.actions()
    other = play_out("senet", "jequier", seed=12)[0].state.actions()
    assert first == again and first != other


def test_an_illegal_action_ends_the_game_against_the_agent_that_played_it():
    zoo = env(game="lodestone")
    zoo.reset(seed=1)
    agent = zoo.agent_selection
    mask = zoo.observe(agent)["action_mask"]
    assert list(np.flatnonzero(mask)) == [4097, 4098]  # the set-up: a king on d or e
    zoo.step(0)  # a1 to a1: no action of the set-up (PettingZoo logs a warning)
    assert zoo.terminations[agent] and zoo.rewards[agent] == -1
    assert zoo.unwrapped.state.setting_up  # nothing was played


def test_the_raw_environment_refuses_an_illegal_index_without_guessing():
    from ludeum.protocol import IllegalAction

    game = raw_env(game="lodestone")
    game.reset(seed=0)
    with pytest.raises(IllegalAction):
        game.step(64 * 0 + 63)  # a1 to h8: no piece moves so
    with pytest.raises(IllegalAction):
        ENCODINGS["lodestone"].action(game.state, 5000)


def test_unknown_rulesets_are_refused_and_the_board_renders_as_text_or_svg():
    with pytest.raises(ValueError):
        raw_env(game="senet", ruleset="kendall_typo")
    game = raw_env(game="senet", ruleset="tait", render_mode="ansi")
    game.reset(seed=0)
    assert "30" in game.render()
    for name in ("senet", "squadro", "lodestone"):
        drawn = raw_env(game=name, render_mode="svg")
        drawn.reset(seed=0)
        picture = drawn.render()
        assert picture.startswith("<?xml") and f'<svg class="{name}-board' in picture, name
