"""How a Senet move travels: square by square along the track's reversed S.

Read from the state after the move (its ``effects``), for every reading: the mover
goes along the track from its square to where the throw takes it (from Tait's
plinth straight onto its entry square; off the board past square 30 into the tray);
then, in a second stage, whatever the move set off: a swapped or bumped piece goes
back along the track to where the rules put it (or to its plinth, Tait), and a piece
that fell in the water goes back from it to the square where it starts again (or to
its plinth). A pass, a throw and the opening's misses move nothing.

Places are squares 1-30, and ``("off", colour, i)`` / ``("plinth", colour, i)``: the
i-th piece of a colour in the tray or on the plinth, as the drawing stacks them.
A piece is named by the place it stood on before the move.
"""

from __future__ import annotations

from ..motion import NO_MOTION, Drawing, Motion, Step
from ..motion import plan as plan_motion
from . import svg
from .moves import BIT
from .state import BLACK, PASS, WHITE, Move, SenetState
from .track import OFF, PLINTH, WATER


def track(start: int, end: int) -> tuple[int, ...]:
    """The squares from ``start`` to ``end`` along the track, both included, either way."""
    step = 1 if end >= start else -1
    return tuple(range(start, end + step, step))


def motion(before: SenetState, action, after: SenetState) -> Motion:
    if type(action) is not Move or action == PASS:
        return NO_MOTION
    src, dst = action
    colour = after.colour_of(before.seat)  # the opening's move makes its mover Black
    other = WHITE if colour == BLACK else BLACK
    if src == PLINTH:
        start = ("plinth", colour, before.on_plinth(colour) - 1)
        path: tuple = (start, dst)
    else:
        start = src
        path = track(src, min(dst, 30))
    leaves = False
    if dst == OFF:
        path += (("off", colour, after.borne_off[colour] - 1),)
        leaves = True
    stages = [(Step(start, path, leaves),)]
    for effect in after.effects:
        kind = effect[0]
        if kind == "bumped":
            square, back_to = effect[1], effect[2]
            if back_to == PLINTH:  # Tait: the captured piece goes back to its plinth
                home = ("plinth", other, after.on_plinth(other) - 1)
                stages.append((Step(square, (square, home), True),))
            else:
                stages.append((Step(square, track(square, back_to)),))
        elif kind == "water":  # Jéquier: no piece rests in the water
            stages.append((Step(start, track(WATER, effect[1])),))
        elif kind == "to_plinth":  # Tait: from the water back to the plinth
            home = ("plinth", colour, after.on_plinth(colour) - 1)
            stages.append((Step(start, (WATER, home), True),))
    return tuple(stages)


# -- the drawing ---------------------------------------------------------------------


def point(rules, place, upright: bool = False) -> tuple[float, float]:
    """The centre of a place in the board SVG's coordinates (``svg.board_svg``)."""
    frame = svg._frame(rules, upright)
    if isinstance(place, int):
        return svg._centre(place, frame)
    kind, colour, index = place
    if kind == "plinth":
        x, y = svg.MARGIN, svg.MARGIN
    elif upright:
        x, y = svg.MARGIN, frame.top + svg.SIZE * 10 + svg.MARGIN
    else:
        x, y = frame.left + svg.SIZE * 10 + svg.MARGIN, svg.MARGIN
    return stack_point(colour, index, x, y, upright)


def stack_point(colour: int, index: int, x: float, y: float, upright: bool) -> tuple[float, float]:
    """Where ``svg._stacks`` draws the ``index``-th piece of a colour in a tray at (x, y)."""
    if upright:
        return x + 56 + index * 17, y + svg.TRAY_DEPTH * (0.3 if colour == WHITE else 0.72)
    return x + svg.TRAY_WIDTH * (0.3 if colour == WHITE else 0.7), y + 30 + index * 14


def drawing(before: SenetState, upright: bool = False) -> Drawing:
    def colour_at(place) -> int:
        if isinstance(place, tuple):
            return place[1]
        return WHITE if before.white & BIT[place] else BLACK

    def stand_in(piece, place) -> str:
        cx, cy = point(before.rules, place, upright)
        return f'<g class="stand-in" aria-hidden="true">{svg._piece(colour_at(piece), cx, cy)}</g>'

    def selector(piece, place) -> str | None:
        return f'.piece-at[data-square="{place}"]' if isinstance(place, int) else None

    return Drawing(lambda place: point(before.rules, place, upright), selector, stand_in)


def plan(
    before: SenetState, action, after: SenetState, *, narrow: bool = False,
    upright: bool | None = None, backward: bool = False, **_options,
) -> list[dict]:  # fmt: skip
    """The page's animations (``ludeum.motion.plan``; ``backward``: the action
    taken back), the board drawn as ``ui.board_svg`` draws it with these options."""
    upright = narrow if upright is None else upright
    return plan_motion(motion(before, action, after), drawing(before, upright), backward)
