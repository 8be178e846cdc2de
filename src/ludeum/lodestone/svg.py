"""The Lodestone board as SVG: a pure function of a state.

Pieces show their digit (the magnet map under the squares stays hidden unless the
learning aid asks for it). During the set-up the two squares where the side to act
may put its king are buttons (``data-square="Kd"``/``"Ke"``); in play, the mover's
pieces are buttons named by their square (``d4``), and a selected piece's targets too.
"""

from __future__ import annotations

from html import escape

from ..i18n import _
from .rules import FILES, HOME_RANK, KING_FILES, RED, WHITE, square_name
from .state import EMPTY, PASS, LodestoneState, Move, colour_of, is_king

CELL = 56
MARGIN = 22
BOARD = MARGIN * 2 + CELL * 8
TRAY = 130


def colour_name(colour: int) -> str:
    return _("Red") if colour == RED else _("White")


def piece_name(code: int) -> str:
    # Four whole names rather than "{colour} {kind}": languages order and agree them
    # their own way (French: "roi rouge").
    if colour_of(code) == RED:
        return _("Red king") if is_king(code) else _("Red pawn")
    return _("White king") if is_king(code) else _("White pawn")


def _xy(square: int) -> tuple[int, int]:
    """Top-left corner of a square; Red's home rank at the bottom."""
    return MARGIN + (square % 8) * CELL, MARGIN + (7 - square // 8) * CELL


def board_svg(
    state: LodestoneState,
    *,
    selected: str | None = None,
    last_move: Move | None = None,
    aid: bool = False,
    label: str | None = None,
) -> str:
    moves = [m for m in state.legal_moves() if type(m) is Move and m != PASS]
    sources = {square_name(m.src) for m in moves}
    targets = {square_name(m.dst) for m in moves if square_name(m.src) == selected}
    kings = {square_name(k) for k, _a in state.checks()} if not state.setting_up else set()
    placing = (
        {f"{FILES[f]}{HOME_RANK[state.turn] + 1}": ("Kd" if f == 3 else "Ke") for f in KING_FILES}
        if state.setting_up
        else {}
    )
    maps = state.rules.digit_maps()
    name = escape(label or _("Lodestone board"))
    out = [
        f'<svg class="lodestone-board" viewBox="0 0 {BOARD + TRAY} {BOARD}" '
        f'xmlns="http://www.w3.org/2000/svg" role="group" aria-label="{name}">'
    ]
    for square in range(64):
        x, y = _xy(square)
        sq = square_name(square)
        code = state.board[square]
        classes = ["cell", "dark" if (square // 8 + square % 8) % 2 == 0 else "light"]
        attrs = ""
        if sq in targets:
            classes.append("target")
            text = _("{square}, move here", square=sq)
            if code:
                text = _("{square}, take the {piece}", square=sq, piece=piece_name(code))
            attrs = f' data-square="{sq}" role="button" tabindex="0" aria-label="{escape(text)}"'
        elif sq in placing:
            classes.append("target")
            text = _("{square}: put the king here", square=sq)
            attrs = (
                f' data-square="{placing[sq]}" role="button" tabindex="0" '
                f'aria-label="{escape(text)}"'
            )
        if last_move and last_move != PASS and square in last_move:
            classes.append("last")
        out.append(
            f'<g class="{" ".join(classes)}"{attrs}><rect x="{x}" y="{y}" width="{CELL}" '
            f'height="{CELL}"/></g>'
        )
        # The magnet's digit is drawn over the square, not inside its button: it is
        # no part of the button's name (WCAG 2.5.3, label in name).
        if aid:
            out.append(
                f'<text class="magnet" x="{x + CELL - 6}" y="{y + 13}" text-anchor="end" '
                f'aria-hidden="true">{maps[RED][square]}</text>'
            )
    for file in range(8):  # file and rank names around the board
        x = MARGIN + file * CELL + CELL / 2
        out.append(f'<text class="coord" x="{x:.0f}" y="{BOARD - 6}" text-anchor="middle" '
                   f'aria-hidden="true">{FILES[file]}</text>')  # fmt: skip
    for rank in range(8):
        y = MARGIN + (7 - rank) * CELL + CELL / 2 + 5
        out.append(f'<text class="coord" x="{MARGIN / 2:.0f}" y="{y:.0f}" text-anchor="middle" '
                   f'aria-hidden="true">{rank + 1}</text>')  # fmt: skip
    for square in range(64):
        code = state.board[square]
        if code == EMPTY:
            continue
        sq = square_name(square)
        x, y = _xy(square)
        cx, cy = x + CELL / 2, y + CELL / 2
        classes = ["ls-piece", "red" if colour_of(code) == RED else "white"]
        digit = state.digit(square)
        text = _("{piece} on {square}, shows {digit}", piece=piece_name(code), square=sq,
                 digit=digit)  # fmt: skip
        if sq in kings:
            classes.append("in-check")
            text += ", " + _("in check")
        attrs = f' role="img" aria-label="{escape(text)}"'
        if sq in sources:
            classes.append("chosen" if sq == selected else "movable")
            text += ", " + _("can move")
            attrs = f' data-square="{sq}" role="button" tabindex="0" aria-label="{escape(text)}"'
        shape = (
            f'<path d="M{cx - 18:.0f} {cy + 14:.0f} L{cx - 20:.0f} {cy - 12:.0f} '
            f"L{cx - 9:.0f} {cy - 2:.0f} L{cx:.0f} {cy - 18:.0f} L{cx + 9:.0f} {cy - 2:.0f} "
            f'L{cx + 20:.0f} {cy - 12:.0f} L{cx + 18:.0f} {cy + 14:.0f} Z"/>'
            if is_king(code)
            else f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="20"/>'
        )
        out.append(
            f'<g class="{" ".join(classes)}"{attrs}>{shape}'
            f'<text class="digit" x="{cx:.0f}" y="{cy + 7:.0f}" text-anchor="middle">'
            f"{digit}</text></g>"
        )
    out.append(_captured(state))
    out.append("</svg>")
    return "".join(out)


def _captured(state: LodestoneState) -> str:
    x = BOARD + 6
    counts = {RED: 0, WHITE: 0}
    for code in state.board:
        if code:
            counts[colour_of(code)] += 1
    lost = {c: 8 - counts[c] for c in (RED, WHITE)} if not state.setting_up else {RED: 0, WHITE: 0}
    label = _("Captured: {red} Red, {white} White", red=lost[RED], white=lost[WHITE])
    out = [f'<g class="captured" role="img" aria-label="{escape(label)}">']
    out.append(f'<rect class="tray-cell" x="{x}" y="{MARGIN}" width="{TRAY - 12}" '
               f'height="{CELL * 8}" rx="8"/>')  # fmt: skip
    title = escape(_("captured"))
    out.append(f'<text class="tray-title" x="{x + (TRAY - 12) / 2:.0f}" y="{MARGIN + 20}" '
               f'text-anchor="middle" aria-hidden="true">{title}</text>')  # fmt: skip
    for colour, column in ((RED, 0.3), (WHITE, 0.7)):
        cls = "red" if colour == RED else "white"
        for i in range(lost[colour]):
            out.append(f'<circle class="ls-taken {cls}" cx="{x + (TRAY - 12) * column:.0f}" '
                       f'cy="{MARGIN + 44 + i * 30}" r="11"/>')  # fmt: skip
    out.append("</g>")
    return "".join(out)
