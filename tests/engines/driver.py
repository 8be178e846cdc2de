"""What a test needs of a browser, the same for every engine: webkit.py and
firefox.py implement it. Selectors are CSS; scripts are JavaScript expressions
whose value (awaited if a promise) comes back as JSON."""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from typing import Any

# Python boots in about 7 s cold in WebKit here, 5 s in Firefox; the computer's
# worker is a second boot. Room for a busy 2-core machine.
READY_TIMEOUT_S = 90
POLL_S = 0.15
LOG_KEY = "ludeum-test:log"  # where recorder.js keeps what the page reported
# Entries of recorder.js that are problems; "loaded" and "console.warn" are not.
PROBLEM_KINDS = {"error", "unhandledrejection", "csp", "resource", "console.error"}


class Driver(ABC):
    """One browser tab. ``name`` names the engine in messages."""

    name: str

    @abstractmethod
    def goto(self, url: str) -> None:
        """Navigate and return once the document is parsed, not waiting for Python."""

    @abstractmethod
    def reload(self) -> None: ...

    @abstractmethod
    def click(self, selector: str) -> None:
        """A mouse click at the middle of the first element matching ``selector``."""

    @abstractmethod
    def tap(self, selector: str) -> None:
        """A touch tap on it (or the engine's nearest equivalent; see each driver)."""

    @abstractmethod
    def evaluate(self, expression: str) -> Any: ...

    @abstractmethod
    def engine_problems(self) -> list[str]:
        """What the browser itself reported (console, page errors), if it can."""

    @abstractmethod
    def close(self) -> None: ...

    # -- built on the above, the same everywhere ------------------------------------

    def wait_for(self, expression: str, timeout_s: float = 30, what: str = "") -> Any:
        """Poll until ``expression`` is truthy; returns its value. Polling from here
        rather than in the page: a WebKit script call can block for seconds while
        Pyodide compiles, and a page-side wait would hide which step was slow."""
        deadline = time.monotonic() + timeout_s
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{self.name}: waited {timeout_s:.0f} s for {what or expression}"
                )
            time.sleep(POLL_S)

    def wait_present(self, selector: str, timeout_s: float = 10) -> None:
        # A boolean: an element itself does not come back from every engine.
        self.wait_for(f"!!document.querySelector({json.dumps(selector)})", timeout_s, selector)

    def log(self) -> list[dict[str, str]]:
        """recorder.js's entries of this tab, across its reloads."""
        text = self.evaluate(f"sessionStorage.getItem({json.dumps(LOG_KEY)})")
        return json.loads(text) if text else []

    def problems(self) -> list[str]:
        page = [f"{e['kind']}: {e['text']}" for e in self.log() if e["kind"] in PROBLEM_KINDS]
        return page + self.engine_problems()
