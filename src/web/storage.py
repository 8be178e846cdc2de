"""localStorage for the glue: the keys the app keeps and a store that never throws."""

from __future__ import annotations

from pyscript import window

SAVE_KEY = "ludeum:v1:current"
QUARANTINE_PREFIX = "ludeum:v1:quarantine:"
LANGUAGE_KEY = "ludeum:v1:language"
THEME_KEY = "ludeum:v1:theme"


class Storage:
    """localStorage that never throws: a browser may block it (privacy settings,
    cross-site frames), and then the game is simply not kept."""

    def __init__(self) -> None:
        # static/storage-guard.js gave the page in-memory storage: a cross-site frame
        # whose browser blocks storage. Everything works, but only until the page closes.
        self.available = str(getattr(window, "ludeumStorage", "browser")) != "memory"

    def get(self, key: str) -> str | None:
        try:
            value = window.localStorage.getItem(key)
        except Exception:
            self.available = False
            return None
        return value if isinstance(value, str) else None  # JS null arrives as jsnull

    def set(self, key: str, value: str) -> bool:
        try:
            window.localStorage.setItem(key, value)
            return True
        except Exception:
            self.available = False
            return False

    def remove(self, key: str) -> None:
        try:
            window.localStorage.removeItem(key)
        except Exception:
            self.available = False


