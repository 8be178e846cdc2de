"""Kiosk mode for a gallery screen: full screen, attract mode between visitors, and an
"Are you still there?" countdown."""

from __future__ import annotations

import time

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from ludeum import table as tables
from ludeum.i18n import _
from ludeum.site import current as current_site

from .page import element, listen
from .screen import GameScreen

#: The "Are you still there?" countdown, in seconds (shorter if the idle time is).
COUNTDOWN_SECONDS = 20
#: Between visitors the computer plays itself ("attract mode") at ATTRACT_LEVEL,
#: slowly (web/pacing.py), and starts again after a game: after the site's
#: ``[kiosk] attract_pause_seconds`` (ludeum.toml; 8 unless it says otherwise).
ATTRACT_LEVEL = "medium"


class Kiosk:
    """Kiosk mode (``?kiosk=1``): a full-screen layout for a gallery screen, with no
    text selection or context menu. After ``idle`` seconds with no touch or key it
    asks "Are you still there?" with a countdown, then resets to attract mode."""

    def __init__(self, screen: GameScreen, idle_seconds: int) -> None:
        self.screen = screen
        self.idle_seconds = idle_seconds
        self.countdown_seconds = min(COUNTDOWN_SECONDS, idle_seconds)
        self.last_touch = time.monotonic()
        self.asked_at: float | None = None  # when the countdown began
        document.documentElement.classList.add("kiosk")
        # A gallery screen is touched: no focus ring until a key is pressed (even
        # where the screen does not say its pointer is coarse; static/input-kind.js).
        document.documentElement.dataset.input = "pointer"
        listen(document, "pointerdown", self.on_touch)
        listen(document, "keydown", self.on_touch)
        listen(document, "contextmenu", lambda event: event.preventDefault())
        listen(element("attract"), "click", lambda event: self.wake())
        listen(element("attract-learn"), "click", lambda event: self.learn())
        listen(element("idle-continue"), "click", lambda event: self.still_here())
        listen(element("idle-x"), "click", lambda event: self.still_here())
        listen(element("idle-dialog"), "close", lambda event: self.still_here())
        self._tick = create_proxy(lambda: self.tick())
        window.setInterval(self._tick, 1000)

    # -- attract mode ------------------------------------------------------------------

    def enter_attract(self) -> None:
        """Between visitors: close every dialog, forget the last visitor's game and let
        the computer play itself slowly until someone touches the screen."""
        screen = self.screen
        for id_ in ("new-game-dialog", "rules-dialog", "idle-dialog", "compare-dialog"):
            if element(id_).open:
                element(id_).close()
        screen.keeping.forget()
        if screen.lessons is not None:  # the last visitor's lesson ends with their visit
            screen.lessons.close()
        document.documentElement.dataset.mode = "attract"
        element("attract").hidden = False
        element("attract-learn").hidden = False
        self._attract_game()
        element("attract").focus()

    def _attract_game(self) -> None:
        screen = self.screen
        if screen.welcome is not None:
            screen.welcome.leave()  # first: the computer does not play out of sight
        fresh = screen.new_game.launched()
        screen.apply(*tables.attract_in(screen.table, fresh, ATTRACT_LEVEL))

    def again_later(self, request: int) -> None:
        """A game of attract mode is over: another after a while, unless a visitor
        came meanwhile (a new request: another game)."""

        def again() -> None:
            if self.screen.attract and request == self.screen.table.request:
                self._attract_game()

        pause_ms = current_site().attract_pause_seconds * 1000
        window.setTimeout(create_once_callable(again), pause_ms)

    def leave_attract(self) -> None:
        """Someone touched the screen: a fresh game for the visitor."""
        screen = self.screen
        if not screen.attract:
            return
        document.documentElement.dataset.mode = "play"
        element("attract").hidden = True
        element("attract-learn").hidden = True
        new_game = screen.new_game
        fresh = new_game.launched()
        screen.apply(*tables.attract_out(screen.table, fresh, new_game.launch_players()))
        new_game.focus_play()

    # -- a visitor's time -----------------------------------------------------------------

    def on_touch(self, event) -> None:
        self.last_touch = time.monotonic()
        if self.screen.attract and event.type == "keydown" and event.key not in ("Tab", "Shift"):
            event.preventDefault()
            self.wake()

    def wake(self) -> None:
        self.last_touch = time.monotonic()
        self.leave_attract()
        full_screen()

    def learn(self) -> None:
        """The kiosk's "Learn to play": its game's lesson, for the visitor who woke it."""
        self.wake()
        lessons = self.screen.lessons
        if lessons is not None:
            from ludeum.lessons import for_game

            lessons.open(for_game(self.screen.ui.GAME).id, back="game")

    def still_here(self) -> None:
        self.last_touch = time.monotonic()
        self.asked_at = None
        dialog = element("idle-dialog")
        if dialog.open:
            dialog.close()

    def tick(self) -> None:
        if self.screen.attract:
            return
        now = time.monotonic()
        dialog = element("idle-dialog")
        if self.asked_at is None:
            if now - self.last_touch >= self.idle_seconds:
                self.asked_at = now
                self._show_countdown(self.countdown_seconds)
                dialog.showModal()
                element("idle-continue").focus()
            return
        left = self.countdown_seconds - int(now - self.asked_at)
        if left > 0:
            self._show_countdown(left)
            return
        self.asked_at = None
        if dialog.open:
            dialog.close()
        self.enter_attract()

    def _show_countdown(self, seconds: int) -> None:
        element("idle-countdown").textContent = _(
            "The game will start again for the next visitor in {seconds} s.", seconds=seconds
        )


def full_screen() -> None:
    """Ask for full screen, where the browser allows it (a frame needs allow="fullscreen");
    a refusal is fine: a kiosk browser usually runs full screen already."""
    root = document.documentElement
    if document.fullscreenElement or not document.fullscreenEnabled:
        return
    try:
        root.requestFullscreen().catch(create_once_callable(lambda error: None))
    except Exception:
        pass
