"""The Senet board and sticks as SVG: pure functions of a state.

The browser glue puts the returned markup into the page and listens for clicks and
keys on elements carrying ``data-square`` (a square number, ``off`` for the tray
where borne-off pieces go, ``P`` for the plinth where pieces wait to enter under
Tait's rules). The board adapts to the ruleset: its marked squares, the plinth,
the number of pieces. Every square, the tray and the plinth are cells of one grid
with a single tab stop, moved between by the arrow keys (``ludeum.board_keys``);
each cell's accessible name says what stands there and whether it is protected
under the reading in play (``protection``). Text goes through ``_`` and is escaped.
"""

from __future__ import annotations

from html import escape
from typing import NamedTuple

from .. import board_keys
from ..history import newest_first
from ..i18n import N_, _
from .moves import BIT, bits
from .protection import protected_mask
from .rulesets import SenetRules
from .state import BLACK, PASS, WHITE, Move, SenetState
from .track import OFF, PLINTH, SQUARES, WATER, cell_of

SIZE = 60  # one square
MARGIN = 8
TRAY_WIDTH = 76
HEIGHT = MARGIN * 2 + SIZE * 3
#: On a phone the board stands upright (``upright=True``): three columns of ten, the
#: tray (and Tait's plinth) a row across it, this deep: 44 CSS px at the phone's scale.
TRAY_DEPTH = 56

#: The names of the marked squares (boards from Egypt mark some of the last ones).
MARK_NAMES = {
    15: N_("the House of Rebirth"),
    26: N_("the House of Beauty"),
    27: N_("the water"),
    28: N_("the House of the Three Truths"),
    29: N_("the House of Re-Atoum"),
    30: N_("the last square"),
}
#: Which squares each reading marks (Jéquier's marks 15 too where 15 is safe).
MARKED = {
    "jequier": frozenset({26, 27, 28, 29, 30}),
    "kendall": frozenset({15, 26, 27, 28, 29, 30}),
    "tait": frozenset({15, 26, 27}),
}


def marked_squares(rules: SenetRules) -> frozenset[int]:
    marked = MARKED[rules.family]
    return marked | {15} if 15 in rules.safe_squares else marked


class Frame(NamedTuple):
    """Where the squares start and which way the board lies: lying down (three rows
    of ten, the plinth left and the tray right) or upright on a phone (three columns
    of ten read top to bottom, the plinth a row above and the tray a row below)."""

    left: int
    top: int
    upright: bool = False


def _frame(rules: SenetRules, upright: bool = False) -> Frame:
    """Where square 1's cell starts: after the plinth, when the reading has one."""
    plinth = rules.family == "tait"
    if upright:
        return Frame(MARGIN, MARGIN + (TRAY_DEPTH + MARGIN if plinth else 0), True)
    return Frame(MARGIN + (TRAY_WIDTH + MARGIN if plinth else 0), MARGIN)


def _left(rules: SenetRules) -> int:
    return _frame(rules).left


def _size(rules: SenetRules, upright: bool = False) -> tuple[int, int]:
    frame = _frame(rules, upright)
    if upright:
        return MARGIN * 2 + SIZE * 3, frame.top + SIZE * 10 + MARGIN + TRAY_DEPTH + MARGIN
    return frame.left + SIZE * 10 + MARGIN + TRAY_WIDTH + MARGIN, HEIGHT


def _width(rules: SenetRules) -> int:
    return _size(rules)[0]


def _corner(square: int, frame: Frame | int = MARGIN) -> tuple[int, int]:
    if isinstance(frame, int):
        frame = Frame(frame, MARGIN)
    row, column = cell_of(square)
    if frame.upright:  # the rows stand as columns, read downwards
        row, column = column, row
    return frame.left + column * SIZE, frame.top + row * SIZE


def _centre(square: int, frame: Frame | int = MARGIN) -> tuple[int, int]:
    x, y = _corner(square, frame)
    return x + SIZE // 2, y + SIZE // 2


