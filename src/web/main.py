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
from ludeum.i18n import N_, _
from ludeum.protocol import CHANCE, IllegalAction
from ludeum.senet import JEQUIER, Move, new_game, throw_sticks
from ludeum.senet.log import game_log, log_entry, status
from ludeum.senet.setup_form import ruleset_name
from ludeum.senet.state import PASS
from ludeum.senet.svg import board_svg, sticks_svg
from ludeum.senet.track import OFF, PLINTH

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
        self.first_choice = "random"  # who throws first in the next new game
        self.storage = Storage()
        self.selected: int | None = None
        self.log: list[str] = []
        self.logged = 0  # entries already in the page's move list
        self.state = self._restore()
        self._proxies = []  # keep event-handler proxies alive for the page's lifetime
        self._listen(element("board"), "click", self.on_board_click)
        self._listen(element("board"), "keydown", self.on_board_key)
        self._listen(element("throw"), "click", lambda event: self.throw())
        self._listen(element("pass"), "click", lambda event: self.act(PASS))
        self._listen(element("new-game"), "click", lambda event: self.open_new_game())
        self._listen(element("new-game-form"), "submit", self.on_new_game_submit)
        self._listen(element("cancel-new-game"), "click", lambda event: self.close_new_game())
        self._listen(element("game-over-new"), "click", lambda event: self.play_again())
        self._listen(element("show-rules"), "click", lambda event: self.open_rules())
        self._listen(element("close-rules"), "click", lambda event: element("rules-dialog").close())
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

    def _fresh_game(self, rules=JEQUIER):
        self.log = []
        first = self.first_choice
        seat = self.rng.getrandbits(1) if first == "random" else int(first)
        return new_game(rules, first_seat=seat)

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
        sources = {m.src for m in state.moves if m != PASS}
        self.selected = square if square in sources and square != self.selected else None
        self.render(focus=square)

    def open_new_game(self) -> None:
        """The new-game dialog, preset to the current ruleset; the dialog is also the
        confirmation before a game in progress is replaced."""
        in_progress = bool(self.state.actions()) and self.state.winner is None
        element("replace-warning").textContent = (
            _("Starting a new game replaces the game in progress.") if in_progress else ""
        )
        from ludeum.senet.setup_form import form_html  # not needed to boot

        element("new-game-fields").innerHTML = form_html(self.state.rules, self.first_choice)
        element("new-game-dialog").showModal()

    def close_new_game(self) -> None:
        element("new-game-dialog").close()
        element("new-game").focus()

    def on_new_game_submit(self, event) -> None:
        event.preventDefault()
        values = {}
        for entry in window.FormData.new(element("new-game-form")).entries():
            name, value = entry[0], entry[1]
            values[str(name)] = str(value)
        from ludeum.senet.setup_form import choice_from_form

        rules, self.first_choice = choice_from_form(values)
        element("new-game-dialog").close()
        self.start_new_game(rules)

    def play_again(self) -> None:
        self.start_new_game(self.state.rules)

    def start_new_game(self, rules) -> None:
        self.state = self._fresh_game(rules)
        self.selected = None
        self.logged = 0
        element("moves").innerHTML = ""
        self.save()
        self.render()
        element("throw").focus()

    def open_rules(self) -> None:
        dialog = element("rules-dialog")
        dialog.setAttribute("aria-label", _("Rules"))
        from ludeum.senet.rules_pages import rules_page  # not needed to boot

        content = element("rules-content")
        content.innerHTML = rules_page(self.state.rules)
        dialog.showModal()
        content.focus()  # start reading at the top, not at the Close button
        dialog.scrollTop = 0

    # -- events ---------------------------------------------------------------------

    def _square_of(self, event) -> int | None:
        target = event.target.closest("[data-square]")
        if not target:  # JS null arrives as the falsy jsnull, not None
            return None
        return _square_from_name(target.dataset.square)

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
                focus = _square_from_name(active.dataset.square)
        board.innerHTML = board_svg(state, selected=self.selected, last_move=_last_move(state))
        element("sticks").innerHTML = sticks_svg(state)
        element("status").textContent = status(state)
        element("throw").disabled = state.to_act() != CHANCE
        element("pass").hidden = PASS not in state.moves
        element("ruleset-name").textContent = ruleset_name(state.rules)
        self._render_log()
        over = element("game-over")
        outcome = state.outcome()
        if outcome is None:
            over.hidden = True
        else:
            element("game-over-text").textContent = status(state)
            over.hidden = False
        if focus is not None:
            name = "off" if focus == OFF else "P" if focus == PLINTH else str(focus)
            target = board.querySelector(f'[data-square="{name}"][tabindex]')
            if target:
                target.focus()
            elif state.to_act() == CHANCE:
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


def _square_from_name(name) -> int | None:
    """A ``data-square`` value: a square number, ``off`` or ``P`` (the plinth)."""
    if name == "off":
        return OFF
    if name == "P":
        return PLINTH
    return int(name) if name and str(name).isdigit() else None


def _last_move(state) -> Move | None:
    history = state.history
    while history:
        history, action = history
        if isinstance(action, Move) and action != PASS:
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
    element("show-rules").disabled = False
    app = element("app")
    app.dataset.state = "ready"
    app.setAttribute("aria-busy", "false")
    window.dispatchEvent(window.Event.new("ludeum:ready"))


main()
