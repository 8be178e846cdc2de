"""Why Senet's rules refuse a move: the engine's own answer, for every reading.

``why_refused(state, src, dst)`` names the first rule, in the order below, that
refuses moving the piece on ``src`` to ``dst`` (a square, ``OFF`` to bear off, from
``PLINTH`` to enter) with the throw pending in ``state``, as a short key; None when
the move is legal. A state still waiting for its throw is asked with ``light=`` (the
light sides of the throw to imagine), so that a throw the rules would lose can be
explained too. The lessons (``ludeum.lessons.refusals``) and the readings compared
(``compare``) turn the keys into their own sentences.

The move generators (``moves``, ``kendall``, ``tait``) are the authority on what is
legal; this module walks the same rules square by square, and the tests check, over
random positions of every preset, that it finds a refusal exactly for the moves the
generators leave out. Where the generators test several rules at once (they work on
whole bitboards), the order here is the order in which the rules are taught: whether
the piece may move at all, then what it passes over, then where it ends.

Before any reading: ``game_over``; ``no_throw`` (nothing to play); ``opening`` (the
opening's 1 moves only Black's front piece one square); ``no_piece`` (no piece of the
side to move on ``src``, or none on its plinth); ``distance`` (the throw does not take
the piece to ``dst``).

Jéquier, both readings (``rulesets``, spec section 2):

1. ``lock``: the starting lock (Ludii's reading: a piece on 1-10 with a piece just
   ahead of it; the literal one: a piece on its starting square while the piece that
   started just ahead has not moved), forward and backward alike.
2. Forward: ``wall`` (three opposing pieces in a row along the track, passed over)
   or ``wall_any`` (Ludii: three pieces of either side on one physical row); then
   ``last_row`` (bearing off, or passing 30, before every piece of the side is on
   21-30), ``pass_30`` (Ludii: landing exactly on 30 does not bear off),
   ``off_instead`` (Botermans: a piece reaching 30 with every piece on the last row
   leaves the board rather than stopping); then where it lands: ``own``, ``safe`` (a
   safe square), ``pair`` (a piece beside another of its side along the track) or
   ``pair_row`` (Ludii: beside it on the same row).
3. Backward: ``backward`` (a piece goes back only when no piece of its side can go
   forward; under Ludii's per-piece priority, when this piece cannot), ``wall`` or
   ``wall_any`` again, then ``own``, and ``backward_capture`` (Botermans: a piece
   going back lands only on an empty square) or, where backward moves capture
   (Ludii), ``safe``/``pair_row`` as forward.

Kendall, any of the sixteen option sets (spec section 3):

1. ``starting_throw``: the side has not yet thrown its first 1 (Starting Throw).
2. ``water_frozen``: a piece of the side waits in the water, and only it may act;
   from the water, ``home_row`` (a 4 would bear it off) or ``rebirth_taken`` (15 is
   not free to come back to), and ``water_exit`` for anything else (a 4 bears the
   piece off, any other throw may bring it back to 15).
3. ``forced``: a piece just back from the water on 15 must move with this throw.
4. Forward: ``trap`` (only the Trap option lets an overshoot of 26 drop into the
   water), ``water_taken`` (the water already holds a piece), ``stop_26`` (a piece
   before 26 must land on it exactly), ``exact_exit`` (28 leaves only with a 3, 29
   only with a 2), ``exact_off`` (26 leaves the board only with a 5), ``home_row``
   (no bearing off while a piece of the side is on 1-10: Home Row); then where it
   lands: ``own``, ``water_guard`` (from 26 onto 28-30 while the water is occupied:
   the capture would send the piece into it), ``pair``.
5. Backward: ``backward`` (only when no piece can go forward), ``backward_end`` (never
   from 28-30), then ``own``, ``pair``.

Tait (spec section 4): ``enter`` (a piece enters only with a 4 on square 4 or a 6 on
square 6), ``no_backward`` (pieces never go back), ``exact_off`` (bearing off needs
exactly the throw that reaches 31), ``own``, ``rebirth`` (a piece on 15, the House
of Rebirth, cannot be taken), ``water_last`` (a move into the water only when no
other action is possible).
"""

