"""The browser glue: the only Python that touches the page.

It turns clicks and keys into engine calls and states into markup (made by the
pure view functions in ``ludeum``), and keeps the current game in localStorage.
It holds no rules.
"""

from __future__ import annotations

import random
import time

from pyodide.ffi import create_proxy
from pyscript import document, window

from ludeum import saves
from ludeum.i18n import _
from ludeum.protocol import CHANCE, IllegalAction
from ludeum.senet import JEQUIER, Move, new_game, throw_sticks
from ludeum.senet.log import game_log, log_entry, status
from ludeum.senet.svg import board_svg, sticks_svg
from ludeum.senet.track import OFF

SAVE_KEY = "ludeum:v1:current"
QUARANTINE_PREFIX = "ludeum:v1:quarantine:"

#: Static page text, set here so that it too goes through the translation function.
PAGE_TEXT = {
    "game-name": "Senet",
    "throw": "Throw the sticks",
    "new-game": "New game",
    "moves-title": "Moves",
    "confirm-text": "Abandon this game and start a new one?",
    "confirm-yes": "Start a new game",
    "confirm-no": "Keep playing",
    "game-over-new": "Play again",
    "keys-hint": (
        "Keys: T throws; Tab moves between pieces; Enter or Space picks a piece and a square."
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


class SenetScreen:
    def __init__(self) -> None:
        self.rng = random.Random()
        self.storage = Storage()
        self.selected: int | None = None
        self.log: list[str] = []
        self.logged = 0  # entries already in the page's move list
        self.state = self._restore()
        self._proxies = []  # keep event-handler proxies alive for the page's lifetime
        self._listen(element("board"), "click", self.on_board_click)
        self._listen(element("board"), "keydown", self.on_board_key)
        self._listen(element("throw"), "click", lambda event: self.throw())
        self._listen(element("new-game"), "click", lambda event: self.ask_new_game())
        self._listen(element("confirm-yes"), "click", lambda event: self.start_new_game())
        self._listen(element("confirm-no"), "click", lambda event: self.close_confirm())
        self._listen(element("game-over-new"), "click", lambda event: self.start_new_game())
        self._listen(document, "keydown", self.on_page_key)

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
            return self._fresh_game()
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
            return self._fresh_game()
        self.log = game_log(state)
        return state

    def _fresh_game(self):
        self.log = []
        return new_game(JEQUIER, first_seat=self.rng.getrandbits(1))

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
        entry = log_entry(before, action, self.state)
        if entry:
            self.log.append(entry)
        self.selected = None
        self.save()
        self.render()

    def throw(self) -> None:
        if self.state.to_act() == CHANCE:
            self.act(throw_sticks(self.rng))

    def pick(self, square: int) -> None:
        """A tap on a square: select a piece that can move, or move the selected
        piece there."""
        state = self.state
        if state.to_act() in (None, CHANCE):
            return
        if self.selected is not None:
            move = Move(self.selected, square)
            if move in state.moves:
                self.act(move)
                return
        sources = {m.src for m in state.moves}
        self.selected = square if square in sources and square != self.selected else None
        self.render(focus=square)

    def ask_new_game(self) -> None:
        if not self.state.actions() or self.state.winner is not None:
            self.start_new_game()
            return
        element("confirm-new").hidden = False
        element("confirm-no").focus()

    def close_confirm(self) -> None:
        element("confirm-new").hidden = True
        element("new-game").focus()

    def start_new_game(self) -> None:
        element("confirm-new").hidden = True
        self.state = self._fresh_game()
        self.selected = None
        self.logged = 0
        element("moves").innerHTML = ""
        self.save()
        self.render()
        element("throw").focus()

    # -- events ---------------------------------------------------------------------

    def _square_of(self, event) -> int | None:
        target = event.target.closest("[data-square]")
        if not target:  # JS null arrives as the falsy jsnull, not None
            return None
        name = target.dataset.square
        return OFF if name == "off" else int(name)

    def on_board_click(self, event) -> None:
        square = self._square_of(event)
        if square is not None:
            self.pick(square)

    def on_board_key(self, event) -> None:
        if event.key in ("Enter", " "):
            square = self._square_of(event)
            if square is not None:
                event.preventDefault()
                self.pick(square)
        elif event.key == "Escape" and self.selected is not None:
            square = self.selected
            self.selected = None
            self.render(focus=square)

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

    def render(self, focus: int | None = None) -> None:
        state = self.state
        board = element("board")
        if focus is None:
            active = document.activeElement
            if active and board.contains(active):
                name = active.dataset.square
                focus = OFF if name == "off" else int(name) if name else None
        board.innerHTML = board_svg(state, selected=self.selected, last_move=_last_move(state))
        element("sticks").innerHTML = sticks_svg(state)
        element("status").textContent = status(state)
        element("throw").disabled = state.to_act() != CHANCE
        self._render_log()
        over = element("game-over")
        outcome = state.outcome()
        if outcome is None:
            over.hidden = True
        else:
            element("game-over-text").textContent = status(state)
            over.hidden = False
        if focus is not None:
            name = "off" if focus == OFF else str(focus)
            target = board.querySelector(f'[data-square="{name}"][tabindex]')
            if target:
                target.focus()
            elif state.to_act() == CHANCE:
                element("throw").focus()

    def _render_log(self) -> None:
        moves = element("moves")
        for entry in self.log[self.logged :]:
            item = document.createElement("li")
            item.textContent = entry
            moves.appendChild(item)
        self.logged = len(self.log)
        moves.scrollTop = moves.scrollHeight


def _last_move(state) -> Move | None:
    history = state.history
    while history:
        history, action = history
        if isinstance(action, Move):
            return action
    return None


def translate_page() -> None:
    for id_, message in PAGE_TEXT.items():
        node = element(id_)
        if node:
            node.textContent = _(message)
    element("throw").setAttribute("aria-keyshortcuts", "T")


def main() -> None:
    translate_page()
    screen = SenetScreen()
    screen.render()
    element("new-game").disabled = False
    app = element("app")
    app.dataset.state = "ready"
    app.setAttribute("aria-busy", "false")
    window.dispatchEvent(window.Event.new("ludeum:ready"))


main()
