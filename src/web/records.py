"""Records kept beside the current game, in words and as files: the ones set aside
(unreadable, or the one a boot died on), the games kept under their own name, and a
saved game that could not be set aside and so is held in memory. The saved-games
panel that lists them, with their buttons, is ``web/library.py``.
"""

from __future__ import annotations

import time

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from ludeum.i18n import _

from .storage import KEPT_PREFIX, QUARANTINE_PREFIX

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


def size_text(text: str) -> str:
    return _("{size} KB", size=max(1, round(len(text) / 1024)))


def describe(key: str, prefix: str, text: str, note: dict) -> str:
    """When and why an entry was set aside or kept, and how big it is."""
    at = str(note.get("at") or "")
    when = at.replace("T", " ")[:16] if at else file_stamp(key[len(prefix) :])
    why, size = note.get("why"), size_text(text)
    if prefix == KEPT_PREFIX:
        if why == "imported":
            name = str(note.get("name") or "?")[:80]
            return _("Imported on {when} from the file “{name}” ({size}).",
                     when=when, name=name, size=size)  # fmt: skip
        if why == "other-tab":
            return _("Kept on {when}: this game, when another tab changed the saved "
                     "game ({size}).", when=when, size=size)  # fmt: skip
        if why == "new-game":
            return _("Kept on {when}: put away when a new game started ({size}).",
                     when=when, size=size)  # fmt: skip
        return _("Kept on {when}: a game put away to open another ({size}).",
                 when=when, size=size)  # fmt: skip
    if why == "boot":
        return _("Set aside on {when}: the app stopped while opening this saved game "
                 "({size}).", when=when, size=size)  # fmt: skip
    if why == "results":
        return _("Set aside on {when}: the list of Your games could not be read "
                 "({size}).", when=when, size=size)  # fmt: skip
    if why == "unreadable":
        return _("Set aside on {when}: this saved game could not be read ({size}).",
                 when=when, size=size)  # fmt: skip
    return _("Set aside on {when} ({size}).", when=when, size=size)
