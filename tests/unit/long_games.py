"""Saves of very long legal games, one per game, for the deep-record tests.

Senet: the opening can go on for ever (only a 1 ends it), so 100,000 throws of 2 are
legal under a ruleset without a throw limit. Squadro has no limit at all: the prefix
below reaches a position that the cycle after it returns to (a seeded search that
kept pieces from reaching home and preferred jumps found it), so the cycle can be
repeated as often as wanted. Lodestone is bounded by its moves-without-capture
limit: at most 1,000 quiet moves between captures; a seeded game that avoids
capturing until the limit is near lasts about 11,000 actions.
"""

from __future__ import annotations

import json
import random

from ludeum import saves
from ludeum.lodestone import new_game as new_lodestone
from ludeum.lodestone.rules import LodestoneRules
from ludeum.lodestone.state import PASS as LODESTONE_PASS
from ludeum.senet import JEQUIER
from ludeum.senet import new_game as new_senet
from ludeum.squadro import new_game as new_squadro
from ludeum.squadro.state import Move as SquadroMove

SQUADRO_PREFIX = (
    "1315145233153335454553414524514143532441413222315124544435415222223444441213441124"
    "351325331311244"
)
SQUADRO_CYCLE = "41453241314112"


def senet_record(actions: int) -> str:
    """``actions`` opening throws of 2 (an even number leaves seat 0 to throw)."""
    assert actions % 2 == 0
    start = new_senet(JEQUIER.with_options(throw_limit=0))
    envelope = json.loads(saves.dump(start))
    envelope["record"]["actions"] = ["T0110"] * actions
    return json.dumps(envelope)


def squadro_record(at_least: int) -> str:
    state = new_squadro()
    for lane in SQUADRO_PREFIX + SQUADRO_CYCLE:
        state = state.apply(SquadroMove(int(lane)))
    envelope = json.loads(saves.dump(state))  # the cycle ends where it began
    repeats = -(-(at_least - len(SQUADRO_PREFIX)) // len(SQUADRO_CYCLE))
    envelope["record"]["actions"] = list(SQUADRO_PREFIX + SQUADRO_CYCLE * repeats)
    return json.dumps(envelope)


def lodestone_game(seed: int = 1, limit: int = 1000):
    """A finished Lodestone game: quiet moves at random, a capture only when the
    limit is near (or nothing else is possible), never the king."""
    source = random.Random(seed)
    state = new_lodestone(LodestoneRules(moves_without_capture=limit))
    while state.winner is None:
        moves = state.legal_moves()
        if state.setting_up or moves == (LODESTONE_PASS,):
            state = state.apply(moves[0])
            continue
        quiet = [m for m in moves if not state.board[m.dst]]
        captures = [m for m in moves if state.board[m.dst] not in (0, 2, 4)]
        if captures and (state.quiet >= limit - 10 or not quiet):
            move = source.choice(captures)
        else:
            move = source.choice(quiet or moves)
        state = state.apply(move)
    return state


def lodestone_record(seed: int = 1) -> str:
    return saves.dump(lodestone_game(seed))
