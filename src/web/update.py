"""A new version of the site, deployed while the page is open (docs/deploying.md,
"Updating"). static/boot.js notices the new service worker waiting to take over;
this room tells the visitor and applies it when they ask, or, on a kiosk, by itself
between visitors."""

from __future__ import annotations

from pyodide.ffi import create_proxy
from pyscript import window

from ludeum.i18n import _

from .page import PAGE_TEXT, announce, element, listen
from .screen import GameScreen

#: How often a kiosk with an update waiting looks whether the visitor has gone.
KIOSK_CHECK_MS = 2000


class NewVersion:
    """The new version waiting in the wings (boot.js keeps its state in
    ``window.ludeumUpdate``, which may be set before this room exists).

    Applying it reloads every tab of the app (boot.js says why). Each tab's game comes
    back as it was, because the screen saves it after every action: only a piece
    picked and not yet moved is forgotten."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.offered = False
        self._kiosk_check = None
        self._kiosk_timer = None
        listen(window, "ludeum:update-ready", lambda event: self.offer())
        listen(element("update-reload"), "click", lambda event: self.apply())
        state = getattr(window, "ludeumUpdate", None)
        if state and state.ready:
            self.offer()

    def offer(self) -> None:
        if self.offered:
            return
        self.offered = True
        if self.screen.kiosk is not None:
            # A gallery screen asks no one: the update waits until the visitor has
            # gone and the computer plays itself again (attract mode, nothing kept).
            self._kiosk_check = create_proxy(lambda: self.apply_between_visitors())
            self._kiosk_timer = window.setInterval(self._kiosk_check, KIOSK_CHECK_MS)
            self.apply_between_visitors()
            return
        element("update").hidden = False
        text = PAGE_TEXT["update-text"]
        announce(_(text))

    def apply_between_visitors(self) -> None:
        if self.screen.attract:
            window.clearInterval(self._kiosk_timer)  # asked once: the page reloads
            self.apply()

    def apply(self) -> None:
        # The button stays usable: asking again is harmless, and is the way out if
        # the new version was slow to take over (boot.js warns after a while).
        window.ludeumUpdate.apply()
