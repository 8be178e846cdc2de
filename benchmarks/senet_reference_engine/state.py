"""The Senet engine: immutable states, throws as explicit chance, one move generator
for every reading, steered by a ``SenetRules`` value (see ``rulesets``).

A turn is a chain of actions. While ``to_act()`` is ``CHANCE`` the seat in ``seat``
must throw; ``apply(throw)`` returns a state holding that throw and its legal moves
(or, when none exists, a state where the throw is already lost). ``apply(move)``
plays the move and says who throws next.

Each side's pieces are a bitboard (bit ``s`` set = a piece on square ``s``); the
move generator works on those (``moves.py``). ``board`` gives the familiar
square-by-square view.
"""

from __future__ import annotations

from typing import NamedTuple

from ludeum import history as hist
from ludeum.protocol import CHANCE, IllegalAction, Outcome
from ludeum.senet.rulesets import JEQUIER, SenetRules
from ludeum.senet.sticks import THROW_OUTCOMES, Throw
from ludeum.senet.track import OFF, PLINTH

from . import kendall, tait
from .moves import BIT, bits, mask_of, move_pieces, tables

EMPTY, WHITE, BLACK = 0, 1, 2
DRAW = -1  # ``winner`` of a game stopped by the throw limit with nobody ahead
COLOUR_LETTERS = {WHITE: "W", BLACK: "B"}


class Move(NamedTuple):
    """A piece moving from ``src`` to ``dst``. ``dst`` may be ``OFF`` (borne off);
    ``src`` may be ``PLINTH`` (entering). ``dst`` is where the throw takes the piece:
    if that is the water, the piece then goes elsewhere (see ``effects``)."""

    src: int
    dst: int

    def notation(self) -> str:
        if self == PASS:
            return "pass"

        def name(square: int) -> str:
            return "off" if square == OFF else "P" if square == PLINTH else str(square)

        return f"{name(self.src)}-{name(self.dst)}"

    @property
    def backward(self) -> bool:
        return self.dst < self.src

    @classmethod
    def parse(cls, text: str) -> Move:
        if text == "pass":
            return PASS

        def square(name: str) -> int:
            if name == "off":
                return OFF
            if name == "P":
                return PLINTH
            if len(name) <= 2 and name.isascii() and name.isdigit() and 1 <= int(name) <= 30:
                return int(name)
            raise ValueError(f"not a square: {name!r}")

        src, sep, dst = text.partition("-")
        if not sep:
            raise ValueError(f"not a move: {text!r}")
        return cls(square(src), square(dst))


#: Doing nothing with a throw, where a ruleset allows it (Kendall: waiting in the
#: water, or declining to bear off).
PASS = Move(PLINTH, PLINTH)


