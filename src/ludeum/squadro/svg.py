"""The Squadro board as SVG: a pure function of a state.

A 7x7 board without its corners: the 5x5 crossing squares in the middle, Light's
(seat H) start spaces down the left edge and turnaround spaces down the right,
Dark's (seat V) start spaces along the top and turnaround spaces along the bottom.
Beside every start and turnaround space, dots give the speed a piece has when it
leaves from there, as on the wooden board. Pieces are arrows pointing the way they
travel. Every square is a cell of one grid with a single tab stop, moved between by
the arrow keys (``ludeum.board_keys``). Hovering or selecting a movable piece shows
the squares it will cross and where it will stop.

A cell's accessible name is what a player needs to plan a move: for a piece, its
side and lane, the way it travels, its speed (the squares it moves) and where it
stands, e.g. "Light piece 2, going out, moves 3, on Dark's lane 4"; for an empty
square, which lanes cross there (or whose start or far edge it is). Then what the
player can do there: "can move", "selected", "target for the selected piece".
"""

from __future__ import annotations

from html import escape

from .. import board_keys
from ..i18n import _
from .rules import HOME, LANES, POSITION, SPEEDS, TURNAROUND, H, V
from .state import Move, SquadroState, move_piece

CELL = 60
MARGIN = 10
SIZE = MARGIN * 2 + CELL * 7
TRAY = 150


def side_name(seat: int) -> str:
    return _("Light") if seat == H else _("Dark")


def swatch_svg(seat: int) -> str:
    """A player card's piece: Light's arrow points right (it moves across), Dark's
    points down."""
    shape = "34,20 10,6 15,20 10,34" if seat == H else "20,34 6,10 20,15 34,10"
    colour = "light" if seat == H else "dark"
    return (f'<svg class="swatch squadro-swatch" viewBox="0 0 40 40">'
            f'<polygon class="sq-swatch {colour}" points="{shape}"/></svg>')  # fmt: skip


def _cell(column: int, row: int) -> tuple[int, int]:
    return MARGIN + column * CELL, MARGIN + row * CELL


def _square_of(seat: int, lane: int, position: int) -> tuple[int, int]:
    """(column, row) of a piece on the 7x7 board."""
    return (position, lane) if seat == H else (lane, position)


def preview(state: SquadroState, lane: int) -> tuple[list[tuple[int, int]], tuple[int, int]]:
    """The squares the piece in ``lane`` would pass and the square where it would
    stop, found by playing the move on copies (the rules live in ``move_piece``)."""
    seat = state.seat
    mine, opp = list(state.progress[seat]), list(state.progress[1 - seat])
    start = POSITION[mine[lane]]
    move_piece(seat, mine, opp, lane)
    end = POSITION[mine[lane]] if mine[lane] != HOME else 0
    step = 1 if end > start else -1
    passed = [_square_of(seat, lane, p) for p in range(start + step, end, step)]
    return passed, _square_of(seat, lane, end)


def last_path(state: SquadroState) -> list[tuple[int, int]]:
    """The squares the last move's piece went over, from where it stood to where it
    stopped (its jumps included), read from the state's effects; [] at the start."""
    moved = next((e for e in state.effects if e[0] == "moved"), None)
    if moved is None:
        return []
    _kind, lane, before, after = moved
    mover = state.winner if state.winner is not None else 1 - state.seat
    squares_ = []
    for progress in range(before, after + 1):
        square = _square_of(mover, lane, POSITION[progress])
        if square not in squares_:
            squares_.append(square)
    return squares_


def _dots(count: int, cx: float, cy: float, vertical: bool) -> str:
    out = []
    for i in range(count):
        offset = (i - (count - 1) / 2) * 9
        x, y = (cx, cy + offset) if vertical else (cx + offset, cy)
        out.append(f'<circle class="speed-dot" cx="{x:.0f}" cy="{y:.0f}" r="3"/>')
    return "".join(out)


def _piece(seat: int, lane: int, progress: int, classes: str, *, named: bool = True) -> str:
    """A piece as drawn on its square; ``named=False`` leaves out its lane (a stand-in
    that ``ludeum.squadro.motion`` moves over the board is no piece to find)."""
    column, row = _square_of(seat, lane, POSITION[progress])
    x, y = _cell(column, row)
    cx, cy = x + CELL / 2, y + CELL / 2
    returning = progress >= TURNAROUND
    # An arrow pointing the way the piece travels.
    if seat == H:
        tip = -1 if returning else 1
        points = [(cx + 22 * tip, cy), (cx - 16 * tip, cy - 16), (cx - 10 * tip, cy),
                  (cx - 16 * tip, cy + 16)]  # fmt: skip
    else:
        tip = -1 if returning else 1
        points = [(cx, cy + 22 * tip), (cx - 16, cy - 16 * tip), (cx, cy - 10 * tip),
                  (cx + 16, cy - 16 * tip)]  # fmt: skip
    shape = " ".join(f"{px:.0f},{py:.0f}" for px, py in points)
    colour = "light" if seat == H else "dark"
    lane_attr = f' data-lane="{lane}"' if named else ""
    return (
        f'<g class="sq-piece {colour} {classes}"{lane_attr} aria-hidden="true">'
        f'<polygon points="{shape}"/></g>'
    )


