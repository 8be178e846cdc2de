"""WebKit (Safari's engine) through Selenium's WebKitGTK driver: Debian's
WebKitWebDriver starting WebKitGTK's MiniBrowser, which has no headless mode and so
draws on an Xvfb display (Xvfb below, one per test session)."""

from __future__ import annotations

import glob
import os
import subprocess
import time
from pathlib import Path
from typing import Any

from driver import READY_TIMEOUT_S, Driver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.remote.client_config import ClientConfig
from selenium.webdriver.remote.remote_connection import RemoteConnection
from selenium.webdriver.remote.webdriver import WebDriver as Remote
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

WEBKIT_DRIVER = os.environ.get("LUDEUM_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
# libwebkit2gtk-4.1 installs it in its library folder (x86_64-linux-gnu, aarch64-...).
MINIBROWSERS = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))
MINIBROWSER = os.environ.get("LUDEUM_MINIBROWSER", MINIBROWSERS[0] if MINIBROWSERS else "")
XVFB = "/usr/bin/Xvfb"
COMMAND_TIMEOUT_S = READY_TIMEOUT_S + 30  # longer than any script or page-load wait
SESSION_TIMEOUT_S = 30  # a session starts in about 1 s here
#: How long a script call may wait for the page's load before it is made again.
#: WebKitWebDriver (2.50) sometimes holds a script until the page's load completes,
#: which a page still fetching in the background may not do for minutes: measured,
#: a kiosk page ready at 6.7 s (its own performance mark) whose script call came
#: back at 91 s, the page-load timeout, having played 30 moves meanwhile. With this
#: timeout the call fails at once and is simply made again.
LOAD_WAIT_S = 10
# Nothing here calls Selenium Manager (the driver and browser are given); were
# anything to, it must not download one.
os.environ.setdefault("SE_OFFLINE", "true")
#: JavaScriptCore's options, read from the environment by the browser's web process:
#: WebAssembly on its baseline tier (BBQ) alone, never recompiled by the optimizing
#: one (OMG), as the Chromium tests run it on V8's (tests/e2e/harness.py,
#: BASELINE_WASM_ONLY). The code runs the same, only slower once hot, and nothing here
#: is timed. Measured on this file's two WebKit scenarios, one at a time on two cores:
#: 88 and 119 CPU-s (51 and 67 s) with OMG, 47, 56 and 73 CPU-s (37 to 48 s) without.
JSC_BASELINE_WASM_ONLY = {"JSC_useOMGJIT": "false"}

# The element's middle in viewport pixels, scrolled into view first, and whether a
# tap there lands on it (another element on top would take the tap).
AIM_JS = """
const el = document.querySelector(arguments[0]);
if (!el) return null;
el.scrollIntoView({block: 'center', inline: 'center'});
const r = el.getBoundingClientRect();
const x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
const hit = document.elementFromPoint(x, y);
return [x, y, !!hit && (hit === el || el.contains(hit))];
"""


