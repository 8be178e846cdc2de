"""Watching the computer play itself (both seats the computer, not the kiosk's
attract mode): Pause (K, or Space off any control), Step while paused, and the
speed. Paused, stepping and the pace are the table's (``ludeum.table.pause``,
``step``, ``pace``; web/pacing.py reads them); this room only wires the controls
and shows them."""

from __future__ import annotations

from pyscript import document

from ludeum import table as tables
from ludeum.i18n import _

from .page import element, listen


class Watching:
    def __init__(self, screen) -> None:
        self.screen = screen
        listen(element("watch-pause"), "click", lambda event: self.toggle())
        listen(element("watch-step"), "click", lambda event: self.step())
        listen(element("watch-speed"), "change", lambda event: self.pace())

    def toggle(self) -> None:
        screen = self.screen
        table, done = tables.pause(screen.table, not screen.table.paused)
        if table is not screen.table:
            screen.apply(table, done)  # the thinking line (a status) says it is paused

    def step(self) -> None:
        screen = self.screen
        table, done = tables.step(screen.table)
        if table is not screen.table:
            screen.apply(table, done)

    def pace(self) -> None:
        screen = self.screen
        screen.put(tables.pace(screen.table, str(element("watch-speed").value)))

    def on_key(self, event) -> bool:
        """K, or Space when no control has the focus, pauses or plays; True when handled."""
        if not self.screen.table.watching or document.querySelector("dialog[open]"):
            return False
        tag = (event.target.tagName or "").lower()
        if tag in ("input", "textarea", "select") or event.ctrlKey or event.metaKey or event.altKey:
            return False
        key = str(event.key)
        bare = document.activeElement in (None, document.body)
        if key in ("k", "K") or (key == " " and bare):
            event.preventDefault()
            self.toggle()
            return True
        return False

    def render(self) -> None:
        table = self.screen.table
        group = element("watch-controls")
        group.hidden = not table.watching
        if group.hidden:
            return
        pause = element("watch-pause")
        pause.setAttribute("aria-pressed", "true" if table.paused else "false")
        pause.title = _("Play (K)") if table.paused else _("Pause (K)")
        ended = table.state.outcome() is not None
        element("watch-step").disabled = not table.paused or ended
        element("watch-speed").value = table.speed