def _mark(square: int, marked: frozenset[int], frame: Frame | int) -> str:
    """The symbol drawn on a marked square."""
    if square not in marked:
        return ""
    x, y = _corner(square, frame)
    cx, cy = x + SIZE // 2, y + SIZE // 2
    if square == 26:
        # The nefer sign ("beautiful"): a heart under a windpipe with a crossbar.
        # Never a plain ring, which a glance would take for a white piece.
        return (
            f'<path class="mark" d="M{cx} {cy + 20} C{cx - 14} {cy + 12} {cx - 12} {cy - 4} '
            f'{cx} {cy - 2} C{cx + 12} {cy - 4} {cx + 14} {cy + 12} {cx} {cy + 20}z"/>'
            f'<line class="mark" x1="{cx}" y1="{cy - 2}" x2="{cx}" y2="{cy - 20}"/>'
            f'<line class="mark" x1="{cx - 6}" y1="{cy - 14}" x2="{cx + 6}" y2="{cy - 14}"/>'
        )
    if square == WATER:
        waves = "".join(
            f'<path class="mark water-line" d="M{x + 8} {y + dy} q 11 -8 22 0 t 22 0"/>'
            for dy in (20, 32, 44)
        )
        return waves
    if square in (28, 29, 30):
        strokes = 31 - square
        gap = 10
        left = cx - (strokes - 1) * gap / 2
        return "".join(
            f'<line class="mark" x1="{left + i * gap:.0f}" y1="{cy - 14}" '
            f'x2="{left + i * gap:.0f}" y2="{cy + 14}"/>'
            for i in range(strokes)
        )
    if square == 15:
        # An ankh: a loop over a cross.
        return (
            f'<ellipse class="mark" cx="{cx}" cy="{cy - 12}" rx="7" ry="9"/>'
            f'<line class="mark" x1="{cx}" y1="{cy - 3}" x2="{cx}" y2="{cy + 20}"/>'
            f'<line class="mark" x1="{cx - 12}" y1="{cy + 2}" x2="{cx + 12}" y2="{cy + 2}"/>'
        )
    return ""


def _piece(colour: int, cx: float, cy: float, extra_class: str = "") -> str:
    """White pieces are round cones, Black pieces are spools: the shapes differ, so
    colour is never the only cue."""
    cls = f"piece {'white' if colour == WHITE else 'black'} {extra_class}".strip()
    if colour == WHITE:
        return f'<circle class="{cls}" cx="{cx}" cy="{cy}" r="{SIZE * 0.32:.0f}"/>'
    half = SIZE * 0.3
    return (
        f'<rect class="{cls}" x="{cx - half:.0f}" y="{cy - half:.0f}" '
        f'width="{2 * half:.0f}" height="{2 * half:.0f}" rx="8"/>'
    )


def swatch_svg(colour: int | None) -> str:
    """A player card's piece: White's cone, Black's spool, or an empty ring while
    the opening has not decided the colours."""
    if colour is None:
        inner = '<circle class="piece unknown" cx="20" cy="20" r="13"/>'
    elif colour == WHITE:
        inner = '<circle class="piece white" cx="20" cy="20" r="13"/>'
    else:
        inner = '<rect class="piece black" x="8" y="8" width="24" height="24" rx="6"/>'
    return f'<svg class="swatch senet-swatch" viewBox="0 0 40 40">{inner}</svg>'


def colour_name(colour: int) -> str:
    return _("White") if colour == WHITE else _("Black")


def cell_label(
    state: SenetState,
    square: int,
    *,
    protected: bool = False,
    movable: bool = False,
    selected: bool = False,
    target: bool = False,
) -> str:
    """The accessible name of a square: what stands there, then what it can do,
    e.g. "White piece on square 14, protected", "Square 27, the water, empty",
    "Black piece on square 9, can move"."""
    colour = WHITE if state.white & BIT[square] else BLACK if state.black & BIT[square] else 0
    if colour == WHITE:
        parts = [_("White piece on square {number}", number=square)]
    elif colour == BLACK:
        parts = [_("Black piece on square {number}", number=square)]
    else:
        parts = [_("Square {number}", number=square)]
    if square in marked_squares(state.rules):
        parts.append(_(MARK_NAMES[square]))
    if not colour:
        parts.append(_("empty"))
        if square in state.rules.safe_squares:
            parts.append(_("safe"))
    elif protected:
        parts.append(_("protected"))
    parts.extend(_flags(movable=movable, selected=selected, target=target))
    return ", ".join(parts)


