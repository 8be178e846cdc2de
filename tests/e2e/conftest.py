"""End-to-end fixtures: the built site (dist/) in Debian's headless Chromium.

  dist_dir          the built site; fails (never skips) when missing or stale
  site_server       session-wide local HTTP server for dist/
  own_site_server   a server for one test only, which the test may .stop()
  serve(directory, headers=None)
                    starts more servers (e.g. dist/ under a sub-path, or
                    sending a Content-Security-Policy header)
  watch(context, origin, *other_origins)
                    records a context's requests, console errors and page errors;
                    at teardown the test fails if a request left the origin, an
                    error was logged or a page crashed
  app_page          a watched page that has just navigated to the app (committed,
                    not yet ready); use harness.wait_ready(page)

Every test in this folder is marked e2e. Playwright never downloads a browser:
harness.CHROMIUM (/usr/bin/chromium) is used.

Renderer crashes. Every page of every browser the tests launch (through the
``browser_type`` fixture, so the ``browser`` fixture's and any a test launches itself)
reports a crash of its renderer. Any test in this folder that failed with a crash
under it (a crash event, or Playwright's "Target crashed") runs once more, and says
so; a second failure fails it. The end of the run's summary counts the crashes and
names their tests, and says "Chromium renderer crashes: 0" when end-to-end tests ran
without one, so a crash is never hidden and never makes the run red by itself. Why a
renderer can crash here, and what was measured: harness.py, PAGE_CRASHES.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from _pytest.runner import runtestprotocol
from harness import CHROMIUM, CHROMIUM_ARGS, DIST, SiteServer, Watch, dist_problem, wait_ready
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page

HERE = Path(__file__).parent
#: What Playwright raises from a call on a page whose renderer died.
CRASH_ERROR = "Target crashed"


@dataclass
class CrashLog:
    """The renderer crashes of the run: ``now`` gathers those of the test running."""

    now: list[str] = field(default_factory=list)  # URLs of the pages that crashed
    tests: list[tuple[str, int, str]] = field(default_factory=list)  # name, crashes, outcome
    e2e_ran: bool = False

    def crashed(self, page: Page) -> None:
        self.now.append(page.url)

    def watch_context(self, context: BrowserContext) -> BrowserContext:
        context.on("page", lambda page: page.on("crash", self.crashed))
        return context

    def watch_browser(self, browser: Browser) -> Browser:
        """Every page of ``browser`` reports its crash here (Browser.new_page makes a
        context of its own, so it is wrapped as well as new_context)."""
        new_context, new_page = browser.new_context, browser.new_page

        def new_watched_context(**options: object) -> BrowserContext:
            return self.watch_context(new_context(**options))

        def new_watched_page(**options: object) -> Page:
            page = new_page(**options)
            page.on("crash", self.crashed)
            return page

        browser.new_context = new_watched_context
        browser.new_page = new_watched_page
        return browser


CRASH_LOG = pytest.StashKey[CrashLog]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[CRASH_LOG] = CrashLog()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.e2e)


def _crashes(log: CrashLog, reports: list[pytest.TestReport]) -> int:
    """How many renderer crashes a run of a test met: the crash events, or one when no
    event came but the test failed on Playwright's "Target crashed" (in the runs seen
    the event always came first)."""
    said = any(
        message.startswith("playwright.") and message.rstrip().endswith(CRASH_ERROR)
        for report in reports
        if report.failed
        for message in [getattr(getattr(report.longrepr, "reprcrash", None), "message", "")]
    )
    return len(log.now) or int(said)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool | None:
    """An end-to-end test that failed with a renderer crash under it runs once more."""
    if HERE not in item.path.parents:
        return None
    log = item.config.stash[CRASH_LOG]
    log.e2e_ran = True
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    log.now = []
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    crashes = _crashes(log, reports)
    if crashes:
        outcome = "passed despite it"
        if any(report.failed for report in reports):
            pages = ", ".join(log.now) or "no crash event"
            note = f"{item.nodeid}: Chromium's renderer crashed ({pages}); running it once more"
            reporter = item.config.pluginmanager.get_plugin("terminalreporter")
            if reporter is not None:
                reporter.write_line(f"\nPAGE CRASH: {note}", yellow=True)
            first = "\n".join(str(report.longrepr) for report in reports if report.failed)
            item.execution_count = 2  # pytest-playwright: artifacts go to a "-retry1" folder
            log.now = []
            reports = runtestprotocol(item, nextitem=nextitem, log=False)
            again = _crashes(log, reports)
            crashes += again
            outcome = "passed on retry"
            if any(report.failed for report in reports):
                outcome = "crashed again, failed" if again else "failed on retry"
            for report in reports:
                report.sections.append(("page crash, first run", f"{note}\n{first}"))
        # Named without pytest-playwright's "[chromium]", which every test here has.
        log.tests.append((item.name.removesuffix("[chromium]"), crashes, outcome))
    log.now = []
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line whenever end-to-end tests ran: the renderer crashes and their tests."""
    log = terminalreporter.config.stash[CRASH_LOG]
    if not log.e2e_ran:
        return
    total = sum(crashes for _, crashes, _ in log.tests)
    named = "; ".join(
        f"{name}{f' x{crashes}' if crashes > 1 else ''}: {outcome}"
        for name, crashes, outcome in log.tests
    )
    line = f"Chromium renderer crashes: {total}" + (f" ({named})" if named else "")
    terminalreporter.write_line(line, yellow=total > 0)


