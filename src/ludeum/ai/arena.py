"""Games between players, for the strength benchmark and the luck-versus-skill study.

A player is a function ``(state, source) -> move``. ``play`` runs one game from a
start position with seeded throws and reports what the studies count: the winner,
the number of throws, and the time each seat spent choosing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..chance import random_choice, sample
from ..protocol import CHANCE
from .players import choose

Player = Callable[[Any, random.Random], Any]


def random_player(state: Any, source: random.Random) -> Any:
    return random_choice(state.legal_moves(), source)


def greedy_player(evaluate: Callable[[Any, int], float]) -> Player:
    """The move whose result scores best by the evaluation alone (one ply), ties
    broken at random."""

    def play(state: Any, source: random.Random) -> Any:
        seat = state.to_act()
        moves = state.legal_moves()
        values = [evaluate(state.apply(move), seat) for move in moves]
        best = max(values)
        return random_choice([m for m, v in zip(moves, values, strict=True) if v == best], source)

    return play


def level_player(level: str, seconds: float | None = None) -> Player:
    return lambda state, source: choose(state, level, source, seconds)


@dataclass(frozen=True)
class Result:
    winner: int | None  # a seat, None for a draw
    throws: int
    thinking: tuple[float, float]  # seconds each seat spent choosing
    decisions: tuple[int, int]  # moves each seat chose


def play(start: Any, players: tuple[Player, Player], source: random.Random) -> Result:
    """Play ``start`` to its end; throws are drawn from ``source`` by the state's own
    chance outcomes, so every game is reproducible from its seed."""
    state = start
    throws = 0
    thinking = [0.0, 0.0]
    decisions = [0, 0]
    while (actor := state.to_act()) is not None:
        if actor == CHANCE:
            state = state.apply(sample(state.chance_outcomes(), source))
            throws += 1
            continue
        began = time.perf_counter()
        move = players[actor](state, source)
        thinking[actor] += time.perf_counter() - began
        decisions[actor] += 1
        state = state.apply(move)
    return Result(state.outcome().winner, throws, tuple(thinking), tuple(decisions))
