"""Take back and Redo on the page: the buttons, their keys (Z, Ctrl/Cmd+Z; Y,
Ctrl/Cmd+Y, Ctrl/Cmd+Shift+Z), and what a take-back does to the game on screen.

The rules (throws stay; back to the person's last decision; redo replays what was
taken back; the ahead line kept until another move replaces it) are the pure
``ludeum.records.line``, and the transitions ``ludeum.table.take_back`` and ``redo``
apply them to the game on screen (``screen.table``) and word what was taken back
or played again; this room wires them to the buttons and keys."""

from __future__ import annotations

from pyscript import document

from ludeum import table as tables
from ludeum.i18n import N_, _
from ludeum.records import line

from .page import announce, element, listen

#: Why Take back is disabled, shown as the button's title and description.
REASONS = {
    line.AT_START: N_("Nothing to take back yet."),
    line.THROW_STAYS: N_("A throw cannot be taken back: the sticks stay as they fell."),
    line.NO_PERSON: N_("Nothing to take back: the computer made every move so far."),
}


class TakeBack:
    def __init__(self, screen) -> None:
        self.screen = screen
        listen(element("take-back"), "click", lambda event: self.take_back())
        listen(element("redo"), "click", lambda event: self.redo())

    def look_back(self) -> line.LookBack:
        """Where a take-back would land: kept on the table, which follows each action
        in constant time; a replay from the start (O(n)) only for a game just put
        on screen (a resumed game's comes with its load)."""
        screen = self.screen
        screen.put(tables.with_look_back(screen.table))
        return screen.table.looked[2]

    def on_key(self, event) -> bool:
        """Z / Ctrl+Z take back, Y / Ctrl+Y / Ctrl+Shift+Z redo; True when handled."""
        tag = (event.target.tagName or "").lower()
        if tag in ("input", "textarea", "select") or event.altKey:
            return False  # a form field's own undo
        if document.querySelector("dialog[open]"):
            return False  # not behind a dialog
        key = str(event.key).lower()
        command = event.ctrlKey or event.metaKey
        if key == "z" and not event.shiftKey:
            event.preventDefault()
            self.take_back()
            return True
        if key == "y" or (key == "z" and command and event.shiftKey):
            event.preventDefault()
            self.redo()
            return True
        return False

    # -- the two commands -------------------------------------------------------------

    def _still(self) -> bool:
        """No take-back in the kiosk's own games, in a shared game only looked at, nor
        while a past position is reviewed (web/review.py: "Back to the game" first)."""
        screen = self.screen
        review = getattr(screen, "review", None)
        reviewing = review is not None and review.active
        return bool(screen.attract or screen.viewing is not None or reviewing)

    def take_back(self) -> None:
        screen = self.screen
        if self._still():
            return
        self.look_back()  # known on the table, so that the take-back needs no replay
        table, done = tables.take_back(screen.table)
        if done.refused:
            announce(_(REASONS[done.refused]))
            return
        if table is not screen.table:
            # Rebuilt, saved, drawn, the pieces travelling back, what was taken back
            # said; the computer acts again only if its turn.
            screen.apply(table, done)

    def redo(self) -> None:
        screen = self.screen
        if self._still() or not screen.table.ahead:
            return
        before = screen.state
        table, done = tables.redo(screen.table)
        if table.state is before:  # a line that no longer follows: dropped (never a crash)
            screen.put(table)
            self.render()
            return
        screen.apply(table, done)

    # -- drawing ----------------------------------------------------------------------

    def render(self) -> None:
        screen = self.screen
        back_button, redo_button = element("take-back"), element("redo")
        back = self.look_back()
        by_links = screen.table.friend is not None  # what was sent is final
        back_button.disabled = self._still() or back.state is None or by_links
        reason = "" if back.state is not None else _(REASONS[back.reason])
        if by_links:
            reason = _("In a game by links, a move once played is final.")
        back_button.title = reason or _("Take back your last move (Z)")
        redo_button.disabled = self._still() or not screen.table.ahead or by_links
        redo_button.title = (
            _("Play again the move taken back (Y)") if screen.table.ahead else _("Nothing to redo.")
        )
        # A button that a click just disabled must not drop the keyboard focus.
        active = document.activeElement
        for button, other in ((back_button, redo_button), (redo_button, back_button)):
            if active and active.id == button.id and button.disabled and not other.disabled:
                other.focus()