def _flags(*, movable: bool, selected: bool, target: bool) -> list[str]:
    """What a player can do with a cell, as the last items of its name."""
    if selected:
        return [_("selected")]
    flags = [_("can move")] if movable else []
    if target:
        flags.append(_("target for the selected piece"))
    return flags


def grid_cells(rules: SenetRules, upright: bool = False) -> list[tuple[str, int, int]]:
    """Every cell a player can point at, ``(name, row, column)`` as drawn: the 30
    squares in three rows, the plinth (Tait) on the left, the tray on the right. The
    plinth and the tray span the three rows; they sit in the middle one. Upright, the
    rows are columns, the plinth a row above them and the tray a row below."""
    shift = 1 if rules.family == "tait" else 0
    if upright:
        cells = [(str(s), cell_of(s)[1] + shift, cell_of(s)[0]) for s in SQUARES]
        if shift:
            cells.append(("P", 0, 1))
        cells.append(("off", 10 + shift, 1))
        return cells
    cells = [(str(s), *_shifted(cell_of(s), shift)) for s in SQUARES]
    if shift:
        cells.append(("P", 1, 0))
    cells.append(("off", 1, 10 + shift))
    return cells


def _shifted(cell: tuple[int, int], shift: int) -> tuple[int, int]:
    return cell[0], cell[1] + shift


def _cell_attrs(name: str, label: str, place: dict, tab_stop: str | None) -> str:
    """A cell of the board's grid: a button named for screen readers, with its
    screen position for the arrow keys and one tab stop for the whole board
    (``place`` is None for a picture that cannot be played, such as a diagram)."""
    if place is None:
        return f' role="img" aria-label="{escape(label)}"'
    row, column = place[name]
    tabindex = "0" if name == tab_stop else "-1"
    return (
        f' role="button" tabindex="{tabindex}" data-row="{row}" data-col="{column}" '
        f'aria-label="{escape(label)}"'
    )


