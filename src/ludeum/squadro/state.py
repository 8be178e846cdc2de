"""The Squadro engine: immutable states and the one function that moves a piece.

``move_piece`` works in place on two small lists (the mover's progress by lane and
the opponent's); the state copies them first, so states stay immutable, while the
random playouts (``playout.py``) call it directly on their own lists. One rule
implementation serves both.
"""

from __future__ import annotations

from typing import NamedTuple

from .. import history as hist
from ..protocol import IllegalAction, Outcome
from .rules import HOME, LANES, PIECES_TO_WIN, POSITION, SPEEDS, TURNAROUND, H, V


def move_piece(seat: int, mine: list[int], opp: list[int], lane: int) -> list[int]:
    """Move the seat's piece in ``lane`` (lists indexed by lane, 0 unused). Returns
    the opponent lanes whose pieces were jumped and sent back (rules spec 5.3)."""
    progress = mine[lane]
    returning = progress >= TURNAROUND
    steps = SPEEDS[seat][returning][lane]
    step = -1 if returning else 1
    x = POSITION[progress]
    jumped = []
    while steps:
        x += step
        if x == 0 or x == TURNAROUND:
            break  # the far edge (turn round) or home: leftover points are lost
        # The crossing square at x is the opponent's lane x, at position ``lane``.
        if POSITION[opp[x]] == lane:
            # Jump the whole run of opposing pieces, sending each back to its start,
            # or to its turnaround space if it was already on the way back.
            while 0 < x < TURNAROUND and POSITION[opp[x]] == lane:
                opp[x] = TURNAROUND if opp[x] >= TURNAROUND else 0
                jumped.append(x)
                x += step
            break  # the move ends on the first empty square after the run
        steps -= 1
    mine[lane] = HOME - x if returning else x
    return jumped


class Move(NamedTuple):
    """Move the mover's piece in this lane (1-5)."""

    lane: int

    def notation(self) -> str:
        return str(self.lane)

    @classmethod
    def parse(cls, text: str) -> Move:
        if not isinstance(text, str) or text not in ("1", "2", "3", "4", "5"):
            raise ValueError(f"not a Squadro move: {text!r}")
        return cls(int(text))


class SquadroState(NamedTuple):
    """A Squadro position. ``progress[seat][lane]`` (lane 1-5; index 0 unused) is how
    far that piece has come, 0-12 (see ``rules``). ``effects`` says what the last
    move did: ``("turned", lane)``, ``("home", lane)``, ``("jumped", lanes)``."""

    progress: tuple[tuple[int, ...], tuple[int, ...]]
    seat: int
    winner: int | None
    effects: tuple
    history: hist.History
    origin: SquadroState | None = None

    # -- the game protocol -------------------------------------------------------

    def to_act(self) -> int | None:
        return None if self.winner is not None else self.seat

    def legal_moves(self) -> tuple[Move, ...]:
        if self.winner is not None:
            return ()
        mine = self.progress[self.seat]
        return tuple(Move(lane) for lane in LANES if mine[lane] != HOME)

    def chance_outcomes(self) -> tuple:
        return ()  # no chance in Squadro

    def apply(self, action: Move) -> SquadroState:
        if type(action) is not Move or action not in self.legal_moves():
            raise IllegalAction(f"not a legal Squadro move here: {action!r}")
        seat = self.seat
        mine, opp = list(self.progress[seat]), list(self.progress[1 - seat])
        before = mine[action.lane]
        jumped = move_piece(seat, mine, opp, action.lane)
        after = mine[action.lane]
        effects = [("moved", action.lane, before, after)]
        if jumped:
            effects.append(("jumped", tuple(jumped)))
        if after == HOME:
            effects.append(("home", action.lane))
        elif before < TURNAROUND <= after:
            effects.append(("turned", action.lane))
        progress = (tuple(mine), tuple(opp)) if seat == H else (tuple(opp), tuple(mine))
        won = sum(p == HOME for p in mine) >= PIECES_TO_WIN
        return SquadroState(
            progress=progress,
            seat=seat if won else 1 - seat,
            winner=seat if won else None,
            effects=tuple(effects),
            history=hist.push(self.history, action),
            origin=self.origin or self,
        )

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome(self.winner, self.home_count(self.winner), "four_home")

    def actions(self) -> list[Move]:
        return hist.to_list(self.history)

    def start(self) -> SquadroState:
        return self.origin or self

    # -- questions the board view and the players ask ------------------------------

    def home_count(self, seat: int) -> int:
        return sum(p == HOME for p in self.progress[seat][1:])

    def race_score(self, seat: int) -> int:
        """Progress summed over the seat's pieces: who is closer to winning."""
        return sum(self.progress[seat][1:])


def new_game(first_seat: int = H) -> SquadroState:
    if first_seat not in (H, V):
        raise ValueError("first_seat must be 0 (H) or 1 (V)")
    empty = (0, 0, 0, 0, 0, 0)
    return SquadroState(
        progress=(empty, empty), seat=first_seat, winner=None, effects=(), history=hist.EMPTY
    )
