"""Drag and drop on the board (issue 26, item 4), with pointer events: a mouse, a
finger or a pen. A piece that can move follows the pointer once it has travelled a
few pixels; its legal targets show meanwhile (the screen's own selection drawing); a
drop on one plays that move through the screen, as its tap would; a drop anywhere
else puts the piece back. A press that does not travel stays a click, so
click-then-click and one-tap play are untouched; the keyboard is not concerned.

What travels is a copy of the piece's drawing, in a group at the end of the SVG (so
that it passes over every square) moved by its ``transform`` attribute, in the
board's own units; the piece itself is only dimmed. No rule is decided here: which
pieces can move is ``ui.piece_actions``, what a drop plays is ``ui.tap``."""

from __future__ import annotations

from pyodide.ffi import create_proxy
from pyscript import document

from ludeum import table as tables

from .controls import square_of
from .page import _HANDLERS, element, listen

#: A press that travels further than this (CSS px) is a drag, not a click.
DRAG_START_PX = 8
#: The drawing of the piece on a named square, in each game's SVG.
PIECE_SELECTOR = (
    'g.piece-at[data-square="{name}"], [data-square="{name}"] .sq-piece, '
    '[data-square="{name}"] .ls-piece, g.tray.plinth[data-square="{name}"] .piece'
)
#: Where a drop can land: the targets the selection draws (Squadro's end of path).
TARGET_SELECTOR = '[data-square].target, [data-square="end"]'
SVG_NS = "http://www.w3.org/2000/svg"


class BoardDrag:
    def __init__(self, screen) -> None:
        self.screen = screen
        self.press = None  # (pointer id, square name, x, y) of a press on a movable piece
        self.ghost = None  # the travelling copy, once the press has become a drag
        self.scale = 1.0  # CSS px per board unit
        self.swallow_click = False  # the click that ends a drag is not a tap
        board = element("board")
        listen(board, "pointerdown", self.on_down)
        listen(board, "pointermove", self.on_move)
        listen(board, "pointerup", self.on_up)
        listen(board, "pointercancel", lambda event: self.cancel())
        # In the capture phase, before the screen's click handler sees it.
        proxy = create_proxy(self.on_click)
        _HANDLERS.append(proxy)
        board.addEventListener("click", proxy, True)

    def _playable(self) -> bool:
        screen = self.screen
        return not (screen.table.computer_to_play() or screen.review.active
                    or screen.viewing is not None)  # fmt: skip

    def on_down(self, event) -> None:
        self.swallow_click = False
        self.cancel()
        if int(event.button) != 0 or not event.isPrimary or not self._playable():
            return
        name = square_of(event)
        if name is None or not self.screen.ui.piece_actions(self.screen.state, name):
            return
        self.press = (int(event.pointerId), name, float(event.clientX), float(event.clientY))

    def on_move(self, event) -> None:
        if self.press is None or int(event.pointerId) != self.press[0]:
            return
        pointer, name, x, y = self.press
        dx, dy = float(event.clientX) - x, float(event.clientY) - y
        if self.ghost is None:
            if dx * dx + dy * dy < DRAG_START_PX * DRAG_START_PX:
                return
            if not self._lift(pointer, name):
                self.press = None
                return
        event.preventDefault()
        self.ghost.setAttribute(
            "transform", f"translate({dx / self.scale:.1f} {dy / self.scale:.1f})"
        )

    def _lift(self, pointer: int, name: str) -> bool:
        """Start the drag: select the piece (its targets drawn), copy its drawing."""
        screen = self.screen
        board = element("board")
        # Captured before the board is drawn again: the pressed element goes with the
        # old drawing, and a touch whose target leaves the page is cancelled.
        try:
            board.setPointerCapture(pointer)
        except Exception:  # the pointer is already gone: its cancel puts things back
            return False
        screen.change(tables.select, name)
        screen.render()
        svg = board.querySelector("svg")
        piece = board.querySelector(PIECE_SELECTOR.format(name=name))
        if not svg or not piece:
            return False
        width = float(svg.viewBox.baseVal.width or 0) or 1.0
        self.scale = float(svg.getBoundingClientRect().width) / width or 1.0
        ghost = document.createElementNS(SVG_NS, "g")
        ghost.setAttribute("class", "drag-ghost")
        ghost.setAttribute("aria-hidden", "true")
        ghost.appendChild(piece.cloneNode(True))
        svg.appendChild(ghost)
        piece.classList.add("drag-source")
        self.ghost = ghost
        return True

    def on_up(self, event) -> None:
        if self.press is None or int(event.pointerId) != self.press[0]:
            return
        name = self.press[1]
        dragged = self.ghost is not None
        self.press = None
        if not dragged:
            return  # a click: the screen's click handler has it
        self.swallow_click = True
        drop = self._target_at(float(event.clientX), float(event.clientY))
        self._drop_ghost()
        screen = self.screen
        if drop is not None and drop != name:
            screen.controls.pick(drop)  # the piece is selected: its target plays the move
        else:
            screen.change(tables.select, None)  # back where it was
            screen.render()

    def _target_at(self, x: float, y: float) -> str | None:
        for node in element("board").querySelectorAll(TARGET_SELECTOR):
            box = node.getBoundingClientRect()
            if box.left <= x <= box.right and box.top <= y <= box.bottom:
                return str(node.dataset.square)
        return None

    def _drop_ghost(self) -> None:
        if self.ghost is not None:
            self.ghost.remove()
            self.ghost = None

    def cancel(self) -> None:
        """A drag cut short (the browser took the pointer): the piece goes back."""
        lifted = self.ghost is not None
        self.press = None
        self._drop_ghost()
        if lifted:
            self.screen.change(tables.select, None)
            self.screen.render()

    def on_click(self, event) -> None:
        if self.swallow_click:
            self.swallow_click = False
            event.stopPropagation()
            event.preventDefault()