def board_svg(
    state: SenetState,
    *,
    selected: int | None = None,
    last_move: Move | None = None,
    label: str | None = None,
    ident: str = "board",
    interactive: bool = True,
    upright: bool = False,
    touched: frozenset[int] = frozenset(),
    bare: bool = False,
    playable: bool = True,
) -> str:
    """The whole board: squares with their marks and numbers, the track, the
    pieces, the borne-off tray, the last move and, for a selected piece, where it
    can go. ``touched`` squares (those a computer's turn of several moves passed
    through) are tinted as the last move's are. ``bare`` draws no piece at all, not
    even in the tray or on Tait's plinth: a printed board to play on with counters.

    Played boards are a grid of cells, each a button with ``data-square`` (the name
    ``ui.tap`` takes), ``data-row``/``data-col`` (its place on screen, for the
    arrow keys) and a name saying what is there. Exactly one cell is in the tab
    order (``tabindex="0"``): the selected piece, else the first piece that can
    move, else where the last move ended, else the first cell. ``interactive=False``
    draws a picture (the rules pages' diagrams): no buttons, no tab stop.
    ``upright`` stands the board on end for a phone's narrow screen (``Frame``): the
    same cells, names and tab stop, the arrow keys following what is drawn.
    ``playable=False`` shows a position that takes no move (a lesson's verdict, issue 37):
    the cells stay buttons the keys move through, but no piece is offered as one that
    can move, by a ring or in its name.
    """
    movable = {m.src for m in state.moves if m != PASS} if playable else set()
    targets = {m.dst for m in state.moves if m.src == selected and m != PASS}
    rules = state.rules
    safe = rules.safe_squares
    marked = marked_squares(rules)
    shielded = protected_mask(state)
    frame = _frame(rules, upright)
    name = escape(label or _("Senet board"))
    place = None
    tab_stop = None
    if interactive:
        cells = grid_cells(rules, upright)
        place = {cell[0]: cell[1:] for cell in cells}
        last = None
        if last_move is not None:
            last = "off" if last_move.dst == OFF else _cell_name(last_move.dst)
        tab_stop = board_keys.tab_stop(
            cells,
            None if selected is None else _cell_name(selected),
            *(_cell_name(s) for s in sorted(movable)),
            last,
        )
    out = [
        f'<svg class="senet-board{" upright" if upright else ""}" '
        f'viewBox="0 0 {" ".join(map(str, _size(rules, upright)))}" '
        f'xmlns="http://www.w3.org/2000/svg" role="group" aria-label="{name}">',
        f'<defs><marker id="{ident}-arrow" viewBox="0 0 10 10" refX="5" refY="5" '
        'markerWidth="5" markerHeight="5" orient="auto-start-reverse">'
        '<path d="M0 0 L10 5 L0 10 z" class="track-arrow"/></marker></defs>',
    ]
    if rules.family == "tait":
        out.append(
            _plinth(state, PLINTH in movable, selected == PLINTH, place, tab_stop, upright, bare)
        )
    for square in SQUARES:
        x, y = _corner(square, frame)
        classes = ["square"]
        if square in safe:
            classes.append("safe")
        if square == WATER:
            classes.append("water")
        if last_move and square in (last_move.src, last_move.dst):
            classes.append("last-from" if square == last_move.src else "last-to")
        elif square in touched:
            classes.append("touched")
        is_target = square in targets
        if is_target:
            classes.append("target")
        if square == selected:
            classes.append("selected")
        elif square in movable and interactive:
            classes.append("movable")
        text = cell_label(
            state,
            square,
            protected=bool(shielded & BIT[square]),
            movable=square in movable and interactive,
            selected=square == selected,
            target=is_target,
        )
        attrs = _cell_attrs(str(square), text, place, tab_stop)
        tip = ""
        if square in marked and interactive:
            # Named on hover (the title) and on a long press (data-tip, web/tips.py).
            words = escape(_("Square {number}: {name}", number=square,
                             name=_(MARK_NAMES[square])))  # fmt: skip
            tip = f' data-tip="{words}"'
        out.append(f'<g class="{" ".join(classes)}" data-square="{square}"{attrs}{tip}>')
        if tip:
            out.append(f"<title>{words}</title>")
        out.append(f'<rect class="cell" x="{x}" y="{y}" width="{SIZE}" height="{SIZE}"/>')
        out.append(_mark(square, marked, frame))
        out.append(
            f'<text class="number" x="{x + 4}" y="{y + 13}" aria-hidden="true">{square}</text>'
        )
        if is_target:
            out.append(
                f'<circle class="target-ring" cx="{x + SIZE // 2}" cy="{y + SIZE // 2}" '
                f'r="{SIZE * 0.4:.0f}"/>'
            )
        out.append("</g>")
    # The track, faint beneath the pieces, shows the reversed-S order of play.
    points = " ".join(f"{cx},{cy}" for cx, cy in (_centre(s, frame) for s in SQUARES))
    out.append(
        f'<polyline class="track" points="{points}" marker-end="url(#{ident}-arrow)" '
        f'aria-hidden="true"/>'
    )
    for colour, mask in ((WHITE, state.white), (BLACK, state.black)):
        for square in bits(0 if bare else mask):
            cx, cy = _centre(square, frame)
            cls = "movable" if square in movable and selected is None else ""
            if square == selected:
                cls = "chosen"
            out.append(
                f'<g class="piece-at" data-square="{square}" aria-hidden="true">'
                f"{_piece(colour, cx, cy, cls)}</g>"
            )
    if upright:
        tray_at = (MARGIN, frame.top + SIZE * 10 + MARGIN)
    else:
        tray_at = (frame.left + SIZE * 10 + MARGIN, MARGIN)
    out.append(_tray(state, OFF in targets, tray_at, place, tab_stop, upright, bare))
    out.append("</svg>")
    return "".join(out)


def _cell_name(square: int) -> str:
    return "P" if square == PLINTH else "off" if square == OFF else str(square)


