"""Records kept beside the current game, on the page: the ones set aside (unreadable,
or the one a boot died on), the games kept under their own name (another tab changed
the slot, or a game was put away), and a saved game that could not be set aside and
so is held in memory until the visitor downloads or dismisses it. Each can be
downloaded; set-aside and kept ones deleted; kept ones opened as the current game.
"""

from __future__ import annotations

import time

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from ludeum.i18n import _

from .page import announce, element, listen
from .storage import KEPT_PREFIX, QUARANTINE_PREFIX, Storage

#: Downloaded file names say what the file is and when it was put aside.
FILE_PREFIX = {QUARANTINE_PREFIX: "ludeum-set-aside-", KEPT_PREFIX: "ludeum-kept-"}
HELD = "held"  # the list entry of the held record (it has no storage key)


def file_stamp(key_stamp: str) -> str:
    """``20261124T220312`` (a key's stamp) -> ``2026-11-24T2203`` (a file name's)."""
    digits = key_stamp[:13]
    if len(digits) < 13 or not (digits[:8] + digits[9:]).isdigit():
        return key_stamp.replace(":", "")
    return f"{digits[:4]}-{digits[4:6]}-{digits[6:8]}T{digits[9:13]}"


def now_stamp() -> str:
    return file_stamp(time.strftime("%Y%m%dT%H%M%S"))


def download(text: str, file_name: str, kind: str = "application/json") -> None:
    """Hand ``text`` to the browser as a file of media type ``kind``: a Blob URL on
    a link with a ``download`` name, clicked, then revoked once the download has
    started."""
    options = to_js({"type": kind}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = file_name
    link.hidden = True
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 10_000)


def _size(text: str) -> str:
    return _("{size} KB", size=max(1, round(len(text) / 1024)))


class Records:
    """The ``#records`` panel. The screen tells it what it holds (``held``, whether
    the game on screen is being saved) and is called back to open a kept game, to
    retry saving once space was freed, and to drop a held record."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.held: tuple[str, str] | None = None  # (slot, text) not set aside
        self.current_key: str | None = None  # the key the game on screen is saved to
        self.current_text = lambda: ""  # the game on screen, as a saved record
        self.saving = True  # False: the game on screen is not being saved
        self.on_open = lambda key: None
        self.on_freed = lambda: None
        self.on_release = lambda: None
        self.confirming: str | None = None  # the key whose Delete was pressed once
        listen(element("records-list"), "click", self.on_click)
        listen(element("download-game"), "click", lambda event: self.download_game())

    def entries(self) -> list[tuple[str, str, str]]:
        """(key, prefix, text) of every set-aside and kept record, oldest first."""
        found = []
        for prefix in (QUARANTINE_PREFIX, KEPT_PREFIX):
            for key in self.storage.keys(prefix):
                text = self.storage.get(key)
                if text is not None and key != self.current_key:
                    found.append((key, prefix, text))
        return found

    def describe(self, key: str, prefix: str, text: str) -> str:
        note = self.storage.note(key)
        at = str(note.get("at") or "")
        when = at.replace("T", " ")[:16] if at else file_stamp(key[len(prefix) :])
        why, size = note.get("why"), _size(text)
        if prefix == KEPT_PREFIX:
            if why == "imported":
                name = str(note.get("name") or "?")[:80]
                return _("Imported on {when} from the file “{name}” ({size}).",
                         when=when, name=name, size=size)  # fmt: skip
            if why == "other-tab":
                return _("Kept on {when}: this game, when another tab changed the saved "
                         "game ({size}).", when=when, size=size)  # fmt: skip
            return _("Kept on {when}: a game put away to open another ({size}).",
                     when=when, size=size)  # fmt: skip
        if why == "boot":
            return _("Set aside on {when}: the app stopped while opening this saved game "
                     "({size}).", when=when, size=size)  # fmt: skip
        if why == "unreadable":
            return _("Set aside on {when}: this saved game could not be read ({size}).",
                     when=when, size=size)  # fmt: skip
        return _("Set aside on {when} ({size}).", when=when, size=size)

    def render(self) -> None:
        listing = element("records-list")
        listing.innerHTML = ""
        rows = []
        if self.held is not None:
            text = _("Your saved game could not be set aside, because storage is full. It "
                     "is not saved over until you download or dismiss it ({size}).",
                     size=_size(self.held[1]))  # fmt: skip
            rows.append((HELD, text, [("download", _("Download")), ("dismiss", _("Dismiss"))]))
        for key, prefix, text in self.entries():
            actions = [("download", _("Download"))]
            if prefix == KEPT_PREFIX:
                actions.append(("open", _("Open")))
            actions.append(("delete", _("Delete")))
            rows.append((key, self.describe(key, prefix, text), actions))
        for n, (key, text, actions) in enumerate(rows):
            item = document.createElement("li")
            words = document.createElement("span")
            words.id = f"record-{n}"
            words.textContent = text
            item.appendChild(words)
            for action, label in actions:
                button = document.createElement("button")
                button.type = "button"
                button.className = "link-button"
                button.dataset.action = action
                button.dataset.key = key
                confirm = action in ("delete", "dismiss") and self.confirming == key
                button.textContent = _("Confirm") if confirm else label
                # The entry's sentence tells apart the many "Download" buttons.
                button.setAttribute("aria-describedby", words.id)
                item.appendChild(button)
            listing.appendChild(item)
        element("download-game").hidden = self.saving
        element("records").hidden = not rows and self.saving

    def on_click(self, event) -> None:
        button = event.target.closest("button[data-action]")
        if not button:  # JS null arrives as the falsy jsnull
            return
        action, key = str(button.dataset.action), str(button.dataset.key)
        if action == "download":
            self.download(key)
        elif action == "open":
            self.on_open(key)
        elif action in ("delete", "dismiss"):
            if self.confirming != key:
                self.confirming = key
                self.render()
                self._focus(key, action)
                announce(_("Press Confirm to delete it for good."))
                return
            self.confirming = None
            if key == HELD:
                self.held = None
                self.on_release()
            else:
                self.storage.drop(key)
                self.on_freed()
            self.render()
            announce(_("Deleted."))
            first = element("records-list").querySelector("button")
            (first or element("new-game")).focus()

    def _focus(self, key: str, action: str) -> None:
        for node in element("records-list").querySelectorAll("button[data-action]"):
            if str(node.dataset.key) == key and str(node.dataset.action) == action:
                node.focus()

    def download(self, key: str) -> None:
        if key == HELD:
            if self.held is None:
                return
            download(self.held[1], f"ludeum-saved-game-{now_stamp()}.json")
            # Downloaded: the visitor has it, so the slot may be written again.
            self.held = None
            self.on_release()
            self.render()
            announce(_("Downloaded. This game is saved again from now on."))
            element("new-game").focus()
            return
        text = self.storage.get(key)
        if text is None:
            self.render()  # deleted meanwhile (another tab)
            return
        prefix = KEPT_PREFIX if key.startswith(KEPT_PREFIX) else QUARANTINE_PREFIX
        download(text, f"{FILE_PREFIX[prefix]}{file_stamp(key[len(prefix) :])}.json")

    def download_game(self) -> None:
        download(self.current_text(), f"ludeum-game-{now_stamp()}.json")
