"""Helpers shared by the unit tests: named throws, hand-made positions and seeded
random games of Senet. Not a test module (pytest collects only ``test_*.py``)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ludeum.chance import random_choice
from ludeum.protocol import CHANCE
from ludeum.senet import JEQUIER, Throw, new_game, parse_position, throw_sticks
from ludeum.senet.moves import BIT, BOARD
from ludeum.senet.state import BLACK, WHITE

# One throw of each value under Jéquier's rules (no light side up counts 6).
ONE, TWO, THREE, FOUR, SIX = (
    Throw(s) for s in [(1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 1, 0), (1, 1, 1, 1), (0, 0, 0, 0)]
)
THROW_OF = {1: ONE, 2: TWO, 3: THREE, 4: FOUR, 6: SIX}

START = "WBWBWBWBWB.................... 0-0 0 -"


def board_text(white, black) -> str:
    board = ["."] * 30
    for square in white:
        board[square - 1] = "W"
    for square in black:
        board[square - 1] = "B"
    return "".join(board)


def position_text(white, black, to="W", throw=None, pieces=5) -> str:
    """Position notation with the given pieces on the board and the rest borne off."""
    off = f"{pieces - len(white)}-{pieces - len(black)}"
    return f"{board_text(white, black)} {off} {to} {'-' if throw is None else throw}"


def setup(white, black, to="W", throw=None, rules=JEQUIER, black_seat=0):
    """A hand-made position; Black is seat ``black_seat`` (so by default White is
    seat 1, "Player 2")."""
    text = position_text(white, black, to, throw, rules.pieces)
    return parse_position(rules, text, black_seat=black_seat)


def random_action(state, source: random.Random):
    if state.to_act() == CHANCE:
        return throw_sticks(source)
    return random_choice(state.legal_moves(), source)


def random_steps(state, seed: int, limit: int | None = None) -> Iterator[tuple]:
    """(before, action, after) for each action of a seeded random game from ``state``,
    until the game ends or ``limit`` actions have been played."""
    source = random.Random(seed)
    played = 0
    while state.to_act() is not None and (limit is None or played < limit):
        action = random_action(state, source)
        after = state.apply(action)
        yield state, action, after
        state = after
        played += 1


def play(rules=JEQUIER, seed=0, limit=None, start=None):
    """The state reached by a seeded random game (to the end, or after ``limit``
    actions) from ``start``, by default a new game where seat ``seed % 2`` throws first."""
    state = start if start is not None else new_game(rules, first_seat=seed % 2)
    for _before, _action, after in random_steps(state, seed, limit):
        state = after
    return state


def play_until(state, seed: int, predicate, limit: int = 5000):
    """The first state of a seeded random game from ``state`` that satisfies
    ``predicate``; fails if none does within ``limit`` actions."""
    if predicate(state):
        return state
    for _before, _action, after in random_steps(state, seed, limit):
        if predicate(after):
            return after
    raise AssertionError(f"no state within {limit} actions of seed {seed} satisfies the predicate")


def invariant_problems(state) -> list[str]:
    """What is wrong with a state that no game played under the rules can reach."""
    problems = []
    pieces = state.rules.pieces
    if type(state.seat) is not int or state.seat not in (0, 1):
        problems.append(f"seat is {state.seat!r}, not the int 0 or 1")
    if state.black_seat is not None and (
        type(state.black_seat) is not int or state.black_seat not in (0, 1)
    ):
        problems.append(f"black_seat is {state.black_seat!r}")
    if state.white & state.black:
        problems.append("two pieces share a square")
    if (state.white | state.black) & BIT[27]:
        problems.append("a piece rests in the water")
    if (state.white | state.black) & ~BOARD:
        problems.append("a piece is off the track")
    for colour, name in ((WHITE, "White"), (BLACK, "Black")):
        mask = state.white if colour == WHITE else state.black
        if mask.bit_count() + state.borne_off[colour] != pieces:
            problems.append(f"{name} has {mask.bit_count()} + {state.borne_off[colour]} pieces")
    actor = state.to_act()
    if actor in (0, 1) and not state.legal_moves():
        problems.append("the seat to move has no legal move")
    if actor == CHANCE and (state.throw is not None or state.legal_moves()):
        problems.append("a throw is expected but a throw is pending")
    if actor is None:
        colour = state.colour_of(state.winner)
        if colour is None or state.borne_off[colour] != pieces:
            problems.append("the game is over but the winner has pieces left")
    elif state.black_seat is not None and pieces in state.borne_off[1:]:
        problems.append("a side has borne off every piece but the game goes on")
    return problems


def summary(state) -> tuple:
    """Everything that makes a state what it is, with the history as a list of actions
    (histories themselves compare by identity)."""
    fields = (
        state.rules, state.white, state.black, state.borne_off, state.seat, state.black_seat,
        state.throw, state.moves, state.unmoved, state.effects, state.winner,
    )  # fmt: skip
    start = state.start()
    start_fields = (start.white, start.black, start.borne_off, start.seat, start.black_seat)
    start_fields += (start.throw, start.moves, start.unmoved, start.winner)
    return fields + (tuple(state.actions()), start_fields)
