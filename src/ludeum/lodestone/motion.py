"""How a Lodestone move travels: the piece along the path it took, square by square
(straight, or with its one turn), then the piece it captured leaves for the tray of
captured pieces (fading where it stood, where the drawing has no tray). Placing a
king and passing move nothing.

A move names only its two squares; where two paths join them, the piece takes the
first open one in ``paths.path_table`` order, as the move generator finds them.
Places are squares 0-63 and ``("tray", colour, i)``: the i-th captured piece of a
colour as the tray stacks them. A piece is named by its square before the move.
"""

from __future__ import annotations

from ..motion import NO_MOTION, Drawing, Motion, Step
from ..motion import plan as plan_motion
from . import svg
from .paths import path_table
from .rules import RED
from .state import EMPTY, PASS, LodestoneState, Move, colour_of


def path_of(state: LodestoneState, move: Move) -> tuple[int, ...]:
    """The squares a move passes, from its start to its end, both included."""
    colour = colour_of(state.board[move.src])
    digit = state.rules.digit_maps()[colour][move.src]
    for passed, dst in path_table()[move.src][digit]:
        if dst == move.dst and all(state.board[s] == EMPTY for s in passed):
            return (move.src, *passed, dst)
    raise ValueError(f"no open path for {move.notation()}")


def motion(before: LodestoneState, action, after: LodestoneState) -> Motion:
    if type(action) is not Move or action == PASS:
        return NO_MOTION
    stages = [(Step(action.src, path_of(before, action)),)]
    for effect in after.effects:
        if effect[0] == "captured":
            square, taken = effect[1], effect[2]
            colour = colour_of(taken)
            lost = 8 - sum(1 for code in after.board if colour_of(code) == colour)
            stages.append((Step(square, (square, ("tray", colour, lost - 1)), True),))
    return tuple(stages)


def point(place, narrow: bool = False) -> tuple[float, float] | None:
    """The centre of a place in the board SVG's coordinates (``svg.board_svg``); None
    for the tray, which a narrow board leaves out."""
    if isinstance(place, tuple):
        if narrow:
            return None
        _kind, colour, index = place
        x = svg.BOARD + 6
        return x + (svg.TRAY - 12) * (0.3 if colour == RED else 0.7), svg.MARGIN + 44 + index * 30
    x, y = svg._xy(place)
    return x + svg.CELL / 2, y + svg.CELL / 2


def drawing(before: LodestoneState, narrow: bool = False) -> Drawing:
    def stand_in(piece, place) -> str:
        shape = svg._piece(before, piece, None, (), (), False)
        return f'<g class="stand-in" aria-hidden="true">{shape}</g>'

    def selector(piece, place) -> str:
        return f'[data-row="{7 - place // 8}"][data-col="{place % 8}"] > .ls-piece'

    return Drawing(lambda place: point(place, narrow), selector, stand_in)


def plan(
    before: LodestoneState, action, after: LodestoneState, *, narrow: bool = False,
    backward: bool = False, **_options,
) -> list[dict]:  # fmt: skip
    """The page's animations (``ludeum.motion.plan``; ``backward``: the action taken
    back) on the board ``ui.board_svg`` draws with these options."""
    return plan_motion(motion(before, action, after), drawing(before, narrow), backward)
