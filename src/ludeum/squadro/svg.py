"""The Squadro board as SVG: a pure function of a state.

A 7x7 board without its corners: the 5x5 crossing squares in the middle, Light's
(seat H) start spaces down the left edge and turnaround spaces down the right,
Dark's (seat V) start spaces along the top and turnaround spaces along the bottom.
Beside every start and turnaround space, dots give the speed a piece has when it
leaves from there, as on the wooden board. Pieces are arrows pointing the way they
travel. A movable piece carries ``data-square="L<lane>"``; hovering or selecting it
shows the squares it will cross and where it will stop.
"""

from __future__ import annotations

from html import escape

from ..i18n import _
from .rules import HOME, LANES, POSITION, SPEEDS, TURNAROUND, H, V
from .state import Move, SquadroState, move_piece

CELL = 60
MARGIN = 10
SIZE = MARGIN * 2 + CELL * 7
TRAY = 150


def side_name(seat: int) -> str:
    return _("Light") if seat == H else _("Dark")


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


def _dots(count: int, cx: float, cy: float, vertical: bool) -> str:
    out = []
    for i in range(count):
        offset = (i - (count - 1) / 2) * 9
        x, y = (cx, cy + offset) if vertical else (cx + offset, cy)
        out.append(f'<circle class="speed-dot" cx="{x:.0f}" cy="{y:.0f}" r="3"/>')
    return "".join(out)


def _piece(seat: int, lane: int, progress: int, classes: str, attrs: str) -> str:
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
    return (
        f'<g class="sq-piece {colour} {classes}" data-lane="{lane}"{attrs}>'
        f'<polygon points="{shape}"/></g>'
    )


def piece_label(state: SquadroState, seat: int, lane: int) -> str:
    progress = state.progress[seat][lane]
    way = _("on its way back") if progress >= TURNAROUND else _("on its way out")
    return _("{side} piece in lane {lane}, {way}, speed {speed}", side=side_name(seat),
             lane=lane, way=way, speed=SPEEDS[seat][progress >= TURNAROUND][lane])  # fmt: skip


def board_svg(
    state: SquadroState,
    *,
    selected: str | None = None,
    last_move: Move | None = None,
    label: str | None = None,
) -> str:
    movable = {m.lane for m in state.legal_moves()}
    chosen = int(selected[1:]) if selected and selected[1:].isdigit() else None
    name = escape(label or _("Squadro board"))
    out = [
        f'<svg class="squadro-board" viewBox="0 0 {SIZE + TRAY} {SIZE}" '
        f'xmlns="http://www.w3.org/2000/svg" role="group" aria-label="{name}">'
    ]
    for row in range(7):
        for column in range(7):
            if row in (0, 6) and column in (0, 6):
                continue  # the board has no corners
            x, y = _cell(column, row)
            kind = "crossing" if 1 <= row <= 5 and 1 <= column <= 5 else "edge"
            out.append(
                f'<rect class="cell {kind}" data-cell="{column},{row}" x="{x}" y="{y}" '
                f'width="{CELL}" height="{CELL}"/>'
            )
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
    # The way each movable piece would go, shown on hover or when it is selected.
    if state.winner is None:
        for lane in sorted(movable):
            passed, (column, row) = preview(state, lane)
            shown = " shown" if lane == chosen else ""
            hidden = "" if lane == chosen else ' aria-hidden="true"'
            parts = [f'<g class="path path-{lane}{shown}"{hidden}>']
            for pc, pr in passed:
                x, y = _cell(pc, pr)
                parts.append(f'<rect class="path-step" x="{x + 6}" y="{y + 6}" '
                             f'width="{CELL - 12}" height="{CELL - 12}" rx="6"/>')  # fmt: skip
            x, y = _cell(column, row)
            # The selected piece's landing square is a target: tapping it moves.
            here = _("Move the selected piece here")  # not in an f-string: extracted
            target = (
                f' data-square="end" role="button" tabindex="0" aria-label="{escape(here)}"'
                if lane == chosen
                else ""
            )
            parts.append(f'<rect class="path-end" x="{x + 3}" y="{y + 3}" '
                         f'width="{CELL - 6}" height="{CELL - 6}" rx="8"{target}/>')  # fmt: skip
            parts.append("</g>")
            out.append("".join(parts))
    sent_back = {lane for e in state.effects if e[0] == "jumped" for lane in e[1]}
    mover = 1 - state.seat if state.winner is None else state.winner
    for seat in (H, V):
        for lane in LANES:
            progress = state.progress[seat][lane]
            if progress == HOME:
                continue
            classes = []
            attrs = f' role="img" aria-label="{escape(piece_label(state, seat, lane))}"'
            if seat == state.seat and lane in movable:
                classes.append("movable")
                if lane == chosen:
                    classes.append("chosen")
                text = piece_label(state, seat, lane) + ", " + _("can move")
                attrs = (
                    f' data-square="L{lane}" role="button" tabindex="0" aria-label="{escape(text)}"'
                )
            if last_move and seat == mover and lane == last_move.lane:
                classes.append("last-moved")
            if seat != mover and lane in sent_back:
                classes.append("sent-back")
            out.append(_piece(seat, lane, progress, " ".join(classes), attrs))
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
