"""The welcome screen's room: the games on offer, and the way back to them.

static/welcome.js picked the screen before the first paint (``<html data-screen>``)
and kept any choice clicked while Python loaded (``#app[data-queued]``); from boot on,
this room answers the cards' buttons, the Continue card and the header's "Ludeum" link
(all games). What it draws comes from ``ludeum.welcome``; the game itself is
``web.screen.GameScreen``'s.

Screens: a tab remembers the one it is on (sessionStorage), so a reload comes back to
the game being played; a new visit opens on the welcome screen, with the Continue card
when a game is unfinished (or "Your last game" when it is over). The card's picture is
stored (``CONTINUE_KEY``) whenever the visitor leaves the game (the page hidden or
closed, or back to the welcome screen), so that the next visit shows it at the first
paint; Python checks and completes the card once up.
"""

from __future__ import annotations

import json

from pyscript import document, window

from ludeum import welcome as lobby
from ludeum.i18n import _
from ludeum.records.thumbnail import position_picture

from .page import announce, element, listen, show_markup
from .storage import SAVE_KEY

#: sessionStorage (per tab): "welcome" or "game", the screen this tab is on.
SCREEN_KEY = "ludeum:v1:screen"
#: localStorage: ``{"key", "size", "game", "over", "picture"}``, the current game's picture
#: for the Continue card at the first paint (static/welcome.js); ``size`` is the saved
#: text's length in UTF-16 code units, as JavaScript counts it.
CONTINUE_KEY = "ludeum:v1:continue"


def js_length(text: str) -> int:
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