def _plinth(
    state: SenetState,
    can_enter: bool,
    chosen: bool,
    place,
    tab_stop,
    upright: bool = False,
    bare: bool = False,
) -> str:
    """Tait's plinth, left of the board (above it, upright): pieces waiting to enter.
    It is a source square when a throw lets a piece enter."""
    x, y = MARGIN, MARGIN
    white, black = (0, 0) if bare else (state.on_plinth(WHITE), state.on_plinth(BLACK))
    # Whole messages, not the plinth's name plus the cells' "selected": the state's
    # words agree with "plinth" in some languages, not with "piece" as on a square.
    if chosen:
        label = _("Plinth: White {white}, Black {black} waiting, selected",
                  white=white, black=black)  # fmt: skip
    elif can_enter:
        label = _("Plinth: White {white}, Black {black} waiting, can enter",
                  white=white, black=black)  # fmt: skip
    else:
        label = _("Plinth: White {white}, Black {black} waiting", white=white, black=black)
    attrs = _cell_attrs("P", label, place, tab_stop)
    classes = "tray plinth" + (" selected" if chosen else "") + (" movable" if can_enter else "")
    out = [f'<g class="{classes}" data-square="P"{attrs}>']
    title = escape(_("plinth"))  # outside the f-string, where the extractor finds it
    out.extend(_tray_box(title, x, y, upright))
    out.extend(_stacks(white, black, x, y, upright))
    out.append("</g>")
    return "".join(out)


def _tray_box(title: str, x: int, y: int, upright: bool) -> list[str]:
    """A tray's frame and its title: tall beside the board, a row across it upright."""
    width, height = (SIZE * 3, TRAY_DEPTH) if upright else (TRAY_WIDTH, SIZE * 3)
    title_x, title_y = (x + 8, y + TRAY_DEPTH / 2 + 5) if upright else (x + width / 2, y + 14)
    anchor = "start" if upright else "middle"
    return [
        f'<rect class="tray-cell" x="{x}" y="{y}" width="{width}" height="{height}" rx="6"/>',
        f'<text class="tray-title" x="{title_x:.0f}" y="{title_y:.0f}" '
        f'text-anchor="{anchor}" aria-hidden="true">{title}</text>',
    ]


def _stacks(white: int, black: int, x: int, y: int, upright: bool = False) -> list[str]:
    if upright:  # two rows of pieces lying side by side, after the title
        out = [_mini(WHITE, x + 56 + i * 17, y + TRAY_DEPTH * 0.3, 24) for i in range(white)]
        out += [_mini(BLACK, x + 56 + i * 17, y + TRAY_DEPTH * 0.72, 24) for i in range(black)]
        return out
    small = SIZE * 0.55
    out = [_mini(WHITE, x + TRAY_WIDTH * 0.3, y + 30 + i * 14, small) for i in range(white)]
    out += [_mini(BLACK, x + TRAY_WIDTH * 0.7, y + 30 + i * 14, small) for i in range(black)]
    return out


def _tray(
    state: SenetState,
    is_target: bool,
    at: tuple[int, int],
    place,
    tab_stop,
    upright: bool = False,
    bare: bool = False,
) -> str:
    """Borne-off pieces beside square 30 (below it, upright); the tray is a
    destination when bearing off."""
    x, y = at
    white_off, black_off = (0, 0) if bare else (state.borne_off[WHITE], state.borne_off[BLACK])
    label = _("Borne off: White {white}, Black {black}", white=white_off, black=black_off)
    if is_target:
        label += ", " + _("target for the selected piece")
    attrs = _cell_attrs("off", label, place, tab_stop)
    out = [f'<g class="tray{" target" if is_target else ""}" data-square="off"{attrs}>']
    title = escape(_("off"))  # outside the f-string, where the extractor finds it
    out.extend(_tray_box(title, x, y, upright))
    out.extend(_stacks(white_off, black_off, x, y, upright))
    out.append("</g>")
    return "".join(out)


def _mini(colour: int, cx: float, cy: float, size: float) -> str:
    cls = "piece " + ("white" if colour == WHITE else "black")
    if colour == WHITE:
        return f'<ellipse class="{cls}" cx="{cx:.0f}" cy="{cy:.0f}" rx="{size / 3:.0f}" ry="6"/>'
    return (
        f'<rect class="{cls}" x="{cx - size / 3:.0f}" y="{cy - 6:.0f}" '
        f'width="{2 * size / 3:.0f}" height="12" rx="3"/>'
    )


