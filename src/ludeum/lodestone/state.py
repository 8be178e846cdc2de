"""The Lodestone engine: immutable states, the set-up, moves, check and the end."""

from __future__ import annotations

from typing import NamedTuple

from .. import history as hist
from ..protocol import IllegalAction, Outcome
from .paths import path_masks
from .rules import HOME_RANK, RED, STANDARD, WHITE, LodestoneRules, square_name

EMPTY = 0
PAWN, KING = 1, 2


def piece(colour: int, kind: int) -> int:
    """Board code of a piece: colour * 2 + kind - 1 (1, 2 Red; 3, 4 White)."""
    return (colour - 1) * 2 + kind


def colour_of(code: int) -> int:
    return 0 if code == EMPTY else RED if code <= 2 else WHITE


def is_king(code: int) -> bool:
    return code in (2, 4)


class Move(NamedTuple):
    src: int
    dst: int

    def notation(self) -> str:
        return f"{square_name(self.src)}-{square_name(self.dst)}"


class KingFile(NamedTuple):
    """Set-up: the side to act puts its king on file d (3) or e (4)."""

    file: int

    def notation(self) -> str:
        return "Kd" if self.file == 3 else "Ke"


PASS = Move(-1, -1)  # a side with no legal move passes (the app's rule)


class LodestoneState(NamedTuple):
    """``board`` holds a piece code per square. During the set-up (``setting_up``)
    Red then White choose their king's file; then ``turn`` (a colour) moves.
    ``quiet`` counts moves since the last capture."""

    rules: LodestoneRules
    board: tuple[int, ...]
    turn: int
    setting_up: bool
    first: int
    quiet: int
    winner: int | None  # a colour, 0 for a draw, None while playing
    effects: tuple
    history: hist.History
    origin: LodestoneState | None = None

    # -- the game protocol -------------------------------------------------------

    def to_act(self) -> int | None:
        """The seat to act: seat 0 plays Red, seat 1 White."""
        return None if self.winner is not None else self.turn - 1

    def legal_moves(self) -> tuple:
        if self.winner is not None:
            return ()
        if self.setting_up:
            return (KingFile(3), KingFile(4))
        moves = moves_of(self, self.turn)
        return moves or (PASS,)

    def chance_outcomes(self) -> tuple:
        return ()

    def apply(self, action) -> LodestoneState:
        if action not in self.legal_moves():
            raise IllegalAction(f"not a legal Lodestone action here: {action!r}")
        history = hist.push(self.history, action)
        origin = self.origin or self
        if type(action) is KingFile:
            return _set_king(self, action.file)._replace(history=history, origin=origin)
        return _play(self, action)._replace(history=history, origin=origin)

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        reason = self.effects[-1][0] if self.effects else ""
        return Outcome(None if self.winner == 0 else self.winner - 1, 0, reason)

    def actions(self) -> list:
        return hist.to_list(self.history)

    def start(self) -> LodestoneState:
        return self.origin or self

    # -- questions the board view and the players ask ------------------------------

    def digit(self, square: int) -> int:
        """The digit the piece on ``square`` shows (the map stays hidden otherwise)."""
        code = self.board[square]
        return self.rules.digit_maps()[colour_of(code)][square] if code else 0

    def checks(self) -> list[tuple[int, int]]:
        """(king square, attacker square) for every king an enemy piece could take
        with its next move."""
        found = []
        for colour in (RED, WHITE):
            for move in moves_of(self, colour):
                if is_king(self.board[move.dst]):
                    found.append((move.dst, move.src))
        return found


def new_game(rules: LodestoneRules = STANDARD, first_seat: int = 0) -> LodestoneState:
    """Pawns on both home ranks; the set-up then places each king on d or e."""
    if first_seat not in (0, 1):
        raise ValueError("first_seat must be 0 (Red) or 1 (White)")
    board = [EMPTY] * 64
    for colour in (RED, WHITE):
        for file in range(8):
            board[HOME_RANK[colour] * 8 + file] = piece(colour, PAWN)
    return LodestoneState(
        rules=rules, board=tuple(board), turn=RED, setting_up=True, first=first_seat + 1,
        quiet=0, winner=None, effects=(), history=hist.EMPTY,
    )  # fmt: skip


def _set_king(state: LodestoneState, file: int) -> LodestoneState:
    board = list(state.board)
    board[HOME_RANK[state.turn] * 8 + file] = piece(state.turn, KING)
    done = state.turn == WHITE
    return state._replace(
        board=tuple(board),
        turn=state.first if done else WHITE,
        setting_up=not done,
        effects=(("king_placed", state.turn, file),),
    )


#: Each colour's piece codes (``piece``): a pawn's, then a king's.
OWN = {RED: (1, 2), WHITE: (3, 4)}


def moves_of(state: LodestoneState, colour: int) -> tuple[Move, ...]:
    """Every move of a colour's pieces: exactly N steps, straight or with one turn,
    over empty squares, ending on an empty square or an enemy piece. In order of
    square, then destination.

    The search asks this several times a position (its moves, the move's check, the
    evaluation's mobility for both sides), so it is the analysis's and the computer's
    hot loop: the board is one integer, a byte a square, and a path is clear when
    its mask of passed squares' bytes meets none of the board's."""
    board = state.board
    digits = state.rules.digit_maps()[colour]
    masks = path_masks()
    own = OWN[colour]
    # A byte a square: a square's byte is non-zero when a piece stands on it.
    squares = bytes(board)
    occupied = int.from_bytes(squares, "little")
    mine = []
    for code in own:
        square = squares.find(code)
        while square >= 0:
            mine.append(square)
            square = squares.find(code, square + 1)
    mine.sort()
    moves = []
    for square in mine:
        for dst, ways in masks[square][digits[square]]:
            if board[dst] in own:
                continue
            for passed in ways:
                if not passed & occupied:
                    moves.append(Move(square, dst))
                    break
    return tuple(moves)


def _play(state: LodestoneState, move: Move) -> LodestoneState:
    colour, enemy = state.turn, WHITE if state.turn == RED else RED
    if move == PASS:
        if not moves_of(state, enemy):  # neither side can move
            return state._replace(winner=0, effects=(("pass",), ("stalemate",)))
        return state._replace(turn=enemy, effects=(("pass",),))
    board = list(state.board)
    taken = board[move.dst]
    board[move.dst], board[move.src] = board[move.src], EMPTY
    effects = [("moved", move.src, move.dst)]
    quiet = state.quiet + 1
    if taken:
        effects.append(("captured", move.dst, taken))
        quiet = 0
    board = tuple(board)
    left = sum(board.count(code) for code in OWN[enemy])
    if taken and is_king(taken):
        effects.append(("king_taken",))
        return state._replace(board=board, quiet=quiet, winner=colour, effects=tuple(effects))
    if taken and left == 2:
        effects.append(("two_left",))  # only the king and one pawn remain
        return state._replace(board=board, quiet=quiet, winner=colour, effects=tuple(effects))
    if quiet >= state.rules.moves_without_capture:
        effects.append(("no_capture_limit",))
        return state._replace(board=board, quiet=quiet, winner=0, effects=tuple(effects))
    return state._replace(board=board, turn=enemy, quiet=quiet, effects=tuple(effects))
