"""Cross-engine end-to-end fixtures: the built app in Firefox and WebKit (issue 24).

  engine        parametrised over "firefox" and "webkit": a fresh browser (a fresh
                profile, so a true first visit) behind driver.py's interface; at
                teardown the test fails on anything the page or the browser reported
                (recorder.js, and Firefox's own console)
  site          a SiteServer (tests/e2e/harness.py) of its own for the test, serving
                dist/ with the recorder in index.html (served.py); .stop() it to go
                offline. A new port is a new origin: nothing carries over.

Every test here is marked ``engines`` (select with -m engines, or -k firefox). A
missing browser, driver, Xvfb or node module FAILS the test, never skips it:
skipping a browser is not passing in it. scripts/ensure-browsers.sh installs them.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "e2e"))  # harness.py: SiteServer

from driver import Driver  # noqa: E402
from firefox import FIREFOX, FirefoxDriver  # noqa: E402
from harness import ROOT, SiteServer, dist_problem  # noqa: E402
from served import instrumented_site  # noqa: E402
from webkit import MINIBROWSER, WEBKIT_DRIVER, XVFB, WebKitDriver, Xvfb  # noqa: E402

INSTALL = "run scripts/ensure-browsers.sh (scripts/test.sh does)"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.engines)


def _require(path: str, what: str) -> None:
    if not path or not os.access(path, os.X_OK):
        pytest.fail(f"{what} not found ({path or 'no path'}): {INSTALL}", pytrace=False)


@pytest.fixture(scope="session")
def engine_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    problem = dist_problem()
    if problem:
        pytest.fail(problem, pytrace=False)
    return instrumented_site(ROOT / "dist", tmp_path_factory.mktemp("engines") / "site")


@pytest.fixture
def site(engine_site: Path) -> Iterator[SiteServer]:
    server = SiteServer(engine_site)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def xvfb(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Xvfb]:
    _require(XVFB, "Xvfb (Debian's xvfb)")
    display = Xvfb(tmp_path_factory.mktemp("xvfb") / "xvfb.log")
    yield display
    display.stop()


def _watched(driver: Driver) -> Iterator[Driver]:
    """Yield the driver; then close it, failing the test on any reported problem."""
    try:
        yield driver
        try:
            problems = driver.problems()
        except Exception as error:  # the tab is gone or on an error page
            problems = [f"the page's log could not be read: {error}"]
    finally:
        driver.close()
    if problems:
        pytest.fail("\n".join([f"{driver.name}: the page misbehaved:", *problems]),
                    pytrace=False)  # fmt: skip


@pytest.fixture
def firefox(tmp_path: Path) -> Iterator[Driver]:
    _require(FIREFOX, "Firefox (Debian's firefox-esr)")
    if shutil.which("node") is None:
        pytest.fail("node not found: install Node.js 20+", pytrace=False)
    if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
        pytest.fail("npm's puppeteer-core is not installed: run `npm ci`", pytrace=False)
    yield from _watched(FirefoxDriver(tmp_path / "firefox-bridge.log"))


@pytest.fixture
def webkit(xvfb: Xvfb, tmp_path: Path) -> Iterator[Driver]:
    _require(WEBKIT_DRIVER, "WebKitWebDriver (Debian's webkit2gtk-driver)")
    _require(MINIBROWSER, "WebKitGTK's MiniBrowser (Debian's libwebkit2gtk-4.1-0)")
    yield from _watched(WebKitDriver(xvfb, tmp_path / "webkitwebdriver.log"))


# Not named `browser`: pytest-playwright's fixture of that name is Chromium's.
@pytest.fixture(params=["firefox", "webkit"])
def engine(request: pytest.FixtureRequest) -> Driver:
    return request.getfixturevalue(request.param)
