"""Firefox through tests/engines/firefox_bridge.mjs: one long-lived node process per
browser, spoken to in JSON lines over its stdin and stdout (driver.py's interface)."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
from pathlib import Path
from typing import Any

from driver import READY_TIMEOUT_S, Driver

FIREFOX = os.environ.get("LUDEUM_FIREFOX", "/usr/bin/firefox-esr")
BRIDGE = Path(__file__).with_name("firefox_bridge.mjs")
# Slower than any single step should be (a navigation, a wait inside puppeteer).
REPLY_TIMEOUT_S = READY_TIMEOUT_S + 30


class FirefoxDriver(Driver):
    name = "firefox"

    def __init__(self, log_path: Path) -> None:
        self._log = log_path.open("w")  # the bridge's stderr, shown when it dies
        self.log_path = log_path
        self._process = subprocess.Popen(
            ["node", str(BRIDGE), FIREFOX],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
            text=True,
            cwd=BRIDGE.parents[2],  # node resolves puppeteer-core from node_modules here
        )
        # A reader thread, so that a hung bridge times out instead of blocking.
        self._replies: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self._next_id = 0

    def _read(self) -> None:
        for line in self._process.stdout:
            self._replies.put(line)
        self._replies.put(None)  # the bridge exited

    def _call(self, op: str, **args: Any) -> Any:
        self._next_id += 1
        request = {"id": self._next_id, "op": op, **args}
        self._process.stdin.write(json.dumps(request) + "\n")
        self._process.stdin.flush()
        try:
            line = self._replies.get(timeout=REPLY_TIMEOUT_S)
        except queue.Empty:
            raise AssertionError(f"firefox: no reply to {op} in {REPLY_TIMEOUT_S} s") from None
        if line is None:
            raise AssertionError(f"firefox: the bridge exited; see {self.log_path}")
        reply = json.loads(line)
        assert reply["id"] == request["id"], (reply, request)
        if "error" in reply:
            raise AssertionError(f"firefox: {op} {args}: {reply['error']}")
        return reply["value"]

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def click(self, selector: str) -> None:
        self._call("click", selector=selector)

    def tap(self, selector: str) -> None:
        self._call("tap", selector=selector)

    def evaluate(self, expression: str) -> Any:
        return self._call("evaluate", expression=expression)

    def engine_problems(self) -> list[str]:
        return self._call("problems")

    def close(self) -> None:
        try:
            if self._process.poll() is None:
                self._call("close")
            self._process.wait(timeout=30)
        finally:
            if self._process.poll() is None:
                self._process.kill()
                self._process.wait()
            self._log.close()