class Welcome:
    """The welcome screen of the page whose game is ``screen``."""

    def __init__(self, screen, storage) -> None:
        self.screen = screen
        self.storage = storage
        self.enabled = lobby.opens_on_welcome(str(window.location.search))
        listen(element("welcome"), "click", self.on_click)
        listen(element("home"), "click", self.on_home)
        listen(window, "pagehide", lambda event: self.remember())
        listen(document, "visibilitychange", self.on_visibility)
        listen(window, "popstate", self.on_history)
        # static/welcome.js queues the clicks until this is said, then leaves them here.
        document.documentElement.dataset.welcomeListens = "1"
        self.ready_buttons()

    @staticmethod
    def ready_buttons() -> None:
        """The buttons that only Python answers, shown now that it does: a game by
        links (web/friends.py), whose dialog asks for the game and a name."""
        for button in element("welcome").querySelectorAll(".welcome-by-links"):
            button.classList.remove("waiting")

    @property
    def showing(self) -> bool:
        return document.documentElement.getAttribute("data-screen") == "welcome"

    def take_queued(self) -> None:
        """The choice clicked while Python loaded (static/welcome.js), if any, played."""
        app = element("app")
        queued = app.getAttribute("data-queued")
        if not queued:
            return
        app.removeAttribute("data-queued")
        try:
            data = json.loads(str(queued))
        except ValueError:
            data = {}
        if isinstance(data, dict) and "lesson" in data and self.screen.lessons is not None:
            self.screen.lessons.resume(str(data["lesson"]), back="welcome")
        elif isinstance(data, dict):
            self.choose({str(k): str(v) for k, v in data.items()})
        document.documentElement.removeAttribute("data-queued-game")

    # -- the screens -------------------------------------------------------------------

    def _screen(self, name: str, step: bool = True) -> None:
        document.documentElement.dataset.screen = name
        if self.enabled:
            try:
                window.sessionStorage.setItem(SCREEN_KEY, name)
            except Exception:
                pass  # no sessionStorage: a reload opens on the welcome screen
            self.name_address(step=step)

    def name_address(self, step: bool = False) -> None:
        """The address names the game on screen (``#squadro``), so that a bookmark of
        it opens that game again while it is the one in progress (static/welcome.js),
        and the tab's title says which; the welcome screen's address has no name.
        ``step``: a move between screens, which the browser's Back button undoes (a
        history entry of its own), except in a frame, whose steps would be the host
        page's Back button's too. A link's page keeps its link: it names its game."""
        shown = document.documentElement.getAttribute("data-screen")
        if not self.enabled or shown not in ("welcome", "game"):
            return  # a lesson's address stays the one it was opened from
        name = "" if shown == "welcome" else self.screen.ui.GAME
        location = window.location
        if str(location.hash).lstrip("#") == name:
            return
        address = str(location.pathname) + str(location.search) + (f"#{name}" if name else "")
        framed = document.documentElement.hasAttribute("data-framed")
        if step and not framed:
            window.history.pushState(None, "", address)
        else:
            window.history.replaceState(None, "", address)

    def on_history(self, event) -> None:
        """Back or Forward between the welcome screen and the game (``name_address``)."""
        lessons = self.screen.lessons
        if not self.enabled or (lessons is not None and lessons.showing):
            return  # a lesson is left by its own button; its address is the game's
        named = str(window.location.hash).lstrip("#")
        if not named and not self.showing:
            if self.screen.review.active:
                self.screen.review.leave()
            self.show(step=False)
        elif named and self.showing:
            self.resume_named(named)

    def resume_named(self, named: str, booting: bool = False) -> None:
        """The address names a game (Forward, a bookmark): that game is shown if it is
        the one kept here; else the welcome screen stays, its address unnamed. At
        boot the rest of the start draws it and calls the computer."""
        if self.has_game() and named == self.screen.ui.GAME:
            self._screen("game", step=False)
            if not booting:
                self.screen.render()
                self.screen.new_game.focus_play()
                self.screen.computer_turn()
        else:
            self.name_address()

    def open_named(self) -> None:
        """At boot, before the first drawing: a bookmark names the game kept here
        while static/welcome.js, which knows only the stored picture, opened the
        welcome screen (no picture stored, or a stale one)."""
        named = str(window.location.hash).lstrip("#")
        if named and self.showing:
            self.resume_named(named, booting=True)

    def leave(self) -> None:
        """To the game screen (a game was started or continued)."""
        if self.showing:
            self._screen("game")

    def show(self, step: bool = True) -> None:
        """Back to the welcome screen, the game on screen kept as it is."""
        self.remember()
        self.render_continue(shown=True)
        self._screen("welcome", step=step)
        self.screen.computer_turn()  # a pending move of the computer's is called off
        window.scrollTo(0, 0)
        element("welcome-title").focus()
        announce(_("All games"))

    def on_home(self, event) -> None:
        if not self.enabled:
            # A launched page: the link opens the page without parameters, on the
            # welcome screen whatever this tab showed there before.
            try:
                window.sessionStorage.setItem(SCREEN_KEY, "welcome")
            except Exception:
                pass
            return
        event.preventDefault()
        if self.screen.review.active:
            self.screen.review.leave()
        self.show()

    def on_visibility(self, event) -> None:
        if str(document.visibilityState) == "hidden":
            self.remember()

    # -- what the cards ask for --------------------------------------------------------

    def on_click(self, event) -> None:
        button = event.target.closest("button")
        if not button:
            return
        lesson = button.getAttribute("data-lesson")
        if lesson and self.screen.lessons is not None:
            self.screen.lessons.resume(str(lesson), back="welcome")
            return
        data = {}
        for name in ("game", "opponent", "level", "custom", "continue", "by-links"):
            value = button.getAttribute(f"data-{name}")
            if value:  # a missing one is JS null, which arrives as the falsy jsnull
                data[name] = str(value)
        if not data:
            return
        reading = element("welcome").querySelector('input[name="welcome-reading"]:checked')
        data["reading"] = str(reading.value) if reading else "jequier"
        data["kendall"] = ",".join(
            str(box.value)
            for box in element("welcome").querySelectorAll('input[name="welcome-kendall"]:checked')
        )
        self.choose(data)

    def choose(self, data: dict[str, str]) -> None:
        screen = self.screen
        if data.get("continue"):
            self.leave()
            screen.render()
            screen.new_game.focus_play()
            screen.computer_turn()  # the computer's turn waited while out of sight
            return
        if data.get("custom"):
            screen.new_game.open(game="senet", custom=True)
            return
        if data.get("by-links"):  # a friend on another device: the game chosen there
            screen.new_game.open(friend=True)
            return
        choice = lobby.choice_from_data(data)
        if lobby.is_pristine(screen.state, screen.table.players, choice):
            # The game on screen is that game, not yet begun: nothing to replace.
            self.leave()
            screen.render()
            screen.new_game.focus_play()
            screen.computer_turn()
            return
        screen.new_game.start(choice.game, choice.options, players=choice.players)

    # -- the Continue card -------------------------------------------------------------

    def has_game(self) -> bool:
        """The visitor has a game to go back to (over or not): the Continue card."""
        screen = self.screen
        return (
            self.enabled
            and screen.viewing is None
            and not screen.launch.kiosk
            and screen.keeping.last_text is not None
        )

    def render_lessons(self) -> None:
        """Each card's lesson button says how far the learner got."""
        from ludeum import lessons

        lessons_room = self.screen.lessons
        progress = lessons_room.progress() if lessons_room is not None else {}
        for button in element("welcome").querySelectorAll("button[data-lesson]"):
            lesson_id = str(button.dataset.lesson)
            if lesson_id in lessons.LESSON_IDS:
                passed = len(progress.get(lesson_id, ()))
                show_markup(button, lobby.learn_html(lesson_id, passed))

    def render_links(self, shown: bool) -> None:
        """The unfinished games started from links (each kept in its link's own
        slot), listed with the link that resumes each one. The plain app only: a
        link's own page is not on the welcome screen. Listing them replays each
        game, so it is done only for a welcome screen ``shown`` (or about to be),
        never at the boot of a game screen."""
        links = element("welcome-links")
        games = []
        if shown and self.enabled and not self.screen.launch.kiosk:
            prefix = SAVE_KEY + "?"
            keys = self.storage.keys(prefix)
            stored = [(key[len(prefix) :], self.storage.get(key)) for key in keys]
            games = lobby.link_games(stored)
        show_markup(links, lobby.link_games_html(games))
        links.hidden = not games

    def render_continue(self, shown: bool | None = None) -> None:
        """The Continue card and the lists beside it; ``shown``: the welcome screen is
        on screen or about to be (None: as it is now)."""
        self.render_lessons()
        self.render_links(self.showing if shown is None else shown)
        card = element("welcome-continue")
        if not self.has_game():
            card.hidden = True
            return
        screen = self.screen
        details = lobby.continue_details(
            screen.state, screen.table.players, len(screen.table.log), screen.table.friend
        )
        show_markup(
            element("welcome-continue-picture"),
            position_picture(screen.state, ident="welcome-continue"),
        )
        element("welcome-continue-game").textContent = details.game
        element("welcome-continue-about").textContent = details.about
        card.dataset.over = "true" if details.over else "false"
        card.hidden = False

    def remember(self) -> None:
        """Store the Continue card's picture for the next visit's first paint, or
        forget it when there is no saved game. Failing to is harmless: the card
        then comes with Python."""
        if not self.enabled:
            return
        keeping = self.screen.keeping
        text = keeping.last_text
        if not self.has_game() or text is None or keeping.save_key != keeping.home_key:
            self.storage.remove(CONTINUE_KEY)
            return
        stored = {
            "key": keeping.save_key,
            "size": js_length(text),
            "game": self.screen.ui.GAME,
            "over": self.screen.state.outcome() is not None,
            "picture": position_picture(self.screen.state, ident="welcome-continue"),
        }
        self.storage.set(CONTINUE_KEY, json.dumps(stored, separators=(",", ":")))

    def render(self) -> None:
        """The whole screen again, in the language just chosen (the Senet fold's
        choices are kept)."""
        section = element("welcome")
        reading = section.querySelector('input[name="welcome-reading"]:checked')
        ticked = [str(b.value) for b in section.querySelectorAll("input:checked")]
        opened = bool(element("welcome-readings").open)
        show_markup(section, lobby.welcome_html())
        for box in section.querySelectorAll("input"):
            if str(box.value) in ticked and (
                box.name == "welcome-kendall" or (reading and box.value == reading.value)
            ):
                box.checked = True
        element("welcome-readings").open = opened
        self.ready_buttons()
        self.render_continue()
