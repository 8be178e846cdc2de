"""The sticks on the page: puts the game's sticks drawing (``ui.side_svg``) into
#sticks, starts their tumble when a new throw is shown, and plays the opening's run
of throws in quick sequence (web/opening.py).

The drawing says which throw it shows (``data-throw``, the number of throws so far,
``ludeum.senet.svg.sticks_svg``). The sticks tumble when that number has gone up by
exactly one since the drawing shown before: a throw just made, two equal throws in a
row included; not when a game is loaded, taken back or reviewed. The tumble is a CSS
animation (static/app.css) on the area's class ``tumble``: each new drawing is a new
element, so its animation starts afresh. Under ``prefers-reduced-motion`` the CSS
stops every animation; the faces show at once.
"""

from __future__ import annotations

from pyodide.ffi import create_once_callable
from pyscript import document, window

from .page import element, listen, show_markup

#: In the opening's run of throws, each throw stays this long before the next...
SEQUENCE_STEP_MS = 320
#: ...but the whole run takes at most about this long: a long opening goes faster,
#: down to SEQUENCE_FASTEST_MS a throw, and beyond that shows its last throws only
#: (the move list counts them all).
SEQUENCE_MOST_MS = 2400
SEQUENCE_FASTEST_MS = 120


class Sticks:
    def __init__(self) -> None:
        self.markup: str | None = None  # the drawing shown, as given
        self.shown_throw: int | None = None  # its data-throw
        self.frames: list[str] = []  # the opening's throws still to show, oldest first
        self.final: str | None = None  # the drawing to show once they are shown
        self.timer = None
        self.step_ms = SEQUENCE_STEP_MS
        self.started = 0.0  # when the run began (performance.now(), as events count)
        self.run = None  # the run whose first step waits for a frame (sequence)
        # A click, a tap or a key during a run of throws ends it at once.
        listen(document, "pointerdown", self.on_input)
        listen(document, "keydown", self.on_input)

    def on_input(self, event) -> None:
        # The event that started the run (the T key) does not end it.
        if self.running and float(event.timeStamp) > self.started:
            self.finish()

    def show(self, markup: str) -> None:
        """Show the game's current sticks (every render). While a run of throws is
        being shown, the run goes on if this is the drawing it ends on; anything else
        ends the run at once."""
        if self.running:
            if markup == self.final:
                return
            self.finish(show=False)
        if markup == self.markup:
            return  # the same drawing: a re-render must not replay the tumble
        self._put(markup, quick=False)

    def sequence(self, frames: list[str]) -> None:
        """Show ``frames`` (the drawings after each throw of a run, the last one the
        game's current drawing) one after another, SEQUENCE_STEP_MS apart (closer in
        a long run), each tumbling quickly. The next ``show`` of the last frame starts the run."""
        self.finish(show=False)
        if len(frames) < 2:
            return  # one throw: an ordinary throw, shown by show()
        frames = frames[-(SEQUENCE_MOST_MS // SEQUENCE_FASTEST_MS + 1) :]
        self.step_ms = max(
            SEQUENCE_FASTEST_MS, min(SEQUENCE_STEP_MS, SEQUENCE_MOST_MS // (len(frames) - 1))
        )
        self.frames = list(frames[:-1])
        self.final = frames[-1]
        self.started = float(window.performance.now())
        self._put(self.frames.pop(0), quick=True)
        # The first throw's time counts from the next frame, not from now: the rest of
        # the render that put it can take a good part of a step, and the first throw
        # must stay in view as long as the others (it flashed for 50 ms under load).
        run = self.run = object()

        def start(_timestamp) -> None:
            if self.run is run and self.running and self.timer is None:
                self._schedule()

        window.requestAnimationFrame(create_once_callable(start))

    def finish(self, show: bool = True) -> None:
        """End a run of throws at once (a click or a key): the last drawing shows."""
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        final, self.frames, self.final = self.final, [], None
        if show and final is not None and final != self.markup:
            self._put(final, quick=False, tumble=False)

    @property
    def running(self) -> bool:
        return bool(self.frames) or self.final is not None

    def _schedule(self) -> None:
        self.timer = window.setTimeout(create_once_callable(self._next), self.step_ms)

    def _next(self) -> None:
        self.timer = None
        if self.frames:
            self._put(self.frames.pop(0), quick=True)
            self._schedule()
        elif self.final is not None:
            final, self.final = self.final, None
            self._put(final, quick=True)

    def _put(self, markup: str, quick: bool, tumble: bool | None = None) -> None:
        area = element("sticks")
        show_markup(area, markup)
        self.markup = markup
        drawing = area.firstElementChild
        number = drawing.getAttribute("data-throw") if drawing else None
        number = int(number) if number is not None and str(number).isdigit() else None
        if tumble is None:
            tumble = None not in (number, self.shown_throw) and number == self.shown_throw + 1
        self.shown_throw = number
        # The class is on the area, not on the drawing: the drawing's markup stays the
        # game's own (a page reloaded shows the very same), and a new drawing inserted
        # under the class starts its animation from the beginning.
        area.classList.toggle("tumble", bool(tumble))
        area.classList.toggle("quick", bool(tumble) and quick)
