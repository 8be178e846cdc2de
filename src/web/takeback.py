"""Take back and Redo on the page: the buttons, their keys (Z, Ctrl/Cmd+Z; Y,
Ctrl/Cmd+Y, Ctrl/Cmd+Shift+Z), and what a take-back does to the game on screen.

The rules (throws stay; back to the person's last decision; redo replays what was
taken back; the ahead line kept until another move replaces it) are the pure
``ludeum.records.line``; this room only wires them to a ``web.screen.GameScreen``,
whose ``ahead`` holds the line beyond the position shown."""

from __future__ import annotations

from pyscript import document

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
        # look_back replays the game from its start (O(n)): done once for a game
        # put on screen (a resumed game's comes with its load, ``known``), then kept
        # up to date after each action (line.looked_after).
        self._looked: tuple | None = None  # (state, players, LookBack)
        listen(element("take-back"), "click", lambda event: self.take_back())
        listen(element("redo"), "click", lambda event: self.redo())

    def known(self, state, players, back: line.LookBack) -> None:
        """The look-back of ``state`` for ``players`` is ``back``, worked out by the
        replay that loaded it (``ludeum.records.resume``): no replay of its own."""
        self._looked = (state, players, back)

    def look_back(self) -> line.LookBack:
        screen = self.screen
        cached = self._looked
        if cached is None or cached[0] is not screen.state or cached[1] != screen.players:
            cached = (screen.state, screen.players, line.look_back(screen.state, screen.players))
            self._looked = cached
        return cached[2]

    def throw(self):
        """The throw to play now: the ahead line's when it holds one here (a throw
        that was seen never changes), else fresh sticks."""
        screen = self.screen
        return line.next_throw(screen.state, screen.ahead) or screen.ui.throw(
            screen.state, screen.rng
        )

    def played(self, before, action) -> tuple:
        """``action`` was just played from ``before``: the look-back follows it, and
        the ahead line is returned as it now stands (kept if the action follows it,
        else gone)."""
        screen = self.screen
        cached = self._looked
        if cached is not None and cached[0] is before and cached[1] == screen.players:
            back = line.looked_after(cached[2], before, action, screen.players)
            self._looked = (screen.state, screen.players, back)
        return line.kept(screen.ahead, action)

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
        back = self.look_back()
        if back.state is None:
            announce(_(REASONS[back.reason]))
            return
        words = self._entries(back.state, back.removed)
        said = self._show(back.state, back.removed + tuple(screen.ahead))
        what = "; ".join(words) if words else _("the last move")
        text = _("Taken back: {moves}.", moves=what)
        announce(" ".join([text, screen.ui.status(screen.state), *said]))

    def redo(self) -> None:
        screen = self.screen
        if self._still() or not screen.ahead:
            return
        before = screen.state
        try:
            state, ahead = line.redo(before, screen.ahead, screen.players)
        except ValueError:  # a line that no longer follows (cannot happen; never crash)
            screen.ahead = ()
            self.render()
            return
        played = tuple(screen.ahead[: len(screen.ahead) - len(ahead)])
        said = self._show(state, ahead)
        words = self._entries(before, played)
        what = "; ".join(words) if words else _("the next move")
        text = _("Played again: {moves}.", moves=what)
        announce(" ".join([text, screen.ui.status(state), *said]))

    def _entries(self, state, actions) -> list[str]:
        """The move-list lines of ``actions`` played from ``state``, without their
        closing full stop (they are read out as one list)."""
        ui, words = self.screen.ui, []
        for action in actions:
            after = state.apply(action)
            entry = ui.log_entry(state, action, after)
            if entry:
                words.append(entry.rstrip("."))
            state = after
        return words

    def _show(self, state, ahead) -> list[str]:
        """Put ``state`` on screen with the line ``ahead``: any pending request to
        the computer is dropped, the move list rebuilt, the game saved. Returns what
        saving had to say, to be read out after the take-back itself."""
        screen = self.screen
        screen.state = state
        screen.ahead = tuple(ahead)
        screen.selected = None
        screen.hint = None
        screen.log = screen.ui.game_log(state)
        screen.logged = 0
        element("moves").innerHTML = ""
        screen.to_say = []
        screen.keeping.save()
        said, screen.to_say = screen.to_say, None
        screen.render()
        # Bumps request_id, so a reply or a throw the computer had under way is
        # dropped; the computer acts again only if the turn is now its own.
        screen.computer_turn()
        return said

    # -- drawing ----------------------------------------------------------------------

    def render(self) -> None:
        screen = self.screen
        back_button, redo_button = element("take-back"), element("redo")
        back = self.look_back()
        back_button.disabled = self._still() or back.state is None
        reason = "" if back.state is not None else _(REASONS[back.reason])
        back_button.title = reason or _("Take back your last move (Z)")
        redo_button.disabled = self._still() or not screen.ahead
        redo_button.title = (
            _("Play again the move taken back (Y)") if screen.ahead else _("Nothing to redo.")
        )
        # A button that a click just disabled must not drop the keyboard focus.
        active = document.activeElement
        for button, other in ((back_button, redo_button), (redo_button, back_button)):
            if active and active.id == button.id and button.disabled and not other.disabled:
                other.focus()