class SenetState(NamedTuple):
    """One position of a Senet game, with everything needed to go on from it.

    ``seat`` acts next: it throws while ``throw`` is None, else it picks one of
    ``moves``. ``black_seat`` is None until the opening has decided the colours.
    ``unmoved`` marks the pieces still on their starting square (for the starting
    lock). ``effects`` says what the last action did, for the status line and log.
    ``throws`` counts the throws so far (for the throw limit). Kendall's rules add
    ``forced`` (colour, square): a piece back from the water that must move with its
    side's next throw; and ``waiting`` (a colour bit mask, ``1 << colour``): sides
    that may not move until they throw a 1 (the Starting Throw option).
    """

    rules: SenetRules
    white: int
    black: int
    borne_off: tuple[int, int, int]  # indexed by colour; slot 0 unused
    seat: int
    black_seat: int | None
    throw: Throw | None
    moves: tuple[Move, ...]
    unmoved: int
    effects: tuple
    history: hist.History
    winner: int | None
    throws: int = 0
    forced: tuple[int, int] | tuple[()] = ()
    waiting: int = 0
    origin: SenetState | None = None  # where the game began; None for that state itself

    # -- the game protocol -------------------------------------------------------

    def to_act(self) -> int | None:
        if self.winner is not None:
            return None
        return CHANCE if self.throw is None else self.seat

    def legal_moves(self) -> tuple[Move, ...]:
        return self.moves

    def chance_outcomes(self) -> tuple[tuple[Throw, float], ...]:
        if self.throw is None and self.winner is None:
            return THROW_OUTCOMES
        return ()

    def apply(self, action: Throw | Move) -> SenetState:
        if type(action) is Move:
            if self.throw is None or action not in self.moves:
                if self.winner is not None and stopped_in_opening(self):
                    return _keep(self, action)
                raise IllegalAction(f"move {action.notation()} is not legal here")
            return _play(self, action)
        if type(action) is Throw:
            if self.throw is not None or self.winner is not None:
                if self.winner is not None and stopped_in_opening(self):
                    return _keep(self, action)
                raise IllegalAction("no throw is expected now")
            return _throw(self, action)
        raise IllegalAction(f"not a Senet action: {action!r}")

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        if self.effects and self.effects[-1][0] == "throw_limit":
            winner = None if self.winner == DRAW else self.winner
            return Outcome(winner, score(self), "throw_limit")
        return Outcome(self.winner, score(self), "borne_off")

    def actions(self) -> list[Throw | Move]:
        """Every action since the start of the game, oldest first."""
        return hist.to_list(self.history)

    def start(self) -> SenetState:
        """The state the game began from; replaying ``actions()`` on it gives this one."""
        return self.origin or self

    # -- questions the board view and the players ask ------------------------------

    @property
    def board(self) -> tuple[int, ...]:
        """The colour on each square, indexed 0-31 (0 and 31 always empty)."""
        white, black = self.white, self.black
        return tuple(
            WHITE if white & BIT[s] else BLACK if black & BIT[s] else EMPTY for s in range(32)
        )

    def colour_of(self, seat: int) -> int | None:
        if self.black_seat is None:
            return None
        return BLACK if seat == self.black_seat else WHITE

    def seat_of(self, colour: int) -> int | None:
        if self.black_seat is None:
            return None
        return self.black_seat if colour == BLACK else 1 - self.black_seat

    @property
    def in_opening(self) -> bool:
        """Before the colours are decided, including the opening move itself."""
        return self.black_seat is None

    @property
    def throw_value(self) -> int | None:
        return None if self.throw is None else self.rules.throw_value(self.throw.light)

    def pieces_on_board(self, colour: int) -> list[int]:
        return bits(self.white if colour == WHITE else self.black)

    def on_plinth(self, colour: int) -> int:
        """Pieces of a colour neither on the board nor borne off (Tait's plinth)."""
        on_board = (self.white if colour == WHITE else self.black).bit_count()
        return self.rules.pieces - on_board - self.borne_off[colour]


def start_masks(rules: SenetRules) -> tuple[int, int]:
    """White on the odd squares, Black on the even ones, from square 1 on."""
    white = mask_of(range(1, 2 * rules.pieces + 1, 2))
    black = mask_of(range(2, 2 * rules.pieces + 1, 2))
    return white, black


def new_game(rules: SenetRules = JEQUIER, first_seat: int = 0) -> SenetState:
    """The starting position; ``first_seat`` throws first (in the opening, or as
    Black under Tait's rules, where every piece starts on the plinth)."""
    if first_seat not in (0, 1):
        raise ValueError("first_seat must be 0 or 1")
    tait = rules.family == "tait"
    white, black = (0, 0) if tait else start_masks(rules)
    return SenetState(
        rules=rules,
        white=white,
        black=black,
        borne_off=(0, 0, 0),
        seat=first_seat,
        black_seat=first_seat if tait else None,
        throw=None,
        moves=(),
        unmoved=white | black,
        effects=(),
        history=hist.EMPTY,
        winner=None,
        # Starting Throw: the side that did not win the opening waits for a 1.
        waiting=1 << WHITE if rules.starting_throw else 0,
    )