class Xvfb:
    """A virtual X display on a free number (Xvfb -displayfd picks it)."""

    def __init__(self, log_path: Path) -> None:
        read, write = os.pipe()
        self.log_path = log_path
        with log_path.open("w") as log:
            self._process = subprocess.Popen(
                [XVFB, "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                 "-nolisten", "tcp"],
                pass_fds=[write], stdout=log, stderr=log,
            )  # fmt: skip
        os.close(write)
        # Xvfb writes "<number>\n" once the display is up, possibly in two writes:
        # read to the newline, or closing early makes its second write fail and
        # Xvfb exit ("Cannot write display number to fd").
        written = b""
        try:
            while not written.endswith(b"\n"):
                chunk = os.read(read, 64)
                if not chunk:
                    break  # Xvfb exited
                written += chunk
        finally:
            os.close(read)
        number = written.decode().strip()
        if not number:
            self._process.kill()
            raise AssertionError(f"Xvfb exited before it opened a display; see {log_path}")
        self.display = f":{number}"

    def alive(self) -> str:
        """Said when a browser cannot start: is the display still there?"""
        code = self._process.poll()
        return f"Xvfb {self.display} " + ("running" if code is None else f"exited ({code})")

    def stop(self) -> None:
        self._process.terminate()
        self._process.wait(timeout=10)


class WebKitDriver(Driver):
    name = "webkit"

    def __init__(self, display: Xvfb, log_path: Path) -> None:
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        # Return from get() once the document is parsed; the tests wait for Python.
        options.page_load_strategy = "eager"
        self.log_path = log_path
        self._log = log_path.open("w")
        self._service = Service(executable_path=WEBKIT_DRIVER, log_output=self._log,
                                env={**os.environ, **JSC_BASELINE_WASM_ONLY,
                                     "DISPLAY": display.display})  # fmt: skip
        self._service.start()
        # Selenium's own WebKitGTK class would wait for ever: a session whose browser
        # never connects, or a browser that dies mid-command, must fail the test, not
        # hang the run. So the session is made here with a bounded client.
        config = ClientConfig(self._service.service_url, timeout=SESSION_TIMEOUT_S)
        try:
            self._driver = Remote(RemoteConnection(client_config=config), options=options)
        except Exception as error:
            self._stop_service()
            raise AssertionError(
                f"webkit: no session ({error}); {display.alive()}; see {log_path}"
            ) from error
        config.timeout = COMMAND_TIMEOUT_S
        self._driver.set_script_timeout(READY_TIMEOUT_S)
        self._driver.set_page_load_timeout(READY_TIMEOUT_S)
        self._driver.set_window_size(1280, 900)

    def _stop_service(self) -> None:
        self._service.stop()
        self._log.close()

    def goto(self, url: str) -> None:
        self._navigate(lambda: self._driver.get(url))

    def reload(self) -> None:
        self._navigate(self._driver.refresh)

    def _navigate(self, go) -> None:
        """A navigation may take the whole page-load timeout to reach its parsed
        document; a script call after it only LOAD_WAIT_S (see there)."""
        self._driver.set_page_load_timeout(READY_TIMEOUT_S)
        try:
            go()
        finally:
            self._driver.set_page_load_timeout(LOAD_WAIT_S)

    def click(self, selector: str) -> None:
        """A mouse pointer's down and up at the element's middle, as puppeteer does.
        Not WebDriver's element click: WebKitWebDriver calls an SVG group (a board
        square) "not interactable"."""
        self._press(selector, interaction.POINTER_MOUSE)

    def tap(self, selector: str) -> None:
        """The same with a touch pointer. WebKitWebDriver (WebKitGTK 2.50) accepts a
        touch pointer only at viewport coordinates (on an element it answers "element
        not interactable") and hands it to the page as mouse input: pointerType
        "mouse", no touchstart, since WebKitGTK enables touch events only with a
        touchscreen. So this is as close to a finger as the driver allows here; real
        touch events (pointerType "touch", touchstart) are exercised in Firefox, whose
        puppeteer tap sends them."""
        self._press(selector, interaction.POINTER_TOUCH)

    def _press(self, selector: str, kind: str) -> None:
        aim = self._script(AIM_JS, selector)
        assert aim is not None, f"webkit: nothing matches {selector}"
        x, y, lands = aim
        assert lands, f"webkit: a press at the middle of {selector} ({x}, {y}) lands elsewhere"
        pointer = PointerInput(kind, kind)
        actions = ActionBuilder(self._driver, mouse=pointer)
        actions.pointer_action.move_to_location(x, y).pointer_down().pointer_up()
        actions.perform()

    def evaluate(self, expression: str) -> Any:
        # WebDriver awaits a returned promise, like puppeteer's evaluate.
        return self._script(f"return ({expression});")

    def _script(self, script: str, *args: Any) -> Any:
        """A script call; one held for the page's load (LOAD_WAIT_S) is made again,
        for as long as a script may take."""
        deadline = time.monotonic() + READY_TIMEOUT_S
        while True:
            try:
                return self._driver.execute_script(script, *args)
            except TimeoutException:
                if time.monotonic() > deadline:
                    raise

    def engine_problems(self) -> list[str]:
        return []  # WebKitWebDriver has no console log: recorder.js is the record

    def close(self) -> None:
        try:
            self._driver.quit()
        finally:
            self._stop_service()
