"""Monte Carlo tree search on positions with known best moves (issue 6).

Every search here runs a fixed number of iterations with a seeded source and no
clock, so each test plays out the same way on any machine.
"""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest

from ludeum.ai import evaluate
from ludeum.ai.mcts import MCTS
from ludeum.lodestone import STANDARD
from ludeum.lodestone import Move as LodestoneMove
from ludeum.lodestone import new_game as new_lodestone
from ludeum.lodestone import parse_position as lodestone_position
from ludeum.lodestone.rules import parse_square
from ludeum.protocol import Outcome
from ludeum.squadro import Move as SquadroMove
from ludeum.squadro import new_game as new_squadro
from ludeum.squadro import parse_position as squadro_position

PLAYOUTS = [0, 20]  # the leaf scored by the evaluation at once, or after random plies


@pytest.mark.parametrize("playout_plies", PLAYOUTS)
def test_squadro_takes_the_move_that_wins_at_once(playout_plies):
    # Light has three pieces home and lane 5 one step from home. Lane 4 also wins in
    # every playout (Dark is far behind), so only the win-at-once rule tells them apart.
    state = squadro_position("ccc0b/00000 H")
    mcts = MCTS(evaluate.squadro, playout_plies)
    move, value = mcts.search(state, None, random.Random(1), max_iterations=200)
    assert move == SquadroMove(5) and value == 1.0


@pytest.mark.parametrize("playout_plies", PLAYOUTS)
def test_lodestone_takes_the_king_when_it_can(playout_plies):
    # The Red pawn on e7 shows 2 and reaches White's king on d8 through d7.
    rows = "wwwWwwww/....r.../......../......../......../......../......../rrrR.rrr"
    state = lodestone_position(STANDARD, f"{rows} R 0")
    mcts = MCTS(evaluate.lodestone, playout_plies)
    move, value = mcts.search(state, None, random.Random(1), max_iterations=300)
    assert move == LodestoneMove(parse_square("e7"), parse_square("d8")) and value == 1.0


# A hand-made game tree for the double move: each position names who acts and the
# positions its moves lead to (a move is named by where it leads), or the winner.
TREE = {
    "start": (0, ("again", "handed_over")),
    "again": (0, ("won", "lost")),  # seat 0 moves twice in a row
    "handed_over": (1, ("drawn",)),
    "won": (None, 0),
    "lost": (None, 1),
    "drawn": (None, None),
}


class Toy(NamedTuple):
    at: str

    def to_act(self):
        return TREE[self.at][0]

    def legal_moves(self):
        return TREE[self.at][1] if self.to_act() is not None else ()

    def apply(self, move):
        return Toy(move)

    def outcome(self):
        return Outcome(TREE[self.at][1]) if self.to_act() is None else None


@pytest.mark.parametrize("playout_plies", PLAYOUTS)
def test_a_seat_that_moves_twice_keeps_its_own_view(playout_plies):
    # After "again" seat 0 moves once more and wins. Were turns assumed to alternate,
    # "again" would be scored as if seat 1 chose there (a loss for seat 0), and the
    # search would settle for the draw after "handed_over".
    mcts = MCTS(lambda state, seat: 0.0, playout_plies)
    move, value = mcts.search(Toy("start"), None, random.Random(1), max_iterations=100)
    assert move == "again" and value > 0.9


@pytest.mark.parametrize(
    ("start", "score"),
    [
        (new_squadro(0), evaluate.squadro),
        (new_lodestone(first_seat=0), evaluate.lodestone),
    ],
    ids=["squadro", "lodestone"],
)
def test_a_legal_move_from_the_start(start, score):
    # The start position, with no move better than the rest: the answer is still legal
    # and its value lies in [-1, 1].
    move, value = MCTS(score).search(start, None, random.Random(2), max_iterations=50)
    assert move in start.legal_moves() and -1.0 <= value <= 1.0


def test_the_same_seed_gives_the_same_search():
    # Reproducibility: all randomness comes from the injected source.
    state = new_squadro(1)
    first = MCTS(evaluate.squadro, 20).search(state, None, random.Random(9), max_iterations=100)
    again = MCTS(evaluate.squadro, 20).search(state, None, random.Random(9), max_iterations=100)
    assert first == again


def test_a_time_budget_alone_stops_the_search():
    # The clock ends the search when no iteration count is given (as in the app).
    mcts = MCTS(evaluate.squadro)
    move, _value = mcts.search(new_squadro(0), 0.05, random.Random(4))
    assert move in new_squadro(0).legal_moves() and mcts.iterations >= 1


def test_it_needs_a_budget():
    # Neither a time nor a count would search for ever: refused.
    with pytest.raises(ValueError):
        MCTS(evaluate.squadro).search(new_squadro(0), None, random.Random(4))
