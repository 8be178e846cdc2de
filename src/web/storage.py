"""localStorage for the glue: the keys the app keeps, and a store that never throws
but says, for every write, whether it was kept (docs/save-format.md lists the keys)."""

from __future__ import annotations

import enum
import json
import time

from pyscript import window

SAVE_KEY = "ludeum:v1:current"
#: Records set aside: unreadable, or the one a boot died on (static/storage-guard.js
#: moves those). Each holds the record byte for byte; its note says why and when.
QUARANTINE_PREFIX = "ludeum:v1:quarantine:"
#: Games kept under their own name: this tab's game when another tab changed the
#: slot, or the game a visitor put away to open a kept one.
KEPT_PREFIX = "ludeum:v1:kept:"
#: ``<prefix>note:<key>``: a small JSON object about the entry ``<key>`` (why, when,
#: which slot). Not under either prefix above, so a listing never mistakes it for one.
NOTE_PREFIX = "ludeum:v1:note:"
#: The boot watchdog's marker: written just before the current save is read, removed
#: once the app is ready (see static/storage-guard.js).
BOOT_KEY = "ludeum:v1:boot"
LANGUAGE_KEY = "ludeum:v1:language"
THEME_KEY = "ludeum:v1:theme"
#: "on" or "off": a piece with a single move plays it on one tap (issue 26).
ONE_TAP_KEY = "ludeum:v1:one-tap"
#: "reduced": nothing travels or tumbles, whatever the system's setting (issue 26).
MOTION_KEY = "ludeum:v1:motion"
SOUND_KEY = "ludeum:v1:sound"  # "on" or "off", as the visitor last chose
#: The visitor's own record (src/web/your_games.py, ``ludeum.records.results``): the
#: name they chose, and the log of the games finished here (a JSON list).
NAME_KEY = "ludeum:v1:name"
RESULTS_KEY = "ludeum:v1:results"


class Written(enum.Enum):
    """What became of a write. Truthy only when the value was stored."""

    OK = "ok"
    FULL = "full"  # the origin's storage quota is used up
    REFUSED = "refused"  # storage blocked, or any other refusal

    def __bool__(self) -> bool:
        return self is Written.OK


def _is_quota_error(error: Exception) -> bool:
    # A JS DOMException reaches Python as a JsException; depending on the Pyodide
    # version its name is an attribute or only in the text. Chromium and Firefox say
    # QuotaExceededError (legacy code 22), old Firefox NS_ERROR_DOM_QUOTA_REACHED.
    name = str(getattr(error, "name", "") or "")
    text = f"{name} {error}"
    return "QuotaExceeded" in text or "QUOTA_REACHED" in text


class Storage:
    """localStorage that never throws: a browser may block it (privacy settings,
    cross-site frames) or fill up, and every write reports which (``Written``)."""

    def __init__(self) -> None:
        mode = str(getattr(window, "ludeumStorage", "browser"))
        # static/storage-guard.js gave the page in-memory storage: a cross-site frame
        # whose browser blocks storage. Everything works, but only until the page closes.
        self.available = mode != "memory"
        # The guard found the real storage full at boot: it is read, not replaced.
        self.full_at_boot = mode == "full"

    def get(self, key: str) -> str | None:
        try:
            value = window.localStorage.getItem(key)
        except Exception:
            self.available = False
            return None
        return value if isinstance(value, str) else None  # JS null arrives as jsnull

    def visitor_name(self) -> str:
        """The name the visitor chose on the Your games page, cleaned as it is
        kept (``results.clean_name``); "" when there is none. Any room may ask."""
        from ludeum.records.results import clean_name

        return clean_name(self.get(NAME_KEY))

    def set(self, key: str, value: str) -> Written:
        try:
            window.localStorage.setItem(key, value)
        except Exception as error:
            return Written.FULL if _is_quota_error(error) else Written.REFUSED
        return Written.OK

    def remove(self, key: str) -> bool:
        try:
            window.localStorage.removeItem(key)
        except Exception:
            return False
        return True

    def keys(self, prefix: str) -> list[str]:
        try:
            store = window.localStorage
            found = [str(store.key(i)) for i in range(int(store.length))]
        except Exception:
            return []
        return sorted(key for key in found if key.startswith(prefix))

    # -- set-aside and kept entries ------------------------------------------------

    def free_key(self, prefix: str) -> str:
        """``prefix`` + the local time, with a counter if that second is taken."""
        stamp = time.strftime("%Y%m%dT%H%M%S")
        key, n = prefix + stamp, 1
        while self.get(key) is not None:
            n += 1
            key = f"{prefix}{stamp}-{n}"
        return key

    def put_aside(
        self, prefix: str, text: str, why: str, origin: str, extra: dict | None = None
    ) -> tuple[str, Written]:
        """Store ``text`` byte for byte under a new key, with a note (plus ``extra``
        keys: the saved-games list keeps a game's summary there). Returns the key
        and what became of the record's write (the note is a courtesy: an entry
        without one is still listed)."""
        key = self.free_key(prefix)
        written = self.set(key, text)
        if written:
            note = {"why": why, "at": time.strftime("%Y-%m-%dT%H:%M:%S"), "from": origin}
            self.set_note(key, {**(extra or {}), **note})
        return key, written

    def set_note(self, key: str, note: dict) -> Written:
        return self.set(NOTE_PREFIX + key, json.dumps(note))

    def note(self, key: str) -> dict:
        try:
            data = json.loads(self.get(NOTE_PREFIX + key) or "{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def drop(self, key: str) -> bool:
        """Delete an entry and its note."""
        self.remove(NOTE_PREFIX + key)
        return self.remove(key)
