"""Pieces travel on the page: after an action is drawn, each piece it moved goes
from where it stood to where it is now drawn, along the track, lane or path the
engine gives (``ludeum.motion``: the whole plan is built in Python once per action;
the browser then plays it with the Web Animations API, off the main thread's way).

Each travelling piece is a stand-in drawn on a layer over the board, above every
square, while the piece itself waits hidden where it now stands; a piece that left the board (borne
off, captured, home) fades out. A pointer press or a key anywhere finishes every
animation at once, before the page handles that press or key: input is never lost
nor delayed. With ``prefers-reduced-motion: reduce`` nothing travels: the board shows
the new position at once, its last move marked. An action taken back travels the
same way backwards (``ludeum.motion.plan_back``). No game rule lives here.
"""

from __future__ import annotations

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from ludeum.motion import plan_back, plan_for

from .page import add_markup, element

REDUCED_QUERY = "(prefers-reduced-motion: reduce)"
SVG_NS = "http://www.w3.org/2000/svg"
#: The id of every animation this room starts (tests and benchmarks look for it).
ANIMATION_ID = "ludeum-motion"


class Motion:
    def __init__(self, screen) -> None:
        self.screen = screen
        self.reduced = window.matchMedia(REDUCED_QUERY)
        self.running: list = []  # (animation, its stand-in or None)
        self.layer = None  # the SVG the stand-ins travel on, made on first use
        # Kept for the page's lifetime, like page.listen's handlers.
        self._tidy_proxy = create_proxy(self._tidy)
        self._finish_proxy = create_proxy(lambda event: self.finish())
        for kind in ("pointerdown", "keydown", "wheel"):
            # Capture: before the board or the page acts on the press or the key (and
            # before a scroll takes the board from under the layer of stand-ins).
            document.addEventListener(kind, self._finish_proxy, True)

    def played(self, before, action, after) -> None:
        """``action`` took ``before`` to ``after``, which the board now shows."""
        self.finish()
        if self.reduced.matches or document.documentElement.hasAttribute("data-motion"):
            return  # the system's or the app's own setting (src/web/settings.py)
        board = element("board").querySelector("svg")
        if not board:
            return
        try:
            animations = plan_for(before, action, after, self.screen.view.board_options())
        except ValueError:  # a move with no path (cannot happen): shown without motion
            return
        self._play(board, animations)

    def played_back(self, steps) -> None:
        """The actions ``steps`` (before, action, after, as played) were taken back:
        the board now shows the first one's ``before``; their pieces travel back."""
        self.finish()
        if self.reduced.matches or document.documentElement.hasAttribute("data-motion"):
            return
        board = element("board").querySelector("svg")
        if not board:
            return
        try:
            animations = plan_back(steps, self.screen.view.board_options())
        except ValueError:  # a move with no path (cannot happen): shown without motion
            return
        self._play(board, animations)

    def _play(self, board, animations: list[dict]) -> None:
        if not animations:
            return
        layer = self._layer(board)
        convert = window.Object.fromEntries
        timing = {"duration": animations[0]["duration"], "id": ANIMATION_ID}
        hide_options = to_js(timing, dict_converter=convert)
        options = to_js({**timing, "fill": "forwards"}, dict_converter=convert)
        hidden = to_js([{"opacity": 0}, {"opacity": 0}], dict_converter=convert)
        for item in animations:
            piece = board.querySelector(item["hide"]) if item["hide"] else None
            if piece:
                for effect in piece.getAnimations():
                    effect.cancel()  # the drawing's own arrival effect gives way to travel
                self.running.append((piece.animate(hidden, hide_options), None))
            add_markup(layer, item["markup"])
            stand_in = layer.lastElementChild
            keyframes = to_js(item["keyframes"], dict_converter=convert)
            animation = stand_in.animate(keyframes, options)
            animation.onfinish = self._tidy_proxy
            self.running.append((animation, stand_in))

    def _layer(self, board):
        """The layer the stand-ins travel on: an SVG laid exactly over the board's, with
        its viewBox and classes (so the pieces look the same), outside ``#board``,
        whose markup stays what the drawing made (tests and tabs compare it)."""
        layer = self.layer
        if layer is None:
            layer = self.layer = document.createElementNS(SVG_NS, "svg")
            layer.setAttribute("aria-hidden", "true")
            document.body.appendChild(layer)
        layer.style.removeProperty("display")
        layer.setAttribute("class", f"{board.getAttribute('class')} motion-layer")
        layer.setAttribute("viewBox", board.getAttribute("viewBox"))
        box = board.getBoundingClientRect()
        for name, value in (("left", box.left), ("top", box.top),
                            ("width", box.width), ("height", box.height)):  # fmt: skip
            layer.style.setProperty(name, f"{value}px")
        return layer

    def remaining_ms(self) -> float:
        """How long the pieces still travel: the computer's next step waits for
        them (src/web/screen.py) rather than cutting their travel short."""
        left = 0.0
        for animation, _stand_in in self.running:
            if animation.playState == "running":
                end = float(animation.effect.getComputedTiming().endTime)
                left = max(left, end - float(animation.currentTime or 0))
        return left

    def finish(self) -> None:
        """Every piece at once where it stands now, its stand-in gone."""
        running, self.running = self.running, []
        for animation, stand_in in running:
            if animation.playState != "finished":
                animation.finish()
            if stand_in is not None:
                stand_in.remove()
        self._rest()

    def _tidy(self, event=None) -> None:
        """An animation ended: the stand-ins of every finished one go."""
        still = []
        for animation, stand_in in self.running:
            if animation.playState == "finished":
                if stand_in is not None:
                    stand_in.remove()
            else:
                still.append((animation, stand_in))
        self.running = still
        if not still:
            self._rest()

    def _rest(self) -> None:
        """No piece travels: the layer leaves the layout, so that moving it to the
        board's next place is no layout shift (tests/e2e/test_layout.py counts every
        one); it shows again, in its new place, with the next travel."""
        if self.layer is not None:
            self.layer.style.setProperty("display", "none")
