"""Each game's actions as integers and positions as vectors, for the adapters.

Research APIs (PettingZoo, OpenSpiel) want a fixed set of actions numbered 0..N-1, a
mask of the legal ones, and an observation of fixed length. This module gives both,
from the engine's own values, with no dependency:

**Actions** (``Encoding.index(action)``, ``Encoding.action(state, index)``):

* Senet, 1,024: a ``Move(src, dst)`` is ``32 * src + dst`` (squares 1-30, 0 the
  plinth, 31 off the board); ``PASS`` (Kendall: waiting in the water or declining
  to bear off) is ``Move(0, 0)``, index 0. A throw is never an action of a seat.
* Squadro, 5: the piece in lane L is L - 1.
* Lodestone, 4,099: a move is ``64 * src + dst`` (a1 = 0 ... h8 = 63); 4,096 is the
  pass of a side with no move; 4,097 and 4,098 put the king on file d or e (the
  set-up).

**Observations** (``Encoding.observe(state, seat)``), floats in [0, 1], from
``seat``'s side ("own" is that seat's pieces):

* Senet, 73: own pieces on squares 1-30 (30), the other side's (30); own pieces
  borne off, the other's, own pieces on the plinth, the other's (each over the
  pieces a side has); the throw to play, one-hot by its value 1-6 (all zero when no
  throw is pending for the seat); whether the opening has decided the colours; whether
  the seat plays Black; whether the seat waits for a 1 (Kendall's Starting Throw).
  Before the colours are decided, "own" is White's pieces for both seats: the
  pieces are not anybody's yet.
* Squadro, 11: each of the seat's five pieces' progress (0-12, over 12), the other
  side's five, and the seat (0 or 1: the two sides' pieces have different speeds).
* Lodestone, 323: own pawns, own king, the other's pawns, the other's king, each 64
  squares; the digit each piece shows (over 4; 0 on an empty square), 64; whether
  the kings are still being placed; the moves without a capture over the limit; and
  whether the seat plays Red.

Who could break it: an index out of range or of an illegal move is refused by
``action`` (``IllegalAction``), never mapped to some other move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..protocol import IllegalAction


@dataclass(frozen=True)
class Encoding:
    game: str
    actions: int  # how many action indices
    size: int  # the observation's length
    index: Callable[[Any], int]
    observe: Callable[[Any, int], list[float]]

    def action(self, state: Any, index: int) -> Any:
        """The legal action of ``state`` numbered ``index``; IllegalAction otherwise."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < self.actions:
            raise IllegalAction(f"not an action index of {self.game}: {index!r}")
        for action in state.legal_moves():
            if self.index(action) == index:
                return action
        raise IllegalAction(f"action {index} is not legal here")

    def mask(self, state: Any) -> list[int]:
        """1 for each legal action's index, 0 elsewhere."""
        mask = [0] * self.actions
        for action in state.legal_moves():
            mask[self.index(action)] = 1
        return mask


# -- Senet ---------------------------------------------------------------------------


def _senet_index(move: Any) -> int:
    return 32 * move.src + move.dst


def _senet_observe(state: Any, seat: int) -> list[float]:
    from ..senet.moves import BIT
    from ..senet.state import BLACK, WHITE

    decided = state.black_seat is not None
    own = state.colour_of(seat) if decided else WHITE
    other = BLACK if own == WHITE else WHITE
    masks = {WHITE: state.white, BLACK: state.black}
    pieces = state.rules.pieces
    out = [1.0 if masks[own] & BIT[square] else 0.0 for square in range(1, 31)]
    out += [1.0 if masks[other] & BIT[square] else 0.0 for square in range(1, 31)]
    out += [state.borne_off[own] / pieces, state.borne_off[other] / pieces]
    out += [state.on_plinth(own) / pieces, state.on_plinth(other) / pieces]
    throw = [0.0] * 6
    if state.throw is not None and state.to_act() == seat:
        throw[state.rules.throw_value(state.throw.light) - 1] = 1.0
    out += throw
    out += [1.0 if decided else 0.0, 1.0 if decided and own == BLACK else 0.0]
    out.append(1.0 if state.waiting & (1 << own) else 0.0)
    return out


# -- Squadro -------------------------------------------------------------------------


def _squadro_index(move: Any) -> int:
    return move.lane - 1


def _squadro_observe(state: Any, seat: int) -> list[float]:
    from ..squadro.rules import HOME

    own, other = state.progress[seat], state.progress[1 - seat]
    return [p / HOME for p in own[1:6]] + [p / HOME for p in other[1:6]] + [float(seat)]


# -- Lodestone -----------------------------------------------------------------------

PASS_INDEX, KING_D, KING_E = 4096, 4097, 4098


def _lodestone_index(action: Any) -> int:
    from ..lodestone.state import PASS, KingFile

    if type(action) is KingFile:
        return KING_D if action.file == 3 else KING_E
    if action == PASS:
        return PASS_INDEX
    return 64 * action.src + action.dst


def _lodestone_observe(state: Any, seat: int) -> list[float]:
    from ..lodestone.state import OWN

    colour = seat + 1  # seat 0 plays Red (1), seat 1 White (2)
    pawn, king = OWN[colour]
    their_pawn, their_king = OWN[3 - colour]
    board = state.board
    out: list[float] = []
    for code in (pawn, king, their_pawn, their_king):
        out += [1.0 if piece == code else 0.0 for piece in board]
    out += [state.digit(square) / 4 for square in range(64)]
    out.append(1.0 if state.setting_up else 0.0)
    out.append(state.quiet / state.rules.moves_without_capture)
    out.append(1.0 if seat == 0 else 0.0)
    return out


ENCODINGS = {
    "senet": Encoding("senet", 1024, 73, _senet_index, _senet_observe),
    "squadro": Encoding("squadro", 5, 11, _squadro_index, _squadro_observe),
    "lodestone": Encoding("lodestone", 4099, 323, _lodestone_index, _lodestone_observe),
}
