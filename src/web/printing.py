"""Printing (issue 27, item 4): "Print a sheet" in the rules dialog prints the game's
one-page sheet (its board to play on with counters, the set-up, the rules in short);
"Print the record" in the Export menu prints the game on screen, its moves and a few
diagrams. ``ludeum.sheets`` writes both; this room puts one into ``#print-sheet``,
which only paper shows (the ``@media print`` rules of static/app.css), and opens the
browser's print dialog. After printing the sheet is emptied, so that the browser's
own Print command prints the page as it is.

A kiosk prints nothing: its buttons are hidden (the Export menu with its room).
"""

from __future__ import annotations

import time

from pyscript import window

from ludeum import saves

from .page import element, listen


class Printing:
    """The print buttons of ``screen`` (a ``web.screen.GameScreen``)."""

    def __init__(self, screen) -> None:
        self.screen = screen
        kiosk = bool(screen.launch.kiosk)
        element("print-rules").hidden = kiosk
        element("print-record").hidden = kiosk
        if kiosk:
            return
        listen(element("print-rules"), "click", lambda event: self.print_game_sheet())
        listen(element("print-record"), "click", lambda event: self.print_record())
        listen(window, "afterprint", lambda event: self.clear())

    def print_game_sheet(self) -> None:
        from ludeum.sheets import game_sheet  # not needed to boot

        state = self.screen.state
        game = saves.game_name(state)
        location = window.location
        address = f"{location.origin}{location.pathname}?game={game}"
        self._print(game_sheet(game, getattr(state, "rules", None), address=address))

    def print_record(self) -> None:
        from ludeum.records import link  # not needed to boot
        from ludeum.sheets import record_sheet

        screen = self.screen
        element("export").open = False
        location = window.location
        address = f"{location.origin}{location.pathname}?record={link.encode(screen.state)}"
        when = time.strftime("%Y-%m-%d %H:%M")
        self._print(record_sheet(screen.state, screen.table.players, when=when, address=address))

    def _print(self, markup: str) -> None:
        sheet = element("print-sheet")
        sheet.innerHTML = markup
        window.print()

    def clear(self) -> None:
        element("print-sheet").innerHTML = ""