def score(state: SenetState) -> int:
    """The winner's margin: 3, 2 or 1 for each losing piece on the first, middle or
    last row (3 for a piece still on the plinth)."""
    if state.winner is None or state.winner == DRAW:
        return 0
    loser = BLACK if state.colour_of(state.winner) == WHITE else WHITE
    on_board = sum(3 - (s - 1) // 10 for s in state.pieces_on_board(loser))
    return on_board + 3 * state.on_plinth(loser)


def progress(state: SenetState, colour: int) -> tuple[int, int]:
    """How far a side has come: pieces borne off, then the sum of its squares."""
    return state.borne_off[colour], sum(state.pieces_on_board(colour))


def legal_moves(state: SenetState, value: int) -> tuple[Move, ...]:
    """The moves of the seat to act for a throw worth ``value``. Under Jéquier's
    rules: forward moves and bearing off by square, then backward moves."""
    colour = BLACK if state.seat == state.black_seat else WHITE
    mine, opp = (state.black, state.white) if colour == BLACK else (state.white, state.black)
    family = state.rules.family
    if family == "kendall":
        if state.waiting & (1 << colour):
            return ()  # Starting Throw: no move before a 1 (cleared when one is thrown)
        forced = state.forced[1] if state.forced and state.forced[0] == colour else 0
        return tuple(kendall.moves(state.rules, mine, opp, value, forced, PASS))
    if family == "tait":
        return tuple(tait.moves(state.rules, mine, opp, value, state.on_plinth(colour)))
    forward, off, back = tables(state.rules).move_masks(mine, opp, value, state.unmoved)
    moves = [Move(s, OFF if BIT[s] & off else s + value) for s in bits(forward | off)]
    moves.extend(Move(s, s - value) for s in bits(back))
    return tuple(moves)


def next_throw(state: SenetState, seat: int, **changes) -> SenetState:
    """Hand the next throw to ``seat``, unless the throw limit stops the game. The
    limit counts every throw, the opening's included, and is judged on the position
    the last action left (``changes`` applied)."""
    state = state._replace(seat=seat, throw=None, moves=(), **changes)
    limit = state.rules.throw_limit
    if limit and state.throws >= limit:
        return stop_at_limit(state)
    return state


def stop_at_limit(state: SenetState) -> SenetState:
    """The game stopped by the throw limit (the app's safety net, see rulesets): the
    side further along wins; a tie, or colours still undecided, is a draw."""
    if state.black_seat is None:
        winner = DRAW  # nobody is ahead before the opening's 1
    else:
        black, white = progress(state, BLACK), progress(state, WHITE)
        winner = DRAW if black == white else state.seat_of(BLACK if black > white else WHITE)
    effects = state.effects + (("throw_limit", state.rules.throw_limit),)
    return state._replace(winner=winner, effects=effects)


def stopped_in_opening(state: SenetState) -> bool:
    """Whether the throw limit stopped the game before colours were decided."""
    return state.black_seat is None and state.winner == DRAW


def kept_after_limit(state: SenetState) -> tuple[Throw | Move, ...] | None:
    """The actions an older version still let a game play after the throw limit,
    during the opening, whose throws it did not count: any throw (``None``), the
    opening move after a 1, nothing after that move (``()``). Saves and links of such
    games load with those actions kept in the history, without effect, so that they
    replay alike. Only for a game stopped in the opening (``stopped_in_opening``)."""
    last = hist.last(state.history)
    if type(last) is Move:
        return ()  # the opening move: the older version stopped the game there
    if type(last) is Throw and state.rules.throw_value(last.light) == 1:
        front = 2 * state.rules.pieces
        # A 1 thrown after the stop (the stop's own throw was no 1: the opening
        # move would have been played and the colours decided).
        return (Move(front, front + 1),)
    return None


def _keep(state: SenetState, action: Throw | Move) -> SenetState:
    kept = kept_after_limit(state)
    if not ((type(action) is Throw) if kept is None else action in kept):
        raise IllegalAction("the game is over")
    return state._replace(history=hist.push(state.history, action))


# -- applying a throw ----------------------------------------------------------------


def _throw(state: SenetState, throw: Throw) -> SenetState:
    rules = state.rules
    value = rules.throw_value(throw.light)
    history = hist.push(state.history, throw)
    if state.origin is None:
        state = state._replace(origin=state)
    state = state._replace(throws=state.throws + 1)
    seat = state.seat
    if state.black_seat is None:  # the opening: only a 1 counts
        if value != 1:
            return next_throw(state, 1 - seat, effects=(("opening_miss", value),), history=history)
        # The 1 makes this seat Black, once it has moved Black's front piece.
        front = 2 * rules.pieces
        return state._replace(
            throw=throw,
            moves=(Move(front, front + 1),),
            effects=(("opening_one", value),),
            history=history,
        )
    colour_bit = 1 << (BLACK if seat == state.black_seat else WHITE)
    if state.waiting & colour_bit and value == 1:
        state = state._replace(waiting=state.waiting & ~colour_bit)  # the awaited 1
    moves = legal_moves(state, value)
    if moves:
        return state._replace(
            throw=throw, moves=moves, effects=(("thrown", value),), history=history
        )
    # The throw cannot be used: it is lost, and the turn passes unless the
    # ruleset grants the extra throw anyway.
    again = rules.extra_throw_after_forfeit and value in rules.extra_throw_values
    effects = (("lost", value), ("extra_throw", value)) if again else (("lost", value),)
    mover = BLACK if seat == state.black_seat else WHITE
    forced = () if state.forced and state.forced[0] == mover else state.forced
    return next_throw(
        state, seat if again else 1 - seat, effects=effects, history=history, forced=forced
    )


# -- applying a move -----------------------------------------------------------------


def _play(state: SenetState, move: Move) -> SenetState:
    rules = state.rules
    value = rules.throw_value(state.throw.light)
    seat = state.seat
    if state.black_seat is None:  # the opening move: its mover plays Black from now on
        state = state._replace(black_seat=seat)
    black_moves = seat == state.black_seat
    mine, opp = (state.black, state.white) if black_moves else (state.white, state.black)
    src, dst = move
    # A Kendall piece back from the water stays "forced" until its side next moves.
    mover = BLACK if black_moves else WHITE
    forced = state.forced if state.forced and state.forced[0] != mover else ()
    if rules.family == "jequier":
        mine, opp, effect = move_pieces(rules, mine, opp, src, dst)
        effects = [("moved", src, dst), effect] if effect else [("moved", src, dst)]
        extra = value in rules.extra_throw_values
    else:
        family = kendall if rules.family == "kendall" else tait
        mine, opp, more, extra, forced_square = family.play(rules, mine, opp, src, dst, value)
        effects = more if move == PASS else [("moved", src, dst), *more]
        if forced_square:
            forced = (mover, forced_square)
    white, black = (opp, mine) if black_moves else (mine, opp)
    borne_off = state.borne_off
    if dst == OFF:
        borne_off = (0, borne_off[1] + (not black_moves), borne_off[2] + black_moves)
    unmoved = state.unmoved & ~BIT[src] & ~BIT[dst]  # relocations only reach empty squares
    history = hist.push(state.history, move)
    if state.origin is None:
        state = state._replace(origin=state)
    if borne_off[BLACK if black_moves else WHITE] == rules.pieces:
        return state._replace(
            white=white, black=black, borne_off=borne_off, throw=None, moves=(),
            unmoved=unmoved, effects=tuple(effects), history=history, winner=seat, forced=(),
        )  # fmt: skip
    if extra:
        effects.append(("extra_throw", value))
    else:
        seat = 1 - seat
    return next_throw(
        state, seat, white=white, black=black, borne_off=borne_off, unmoved=unmoved,
        effects=tuple(effects), history=history, forced=forced,
    )  # fmt: skip
