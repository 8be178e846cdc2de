"""Games in and out as files: the Export control (the saved record as JSON, the move
list as text, ``ludeum.records.text``) and the import, by the file picker or by
dropping a file on the page.

Export is a disclosure (``<details>``) whose panel floats over the page: it stays
open across downloads, one may want both files, and closes by its own summary,
Escape, a press outside it or focus moving elsewhere in the page (not the window
losing focus, which a browser's download panel may cause).

An import says what it opened ("Opened: Lodestone, 6 moves.",
``ludeum.records.library.opened_sentence``) by the Import control, until the game on
screen moves on (the move list changes).

The third export is the visitor's record (``web.your_games``: their name and the
log of games finished here, ``ludeum.records.results.export_text``); importing such a
file merges its games into the record, none twice, and leaves the game on screen as
it is.

An imported game is stored as a kept game (``ludeum:v1:kept:<stamp>``, note ``why:
"imported"`` with the file's name) and opened through ``Keeping.open_kept``, which
keeps the game in progress in the list first. A file that cannot be read is named in
a notice with its first bad line and why; nothing is stored or changed.
"""

from __future__ import annotations

import asyncio
import json
import re
import time

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from ludeum import saves
from ludeum.i18n import _

from .page import announce, element, listen
from .records import download
from .storage import KEPT_PREFIX, NOTE_PREFIX, Written

#: Files longer than the longest move list the reader accepts are refused before
#: they are read (``File.size`` is in bytes; the reader counts characters).
MAX_FILE_BYTES = 10_000_000
#: Longest file name kept in the note and quoted in messages.
NAME_LIMIT = 80


def clean_name(name: str) -> str:
    """A file name as the visitor may see it again: printable, on one line, short."""
    name = "".join(c for c in str(name) if c.isprintable()).strip() or "?"
    return name if len(name) <= NAME_LIMIT else name[: NAME_LIMIT - 1] + "…"


def file_name(game: str, extension: str) -> str:
    """``ludeum-senet-2026-11-25T1403.json``: the game and the local time."""
    game = re.sub(r"[^a-z]", "", game) or "game"
    return f"ludeum-{game}-{time.strftime('%Y-%m-%dT%H%M')}.{extension}"