from __future__ import annotations

from typing import NamedTuple

from .kendall import EXACT_EXIT
from .kendall import REBIRTH as KENDALL_REBIRTH
from .moves import BIT, FIRST_ROW, FIRST_TWO_ROWS, ROW_ENDS, ROW_STARTS, ROW_TRIPLES, bits
from .state import BLACK, WHITE, SenetState
from .tait import ENTRY_SQUARES
from .tait import REBIRTH as TAIT_REBIRTH
from .track import OFF, PLINTH, WATER

#: Every key ``why_refused`` may return, in the order of the module's docstring.
KEYS = (
    "game_over", "no_throw", "opening", "no_piece", "distance",
    "lock", "wall", "wall_any", "last_row", "pass_30", "off_instead", "own", "safe",
    "pair", "pair_row", "backward", "backward_capture",
    "starting_throw", "water_frozen", "home_row", "rebirth_taken", "water_exit", "forced",
    "trap", "water_taken", "stop_26", "exact_exit", "exact_off", "water_guard",
    "backward_end",
    "enter", "no_backward", "rebirth", "water_last",
)  # fmt: skip


class _Turn(NamedTuple):
    """What every rule looks at: the reading, the pieces of the side to move and of
    the other side (bitboards), the throw's value, and the state's other marks."""

    state: SenetState
    colour: int
    mine: int
    opp: int
    value: int


def why_refused(state: SenetState, src: int, dst: int, *, light: int | None = None) -> str | None:
    """The key of the first rule that refuses ``src`` to ``dst`` with the throw
    pending in ``state`` (or, when ``state`` waits for a throw, the throw of
    ``light`` light sides); None when the move is legal."""
    if state.winner is not None:
        return "game_over"
    if state.throw is not None:
        value = state.throw_value
    elif light is not None:
        value = state.rules.throw_value(light)
    else:
        return "no_throw"
    if not PLINTH <= dst <= OFF:
        return "distance"  # not a square, nor the plinth or off the board
    if state.black_seat is None:  # the opening: a 1 moves Black's front piece a square
        front = 2 * state.rules.pieces
        return None if value == 1 and (src, dst) == (front, front + 1) else "opening"
    colour = BLACK if state.seat == state.black_seat else WHITE
    mine, opp = (state.black, state.white) if colour == BLACK else (state.white, state.black)
    turn = _Turn(state, colour, mine, opp, value)
    family = state.rules.family
    if family == "tait":
        return _tait(turn, src, dst)
    if not (1 <= src <= 30 and mine & BIT[src]):
        return "no_piece"
    if family == "kendall":
        return _kendall(turn, src, dst)
    return _jequier(turn, src, dst)


# -- Jéquier, both readings ---------------------------------------------------------


def _jequier(turn: _Turn, src: int, dst: int) -> str | None:
    value = turn.value
    if dst == OFF or dst > src:
        if dst != OFF and dst != src + value or dst == OFF and src + value < 30:
            return "distance"
        return _jequier_forward(turn, src, dst)
    if dst != src - value or dst < 1:
        return "distance"
    return _jequier_backward(turn, src, dst)


def _locked(turn: _Turn, src: int) -> bool:
    rules, state = turn.state.rules, turn.state
    if rules.starting_lock == "literal":
        return bool(state.unmoved & BIT[src] and state.unmoved & BIT[src + 1])
    if rules.starting_lock == "next_square_empty":
        return src <= 10 and bool((turn.mine | turn.opp) & BIT[src + 1])
    return False


