"""The Lodestone board as SVG: a pure function of a state.

Pieces show their digit (the magnet map under the squares stays hidden unless the
learning aid asks for it). Every square is a cell of one grid with a single tab stop,
moved between by the arrow keys (``ludeum.board_keys``), named by its square (``d4``);
during the set-up the two squares where the side to act may put its king are named
``Kd`` and ``Ke`` instead.

A cell's accessible name says what a player needs to choose a move: the piece there,
its kind and the digit it shows (how far it moves), and whether it is a king in
check; or that the square is empty; then what the player can do there ("can move",
"selected", "target for the selected piece", "can be taken by the selected piece",
"put the king here").
"""

from __future__ import annotations

from html import escape

from .. import board_keys
from ..i18n import _
from .rules import FILES, HOME_RANK, KING_FILES, RED, WHITE, square_name
from .state import PASS, LodestoneState, Move, colour_of, is_king

CELL = 56
MARGIN = 22
BOARD = MARGIN * 2 + CELL * 8
TRAY = 130


def colour_name(colour: int) -> str:
    return _("Red") if colour == RED else _("White")


def swatch_svg(colour: int) -> str:
    """A player card's piece, ringed dashed for Red where the theme says so."""
    cls = "red" if colour == RED else "white"
    return (f'<svg class="swatch lodestone-swatch" viewBox="0 0 40 40">'
            f'<circle class="ls-swatch {cls}" cx="20" cy="20" r="13"/></svg>')  # fmt: skip


def piece_name(code: int) -> str:
    # Four whole names rather than "{colour} {kind}": languages order and agree them
    # their own way (French: "roi rouge").
    if colour_of(code) == RED:
        return _("Red king") if is_king(code) else _("Red pawn")
    return _("White king") if is_king(code) else _("White pawn")


def _view_box(narrow: bool) -> str:
    """The board and its tray; narrow, the board alone, without the empty margins
    above and right of it (the coordinates are left and below), so that a square is
    at least 44 CSS px on a 390 px phone."""
    if not narrow:
        return f"0 0 {BOARD + TRAY} {BOARD}"
    side = BOARD - MARGIN + 4
    return f"0 {MARGIN - 4} {side} {side}"


