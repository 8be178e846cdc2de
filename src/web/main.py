"""The browser glue: the only Python that touches the page.

It turns clicks and keys into engine calls and states into markup, and keeps the
current game in localStorage. It holds no rules and knows no game: the words, the
drawings and what a tap means come from each game's pure ``ui`` module
(``ludeum.games``).
"""

from __future__ import annotations

import random
import time

from pyodide.ffi import create_proxy
from pyscript import document, window

from ludeum import saves
from ludeum.games import GAMES, ui_for
from ludeum.games import ui as game_ui
from ludeum.i18n import N_, _
from ludeum.protocol import IllegalAction
from ludeum.senet import JEQUIER

SAVE_KEY = "ludeum:v1:current"
QUARANTINE_PREFIX = "ludeum:v1:quarantine:"

#: Static page text, set here so that it too goes through the translation function.
PAGE_TEXT = {
    "game-name": N_("Senet"),
    "throw": N_("Throw the sticks"),
    "pass": N_("Pass"),
    "new-game": N_("New game"),
    "show-rules": N_("Rules"),
    "moves-title": N_("Moves"),
    "game-over-new": N_("Play again"),
    "new-game-title": N_("New game"),
    "start-game": N_("Start"),
    "cancel-new-game": N_("Cancel"),
    "close-rules": N_("Close"),
    "keys-hint": N_(
        "Keys: Tab moves between pieces; Enter or Space picks a piece, then where it goes; "
        "T throws the sticks in Senet."
    ),
}


def element(id_: str):
    return document.getElementById(id_)


class Storage:
    """localStorage that never throws: a browser may block it (privacy settings,
    cross-site frames), and then the game is simply not kept."""

    def __init__(self) -> None:
        self.available = True

    def get(self, key: str) -> str | None:
        try:
            value = window.localStorage.getItem(key)
        except Exception:
            self.available = False
            return None
        return value if isinstance(value, str) else None  # JS null arrives as jsnull

    def set(self, key: str, value: str) -> bool:
        try:
            window.localStorage.setItem(key, value)
            return True
        except Exception:
            self.available = False
            return False

    def remove(self, key: str) -> None:
        try:
            window.localStorage.removeItem(key)
        except Exception:
            self.available = False