def _wall(turn: _Turn, starts) -> str | None:
    """``wall``/``wall_any`` when a row of three starts on one of ``starts``."""
    corners = turn.state.rules.rows_turn_corners
    pieces = turn.opp if corners else turn.mine | turn.opp
    for k in starts:
        if 1 <= k <= 28 and all(pieces & BIT[k + i] for i in range(3)):
            if corners:
                return "wall"
            if BIT[k] & ROW_TRIPLES:
                return "wall_any"
    return None


def _protected(turn: _Turn, square: int) -> str | None:
    """``safe``, ``pair`` or ``pair_row`` for an opposing piece that cannot be bumped."""
    rules, opp = turn.state.rules, turn.opp
    if square in rules.safe_squares:
        return "safe"
    before, after = BIT[square - 1], BIT[square + 1]
    if rules.rows_turn_corners:
        return "pair" if opp & (before | after) else None
    if BIT[square] & ROW_STARTS:
        before = 0
    if BIT[square] & ROW_ENDS:
        after = 0
    return "pair_row" if opp & (before | after) else None


def _jequier_forward(turn: _Turn, src: int, dst: int) -> str | None:
    rules, value = turn.state.rules, turn.value
    if _locked(turn, src):
        return "lock"
    if value >= 4:
        wall = _wall(turn, range(src + 1, src + value - 2))
        if wall:
            return wall
    on_last_row = not turn.mine & FIRST_TWO_ROWS
    reach = 30 if rules.bear_off_on_exact_30 else 31
    if dst == OFF or src + value > 30:
        if not on_last_row:
            return "last_row"
        return "pass_30" if src + value < reach else None
    if on_last_row and src + value >= reach:
        return "off_instead"
    if turn.mine & BIT[dst]:
        return "own"
    if turn.opp & BIT[dst]:
        return _protected(turn, dst)
    return None


def _jequier_can_go_forward(turn: _Turn, src: int) -> bool:
    target = src + turn.value
    if target >= 30 and not turn.mine & FIRST_TWO_ROWS:
        reach = 30 if turn.state.rules.bear_off_on_exact_30 else 31
        if target >= reach:
            target = OFF
    if target != OFF and target > 30:
        return False
    return _jequier_forward(turn, src, target) is None


def _jequier_backward(turn: _Turn, src: int, dst: int) -> str | None:
    rules, value = turn.state.rules, turn.value
    if _locked(turn, src):
        return "lock"
    if rules.backward_priority == "global":
        if any(_jequier_can_go_forward(turn, s) for s in bits(turn.mine)):
            return "backward"
    elif _jequier_can_go_forward(turn, src):
        return "backward"
    if value >= 4:
        wall = _wall(turn, range(src - value + 1, src - 2))
        if wall:
            return wall
    if turn.mine & BIT[dst]:
        return "own"
    if turn.opp & BIT[dst]:
        if not rules.backward_can_capture:
            return "backward_capture"
        return _protected(turn, dst)
    return None


# -- Kendall ------------------------------------------------------------------------


def _kendall(turn: _Turn, src: int, dst: int) -> str | None:
    state, colour, mine = turn.state, turn.colour, turn.mine
    waiting = state.waiting
    if state.throw is None and turn.value == 1:
        waiting &= ~(1 << colour)  # the awaited 1, as the throw itself would clear it
    if waiting & (1 << colour):
        return "starting_throw"
    if mine & BIT[WATER]:
        return _kendall_water(turn, src, dst) if src == WATER else "water_frozen"
    forced = state.forced[1] if state.forced and state.forced[0] == colour else 0
    if forced and mine & BIT[forced] and src != forced:
        return "forced"
    if dst == OFF or dst > src:
        return _kendall_forward(turn, src, dst)
    if dst != src - turn.value or dst < 1:
        return "distance"
    if any(_kendall_forward(turn, s, t) is None for s, t in _kendall_targets(turn, forced)):
        return "backward"
    if src > 26:
        return "backward_end"
    return _kendall_landing(turn, dst)