def _xy(square: int) -> tuple[int, int]:
    """Top-left corner of a square; Red's home rank at the bottom."""
    return MARGIN + (square % 8) * CELL, MARGIN + (7 - square // 8) * CELL


def cell_label(
    state: LodestoneState,
    square: int,
    *,
    in_check: bool = False,
    flags: tuple[str, ...] = (),
    magnet: int | None = None,
) -> str:
    """A square's accessible name: the piece there with its digit, or "empty"; a king
    in check; the magnet under it when the learning aid shows the map; then what the
    player can do there."""
    code = state.board[square]
    sq = square_name(square)
    if code:
        parts = [_("{piece} on {square}, shows {digit}", piece=piece_name(code), square=sq,
                   digit=state.digit(square))]  # fmt: skip
        if in_check:
            parts.append(_("in check"))
    else:
        parts = [_("{square}, empty", square=sq)]
    if magnet is not None:
        parts.append(_("magnet {digit}", digit=magnet))
    parts.extend(flags)
    return ", ".join(parts)


def cell_names(state: LodestoneState) -> dict[int, str]:
    """The ``data-square`` of every square: its name (``d4``), except the two squares
    where the side setting up may put its king, ``Kd`` and ``Ke`` (what ``ui.tap``
    takes for a placement)."""
    names = {square: square_name(square) for square in range(64)}
    if state.setting_up:
        for file in KING_FILES:
            names[HOME_RANK[state.turn] * 8 + file] = "Kd" if file == 3 else "Ke"
    return names


def board_svg(
    state: LodestoneState,
    *,
    selected: str | None = None,
    last_move: Move | None = None,
    aid: bool = False,
    label: str | None = None,
    interactive: bool = True,
    narrow: bool = False,
    playable: bool = True,
) -> str:
    """The board as a grid of 64 cells (Red's home rank at the bottom), one button
    each with ``data-square``, ``data-row``/``data-col`` and a name saying what is
    there. One cell is in the tab order: the selected piece, else the mover's first
    piece that can move (or the first king square during the set-up), else where the
    last move ended, else the first cell. ``interactive=False`` draws a picture.
    ``narrow`` (a phone) leaves out the tray beside the board, so that the squares
    are as large as the screen allows: the page's player cards give its count.
    ``playable=False`` shows a position that takes no move (a lesson's verdict, issue 37):
    the cells stay buttons the keys move through, but no piece is offered as one that
    can move, by a ring or in its name."""
    moves = [m for m in state.legal_moves() if type(m) is Move and m != PASS] if playable else []
    sources = {m.src for m in moves}
    chosen = next((s for s in sources if square_name(s) == selected), None)
    targets = {m.dst for m in moves if m.src == chosen}
    kings = {k for k, _a in state.checks()} if not state.setting_up else set()
    names = cell_names(state)
    placing = {s for s, n in names.items() if n in ("Kd", "Ke") and playable}
    maps = state.rules.digit_maps()
    name = escape(label or _("Lodestone board"))
    tab_stop = None
    if interactive:
        cells = [(names[s], 7 - s // 8, s % 8) for s in range(64)]
        last = names[last_move.dst] if last_move and last_move != PASS else None
        tab_stop = board_keys.tab_stop(
            cells,
            None if chosen is None else names[chosen],
            *(names[s] for s in sorted(placing | sources)),
            last,
        )
    out = [
        f'<svg class="lodestone-board" viewBox="{_view_box(narrow)}" '
        f'xmlns="http://www.w3.org/2000/svg" role="group" aria-label="{name}">'
    ]
    for square in range(64):
        x, y = _xy(square)
        code = state.board[square]
        classes = ["cell", "dark" if (square // 8 + square % 8) % 2 == 0 else "light"]
        flags = []
        if square in targets:
            classes.append("target")
            flags.append(
                _("can be taken by the selected piece")
                if code
                else _("target for the selected piece")
            )
        elif square in placing:
            classes.append("target")
            flags.append(_("put the king here"))
        elif square == chosen:
            flags.append(_("selected"))
        elif square in sources and interactive:
            classes.append("movable")
            flags.append(_("can move"))
        if last_move and last_move != PASS and square in last_move:
            classes.append("last")
        text = cell_label(state, square, in_check=square in kings, flags=tuple(flags),
                          magnet=maps[RED][square] if aid else None)  # fmt: skip
        if interactive:
            row, column = 7 - square // 8, square % 8
            tabindex = "0" if names[square] == tab_stop else "-1"
            attrs = (
                f' data-square="{names[square]}" role="button" tabindex="{tabindex}" '
                f'data-row="{row}" data-col="{column}" aria-label="{escape(text)}"'
            )
        else:
            attrs = f' role="img" aria-label="{escape(text)}"'
        out.append(
            f'<g class="{" ".join(classes)}"{attrs}><rect x="{x}" y="{y}" width="{CELL}" '
            f'height="{CELL}"/>'
        )
        if code:
            out.append(_piece(state, square, chosen, sources, kings, interactive))
        out.append("</g>")
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
    if not narrow:
        out.append(_captured(state))
    out.append("</svg>")
    return "".join(out)


def _piece(state: LodestoneState, square: int, chosen, sources, kings, interactive) -> str:
    """A piece with its digit, drawn inside its square's cell (the cell carries the name)."""
    code = state.board[square]
    x, y = _xy(square)
    cx, cy = x + CELL / 2, y + CELL / 2
    classes = ["ls-piece", "red" if colour_of(code) == RED else "white"]
    if square in kings:
        classes.append("in-check")
    if square == chosen:
        classes.append("chosen")
    elif square in sources and interactive:
        classes.append("movable")
    shape = (
        f'<path d="M{cx - 18:.0f} {cy + 14:.0f} L{cx - 20:.0f} {cy - 12:.0f} '
        f"L{cx - 9:.0f} {cy - 2:.0f} L{cx:.0f} {cy - 18:.0f} L{cx + 9:.0f} {cy - 2:.0f} "
        f'L{cx + 20:.0f} {cy - 12:.0f} L{cx + 18:.0f} {cy + 14:.0f} Z"/>'
        if is_king(code)
        else f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="20"/>'
    )
    return (
        f'<g class="{" ".join(classes)}" aria-hidden="true">{shape}'
        f'<text class="digit" x="{cx:.0f}" y="{cy + 7:.0f}" text-anchor="middle">'
        f"{state.digit(square)}</text></g>"
    )


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
