"""Ludeum's games as PettingZoo environments (AEC API), one per game and ruleset.

    from ludeum.adapters.pettingzoo_env import env
    game = env(game="senet", ruleset="kendall_trap")

Two agents, ``player_0`` and ``player_1`` (the engine's seats 0 and 1), take turns
as the game says: Senet's throws of 1, 4 and 5 (or 6) give the same agent another
turn, so an agent may act several times in a row. Each observation is a dict, as in
PettingZoo's classic games: ``"observation"``, the position from that agent's side
(``adapters.encoding`` documents every element), and ``"action_mask"``, the legal
actions of the agent to act (all zero for the other). Rewards come at the end: +1
the winner, -1 the loser, 0 each for a draw (Senet's throw limit, Lodestone's moves
without a capture, a stalemate).

**Chance.** PettingZoo has no chance player, so the throws of the sticks happen
inside the environment: after every action, the environment throws for the side due
to throw, with the sticks' own probabilities, until a side has a move to choose. The
throws come from ``random.Random`` seeded by ``reset(seed=...)``: the same seed and
the same actions give the same game, which PettingZoo's seed test checks. An agent
sees the throw it is to play in its observation and in ``infos[agent]["throw"]``
(the value, 1-6). This is what the field's classic environments with dice do; a
program that wants to choose or weigh the throws itself should use the OpenSpiel
game (``openspiel_game``), where chance is an explicit player.

``render_mode="ansi"`` returns the board as text (the command line's), ``"human"``
prints it, and ``"svg"`` returns the app's drawing of the board as a standalone SVG
document (``ludeum show --svg``'s). ``env()`` wraps the raw environment as
PettingZoo's classic ones are: an illegal action ends the game with -1 for the
agent that played it.
"""

from __future__ import annotations

import random

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..chance import sample
from ..cli.board_text import board_text
from ..cli.choices import check, new_state
from ..protocol import CHANCE
from .encoding import ENCODINGS

AGENTS = ("player_0", "player_1")


def env(**kwargs) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are."""
    game = raw_env(**kwargs)
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=-1)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's own name for the unwrapped class)
    metadata = {"render_modes": ["ansi", "human", "svg"], "name": "ludeum_v0",
                "is_parallelizable": False}  # fmt: skip

    def __init__(self, game: str = "senet", ruleset: str | None = None,
                 render_mode: str | None = None) -> None:  # fmt: skip
        super().__init__()
        self.game = game
        self.ruleset = check(game, ruleset)  # ChoiceError (a ValueError) if unknown
        self.encoding = ENCODINGS[game]
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        size, actions = self.encoding.size, self.encoding.actions
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in AGENTS}
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=1.0, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
            })
            for agent in AGENTS
        }  # fmt: skip
        self.state = new_state(game, self.ruleset)
        self._source = random.Random()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the game ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._source = random.Random(seed)
        self.state = new_state(self.game, self.ruleset)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._throw()
        self.agent_selection = AGENTS[self.state.to_act()]
        self._say_throw()

    def _throw(self) -> None:
        """Throw for whoever is due to, until a side has a move to choose or the game
        is over (a throw with no move passes the turn inside the engine)."""
        while self.state.to_act() == CHANCE:
            self.state = self.state.apply(sample(self.state.chance_outcomes(), self._source))

    def _say_throw(self) -> None:
        throw = getattr(self.state, "throw", None)
        for agent in self.agents:
            self.infos[agent].pop("throw", None)
        if throw is not None and self.state.to_act() is not None:
            value = self.state.rules.throw_value(throw.light)
            self.infos[AGENTS[self.state.to_act()]]["throw"] = value

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        self.state = self.state.apply(self.encoding.action(self.state, int(action)))
        self._throw()
        outcome = self.state.outcome()
        if outcome is not None:
            if outcome.winner is not None:
                self.rewards[AGENTS[outcome.winner]] = 1
                self.rewards[AGENTS[1 - outcome.winner]] = -1
            self.terminations = dict.fromkeys(self.agents, True)
            for name in self.agents:
                self.infos[name]["reason"] = outcome.reason
        else:
            self.agent_selection = AGENTS[self.state.to_act()]
            self._say_throw()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict:
        seat = AGENTS.index(agent)
        observation = np.asarray(self.encoding.observe(self.state, seat), dtype=np.float32)
        mask = np.zeros(self.encoding.actions, dtype=np.int8)
        if self.state.to_act() == seat:
            mask[:] = self.encoding.mask(self.state)
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (ansi, human, svg)")
            return None
        if self.render_mode == "svg":  # the app's board, styled, as a standalone document
            from ..cli.show import board_svg
            from ..cli.svg_page import document

            return document(board_svg(self.state), f"Ludeum {self.game}, {self.ruleset}")
        text = board_text(self.state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass
