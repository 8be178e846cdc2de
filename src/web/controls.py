"""The game's controls: taps and keys on the board (a piece chosen, then its
target; one tap for a piece's only move), the Throw and Pass buttons, the page's
keys (T throws, H asks a hint, ? shows the keys' help; Z and Y are web/takeback.py's,
K web/watching.py's)
and the rules dialog. What a tap means is the game's pure ``ui.tap``."""

from __future__ import annotations

from pyscript import document

from ludeum import table as tables
from ludeum.i18n import _

from .page import arrow_on_board, element, listen, show_markup

#: Keys that say the visitor plays by keyboard, which shows them the keys' help (a
#: touch screen or a mouse never needs that paragraph).
KEYBOARD_USER_KEYS = ("Tab", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")


def square_of(event) -> str | None:
    """The ``data-square`` name of the board element an event is on, if any."""
    target = event.target.closest("[data-square]")
    if not target:  # JS null arrives as the falsy jsnull, not None
        return None
    return str(target.dataset.square)


class Controls:
    """The controls of the game on ``screen`` (a ``web.screen.GameScreen``)."""

    def __init__(self, screen, settings) -> None:
        self.screen = screen
        self.settings = settings  # one-tap moves on or off (web/settings.py)
        board = element("board")
        listen(board, "click", self.on_board_click)
        listen(board, "keydown", self.on_board_key)
        # A tap on the board or a key while the computer plays a turn: the rest
        # without pauses. (Not a tap on the tools: Take back must still cancel.)
        listen(board, "pointerdown", lambda event: screen.pacing.hurry_up())
        listen(element("throw"), "click", lambda event: self.throw())
        listen(element("pass"), "click", lambda event: self.pass_turn())
        listen(element("hint"), "click", lambda event: screen.pacing.ask_hint())
        listen(element("show-rules"), "click", lambda event: self.open_rules())
        listen(element("close-rules"), "click", lambda event: element("rules-dialog").close())
        listen(element("rules-x"), "click", lambda event: element("rules-dialog").close())
        listen(document, "keydown", self.on_page_key)

    def throw(self) -> None:
        screen = self.screen
        if screen.opening.due():
            screen.opening.decide()
        elif screen.ui.can_throw(screen.state):
            screen.act(tables.throw_for(screen.table, screen.rng))

    def pass_turn(self) -> None:
        action = self.screen.ui.pass_move(self.screen.state)
        if action is not None:
            self.screen.act(action)

    def pick(self, name: str, by_pointer: bool = False) -> None:
        """A tap on a board element: the game's ui decides what it selects or plays. A
        click or tap (not a key: keyboard play stays two steps) on a piece with a
        single move plays it at once, unless the visitor turned one-tap moves off."""
        screen = self.screen
        table = screen.table
        if table.computer_to_play() or screen.review.active:
            return
        ui, state = table.ui, table.state
        selected, action = ui.tap(state, table.selected, name)
        if action is None and by_pointer and self.settings.one_tap and selected == name:
            moves = ui.piece_actions(state, name)
            if len(moves) == 1:
                selected, action = None, moves[0]
        screen.change(tables.select, selected)
        if action is not None:
            screen.act(action)
        else:
            screen.render(focus=name)

    def open_rules(self) -> None:
        dialog = element("rules-dialog")
        dialog.setAttribute("aria-label", _("Rules"))
        content = element("rules-content")
        show_markup(content, self.screen.ui.rules_page(self.screen.state))
        dialog.showModal()
        content.focus()  # start reading at the top, not at the Close button
        dialog.scrollTop = 0

    # -- events ------------------------------------------------------------------------

    def on_board_click(self, event) -> None:
        name = square_of(event)
        if name is not None:
            # detail 0: a click made by a key (Enter or Space on a focused cell), which
            # on_board_key plays two-step; a pointer's click counts its presses.
            self.pick(name, by_pointer=int(event.detail or 0) > 0)

    def on_board_key(self, event) -> None:
        selected = self.screen.table.selected
        if event.key in ("Enter", " "):
            name = square_of(event)
            if name is not None:
                event.preventDefault()
                self.pick(name)
        elif event.key == "Escape" and selected is not None:
            self.screen.change(tables.select, None)
            self.screen.render(focus=selected)
        else:
            arrow_on_board(element("board"), event)

    def on_page_key(self, event) -> None:
        screen = self.screen
        if not (event.ctrlKey or event.metaKey) and str(event.key).lower() not in ("z", "y"):
            screen.pacing.hurry_up()  # but take back and redo act on the turn as it stands
        if screen.away():
            return  # the game is out of sight: its keys wait for it
        keys = element("keys-hint")
        if event.key == "?":
            keys.hidden = not keys.hidden  # the keyboard help, on demand
        elif keys.hidden and event.key in KEYBOARD_USER_KEYS:
            keys.hidden = False  # a keyboard user: the keys are worth a line
        if screen.takeback.on_key(event) or screen.watching.on_key(event):
            return
        tag = (event.target.tagName or "").lower()
        if tag in ("input", "textarea", "select") or event.ctrlKey or event.metaKey or event.altKey:
            return
        if event.key in ("t", "T"):
            self.throw()
        elif event.key in ("h", "H"):
            screen.pacing.ask_hint()