class GameScreen:
    """The current game on the page, whichever game it is: every game-specific
    word, drawing and tap rule comes from the game's ``ui`` module."""

    def __init__(self) -> None:
        self.rng = random.Random()
        self.first_choice = "random"  # who starts the next new game
        self.storage = Storage()
        self.selected: str | None = None  # the data-square name of the chosen piece
        self.aid = False  # a game's learning aid (Lodestone's magnet map) is shown
        self.log: list[str] = []
        self.logged = 0  # entries already in the page's move list
        self.state = self._restore()
        self._proxies = []  # keep event-handler proxies alive for the page's lifetime
        self._listen(element("board"), "click", self.on_board_click)
        self._listen(element("board"), "keydown", self.on_board_key)
        self._listen(element("throw"), "click", lambda event: self.throw())
        self._listen(element("pass"), "click", lambda event: self.pass_turn())
        self._listen(element("new-game"), "click", lambda event: self.open_new_game())
        self._listen(element("new-game-form"), "submit", self.on_new_game_submit)
        self._listen(element("cancel-new-game"), "click", lambda event: self.close_new_game())
        self._listen(element("game-over-new"), "click", lambda event: self.play_again())
        self._listen(element("game-over-alt"), "click", lambda event: self.play_variant())
        self._listen(element("aid"), "change", self.on_aid)
        self._listen(element("show-rules"), "click", lambda event: self.open_rules())
        self._listen(element("close-rules"), "click", lambda event: element("rules-dialog").close())
        self._listen(document, "keydown", self.on_page_key)

    @property
    def ui(self):
        return ui_for(self.state)

    def _listen(self, target, kind: str, handler) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(kind, proxy)

    # -- persistence ----------------------------------------------------------------

    def _restore(self):
        text = self.storage.get(SAVE_KEY)
        if text is None:
            if not self.storage.available:
                self.notice(_("This browser does not let the page store anything: the game "
                              "can be played but will not be kept after a reload."))  # fmt: skip
            return self._fresh_game("senet", {})
        try:
            state = saves.load(text)
        except saves.SaveError as error:
            # Keep the unreadable record aside rather than lose it.
            kept = self.storage.set(QUARANTINE_PREFIX + time.strftime("%Y%m%dT%H%M%S"), text)
            if kept:
                self.storage.remove(SAVE_KEY)
            self.notice(
                _("Your saved game could not be read, so a new game has started. "
                  "The old record was kept aside in this browser's storage."),
                detail=str(error),
            )  # fmt: skip
            return self._fresh_game("senet", {})
        self.log = ui_for(state).game_log(state)
        return state

    def _fresh_game(self, game: str, options: dict):
        self.log = []
        first = self.first_choice
        seat = self.rng.getrandbits(1) if first == "random" else int(first)
        return game_ui(game).start(options, seat)

    def save(self) -> None:
        self.storage.set(SAVE_KEY, saves.dump(self.state))

    # -- actions --------------------------------------------------------------------

    def act(self, action) -> None:
        before = self.state
        try:
            self.state = before.apply(action)
        except IllegalAction as error:
            self.notice(_("That move is not allowed."), detail=str(error))
            return
        entry = self.ui.log_entry(before, action, self.state)
        if entry:
            self.log.append(entry)
        self.selected = None
        self.save()
        self.render()

    def throw(self) -> None:
        if self.ui.can_throw(self.state):
            self.act(self.ui.throw(self.state, self.rng))

    def pass_turn(self) -> None:
        action = self.ui.pass_move(self.state)
        if action is not None:
            self.act(action)

    def pick(self, name: str) -> None:
        """A tap on a board element: the game's ui decides what it selects or plays."""
        self.selected, action = self.ui.tap(self.state, self.selected, name)
        if action is not None:
            self.act(action)
        else:
            self.render(focus=name)

    def open_new_game(self) -> None:
        """The new-game dialog, preset to the current game; the dialog is also the
        confirmation before a game in progress is replaced."""
        from ludeum.senet.setup_form import form_html  # not needed to boot

        in_progress = bool(self.state.actions()) and self.state.winner is None
        element("replace-warning").textContent = (
            _("Starting a new game replaces the game in progress.") if in_progress else ""
        )
        rules = getattr(self.state, "rules", None) or JEQUIER
        element("new-game-fields").innerHTML = form_html(
            rules, self.first_choice, game=self.ui.GAME
        )
        element("new-game-dialog").showModal()

    def close_new_game(self) -> None:
        element("new-game-dialog").close()
        element("new-game").focus()

    def on_new_game_submit(self, event) -> None:
        from ludeum.senet.setup_form import choice_from_form

        event.preventDefault()
        values = {}
        for entry in window.FormData.new(element("new-game-form")).entries():
            values[str(entry[0])] = str(entry[1])
        from ludeum.lodestone import LodestoneRules

        game = values.get("game", "senet")
        game = game if game in GAMES else "senet"
        rules, self.first_choice = choice_from_form(values)
        lodestone_rules = LodestoneRules(per_colour_reading="per_colour_reading" in values)
        element("new-game-dialog").close()
        self.start_new_game(game, {"rules": rules, "lodestone_rules": lodestone_rules})

    def play_variant(self) -> None:
        """The game's own offer at the end (Lodestone: rotate the board)."""
        after_game = getattr(self.ui, "after_game", None)
        if after_game is not None:
            self.start_new_game(self.ui.GAME, after_game(self.state)[1])

    def on_aid(self, event) -> None:
        self.aid = bool(element("aid").checked)
        self.render()

    def play_again(self) -> None:
        rules = getattr(self.state, "rules", None)
        self.start_new_game(self.ui.GAME, {"rules": rules, "lodestone_rules": rules})

    def start_new_game(self, game: str, options: dict) -> None:
        self.state = self._fresh_game(game, options)
        self.selected = None
        self.logged = 0
        element("moves").innerHTML = ""
        self.save()
        self.render()
        element("throw" if self.ui.can_throw(self.state) else "new-game").focus()

    def open_rules(self) -> None:
        dialog = element("rules-dialog")
        dialog.setAttribute("aria-label", _("Rules"))
        content = element("rules-content")
        content.innerHTML = self.ui.rules_page(self.state)
        dialog.showModal()
        content.focus()  # start reading at the top, not at the Close button
        dialog.scrollTop = 0

    # -- events ---------------------------------------------------------------------

    def _name_of(self, event) -> str | None:
        target = event.target.closest("[data-square]")
        if not target:  # JS null arrives as the falsy jsnull, not None
            return None
        return str(target.dataset.square)

    def on_board_click(self, event) -> None:
        name = self._name_of(event)
        if name is not None:
            self.pick(name)

    def on_board_key(self, event) -> None:
        if event.key in ("Enter", " "):
            name = self._name_of(event)
            if name is not None:
                event.preventDefault()
                self.pick(name)
        elif event.key == "Escape" and self.selected is not None:
            name = self.selected
            self.selected = None
            self.render(focus=name)

    def on_page_key(self, event) -> None:
        tag = (event.target.tagName or "").lower()
        if tag in ("input", "textarea", "select") or event.ctrlKey or event.metaKey or event.altKey:
            return
        if event.key in ("t", "T"):
            self.throw()

    # -- drawing --------------------------------------------------------------------

    def notice(self, text: str, detail: str | None = None) -> None:
        box = element("notice")
        box.textContent = text
        if detail:
            more = document.createElement("small")
            more.className = "detail"
            more.textContent = detail
            box.appendChild(more)
        box.hidden = False

    def render(self, focus: str | None = None) -> None:
        state, ui = self.state, self.ui
        board = element("board")
        if focus is None:
            active = document.activeElement
            if active and board.contains(active) and active.dataset.square:
                focus = str(active.dataset.square)
        aid_label = getattr(ui, "AID_LABEL", None)
        element("aid-line").hidden = aid_label is None
        extra = {"aid": self.aid} if aid_label else {}
        if aid_label:
            element("aid-label").textContent = _(aid_label)
        board.innerHTML = ui.board_svg(
            state, selected=self.selected, last_move=ui.last_move(state), **extra
        )
        element("sticks").innerHTML = ui.side_svg(state)
        element("status").textContent = ui.status(state)
        element("game-name").textContent = ui.title()
        element("throw").disabled = not ui.can_throw(state)
        element("throw").hidden = ui.GAME != "senet"
        element("pass").hidden = ui.pass_move(state) is None
        element("ruleset-name").textContent = ui.ruleset_name(state)
        self._render_log()
        over = element("game-over")
        if state.outcome() is None:
            over.hidden = True
        else:
            element("game-over-text").textContent = ui.status(state)
            offer = getattr(ui, "after_game", None)
            element("game-over-alt").hidden = offer is None
            if offer is not None:
                element("game-over-alt").textContent = offer(state)[0]
            over.hidden = False
        if focus is not None:
            target = board.querySelector(f'[data-square="{focus}"][tabindex]')
            if target:
                target.focus()
            elif ui.can_throw(state):
                element("throw").focus()
            elif state.to_act() is None:
                element("game-over-new").focus()

    def _render_log(self) -> None:
        moves = element("moves")
        for entry in self.log[self.logged :]:
            item = document.createElement("li")
            item.textContent = entry
            moves.appendChild(item)
        self.logged = len(self.log)
        moves.scrollTop = moves.scrollHeight


def translate_page() -> None:
    for id_, message in PAGE_TEXT.items():
        node = element(id_)
        if node:
            node.textContent = _(message)
    element("throw").setAttribute("aria-keyshortcuts", "T")


def main() -> None:
    translate_page()
    screen = GameScreen()
    screen.render()
    element("new-game").disabled = False
    element("show-rules").disabled = False
    app = element("app")
    app.dataset.state = "ready"
    app.setAttribute("aria-busy", "false")
    window.dispatchEvent(window.Event.new("ludeum:ready"))


main()