@pytest.fixture(scope="session")
def browser_type(browser_type: BrowserType, pytestconfig: pytest.Config) -> BrowserType:
    """pytest-playwright's, but every browser it launches reports its pages' crashes."""
    log = pytestconfig.stash[CRASH_LOG]
    launch = browser_type.launch

    def launch_watched(**options: object) -> Browser:
        return log.watch_browser(launch(**options))

    browser_type.launch = launch_watched
    return browser_type


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"{CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium); "
            "scripts/test.sh does this"
        )
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    problem = dist_problem()
    if problem:
        pytest.fail(problem)
    return DIST


@pytest.fixture
def serve() -> Iterator[Callable[..., SiteServer]]:
    servers: list[SiteServer] = []

    def start(
        directory: Path, headers: dict[str, str] | None = None, *, precompressed: bool = True
    ) -> SiteServer:
        server = SiteServer(directory, headers, precompressed=precompressed)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def site_server(dist_dir: Path) -> Iterator[SiteServer]:
    server = SiteServer(dist_dir)
    yield server
    server.stop()


@pytest.fixture
def own_site_server(dist_dir: Path, serve: Callable[[Path], SiteServer]) -> SiteServer:
    return serve(dist_dir)


@pytest.fixture
def watch() -> Iterator[Callable[[BrowserContext, str], Watch]]:
    """watch(context, origin) -> Watch; the test fails at teardown on any problem."""
    watches: list[Watch] = []

    def start(context: BrowserContext, origin: str, *others: str) -> Watch:
        watched = Watch(context, origin, *others)
        watches.append(watched)
        return watched

    yield start
    problems = [problem for watched in watches for problem in watched.problems()]
    if problems:
        pytest.fail("\n".join(["the page misbehaved:", *problems]), pytrace=False)


@pytest.fixture
def app_page(
    context: BrowserContext,
    site_server: SiteServer,
    watch: Callable[[BrowserContext, str], Watch],
) -> Page:
    """A watched page navigated to the app, returned as soon as the navigation commits."""
    watch(context, site_server.origin)
    page = context.new_page()
    page.goto(site_server.url, wait_until="commit")
    return page


@pytest.fixture
def open_with(
    context: BrowserContext,
    site_server: SiteServer,
    watch: Callable[[BrowserContext, str], Watch],
) -> Callable[[str], Page]:
    """A watched, ready page whose storage held ``text`` as the current game before the
    page's scripts ran (first load only, so a reload reads what the app saved)."""
    watch(context, site_server.origin)  # fails the test on any console or page error

    def start(text: str) -> Page:
        page = context.new_page()
        page.add_init_script(
            script="if (!sessionStorage.getItem('test:seeded')) {"
            f" localStorage.setItem({json.dumps('ludeum:v1:current')}, {json.dumps(text)});"
            " sessionStorage.setItem('test:seeded', '1'); }"
        )
        page.goto(site_server.url, wait_until="commit")
        wait_ready(page)
        return page

    return start
