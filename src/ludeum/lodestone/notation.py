"""Text notation for Lodestone positions and actions.

A position reads ``<ranks> <to act> <quiet moves>``: the ranks from 8 (White's home)
down to 1, separated by ``/``, each square ``r``/``R`` for a Red pawn/king, ``w``/``W``
for White's, ``.`` empty; then ``R`` or ``W`` to act (``r`` or ``w`` while that side
is still placing its king), or ``x`` once the game is over; then the number of moves
since the last capture. A move reads ``d2-d4``; a king placement ``Kd`` or ``Ke``;
a side with no move ``pass``.
"""

from __future__ import annotations

from .. import history as hist
from .rules import RED, WHITE, LodestoneRules, parse_square
from .setup import setup_fault
from .state import PASS, KingFile, LodestoneState, Move

LETTERS = {0: ".", 1: "r", 2: "R", 3: "w", 4: "W"}
CODES = {v: k for k, v in LETTERS.items()}


def position(state: LodestoneState) -> str:
    ranks = "/".join(
        "".join(LETTERS[state.board[rank * 8 + file]] for file in range(8))
        for rank in range(7, -1, -1)
    )
    if state.winner is not None:
        to_act = "x"
    else:
        to_act = "R" if state.turn == RED else "W"
        if state.setting_up:
            to_act = to_act.lower()
    return f"{ranks} {to_act} {state.quiet}"


def parse_position(rules: LodestoneRules, text: str, *, first_seat: int = 0) -> LodestoneState:
    """A state from notation (for tests and puzzles); ValueError on anything odd, and
    ``StartFault`` (a ValueError) for a set-up position the set-up cannot produce."""
    if not isinstance(text, str):
        raise ValueError("a position is a text")
    parts = text.split()
    ranks = parts[0].split("/") if parts else []
    if len(parts) != 3 or len(ranks) != 8 or any(len(r) != 8 for r in ranks):
        raise ValueError("a position has 8 ranks of 8 squares, who acts and a count")
    if any(c not in CODES for r in ranks for c in r):
        raise ValueError("squares are r, R, w, W or .")
    board = tuple(CODES[ranks[7 - s // 8][s % 8]] for s in range(64))
    for kingcode in (2, 4):  # Red's king, White's king; the pawn code is one less
        count = sum(1 for c in board if c in (kingcode - 1, kingcode))
        if count > 8 or board.count(kingcode) > 1:
            raise ValueError("each side has at most a king and seven pawns")
    if not (len(parts[2]) <= 4 and parts[2].isascii() and parts[2].isdigit()):
        raise ValueError("the count of quiet moves is a number up to 1000")
    to_act, quiet = parts[1], int(parts[2])
    if to_act not in ("R", "W", "r", "w", "x"):
        raise ValueError("to act is R, W, r, w or x")
    # A game in play stops at the limit; the set-up comes before any move.
    limit = rules.moves_without_capture
    if quiet > limit or (quiet == limit and to_act != "x"):
        raise ValueError(f"the game is drawn after {limit} moves without a capture")
    if to_act in ("r", "w") and quiet:
        raise ValueError("no move is made during the set-up")
    turn = RED if to_act in ("R", "r") else WHITE
    if to_act in ("r", "w"):
        fault = setup_fault(board, turn)
        if fault is not None:
            raise fault
    return LodestoneState(
        rules=rules, board=board, turn=turn, setting_up=to_act in ("r", "w"),
        first=first_seat + 1, quiet=quiet, winner=0 if to_act == "x" else None,
        effects=(), history=hist.EMPTY,
    )  # fmt: skip


def action_notation(action) -> str:
    if action == PASS:
        return "pass"
    return action.notation()


def parse_action(text: str):
    if text == "pass":
        return PASS
    if text in ("Kd", "Ke"):
        return KingFile(3 if text == "Kd" else 4)
    if isinstance(text, str) and len(text) == 5 and text[2] == "-":
        return Move(parse_square(text[:2]), parse_square(text[3:]))
    raise ValueError(f"not a Lodestone action: {text!r}")