#: The sticks' drawing: four sticks standing side by side, the value large beside them.
STICKS_VIEW = (200, 90)
STICK_WIDTH = 22
STICK_TOP, STICK_BOTTOM = 6, 84
#: How each stick lies once fallen (degrees), taken in turn from the throw's number:
#: two equal throws in a row lie differently, so the second is seen to be a new throw
#: even where nothing tumbles (reduced motion).
STICK_TILTS = (-7, 4, -3, 8, -5, 6)


def sticks_svg(state: SenetState) -> str:
    """The four sticks of the last throw (or of the throw waiting to be played), each
    with its light (flat) side or its dark (rounded) side up, as the throw fell, and
    the value they make under the reading in play (``rules.throw_value``: no light
    side is 5 for Kendall, 6 for Jéquier and Tait). Before the first throw the sticks
    lie at rest, face hidden, with no value.

    The faces are the throw's own (``Throw.sticks``, kept in every record as
    ``T0110``): the drawing invents nothing. The svg carries ``data-throw``, the
    number of throws so far, which the page compares to start the sticks' tumble on
    each new throw, two equal throws in a row included (``web/sticks.py``)."""
    throw = state.throw or _last_throw(state)
    width, height = STICKS_VIEW
    head = (
        f'<svg class="sticks" viewBox="0 0 {width} {height}" '
        f'xmlns="http://www.w3.org/2000/svg" role="img" data-throw="{state.throws}"'
    )
    if throw is None:
        label = _("The sticks have not been thrown yet")  # not in an f-string: extracted
        out = [f'{head} aria-label="{escape(label)}">']
        out.extend(_stick(i, None, 0) for i in range(4))
        out.append("</svg>")
        return "".join(out)
    value = state.rules.throw_value(throw.light)
    label = _("Sticks: {light} light sides up, worth {value}", light=throw.light, value=value)
    out = [f'{head} aria-label="{escape(label)}">']
    for i, light in enumerate(throw.sticks):
        out.append(_stick(i, bool(light), STICK_TILTS[(state.throws + i) % len(STICK_TILTS)]))
    out.append(
        f'<text class="stick-value" x="{width - 28}" y="{height // 2 + 16}" '
        f'text-anchor="middle">{value}</text>'
    )
    out.append("</svg>")
    return "".join(out)


def _stick(index: int, light: bool | None, tilt: int) -> str:
    """One stick: a long rod with pointed ends. Its light face is flat and painted
    with bands across both ends; its dark face is rounded, a ridge along its length:
    the faces differ in drawing, not only in colour. ``light`` None: at rest, face
    hidden (an outline). The outer group tilts the stick as it fell; the inner one is
    what the page's tumble animation turns (static/app.css)."""
    x = 10 + index * 34
    w, top, bottom = STICK_WIDTH, STICK_TOP, STICK_BOTTOM
    cx, cy = x + w / 2, (top + bottom) / 2
    tip = 9
    body = (
        f"M{cx:g} {top} L{x + w} {top + tip} L{x + w} {bottom - tip} L{cx:g} {bottom} "
        f"L{x} {bottom - tip} L{x} {top + tip}Z"
    )
    face = "rest" if light is None else "light" if light else "dark"
    out = [
        f'<g class="stick-fall" transform="rotate({tilt} {cx:g} {cy:g})">'
        '<g class="stick-turn">'
        f'<path class="stick {face}" d="{body}"/>'
    ]
    if light:
        for y in (top + 16, top + 21, bottom - 21, bottom - 16):
            out.append(
                f'<line class="stick-band" x1="{x + 3}" y1="{y}" x2="{x + w - 3}" y2="{y}"/>'
            )
    elif light is not None:
        out.append(
            f'<line class="stick-ridge" x1="{cx:g}" y1="{top + tip + 4}" x2="{cx:g}" '
            f'y2="{bottom - tip - 4}"/>'
        )
    out.append("</g></g>")
    return "".join(out)


def _last_throw(state: SenetState):
    for action in newest_first(state.history):
        if not isinstance(action, Move):
            return action
    return None