def piece_label(state: SquadroState, seat: int, lane: int) -> str:
    """A piece, the way it travels, its speed and where it stands: "Light piece 2,
    going out, moves 3, on Dark's lane 4"."""
    progress = state.progress[seat][lane]
    returning = progress >= TURNAROUND
    speed = SPEEDS[seat][returning][lane]
    parts = [_("Light piece {lane}", lane=lane) if seat == H else _("Dark piece {lane}", lane=lane)]
    if returning:
        parts.append(_("coming back, moves {speed}", speed=speed))
    else:
        parts.append(_("going out, moves {speed}", speed=speed))
    position = POSITION[progress]
    if position == 0:
        parts.append(_("at its start"))
    elif position == TURNAROUND:
        parts.append(_("at the far edge"))
    elif seat == H:
        parts.append(_("on Dark's lane {lane}", lane=position))
    else:
        parts.append(_("on Light's lane {lane}", lane=position))
    return ", ".join(parts)


def place_label(column: int, row: int) -> str:
    """An empty square of the 7x7 board: a crossing, or a start or far edge."""
    if 1 <= column <= 5 and 1 <= row <= 5:
        return _("Crossing of Light's lane {light} and Dark's lane {dark}", light=row, dark=column)
    if column == 0:
        return _("Light's start, lane {lane}", lane=row)
    if column == 6:
        return _("Light's far edge, lane {lane}", lane=row)
    if row == 0:
        return _("Dark's start, lane {lane}", lane=column)
    return _("Dark's far edge, lane {lane}", lane=column)


def squares() -> list[tuple[int, int]]:
    """(column, row) of every square: the 7x7 board without its corners."""
    return [(c, r) for r in range(7) for c in range(7) if not (r in (0, 6) and c in (0, 6))]