class Transfer:
    """The Export and Import controls of ``screen`` (a ``web.screen.GameScreen``)."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.dragging = 0  # dragenter minus dragleave events: the hint shows while > 0
        # No files at a kiosk: the controls are hidden, and a file dropped there is
        # stopped, so that the browser does not leave the app to show it.
        self.kiosk = bool(screen.launch.kiosk)
        element("transfer").hidden = self.kiosk
        for kind in ("dragenter", "dragover", "dragleave", "drop"):
            listen(document, kind, self.on_drag)
        if self.kiosk:
            return
        listen(element("export-json"), "click", lambda event: self.export("json"))
        listen(element("export-text"), "click", lambda event: self.export("txt"))
        listen(element("export-record"), "click", lambda event: self.export_record())
        listen(document, "pointerdown", self.on_press)
        listen(document, "keydown", self.on_key)
        listen(element("export"), "focusout", self.on_focus_out)
        # Clears what the last import said once the game on screen moves on.
        self._moved_on = window.MutationObserver.new(create_proxy(self.on_moves_changed))
        listen(element("import-game"), "click", lambda event: element("import-file").click())
        listen(element("import-file"), "change", self.on_chosen)
        element("import-game").disabled = False

    # -- export ----------------------------------------------------------------------

    def export(self, extension: str) -> None:
        screen = self.screen
        game = saves.game_name(screen.state)
        if extension == "json":
            text = screen.keeping.records.current_text()
            kind = "application/json"
        else:
            from ludeum.records.text import write  # not needed to boot

            text = write(screen.state, screen.table.players, when=time.strftime("%Y-%m-%d %H:%M"))
            kind = "text/plain"
        download(text, file_name(game, extension), kind)
        # Kept open for the other download, whatever the browser's download did to
        # the focus on its way (a reviewer saw it close after each one).
        element("export").open = True
        announce(_("Downloaded."))

    def export_record(self) -> None:
        """The visitor's record (Your games: the name and the log) as a file, which
        Import reads back and merges."""
        if self.screen.your_games is not None:
            self.screen.your_games.download()
        element("export").open = True

    def close_export(self, *, focus: bool = False) -> None:
        menu = element("export")
        if menu.open:
            menu.open = False
            if focus:
                element("export-label").focus()

    def on_press(self, event) -> None:
        """A press (mouse, pen or finger) outside the open Export panel closes it. A
        press, not a click: the download's own link, clicked by script, is outside."""
        if element("export").open and not element("export").contains(event.target):
            self.close_export()

    def on_key(self, event) -> None:
        if event.key != "Escape" or not element("export").open:
            return
        if document.querySelector("dialog[open]"):
            return  # the dialog's Escape
        menu = element("export")
        self.close_export(focus=bool(menu.contains(document.activeElement)))

    def on_focus_out(self, event) -> None:
        going_to = event.relatedTarget
        if going_to and not element("export").contains(going_to):
            self.close_export()

    # -- import ----------------------------------------------------------------------

    def on_chosen(self, event) -> None:
        picker = element("import-file")
        files = picker.files
        if files and int(files.length):
            self.take(files.item(0))
        picker.value = ""  # choosing the same file again is a new choice

    @staticmethod
    def _has_files(event) -> bool:
        transfer = event.dataTransfer
        if not transfer:
            return False
        return any(str(kind) == "Files" for kind in transfer.types)

    def on_drag(self, event) -> None:
        """Only files are taken (a dragged link or text is left to the browser); the
        hint shows from the first dragenter to the last dragleave, or the drop."""
        if not self._has_files(event):
            return
        event.preventDefault()  # else the browser leaves the app to show the file
        if self.kiosk or self.screen.attract:
            if str(event.type) == "dragover":
                event.dataTransfer.dropEffect = "none"
            return
        kind = str(event.type)
        if kind == "dragenter":
            self.dragging += 1
        elif kind == "dragleave":
            self.dragging = max(0, self.dragging - 1)
        elif kind == "dragover":
            event.dataTransfer.dropEffect = "copy"
        else:
            self.dragging = 0
            files = event.dataTransfer.files
            if int(files.length) != 1:
                self.screen.notice(_("Drop one file at a time."))
            else:
                self.take(files.item(0))
        element("drop-hint").hidden = self.dragging == 0

    def take(self, file) -> None:
        """Check a chosen or dropped file's size, then read it (``File.text()`` is a
        promise: the rest happens when it settles)."""
        name = clean_name(file.name)
        if int(file.size) > MAX_FILE_BYTES:
            self.screen.notice(
                _("“{name}” was not imported: it is too large to be a Ludeum game "
                  "({size} MB).", name=name, size=round(int(file.size) / 1_000_000))
            )  # fmt: skip
            return
        asyncio.ensure_future(self._read(file, name))

    async def _read(self, file, name: str) -> None:
        try:
            text = str(await file.text())
        except Exception as error:  # the file vanished or may not be read
            self.screen.notice(_("“{name}” could not be read.", name=name), detail=str(error))
            return
        try:
            self.open(text, name)
        except Exception as error:  # a bug must not leave the page half-done, unsaid
            self.screen.notice(_("“{name}” could not be imported.", name=name),
                               detail=f"{type(error).__name__}: {error}")  # fmt: skip

    def open(self, text: str, name: str) -> None:
        from ludeum.records.text import TextError, read_any, saved_game  # not needed to boot

        screen = self.screen
        # A file of Your games (its own "Download your record"): merged into the
        # visitor's record, the game on screen untouched.
        taken = screen.your_games.take(text) if screen.your_games is not None else None
        if taken is not None:
            said = element("import-said")
            said.textContent = taken
            said.hidden = False
            announce(taken)
            return
        try:
            state, players = read_any(text)
        except TextError as error:
            message = _("“{name}” was not imported: line {line}: {reason}",
                        name=name, line=error.line, reason=error.text())  # fmt: skip
            screen.notice(message, detail=str(error))
            announce(message)
            return
        record = saved_game(text, state, players)
        if saves.load_label(record)[0] is None:  # named after its file in Saved games
            from ludeum.records.library import clean_name

            stem = name.rsplit(".", 1)[0] if "." in name else name
            record = saves.renamed(record, clean_name(stem) or None)
        keeping = screen.keeping
        storage = keeping.storage
        key, written = storage.put_aside(KEPT_PREFIX, record, "imported", keeping.home_key)
        if not written:
            message = (
                _("“{name}” was not imported: storage is full. Delete games set aside, "
                  "or download them, and try again.", name=name)
                if written is Written.FULL
                else _("“{name}” was not imported: the browser refused to store it.",
                       name=name)
            )  # fmt: skip
            screen.notice(message)
            announce(message)
            return
        note = storage.note(key)
        if note:  # the library lists the game under the file's name
            note["name"] = name
            storage.set(NOTE_PREFIX + key, json.dumps(note))
        keeping.open_kept(key)
        if storage.get(key) is None:  # opened: open_kept moved it to the current slot
            self.say_opened()
        else:  # kept, but not opened (said by open_kept): it waits in the list
            keeping.records.render()

    def say_opened(self) -> None:
        """Show and say what the import opened, until the move list changes."""
        from ludeum.records.library import opened_sentence

        sentence = opened_sentence(self.screen.state)
        said = element("import-said")
        said.textContent = sentence
        said.hidden = False
        announce(sentence)
        # Watched from now on: the move list was redrawn for the game just opened.
        self._moved_on.disconnect()
        self._moved_on.observe(
            element("moves"),
            to_js({"childList": True, "subtree": True}, dict_converter=window.Object.fromEntries),
        )

    def on_moves_changed(self, records, observer) -> None:
        observer.disconnect()
        said = element("import-said")
        said.hidden = True
        said.textContent = ""
