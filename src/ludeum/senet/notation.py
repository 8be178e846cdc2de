"""Text notation for Senet positions, throws and moves.

A position reads ``<board> <borne off> <to act> <throw>``, for example
``WBWBWBWBW..B.................. 0-0 B 1``:

* board: 30 characters for squares 1-30, ``W`` White, ``B`` Black, ``.`` empty;
* borne off: White's count, a dash, Black's count;
* to act: ``W`` or ``B`` once colours are decided, the seat ``0`` or ``1`` during
  the opening, ``x`` when the game is over;
* throw: the value waiting to be played, or ``-`` when the next action is a throw.

Moves read ``10-11``, ``28-off``, ``P-4`` (from the plinth) or ``pass``; throws read
``T0110`` (the four sticks, 1 = light side up). Pieces of neither the board nor the
borne-off count are on the plinth (Tait's reading). Two bits of Kendall's state are
not written: a piece back from the water that must move next, and a side still
waiting for its starting 1; replaying a game's actions restores them.
"""

from __future__ import annotations

from .. import history as hist
from ..i18n import N_
from ..protocol import StartFault
from .moves import mask_of
from .rulesets import SenetRules
from .state import BLACK, EMPTY, WHITE, Move, SenetState, legal_moves, start_masks
from .sticks import Throw

_LETTER = {EMPTY: ".", WHITE: "W", BLACK: "B"}
_COLOUR = {v: k for k, v in _LETTER.items()}


def position(state: SenetState) -> str:
    board = state.board
    squares = "".join(_LETTER[board[s]] for s in range(1, 31))
    off = f"{state.borne_off[WHITE]}-{state.borne_off[BLACK]}"
    if state.winner is not None:
        to_act = "x"
    elif state.black_seat is None:
        to_act = str(state.seat)  # the opening (and its move, with the 1 pending)
    else:
        to_act = "B" if state.seat == state.black_seat else "W"
    throw = "-" if state.throw is None else str(state.throw_value)
    return f"{squares} {off} {to_act} {throw}"


def parse_position(rules: SenetRules, text: str, *, black_seat: int = 0) -> SenetState:
    """A state from position notation, for tests, puzzles and researchers; raises
    ValueError, with the reason, for any position the rules cannot hold.

    A pending throw is given by value; the sticks shown for it are a representative
    throw. Pieces count as "unmoved" (for the starting lock) when they stand on
    their own starting square."""
    if not isinstance(text, str):
        raise ValueError("a position is a text")
    parts = text.split()
    if len(parts) != 4 or len(parts[0]) != 30:
        raise ValueError("a position has four fields and a 30-square board")
    board_text, off_text, to_act, throw_text = parts
    if any(c not in _COLOUR for c in board_text):
        raise ValueError("board squares are W, B or .")
    board = (EMPTY,) + tuple(_COLOUR[c] for c in board_text) + (EMPTY,)
    white_bits = mask_of(s for s in range(1, 31) if board[s] == WHITE)
    black_bits = mask_of(s for s in range(1, 31) if board[s] == BLACK)
    if board[27] != EMPTY and rules.family != "kendall":
        raise ValueError("no piece can stand in the water (square 27) in this reading")
    counts = off_text.split("-")
    # One digit each: at most 7 pieces a side (and no 4,000-digit number to convert).
    if len(counts) != 2 or not all(len(n) == 1 and n.isascii() and n.isdigit() for n in counts):
        raise ValueError("borne off reads like 0-2")
    white_off, black_off = int(counts[0]), int(counts[1])
    for colour, off in ((WHITE, white_off), (BLACK, black_off)):
        accounted = board.count(colour) + off
        if accounted > rules.pieces:
            raise ValueError(f"each side has {rules.pieces} pieces")
        if accounted < rules.pieces and rules.family != "tait":
            raise ValueError(f"each side has {rules.pieces} pieces (only Tait's wait on a plinth)")
    finished = [c for c, off in ((WHITE, white_off), (BLACK, black_off)) if off == rules.pieces]
    winner = None
    if to_act in ("0", "1"):
        # The opening: nothing has moved yet.
        if rules.family == "tait":
            raise ValueError("Tait's reading has no opening: to act is W or B")
        if (white_bits, black_bits) != start_masks(rules):
            raise opening_fault(rules, board)
        seat, black = int(to_act), None
    elif to_act in ("W", "B"):
        if finished:
            raise ValueError("a side with every piece borne off has won: to act is x")
        black = black_seat
        seat = black if to_act == "B" else 1 - black
    elif to_act == "x":
        black = black_seat
        if len(finished) != 1:
            raise ValueError("a finished game has exactly one side with every piece off")
        seat = black if finished[0] == BLACK else 1 - black
        winner = seat
    else:
        raise ValueError("to act is W, B, 0, 1 or x")
    unmoved = mask_of(
        s for s in range(1, 2 * rules.pieces + 1)
        if board[s] == (WHITE if s % 2 else BLACK)
    )  # fmt: skip
    throw, value = None, 0
    if throw_text != "-":
        if not (len(throw_text) <= 2 and throw_text.isascii() and throw_text.isdigit()):
            raise ValueError("the throw is - or a value from 1 to 6")
        if winner is not None:
            raise ValueError("a finished game has no throw pending")
        value = int(throw_text)
        light = 0 if value == rules.zero_light_value else value
        if not 0 <= light <= 4 or rules.throw_value(light) != value:
            raise ValueError(f"no throw is worth {value}")
        if black is None and value != 1:
            raise StartFault(N_("In the opening only a 1 waits to be played: a throw of "
                                "{value} passes the turn."), value=value)  # fmt: skip
        throw = Throw(tuple(1 if i < light else 0 for i in range(4)))
    state = SenetState(
        rules=rules,
        white=white_bits,
        black=black_bits,
        borne_off=(0, white_off, black_off),
        seat=seat,
        black_seat=black,
        throw=throw,
        moves=(),
        unmoved=unmoved,
        effects=(),
        history=hist.EMPTY,
        winner=winner,
    )
    if throw is None:
        return state
    if black is None:  # the opening 1: Black's front piece must step forward
        front = 2 * rules.pieces
        return state._replace(moves=(Move(front, front + 1),))
    moves = legal_moves(state, value)
    if not moves:
        raise ValueError(f"no piece can use a throw of {value} here: it would be lost")
    return state._replace(moves=moves)


def opening_fault(rules: SenetRules, board: tuple[int, ...]) -> StartFault:
    """The first square of ``board`` not as the game starts (White on the odd squares,
    Black on the even ones up to twice the pieces), for a position in the opening."""
    for square in range(1, 31):
        expected = EMPTY
        if square <= 2 * rules.pieces:
            expected = WHITE if square % 2 else BLACK
        if board[square] != expected:
            break
    return StartFault(N_("Square {square} is not as the game starts: in the opening, "
                         "before the first 1, no piece has moved."), square=square)  # fmt: skip


def parse_action(text: str) -> Throw | Move:
    if not isinstance(text, str):
        raise ValueError(f"not an action: {text!r}")
    return Throw.parse(text) if text.startswith("T") else Move.parse(text)
