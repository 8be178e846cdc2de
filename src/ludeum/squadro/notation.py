"""Text notation for Squadro positions and moves.

A position reads ``<H progress>/<V progress> <to act>``, for example
``31000/00200 V``: the progress (0-12, written 0-9, a, b, c) of each side's pieces in
lanes 1 to 5, H's first, then who moves: ``H``, ``V``, or ``x`` once the game is won.
A move is the lane of the piece moved, ``1`` to ``5``.
"""

from __future__ import annotations

from .. import history as hist
from .rules import HOME, PIECES_TO_WIN, H, V
from .state import SquadroState

DIGITS = "0123456789abc"


def position(state: SquadroState) -> str:
    sides = "/".join("".join(DIGITS[p] for p in state.progress[s][1:]) for s in (H, V))
    to_act = "x" if state.winner is not None else "HV"[state.seat]
    return f"{sides} {to_act}"


def parse_position(text: str) -> SquadroState:
    """A state from notation; ValueError, with the reason, for anything else."""
    if not isinstance(text, str):
        raise ValueError("a position is a text")
    parts = text.split()
    if len(parts) != 2 or len(parts[0]) != 11 or parts[0][5] != "/":
        raise ValueError("a position reads like 31000/00200 V")
    rows = parts[0].split("/")
    if any(c not in DIGITS for row in rows for c in row):
        raise ValueError("progress is written 0-9, a, b or c")
    progress = tuple((0, *(DIGITS.index(c) for c in row)) for row in rows)
    homes = [sum(p == HOME for p in progress[s][1:]) for s in (H, V)]
    to_act = parts[1]
    won = [s for s in (H, V) if homes[s] >= PIECES_TO_WIN]
    if to_act == "x":
        if len(won) != 1:
            raise ValueError("a finished game has exactly one side with four pieces home")
        seat, winner = won[0], won[0]
    elif to_act in ("H", "V"):
        if won:
            raise ValueError("a side with four pieces home has won: to act is x")
        seat, winner = (H if to_act == "H" else V), None
    else:
        raise ValueError("to act is H, V or x")
    state = SquadroState(
        progress=progress, seat=seat, winner=winner, effects=(), history=hist.EMPTY
    )
    _check_squares(state)
    return state


def _check_squares(state: SquadroState) -> None:
    """No two pieces on one crossing square."""
    from .rules import POSITION

    for r in range(1, 6):
        x = POSITION[state.progress[H][r]]
        if 1 <= x <= 5 and POSITION[state.progress[V][x]] == r:
            raise ValueError(f"two pieces on one square (H lane {r}, V lane {x})")
