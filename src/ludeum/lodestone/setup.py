"""The set-up check: a position still in the set-up (``r`` or ``w`` to act in the
notation) must be one the set-up can produce, wherever it comes from (issue 28).

The set-up (``state.new_game`` and ``state._set_king``) starts from both home ranks
full of pawns; Red then White turns the pawn on d or e of its home rank into its
king; nothing else happens before the first move. So with Red to place (``r``),
the board is exactly the start; with White to place (``w``), Red's king stands on d1
or e1 in place of a pawn and the board is otherwise the start. The quiet-move count
(0 during the set-up) and the piece counts are checked by the notation reader.
"""

from __future__ import annotations

from ..i18n import N_
from ..protocol import StartFault
from .rules import HOME_RANK, KING_FILES, RED, WHITE, square_name

#: (king, pawn) board codes per colour (``state.piece``; not imported, to stay out
#: of the engine's import cycle).
_CODES = {RED: (2, 1), WHITE: (4, 3)}

_KING_TOO_SOON = {
    RED: N_("Red's king stands on {square} before Red has placed it: in the set-up a "
            "king is placed on d or e of its home rank, once."),
    WHITE: N_("White's king stands on {square} before White has placed it: in the set-up "
              "a king is placed on d or e of its home rank, once."),
}  # fmt: skip
_PAWN_MOVED = {
    RED: N_("A Red pawn stands on {square}: no piece moves before both kings are placed."),
    WHITE: N_("A White pawn stands on {square}: no piece moves before both kings are "
              "placed."),
}  # fmt: skip


def setup_fault(board: tuple[int, ...], to_place: int) -> StartFault | None:
    """Why ``board``, with ``to_place`` (a colour) placing its king, is not a set-up
    position, or None when the set-up can produce it."""
    placed = {RED: to_place == WHITE, WHITE: False}
    red_king = None
    for square, code in enumerate(board):
        if not code:
            continue
        colour = RED if code in _CODES[RED] else WHITE
        home = square // 8 == HOME_RANK[colour]
        if code == _CODES[colour][0]:
            if not placed[colour]:
                return StartFault(_KING_TOO_SOON[colour], square=square_name(square))
            if not home or square % 8 not in KING_FILES:
                return StartFault(
                    N_("Red's king stands on {square}: the set-up places it on d1 or e1."),
                    square=square_name(square),
                )
            red_king = square
        elif not home:
            return StartFault(_PAWN_MOVED[colour], square=square_name(square))
    for colour in (RED, WHITE):
        for file in range(8):
            square = HOME_RANK[colour] * 8 + file
            if not board[square]:
                return StartFault(
                    N_("Square {square} is empty: until both kings are placed, every square of "
                       "both home ranks holds its side's piece."),
                    square=square_name(square),
                )  # fmt: skip
    if placed[RED] and red_king is None:
        return StartFault(
            N_("White is to place its king, so Red has placed its own, but no Red king "
               "is on the board.")
        )  # fmt: skip
    return None
