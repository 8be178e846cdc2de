"""A special square's name on a long press (a touch screen has no hover to show the
board's ``<title>`` tooltips): hold a finger on a named square (``data-tip``, drawn
by the game's pure SVG code) and its name shows above it until the finger lifts."""

from __future__ import annotations

from pyodide.ffi import create_once_callable
from pyscript import window

from .page import element, listen

#: How long a finger rests on a square before its name shows (a tap is shorter).
HOLD_MS = 500
#: A finger that slides further than this is scrolling, not holding.
SLOP_PX = 10


class SquareTips:
    def __init__(self) -> None:
        self.timer = None
        self.start: tuple[float, float] | None = None
        board = element("board")
        listen(board, "pointerdown", self.on_down)
        listen(board, "pointermove", self.on_move)
        for kind in ("pointerup", "pointercancel", "pointerleave"):
            listen(board, kind, lambda event: self.hide())
        # A long press opens no menu over the board: the name is what it shows.
        listen(board, "contextmenu", self.on_menu)

    def on_down(self, event) -> None:
        self.hide()
        if str(event.pointerType) != "touch":
            return  # a mouse has the <title> tooltip
        square = event.target.closest("[data-tip]")
        if not square:
            return
        self.start = (float(event.clientX), float(event.clientY))
        self.timer = window.setTimeout(create_once_callable(lambda: self.show(square)), HOLD_MS)

    def on_move(self, event) -> None:
        if self.start is None:
            return
        dx, dy = float(event.clientX) - self.start[0], float(event.clientY) - self.start[1]
        if dx * dx + dy * dy > SLOP_PX * SLOP_PX:
            self.hide()

    def on_menu(self, event) -> None:
        if event.target.closest("[data-tip]"):
            event.preventDefault()

    def show(self, square) -> None:
        self.timer = None
        tip = element("square-tip")
        tip.textContent = str(square.dataset.tip)
        tip.hidden = False
        stage = element("board").parentElement.getBoundingClientRect()
        box = square.getBoundingClientRect()
        # Above the square, centred on it, kept inside the board's column.
        left = box.left - stage.left + box.width / 2
        tip.style.left = f"{max(8.0, min(left, stage.width - 8.0)):.0f}px"
        tip.style.top = f"{box.top - stage.top:.0f}px"

    def hide(self) -> None:
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        self.start = None
        element("square-tip").hidden = True
