"""Printing (issue 27, item 4): "Print a sheet" in the rules dialog prints the game's
one-page sheet (its board to play on with counters, the set-up, the rules in short);
"Print the record" in the Export menu prints the game on screen, its moves and a few
diagrams. ``ludeum.sheets`` writes both; this room puts one into ``#print-sheet``,
which only paper shows (the ``@media print`` rules of static/app.css), and opens the
browser's print dialog. After printing the sheet is emptied, so that the browser's
own Print command prints the page as it is.

Both carry the app's address and its QR code (issue 37). The code's modules come from
npm's qrcode-generator (vendored by scripts/build.py), imported the first time the
visitor prints, never at boot; the service worker keeps it for offline visits
(scripts/service-worker.mjs). Where it cannot be had (offline before it was ever
fetched) the sheet prints without the code, its written address kept.

A kiosk prints nothing: its buttons are hidden (the Export menu with its room).
"""

from __future__ import annotations

import asyncio
import time

from pyscript import js_import, window

from ludeum import saves

from .page import element, listen, show_markup, site_file

#: The QR encoder, as scripts/build.py vendors it (its source path, relative to the
#: page: the build names it by its content, web.page.site_file).
QR_ENCODER = "static/vendor/qrcode-generator/qrcode.mjs"


class Printing:
    """The print buttons of ``screen`` (a ``web.screen.GameScreen``)."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.encoder = None  # qrcode-generator's qrcode(), once imported
        kiosk = bool(screen.launch.kiosk)
        element("print-rules").hidden = kiosk
        element("print-record").hidden = kiosk
        if kiosk:
            return
        listen(element("print-rules"), "click", lambda event: self.print_game_sheet())
        listen(element("print-record"), "click", lambda event: self.print_record())
        listen(window, "afterprint", lambda event: self.clear())
        # The encoder is fetched when a print button comes into view (the rules
        # dialog, the Export menu), so that the click itself prints at once: Safari
        # may refuse window.print() that comes after an await rather than a click.
        listen(element("show-rules"), "click", lambda event: self.warm())
        listen(element("export"), "toggle", lambda event: self.warm())
        self.warming = None

    def print_game_sheet(self) -> None:
        from ludeum.sheets import game_sheet  # not needed to boot

        state = self.screen.state
        game = saves.game_name(state)
        rules = getattr(state, "rules", None)
        location = window.location
        address = f"{location.origin}{location.pathname}?game={game}"
        self._print(address, lambda qr: game_sheet(game, rules, address=address, qr=qr))

    def print_record(self) -> None:
        from ludeum.records import link  # not needed to boot
        from ludeum.sheets import record_sheet

        screen = self.screen
        element("export").open = False
        location = window.location
        address = f"{location.origin}{location.pathname}?record={link.encode(screen.state)}"
        when = time.strftime("%Y-%m-%d %H:%M")
        state, players = screen.state, screen.table.players
        self._print(
            address, lambda qr: record_sheet(state, players, when=when, address=address, qr=qr)
        )

    def warm(self) -> None:
        """Start fetching the encoder, once, if it is not at hand."""
        if self.encoder is None and self.warming is None:
            self.warming = asyncio.ensure_future(self._import())

    async def _import(self) -> None:
        try:
            url = window.URL.new(site_file(QR_ENCODER), window.document.baseURI).href
            (module,) = await js_import(url)
            self.encoder = module.default
        except Exception as error:  # offline before it was ever fetched: no code
            window.console.warn(f"ludeum: printing without a QR code: {error}")
            self.warming = None  # tried again at the next print

    def _print(self, address: str, sheet) -> None:
        """Print ``sheet(qr)``, ``qr`` being the modules of ``address``'s code: at
        once when the encoder is at hand, else once it is imported (or not)."""
        if self.encoder is not None:
            self._show(sheet(self._modules(address)))
        else:
            asyncio.ensure_future(self._import_then_print(address, sheet))

    async def _import_then_print(self, address: str, sheet) -> None:
        self.warm()
        if self.warming is not None:
            await self.warming
        modules = self._modules(address) if self.encoder is not None else None
        self._show(sheet(modules))

    def _modules(self, address: str) -> list[list[bool]] | None:
        """The module matrix of ``address``'s QR code (the smallest version that holds
        it), or None where it would not scan at print size or holds too much."""
        from ludeum.sheets import QR_ERROR_CORRECTION, qr_fits

        try:
            code = self.encoder(0, QR_ERROR_CORRECTION)
            code.addData(address)
            code.make()
        except Exception:  # longer than a QR code's largest version holds
            return None
        size = int(code.getModuleCount())
        if not qr_fits(size):
            return None
        is_dark = code.isDark
        return [[bool(is_dark(row, col)) for col in range(size)] for row in range(size)]

    def _show(self, markup: str) -> None:
        sheet = element("print-sheet")
        show_markup(sheet, markup)
        window.print()

    def clear(self) -> None:
        element("print-sheet").replaceChildren()