def _kendall_water(turn: _Turn, src: int, dst: int) -> str | None:
    if turn.value == 4 and dst == OFF:
        return "home_row" if turn.state.rules.home_row and turn.mine & FIRST_ROW else None
    if turn.value != 4 and dst == KENDALL_REBIRTH:
        return "rebirth_taken" if (turn.mine | turn.opp) & BIT[KENDALL_REBIRTH] else None
    return "water_exit"


def _kendall_targets(turn: _Turn, forced: int):
    """(square, destination) of each forward move the throw might give a piece."""
    value = turn.value
    pieces = [forced] if forced and turn.mine & BIT[forced] else bits(turn.mine)
    for s in pieces:
        if s <= 25:
            yield s, (s + value if s + value <= 26 else WATER)
        elif s == 26:
            yield s, (OFF if value == 5 else s + value)
        else:
            yield s, OFF


def _kendall_forward(turn: _Turn, src: int, dst: int) -> str | None:
    rules, value = turn.state.rules, turn.value
    occupied = turn.mine | turn.opp
    may_bear_off = not (rules.home_row and turn.mine & FIRST_ROW)
    target = src + value
    if src <= 25:
        if target <= 26:
            return _kendall_landing(turn, dst) if dst == target else "distance"
        if dst == WATER:
            if not rules.trap:
                return "trap"
            return "water_taken" if occupied & BIT[WATER] else None
        return "stop_26" if dst in (target, OFF) else "distance"
    if src == 26:
        if dst == OFF:
            if value != 5:
                return "exact_off"
            return None if may_bear_off else "home_row"
        if dst != target:
            return "distance"
        if dst == WATER:
            return "water_taken" if occupied & BIT[WATER] else None
        if turn.mine & BIT[dst]:
            return "own"
        if turn.opp & BIT[dst]:
            if occupied & BIT[WATER]:
                return "water_guard"
            return _kendall_landing(turn, dst)
        return None
    if src in EXACT_EXIT and (dst == OFF or dst == target):
        if value != EXACT_EXIT[src] or dst != OFF:
            return "exact_exit"
        return None if may_bear_off else "home_row"
    if dst == OFF:  # from 30, any throw
        return None if may_bear_off else "home_row"
    return "distance"


def _kendall_landing(turn: _Turn, dst: int) -> str | None:
    if turn.mine & BIT[dst]:
        return "own"
    if turn.opp & BIT[dst] and turn.opp & (BIT[dst - 1] | BIT[dst + 1]):
        return "pair"
    return None


# -- Tait ---------------------------------------------------------------------------


def _tait(turn: _Turn, src: int, dst: int) -> str | None:
    state, mine, opp, value = turn.state, turn.mine, turn.opp, turn.value
    if src == PLINTH:
        if not state.on_plinth(turn.colour):
            return "no_piece"
        if ENTRY_SQUARES.get(value) != dst:
            return "enter"
        return "own" if mine & BIT[dst] else None
    if not (1 <= src <= 30 and mine & BIT[src]):
        return "no_piece"
    if dst != OFF and dst < src:
        return "no_backward"
    if dst == OFF:
        return None if src + value == 31 else "exact_off"
    if dst != src + value:
        return "distance"
    if mine & BIT[dst]:
        return "own"
    if dst == TAIT_REBIRTH and opp & BIT[dst]:
        return "rebirth"
    if dst == WATER and _tait_other_action(turn):
        return "water_last"
    return None


def _tait_other_action(turn: _Turn) -> bool:
    """Whether the throw allows some action other than a move into the water."""
    mine, opp, value = turn.mine, turn.opp, turn.value
    entry = ENTRY_SQUARES.get(value)
    if entry and turn.state.on_plinth(turn.colour) and not mine & BIT[entry]:
        return True
    for s in bits(mine):
        d = s + value
        if d == 31:
            return True
        if d <= 30 and d != WATER and not mine & BIT[d]:
            if not (d == TAIT_REBIRTH and opp & BIT[d]):
                return True
    return False
