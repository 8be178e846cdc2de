"""How a Squadro move travels: the piece along its lane, square by square, over any
pieces it jumps; then, together, each jumped piece slides back along its own lane to
its start (or to its turnaround space, if it was on its way back). A piece coming
home goes on into the home tray, where the drawing has one.

Places are ``(column, row)`` squares of the 7x7 board and ``("home", seat, i)``: the
i-th piece of a seat in the home tray. A piece is named ``(seat, lane)``.
"""

from __future__ import annotations

from ..motion import NO_MOTION, Drawing, Motion, Step
from ..motion import plan as plan_motion
from . import svg
from .rules import HOME, POSITION, H
from .state import Move, SquadroState


def lane_path(seat: int, lane: int, start: int, end: int) -> tuple[tuple[int, int], ...]:
    """The squares of a lane from progress ``start`` to progress ``end``, in order."""
    squares: list[tuple[int, int]] = []
    step = 1 if end >= start else -1
    for progress in range(start, end + step, step):
        square = svg._square_of(seat, lane, POSITION[progress])
        if not squares or squares[-1] != square:
            squares.append(square)
    return tuple(squares)


def motion(before: SquadroState, action, after: SquadroState) -> Motion:
    if type(action) is not Move:
        return NO_MOTION
    seat, lane = before.seat, action.lane
    start, end = before.progress[seat][lane], after.progress[seat][lane]
    path = lane_path(seat, lane, start, end)
    home = end == HOME
    if home:
        path += (("home", seat, after.home_count(seat) - 1),)
    stages = [(Step((seat, lane), path, home),)]
    other = 1 - seat
    for effect in after.effects:
        if effect[0] == "jumped":
            stages.append(tuple(
                Step((other, jumped), lane_path(other, jumped, before.progress[other][jumped],
                                                after.progress[other][jumped]))
                for jumped in effect[1]
            ))  # fmt: skip
    return tuple(stages)


def point(place, narrow: bool = False) -> tuple[float, float] | None:
    """The centre of a place in the board SVG's coordinates (``svg.board_svg``);
    None for the home tray, which a narrow board leaves out."""
    if place[0] == "home":
        if narrow:
            return None
        _kind, seat, index = place
        x = svg.SIZE + 10
        return x + (svg.TRAY - 20) * (0.3 if seat == H else 0.7), svg.MARGIN + 50 + index * 34
    x, y = svg._cell(*place)
    return x + svg.CELL / 2, y + svg.CELL / 2


def drawing(before: SquadroState, narrow: bool = False) -> Drawing:
    def stand_in(piece, place) -> str:
        seat, lane = piece
        return svg._piece(seat, lane, before.progress[seat][lane], "stand-in", named=False)

    def selector(piece, place) -> str:
        seat, lane = piece
        return f'.sq-piece.{"light" if seat == H else "dark"}[data-lane="{lane}"]'

    return Drawing(lambda place: point(place, narrow), selector, stand_in)


def plan(
    before: SquadroState, action, after: SquadroState, *, narrow: bool = False,
    backward: bool = False, **_options,
) -> list[dict]:  # fmt: skip
    """The page's animations (``ludeum.motion.plan``; ``backward``: the action taken
    back) on the board ``ui.board_svg`` draws with these options."""
    return plan_motion(motion(before, action, after), drawing(before, narrow), backward)