def board_svg(
    state: SquadroState,
    *,
    selected: str | None = None,
    last_move: Move | None = None,
    label: str | None = None,
    interactive: bool = True,
    narrow: bool = False,
    playable: bool = True,
) -> str:
    """The board as a grid of 45 cells, one button each with ``data-square``,
    ``data-row``/``data-col`` and a name saying what stands there. A cell holding a
    piece the mover may move is named ``L<lane>``; the square where the selected
    piece would stop is ``end``; any other is ``<column>,<row>``. One cell is in the
    tab order: the selected piece, else the mover's first piece, else the piece
    moved last, else the first cell. ``interactive=False`` draws a picture.
    ``narrow`` (a phone) leaves out the tray beside the board, so that the squares
    are as large as the screen allows: the page's player cards give its count.
    ``playable=False`` shows a position that takes no move (a lesson's verdict, issue 37):
    the cells stay buttons the keys move through, but no piece is offered as one that
    can move, by a ring or in its name."""
    movable = {m.lane for m in state.legal_moves()} if playable else set()
    chosen = int(selected[1:]) if selected and selected[1:].isdigit() else None
    if chosen not in movable:
        chosen = None
    name = escape(label or _("Squadro board"))
    mover = 1 - state.seat if state.winner is None else state.winner
    sent_back = {lane for e in state.effects if e[0] == "jumped" for lane in e[1]}
    # What stands on each square: (seat, lane) of the piece there.
    standing = {}
    for seat in (H, V):
        for lane in LANES:
            progress = state.progress[seat][lane]
            if progress != HOME:
                standing[_square_of(seat, lane, POSITION[progress])] = (seat, lane)
    paths = {}
    if state.winner is None:
        paths = {lane: preview(state, lane) for lane in sorted(movable)}
    landing = paths[chosen][1] if chosen is not None else None

    def cell_name(square: tuple[int, int]) -> str:
        piece = standing.get(square)
        if piece and piece[0] == state.seat and piece[1] in movable:
            return f"L{piece[1]}"
        if square == landing:
            return "end"
        return f"{square[0]},{square[1]}"

    tab_stop = None
    if interactive:
        last = None
        moved = state.progress[mover][last_move.lane] if last_move is not None else HOME
        if moved != HOME:
            last = cell_name(_square_of(mover, last_move.lane, POSITION[moved]))
        cells = [(cell_name(sq), sq[1], sq[0]) for sq in squares()]
        tab_stop = board_keys.tab_stop(
            cells,
            None if chosen is None else f"L{chosen}",
            *(f"L{lane}" for lane in sorted(movable)),
            last,
        )
    out = [
        f'<svg class="squadro-board" viewBox="0 0 {SIZE if narrow else SIZE + TRAY} {SIZE}" '
        f'xmlns="http://www.w3.org/2000/svg" role="group" aria-label="{name}">'
    ]
    travelled = last_path(state) if last_move is not None else []
    for column, row in squares():
        x, y = _cell(column, row)
        kind = "crossing" if 1 <= row <= 5 and 1 <= column <= 5 else "edge"
        piece = standing.get((column, row))
        classes = ["sq-cell", kind]
        if (column, row) in travelled:
            classes.append("last-path")
        flags = []
        if piece is not None:
            text = piece_label(state, *piece)
            if piece[0] == state.seat and piece[1] in movable:
                if piece[1] == chosen:
                    flags.append(_("selected"))
                else:
                    flags.append(_("can move"))
        else:
            text = place_label(column, row) + ", " + _("empty")
        if (column, row) == landing:
            classes.append("target")
            flags.append(_("target for the selected piece"))
        text = ", ".join([text, *flags])
        if interactive:
            tabindex = "0" if cell_name((column, row)) == tab_stop else "-1"
            attrs = (
                f' data-square="{cell_name((column, row))}" role="button" tabindex="{tabindex}" '
                f'data-row="{row}" data-col="{column}" aria-label="{escape(text)}"'
            )
        else:
            attrs = f' role="img" aria-label="{escape(text)}"'
        out.append(f'<g class="{" ".join(classes)}"{attrs}>')
        out.append(
            f'<rect class="cell {kind}" data-cell="{column},{row}" x="{x}" y="{y}" '
            f'width="{CELL}" height="{CELL}"/>'
        )
        if piece is not None:
            seat, lane = piece
            piece_classes = []
            if seat == state.seat and lane in movable and interactive:
                piece_classes.append("chosen" if lane == chosen else "movable")
            if last_move and seat == mover and lane == last_move.lane:
                piece_classes.append("last-moved")
            if seat != mover and lane in sent_back:
                piece_classes.append("sent-back")
            out.append(_piece(seat, lane, state.progress[seat][lane], " ".join(piece_classes)))
        out.append("</g>")
    # Speeds beside the start and turnaround spaces.
    for lane in LANES:
        x, y = _cell(0, lane)
        out.append(_dots(SPEEDS[H][0][lane], x + 8, y + CELL / 2, True))
        x, y = _cell(6, lane)
        out.append(_dots(SPEEDS[H][1][lane], x + CELL - 8, y + CELL / 2, True))
        x, y = _cell(lane, 0)
        out.append(_dots(SPEEDS[V][0][lane], x + CELL / 2, y + 8, False))
        x, y = _cell(lane, 6)
        out.append(_dots(SPEEDS[V][1][lane], x + CELL / 2, y + CELL - 8, False))
    # The way each movable piece would go, shown on hover or when it is selected;
    # drawn over the cells but never in the way of a tap (app.css).
    for lane, (passed, (column, row)) in paths.items():
        shown = " shown" if lane == chosen else ""
        parts = [f'<g class="path path-{lane}{shown}" aria-hidden="true">']
        for pc, pr in passed:
            x, y = _cell(pc, pr)
            parts.append(f'<rect class="path-step" x="{x + 6}" y="{y + 6}" '
                         f'width="{CELL - 12}" height="{CELL - 12}" rx="6"/>')  # fmt: skip
        x, y = _cell(column, row)
        parts.append(f'<rect class="path-end" x="{x + 3}" y="{y + 3}" '
                     f'width="{CELL - 6}" height="{CELL - 6}" rx="8"/>')  # fmt: skip
        parts.append("</g>")
        out.append("".join(parts))
    if not narrow:
        out.append(_home_tray(state))
    out.append("</svg>")
    return "".join(out)


def _home_tray(state: SquadroState) -> str:
    x = SIZE + 10
    light, dark = state.home_count(H), state.home_count(V)
    label = _("Home: Light {light}, Dark {dark} (four win)", light=light, dark=dark)
    out = [f'<g class="home-tray" role="img" aria-label="{escape(label)}">']
    out.append(f'<rect class="tray-cell" x="{x}" y="{MARGIN}" width="{TRAY - 20}" '
               f'height="{SIZE - 2 * MARGIN}" rx="8"/>')  # fmt: skip
    title = escape(_("home"))  # outside the f-string, where the extractor finds it
    out.append(f'<text class="tray-title" x="{x + (TRAY - 20) / 2:.0f}" y="{MARGIN + 22}" '
               f'text-anchor="middle" aria-hidden="true">{title}</text>')  # fmt: skip
    for seat, count, column in ((H, light, 0.3), (V, dark, 0.7)):
        for i in range(count):
            cy = MARGIN + 50 + i * 34
            cls = "light" if seat == H else "dark"
            out.append(f'<circle class="sq-home {cls}" cx="{x + (TRAY - 20) * column:.0f}" '
                       f'cy="{cy}" r="12"/>')  # fmt: skip
    out.append("</g>")
    return "".join(out)
